import * as v from 'valibot'
import {
  boundedString,
  bic, clearable, countryCode, decimal, emailAddress, iban, locale, optionalText, paymentTermDays, requiredText, vatId,
} from '../shared/fields'
import { isTimeZone } from '../shared/calendar-date'
import { aliased } from '../shared/validation'
import { exportSettingsEntries } from './export-settings-schemas'
import { PLANS } from './plans'

const documentTexts = aliased(v.strictObject({
  headerText: optionalText(4000),
  footer: optionalText(4000),
  emailSubject: optionalText(250),
  emailBody: optionalText(10000),
}))

const localeTexts = v.strictObject({
  INVOICE: v.optional(documentTexts),
  CREDIT_NOTE: v.optional(documentTexts),
  PROFORMA: v.optional(documentTexts),
  REMINDER: v.optional(documentTexts),
  QUOTE: v.optional(documentTexts),
  ORDER_CONFIRMATION: v.optional(documentTexts),
  DELIVERY_NOTE: v.optional(documentTexts),
})

const numberRange = aliased(v.strictObject({
  format: v.optional(v.pipe(boundedString(100), v.description('e.g. RE-{YYYY}-{SEQ:5}; placeholders {YYYY}, {YY}, {MM}, {SEQ}, {SEQ:n}'), v.trim())),
  resetYearly: v.optional(v.boolean()),
}))

const count = v.pipe(v.number(), v.integer('must be a whole number'), v.minValue(0, 'must not be negative'))
const reminderFee = decimal({ min: 0, max: 10_000, maxDecimals: 2 })

const companyEntries = {
  name: requiredText(200),
  street: optionalText(),
  zipCode: optionalText(20),
  city: optionalText(),
  country: v.optional(countryCode),
  email: clearable(emailAddress),
  phone: optionalText(50),
  website: optionalText(),
  vatId: clearable(vatId),
  taxNumber: optionalText(50),
  iban: clearable(iban),
  bic: clearable(bic),
  bankName: optionalText(),
  sepaCreditorId: clearable(
    v.pipe(boundedString(50), v.transform((text) => text.replace(/\s+/g, '').toUpperCase()),
      v.regex(/^[A-Z]{2}\d{2}[A-Z0-9]{3}[A-Z0-9]{1,28}$/, 'must be a SEPA creditor identifier such as DE98ZZZ09999999999')),
  ),
  plan: v.optional(v.picklist(PLANS)),
  documentQuota: v.optional(v.nullable(v.pipe(count, v.description('Documents that may leave draft per calendar month; null = unlimited')))),
  apiCallQuota: v.optional(v.nullable(v.pipe(count, v.description('API calls per calendar month; null = the plan default')))),
  storageQuotaBytes: v.optional(v.nullable(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(Number.MAX_SAFE_INTEGER), v.description('Bytes of documents (files) the company may keep; null = unlimited')))),
  paymentTermDays: v.optional(paymentTermDays),
  defaultLocale: v.optional(locale),
  smallBusiness: v.optional(v.boolean()),
  ossRegistered: v.optional(v.boolean()),
  reminderFees: v.optional(v.strictObject({ 1: v.optional(reminderFee), 2: v.optional(reminderFee), 3: v.optional(reminderFee) })),
  defaultInterestRate: v.optional(decimal({ min: 0, max: 100, maxDecimals: 4 })),
  texts: v.optional(v.strictObject({ de: v.optional(localeTexts), en: v.optional(localeTexts) })),
  numberRanges: v.optional(v.strictObject({
    INVOICE: v.optional(numberRange),
    CREDIT_NOTE: v.optional(numberRange),
    PROFORMA: v.optional(numberRange),
    CUSTOMER: v.optional(numberRange),
    QUOTE: v.optional(numberRange),
    ORDER_CONFIRMATION: v.optional(numberRange),
    DELIVERY_NOTE: v.optional(numberRange),
    ORDER: v.optional(numberRange),
  })),
  quoteValidityDays: v.optional(v.pipe(v.number(), v.integer('must be a whole number'), v.minValue(1, 'must be 1 to 365'), v.maxValue(365, 'must be 1 to 365'),
    v.description('Days a new quote is valid (its default validUntil); default 30'))),
  timeZone: v.optional(v.pipe(boundedString(64), v.check(isTimeZone, 'must be an IANA time zone such as Europe/Berlin'))),
  ...exportSettingsEntries,
}

export const CompanyCreateSchema = aliased(v.object(companyEntries))
export const CompanyUpdateSchema = aliased(v.object({ ...companyEntries, name: v.optional(companyEntries.name) }))

export type CompanyCreateInput = v.InferInput<typeof CompanyCreateSchema>
export type CompanyUpdateInput = v.InferInput<typeof CompanyUpdateSchema>
export type CompanyChanges = v.InferOutput<typeof CompanyUpdateSchema>
