import { EVENT_TYPES, PUBLISHED_RATE_CATEGORIES, SCOPES, type ApiKeyView, type PublishedRate } from '@invoicing/core'
import * as v from 'valibot'
import { calendarDate, nullableString, timestamp } from './shapes'

const names = v.strictObject({ de: v.string(), en: v.string() })

export const ApiIndexSchema = v.strictObject({
  name: v.pipe(v.string(), v.description('Always "API v1"')),
  version: v.string(),
  openapi: v.pipe(v.string(), v.description('Path of the OpenAPI document')),
  documentation: v.pipe(v.string(), v.description('Path of the human-readable reference')),
  serverTime: timestamp,
  company: v.strictObject({ id: v.string(), name: v.string() }),
})

export const ApiKeyResponseSchema = v.strictObject({
  id: v.string(),
  name: v.string(),
  prefix: v.pipe(v.string(), v.description('sk_live_, an ellipsis (U+2026) and the key\'s last four characters; never the secret')),
  scopes: v.array(v.picklist(SCOPES)),
  platformAdmin: v.boolean(),
  companyId: v.string(),
  createdAt: timestamp,
  lastUsedAt: v.pipe(nullableString, v.description('The key\'s latest request (this one included), ISO 8601')),
})

export const toApiKeyResponse = (key: ApiKeyView) => ({ ...key })

export const TaxRateResponseSchema = v.strictObject({
  country: v.string(),
  category: v.picklist(PUBLISHED_RATE_CATEGORIES),
  rate: v.pipe(v.number(), v.description('Percent, e.g. 19 or 5.5')),
  validFrom: calendarDate,
  validTo: v.pipe(v.nullable(calendarDate), v.description('The last day; null while no change is known')),
})

export const toTaxRateResponse = (rate: PublishedRate) => ({ ...rate, rate: Number(rate.rate) })

export const CountryResponseSchema = v.strictObject({
  code: v.pipe(v.string(), v.description('ISO 3166-1 alpha-2, or XK')),
  name: names,
  euMember: v.boolean(),
  defaultCurrency: v.pipe(nullableString, v.description('ISO 4217 code; null where ISO 4217 names no currency')),
})

export const CurrencyResponseSchema = v.strictObject({
  code: v.string(),
  name: v.pipe(v.string(), v.description('English name of ISO 4217')),
  minorUnits: v.pipe(v.nullable(v.number()), v.description('Decimal places; null where ISO 4217 gives none (metals, funds, test codes)')),
})

export const UnitResponseSchema = v.strictObject({ code: v.pipe(v.string(), v.description('UN/ECE Recommendation 20 code')), name: names })

export const EventTypeResponseSchema = v.strictObject({
  type: v.picklist(EVENT_TYPES),
  resource: v.pipe(v.string(), v.description('The part of type before the last dot')),
  description: v.string(),
})
