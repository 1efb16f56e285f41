import * as v from 'valibot'
import { bearerTokenOf, type ApiGate, type Principal } from '../access'
import { InvoicingError, notFound } from '../errors'
import { EVENT_DESCRIPTIONS, EVENT_TYPES, type EventType } from '../events'
import { UNITS } from '../einvoice'
import type { CoreDeps } from '../ports/deps'
import { calendarDateOf } from '../shared/calendar-date'
import { isCountryCode } from '../shared/country-codes'
import { boundedString, calendarDate } from '../shared/fields'
import { aliased, parseInput } from '../shared/validation'
import { publishedRatesOn, type PublishedRate } from '../tax'
import { apiKeyView, type ApiKeyView } from './api-key-view'
import { countries } from './countries'
import { currencies } from './currencies'

export const TaxRateQuerySchema = aliased(v.object({
  country: v.optional(v.pipe(boundedString(10), v.description('ISO 3166-1 alpha-2 code, case-insensitive; default the company\'s country'))),
  date: v.optional(v.pipe(calendarDate, v.description('The day the rates are in force; default today in the company\'s time zone'))),
}))

export type TaxRateQueryInput = v.InferInput<typeof TaxRateQuerySchema>

export interface Unit {
  /** UN/ECE Recommendation 20 code. */
  code: string
  name: { de: string; en: string }
}

export interface EventTypeInfo {
  type: EventType
  /** What the event is about: the part of `type` before the last dot. */
  resource: string
  description: string
}

const UNIT_LIST: readonly Unit[] = Object.entries(UNITS).map(([code, name]) => ({ code, name }))

const EVENT_LIST: readonly EventTypeInfo[] = EVENT_TYPES.map((type) => ({
  type, resource: type.slice(0, type.lastIndexOf('.')), description: EVENT_DESCRIPTIONS[type],
}))

/**
 * Reference data any valid key may read: the calling key, VAT rates, countries, currencies,
 * units and event types. Nothing here changes a record.
 */
export function createMetaService({ storage, clock }: Pick<CoreDeps, 'storage' | 'clock'>, access: Pick<ApiGate, 'lastUseOf'>) {
  return {
    /** The key the request was made with, as its holder may see it. */
    async key(principal: Principal, authorization: string | undefined): Promise<ApiKeyView> {
      const secret = bearerTokenOf(authorization)
      const key = principal.actor.apiKeyId === null ? undefined : await storage.apiKeys.get(principal.actor.apiKeyId)
      if (!key || secret === undefined) throw notFound('API key')
      return apiKeyView(key, secret, await access.lastUseOf(key))
    },

    /**
     * The VAT rates in force in a country on a day (standard, reduced, super-reduced, parking),
     * by default the company's country today in its time zone. A country outside the table
     * has none; a code that is no country is 400 `invalid_country`.
     */
    taxRates(principal: Principal, query: TaxRateQueryInput = {}): PublishedRate[] {
      const { country, date } = parseInput(TaxRateQuerySchema, query ?? {})
      const code = (country ?? principal.company.country).trim().toUpperCase()
      if (!isCountryCode(code)) {
        throw new InvoicingError('invalid_country', `country: ${JSON.stringify(country)} is not an ISO 3166-1 alpha-2 code such as DE or AT`, { field: 'country' })
      }
      return publishedRatesOn(code, date ?? calendarDateOf(clock.now(), principal.company.timeZone))
    },

    countries,
    currencies,
    units: (): readonly Unit[] => UNIT_LIST,
    events: (): readonly EventTypeInfo[] => EVENT_LIST,
  }
}

export type MetaService = ReturnType<typeof createMetaService>
