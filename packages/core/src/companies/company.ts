import type { Locale } from '../shared/fields'
import type { NumberRanges } from '../numbering'
import type { ExportSettings } from './export-settings'
import { PLAN_FEATURES, type Plan } from './plans'

/** The documents whose texts a company can set per locale. */
export const TEXT_DOCUMENT_TYPES = ['INVOICE', 'CREDIT_NOTE', 'PROFORMA', 'REMINDER', 'QUOTE', 'ORDER_CONFIRMATION', 'DELIVERY_NOTE'] as const
export type TextDocumentType = (typeof TEXT_DOCUMENT_TYPES)[number]

export interface DocumentTexts {
  headerText?: string
  footer?: string
  emailSubject?: string
  emailBody?: string
}

/** Texts per locale and document type; what is missing falls back to the built-in texts. */
export type CompanyTexts = Partial<Record<Locale, Partial<Record<TextDocumentType, DocumentTexts>>>>

export const REMINDER_LEVELS = ['1', '2', '3'] as const
export type ReminderLevel = (typeof REMINDER_LEVELS)[number]

/**
 * A company: the tenant every record, key and number range belongs to. Its export settings
 * (`datev`, `bmd`, `vatReturn`, `sepa`) hold what it set; `effectiveExportSettings` adds the defaults.
 */
export interface Company extends ExportSettings {
  id: string
  name: string
  street: string | null
  zipCode: string | null
  city: string | null
  /** ISO 3166-1 alpha-2. */
  country: string
  email: string | null
  phone: string | null
  website: string | null
  vatId: string | null
  taxNumber: string | null
  iban: string | null
  bic: string | null
  bankName: string | null
  sepaCreditorId: string | null
  plan: Plan
  /** Documents that may leave draft per calendar month; null is unlimited. */
  documentQuota: number | null
  /** The company's own monthly API call quota; null follows the plan. */
  apiCallQuota: number | null
  /** Bytes of documents (files) the company may keep; null is unlimited. */
  storageQuotaBytes: number | null
  paymentTermDays: number
  defaultLocale: Locale
  /** Kleinunternehmer (§19 UStG): no VAT is charged. */
  smallBusiness: boolean
  ossRegistered: boolean
  /** Reminder fee per level, exact decimals. */
  reminderFees: Record<ReminderLevel, string>
  /** Percent per year, exact decimal. */
  defaultInterestRate: string
  texts: CompanyTexts
  /** Days a new quote is valid: its default `validUntil`. */
  quoteValidityDays: number
  numberRanges: NumberRanges
  /** IANA zone in which "today" and "this month" are read. */
  timeZone: string
  createdAt: string
  updatedAt: string
}

/** The API calls per month this company may make: its own quota, else its plan's. */
export const effectiveApiCallQuota = (company: Company): number | null =>
  company.apiCallQuota ?? PLAN_FEATURES[company.plan].apiCallQuota
