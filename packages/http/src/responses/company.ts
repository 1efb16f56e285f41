import {
  BMD_DOCUMENT_NUMBER_MODES, CHARTS_OF_ACCOUNTS, DOCUMENT_TYPES, OTHER_EXEMPTION_KENNZAHLEN, PAIN_VERSIONS, TAX_CASES, VAT_RETURN_BASES,
  effectiveApiCallQuota, effectiveExportSettings, NUMBER_RANGE_TYPES, PLANS, type Company,
} from '@invoicing/core'
import * as v from 'valibot'
import { money, nullableNumber, nullableString, timestamp } from './shapes'

export const toCompanyResponse = (company: Company) => ({
  ...company,
  apiCallQuota: effectiveApiCallQuota(company),
  reminderFees: Object.fromEntries(Object.entries(company.reminderFees).map(([level, fee]) => [level, money(fee)])),
  defaultInterestRate: money(company.defaultInterestRate),
  ...effectiveExportSettings(company),
})

const texts = v.record(v.string(), v.record(v.string(), v.record(v.string(), v.string())))
const numberRange = v.strictObject({ format: v.string(), resetYearly: v.boolean() })

/** An entry per tax case that has one (`DEFAULT`: every other case). */
const perTaxCase = (description: string, withDefault = false) => v.pipe(
  v.strictObject(Object.fromEntries([...TAX_CASES, ...(withDefault ? ['DEFAULT'] : [])].map((key) => [key, v.optional(v.string())]))),
  v.description(description))

const datevSettings = v.pipe(v.strictObject({
  consultantNumber: v.pipe(nullableNumber, v.description('Beraternummer; null until set (the DATEV export refuses without)')),
  clientNumber: v.pipe(nullableNumber, v.description('Mandantennummer; null until set (the DATEV export refuses without)')),
  chartOfAccounts: v.picklist(CHARTS_OF_ACCOUNTS),
  accountLength: v.pipe(v.number(), v.description('Sachkontenlänge, 4 to 8')),
  fiscalYearStartMonth: v.number(),
  lockBookings: v.boolean(),
  defaultDebtorAccount: v.pipe(v.string(), v.description('Debtor account of customers without ledgerAccount (accountLength + 1 digits)')),
  revenueAccounts: perTaxCase('Revenue account per tax case: the chart\'s defaults with the company\'s own'),
  buKeys: perTaxCase('BU key per tax case; none by default (automatic accounts)'),
  bankAccount: v.string(),
}), v.description('DATEV export settings, defaults included'))

const bmdSettings = v.pipe(v.strictObject({
  defaultDebtorAccount: v.pipe(nullableString, v.description('null until set (the BMD export refuses without)')),
  revenueAccounts: perTaxCase('Revenue account (gkonto) per tax case; DEFAULT for the others', true),
  taxCodes: perTaxCase('Steuercode per tax case'),
  postingSymbols: v.strictObject({ INVOICE: v.string(), CREDIT_NOTE: v.string() }),
  documentNumberMode: v.picklist(BMD_DOCUMENT_NUMBER_MODES),
}), v.description('BMD export settings, defaults included'))

const vatReturnSettings = v.pipe(v.strictObject({
  basis: v.picklist(VAT_RETURN_BASES),
  otherExemptionKz: v.picklist(OTHER_EXEMPTION_KENNZAHLEN),
}), v.description('UStVA report settings, defaults included'))

const sepaSettings = v.pipe(v.strictObject({
  painVersion: v.picklist(PAIN_VERSIONS),
  batchBooking: v.boolean(),
  useFirstSequenceType: v.boolean(),
  transliterate: v.boolean(),
}), v.description('SEPA direct debit settings, defaults included'))

export const CompanyResponseSchema = v.strictObject({
  id: v.string(),
  name: v.string(),
  street: nullableString,
  zipCode: nullableString,
  city: nullableString,
  country: v.string(),
  email: nullableString,
  phone: nullableString,
  website: nullableString,
  vatId: nullableString,
  taxNumber: nullableString,
  iban: nullableString,
  bic: nullableString,
  bankName: nullableString,
  sepaCreditorId: nullableString,
  plan: v.picklist(PLANS),
  documentQuota: v.pipe(nullableNumber, v.description('Documents that may leave draft per calendar month; null = unlimited')),
  apiCallQuota: v.pipe(nullableNumber, v.description('API calls per calendar month (the company quota, else the plan default)')),
  storageQuotaBytes: v.pipe(nullableNumber, v.description('Bytes of documents (files) the company may keep; null = unlimited')),
  paymentTermDays: v.number(),
  defaultLocale: v.picklist(['de', 'en']),
  smallBusiness: v.boolean(),
  ossRegistered: v.boolean(),
  reminderFees: v.strictObject({ 1: v.number(), 2: v.number(), 3: v.number() }),
  defaultInterestRate: v.pipe(v.number(), v.description('Percent per year')),
  texts,
  numberRanges: v.strictObject(Object.fromEntries(NUMBER_RANGE_TYPES.map((type) => [type, numberRange]))),
  timeZone: v.string(),
  quoteValidityDays: v.pipe(v.number(), v.description('Days a new quote is valid: its default validUntil')),
  datev: datevSettings,
  bmd: bmdSettings,
  vatReturn: vatReturnSettings,
  sepa: sepaSettings,
  createdAt: timestamp,
  updatedAt: timestamp,
})

export const NumberRangeStateSchema = v.strictObject({
  type: v.picklist(NUMBER_RANGE_TYPES),
  format: v.string(),
  resetYearly: v.boolean(),
  lastNumber: v.pipe(nullableString, v.description('The last number handed out in the current period')),
  nextNumber: v.pipe(v.string(), v.description('The number the next record would get today')),
})

export const PlanResponseSchema = v.strictObject({
  plan: v.picklist(PLANS),
  features: v.strictObject({ apiAccess: v.boolean(), apiCallQuota: nullableNumber, webhooks: v.boolean() }),
})

const quotaUse = v.strictObject({ used: v.number(), quota: nullableNumber, remaining: nullableNumber })
export const UsageResponseSchema = v.strictObject({
  month: v.pipe(v.string(), v.description('Calendar month, YYYY-MM, in the company time zone')),
  apiCalls: quotaUse,
  documents: v.pipe(v.strictObject({
    ...quotaUse.entries,
    byDocumentType: v.pipe(v.record(v.picklist(DOCUMENT_TYPES), v.number()), v.description('used by document type (INVOICE, PROFORMA, CREDIT_NOTE, QUOTE, ORDER_CONFIRMATION, DELIVERY_NOTE); orders never count')),
  }), v.description('Documents that left draft this month against documentQuota')),
  storageBytes: v.pipe(v.number(), v.description('Bytes of the company\'s documents (files), pending direct uploads included')),
  storageQuotaBytes: v.pipe(nullableNumber, v.description('The most storageBytes may reach (checked when an upload starts); null = unlimited')),
})
