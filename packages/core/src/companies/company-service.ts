import { type Actor, newApiKey, type ApiKeyCreateInput, type NewApiKey } from '../access'
import { InvoicingError } from '../errors'
import { formatProblem, formatNumber, DEFAULT_NUMBER_RANGES, NUMBER_RANGE_TYPES, sequenceKeyOf, type NumberRangeType, type NumberRanges } from '../numbering'
import type { CoreDeps } from '../ports/deps'
import type { StorageTx } from '../ports/storage'
import { calendarDateOf } from '../shared/calendar-date'
import { withChanges } from '../shared/changes'
import { parseInput } from '../shared/validation'
import { REMINDER_LEVELS, TEXT_DOCUMENT_TYPES, type Company, type CompanyTexts } from './company'
import {
  CompanyCreateSchema, CompanyUpdateSchema,
  type CompanyChanges, type CompanyCreateInput, type CompanyUpdateInput,
} from './company-schemas'
import { noExportSettings } from './export-settings'
import { mergeExportSettings } from './export-settings-merge'
import { PLAN_FEATURES, type PlanFeatures, type Plan } from './plans'
import { requireCompany } from './require-company'
import { retryingTransaction } from '../unit-of-work'

export interface NumberRangeState {
  type: NumberRangeType
  format: string
  resetYearly: boolean
  /** The last number handed out in the current period, null before the first. */
  lastNumber: string | null
  /** The number the next record of this type would get today. */
  nextNumber: string
}

export function createCompanyService(deps: CoreDeps) {
  const { storage, clock, ids } = deps
  const newCompany = (input: CompanyCreateInput): Company => {
    const changes = parseInput(CompanyCreateSchema, input)
    return applyChanges(defaultCompany(ids.next(), changes.name, clock.now().toISOString()), changes)
  }

  return {
    /** Creates a company with the defaults of `defaultCompany` for everything not given. */
    async create(input: CompanyCreateInput): Promise<Company> {
      const company = newCompany(input)
      await retryingTransaction(storage, (tx) => tx.companies.insert(company))
      return company
    },

    /**
     * Creates a company and an API key of it, only while the storage holds no company at all:
     * one transaction, so two hosts starting on an empty database create one, and a crash
     * leaves either both or neither. Undefined when a company exists already.
     */
    async createFirst(input: CompanyCreateInput, key: ApiKeyCreateInput = {}): Promise<({ company: Company } & NewApiKey) | undefined> {
      const company = newCompany(input)
      const created = newApiKey(deps, company.id, key)
      return retryingTransaction(storage, async (tx) => {
        if ((await tx.companies.count()) > 0) return undefined
        await tx.companies.insert(company)
        await tx.apiKeys.insert(created.apiKey)
        return { company, ...created }
      })
    },

    /** Changes the given settings; nested settings (texts, number ranges, fees, export settings) are merged. */
    async update(actor: Actor, input: CompanyUpdateInput): Promise<Company> {
      const changes = parseInput(CompanyUpdateSchema, input)
      return retryingTransaction(storage, async (tx) => {
        const current = await requireCompany(tx, actor)
        const updated = { ...applyChanges(current, changes), updatedAt: clock.now().toISOString() }
        await carryOverSequences(tx, current, updated, calendarDateOf(clock.now(), current.timeZone))
        await tx.companies.update(updated)
        return updated
      })
    },

    get: (actor: Actor): Promise<Company> => requireCompany(storage, actor),

    async plan(actor: Actor): Promise<{ plan: Plan; features: PlanFeatures }> {
      const { plan } = await requireCompany(storage, actor)
      return { plan, features: PLAN_FEATURES[plan] }
    },

    async numberRanges(actor: Actor): Promise<NumberRangeState[]> {
      const company = await requireCompany(storage, actor)
      const today = calendarDateOf(clock.now(), company.timeZone)
      return Promise.all(NUMBER_RANGE_TYPES.map(async (type) => {
        const range = company.numberRanges[type]
        const last = await storage.sequences.current(company.id, sequenceKeyOf(type, range, today))
        return {
          type,
          format: range.format,
          resetYearly: range.resetYearly,
          lastNumber: last > 0 ? formatNumber(range.format, last, today) : null,
          nextNumber: formatNumber(range.format, last + 1, today),
        }
      }))
    },
  }
}

export type CompanyService = ReturnType<typeof createCompanyService>

function defaultCompany(id: string, name: string, now: string): Company {
  return {
    id, name,
    street: null, zipCode: null, city: null, country: 'DE',
    email: null, phone: null, website: null, vatId: null, taxNumber: null,
    iban: null, bic: null, bankName: null, sepaCreditorId: null,
    plan: 'PROFESSIONAL', documentQuota: null, apiCallQuota: null, storageQuotaBytes: null,
    paymentTermDays: 14, defaultLocale: 'de', smallBusiness: false, ossRegistered: false,
    reminderFees: { 1: '0', 2: '5', 3: '10' }, defaultInterestRate: '9.12',
    texts: {}, numberRanges: DEFAULT_NUMBER_RANGES, timeZone: 'Europe/Berlin', quoteValidityDays: 30,
    ...noExportSettings(),
    createdAt: now, updatedAt: now,
  }
}

function applyChanges(company: Company, changes: CompanyChanges): Company {
  const { texts, numberRanges, reminderFees, datev, bmd, vatReturn, sepa, ...flat } = changes
  const next = { ...withChanges(company, flat), ...mergeExportSettings(company, { datev, bmd, vatReturn, sepa }) }
  if (reminderFees) {
    next.reminderFees = { ...company.reminderFees }
    for (const level of REMINDER_LEVELS) if (reminderFees[level] !== undefined) next.reminderFees[level] = reminderFees[level]
  }
  if (texts) next.texts = mergeTexts(company.texts, texts)
  if (numberRanges) next.numberRanges = mergeNumberRanges(company.numberRanges, numberRanges)
  return next
}

/**
 * A range that starts or stops resetting yearly moves to another sequence key; it continues
 * from the number it reached, so no number is handed out twice.
 */
async function carryOverSequences(tx: StorageTx, before: Company, after: Company, today: string) {
  for (const type of NUMBER_RANGE_TYPES) {
    const [from, to] = [sequenceKeyOf(type, before.numberRanges[type], today), sequenceKeyOf(type, after.numberRanges[type], today)]
    if (from !== to) await tx.sequences.raiseTo(after.id, to, await tx.sequences.current(after.id, from))
  }
}

type TextChanges = NonNullable<CompanyChanges['texts']>

function mergeTexts(current: CompanyTexts, changes: TextChanges): CompanyTexts {
  const merged: CompanyTexts = structuredClone(current)
  for (const locale of ['de', 'en'] as const) {
    for (const type of TEXT_DOCUMENT_TYPES) {
      const fields = changes[locale]?.[type]
      if (!fields) continue
      const texts = { ...merged[locale]?.[type] }
      for (const [field, value] of Object.entries(fields)) {
        if (value === null) delete texts[field as keyof typeof texts]
        else if (value !== undefined) texts[field as keyof typeof texts] = value
      }
      merged[locale] = { ...merged[locale], [type]: texts }
    }
  }
  return merged
}

function mergeNumberRanges(current: NumberRanges, changes: NonNullable<CompanyChanges['numberRanges']>): NumberRanges {
  const merged: NumberRanges = { ...current }
  for (const type of NUMBER_RANGE_TYPES) {
    const change = changes[type]
    if (!change) continue
    const range = {
      format: change.format ?? current[type].format,
      resetYearly: change.resetYearly ?? current[type].resetYearly,
    }
    const problem = formatProblem(range.format, range.resetYearly)
    if (problem) {
      throw new InvoicingError('validation_failed', `numberRanges.${type}.format: ${problem}`, { field: `numberRanges.${type}.format` })
    }
    merged[type] = range
  }
  return merged
}
