import * as v from 'valibot'
import { boundedString, clearable } from '../shared/fields'
import { aliased } from '../shared/validation'
import { TAX_CASES } from '../shared/tax-cases'
import { CHARTS_OF_ACCOUNTS } from './datev-revenue-accounts'
import { BMD_DOCUMENT_NUMBER_MODES, OTHER_EXEMPTION_KENNZAHLEN, PAIN_VERSIONS, VAT_RETURN_BASES } from './export-settings'

/*
 * The export settings as `invoicing company update` takes them: every field optional, `null`
 * returns it to its default; an object given changes only the fields (or tax cases) it names.
 */

const wholeNumber = (min: number, max: number, description: string) => v.pipe(
  v.number(), v.integer('must be a whole number'), v.minValue(min, `must be ${min} to ${max}`), v.maxValue(max, `must be ${min} to ${max}`), v.description(description))

const digits = (max: number, description: string) => v.pipe(
  boundedString(max), v.regex(new RegExp(`^\\d{1,${max}}$`), `must be 1 to ${max} digits`), v.description(description))

/** A general ledger account (Sachkonto): at most 8 digits, DATEV's longest account length. */
const generalAccount = digits(8, 'Account number (digits)')

/** An object with one optional, clearable entry per tax case (and `DEFAULT` when asked). */
function perTaxCase<TSchema extends v.GenericSchema>(value: TSchema, withDefault = false) {
  const keys = withDefault ? [...TAX_CASES, 'DEFAULT' as const] : TAX_CASES
  return v.strictObject(Object.fromEntries(keys.map((key) => [key, clearable(value)])) as Record<(typeof keys)[number], ReturnType<typeof clearable<TSchema>>>)
}

export const DatevSettingsSchema = aliased(v.strictObject({
  consultantNumber: clearable(wholeNumber(1001, 9_999_999, 'Beraternummer (DATEV header field 11); the DATEV export refuses without')),
  clientNumber: clearable(wholeNumber(1, 99_999, 'Mandantennummer (DATEV header field 12); the DATEV export refuses without')),
  chartOfAccounts: clearable(v.pipe(v.picklist(CHARTS_OF_ACCOUNTS), v.description('Default SKR03; chooses the default revenue and bank accounts'))),
  accountLength: clearable(wholeNumber(4, 8, 'Sachkontenlänge; default 4. Personal accounts have one digit more')),
  fiscalYearStartMonth: clearable(wholeNumber(1, 12, 'Month the fiscal year starts; default 1')),
  lockBookings: clearable(v.pipe(v.boolean(), v.description('Festschreibung of the exported bookings; default false'))),
  defaultDebtorAccount: clearable(digits(9, 'Debtor account for customers without ledgerAccount: accountLength + 1 digits; default 1 and accountLength zeros (10000)')),
  revenueAccounts: clearable(v.pipe(perTaxCase(generalAccount), v.description('Revenue account per tax case; default the chart\'s automatic accounts'))),
  buKeys: clearable(v.pipe(perTaxCase(digits(4, 'BU-Schlüssel')), v.description('BU key per tax case, for revenue accounts that are not automatic; default none'))),
  bankAccount: clearable(v.pipe(generalAccount, v.description('Bank account of payment bookings; default SKR03 1200, SKR04 1800'))),
}))

/** The BMD settings' entries: the company's `bmd` object, and a BMD export request's overrides of it. */
export const bmdSettingsEntries = {
  defaultDebtorAccount: clearable(digits(9, 'Debtor account (konto) for customers without ledgerAccount; the BMD export refuses without')),
  revenueAccounts: clearable(v.pipe(perTaxCase(digits(9, 'Account number (digits)'), true), v.description('Revenue account (gkonto) per tax case, DEFAULT for the others; default { DEFAULT: 4000 }'))),
  taxCodes: clearable(v.pipe(perTaxCase(digits(3, 'BMD Steuercode')), v.description('Steuercode per tax case; default 1 for DOMESTIC_STANDARD and DOMESTIC_REDUCED'))),
  postingSymbols: clearable(v.pipe(v.strictObject({
    INVOICE: clearable(v.pipe(boundedString(4), v.regex(/^[A-Za-z0-9]{1,4}$/, 'must be 1 to 4 letters or digits'))),
    CREDIT_NOTE: clearable(v.pipe(boundedString(4), v.regex(/^[A-Za-z0-9]{1,4}$/, 'must be 1 to 4 letters or digits'))),
  }), v.description('Buchsymbol of invoices and credit notes; default AR'))),
  documentNumberMode: clearable(v.pipe(v.picklist(BMD_DOCUMENT_NUMBER_MODES), v.description('belegnr: the digits of the number (default) or the number as it is'))),
}

export const BmdSettingsSchema = aliased(v.strictObject(bmdSettingsEntries))

export const VatReturnSettingsSchema = aliased(v.strictObject({
  basis: clearable(v.pipe(v.picklist(VAT_RETURN_BASES), v.description('ACCRUAL (Soll, default) or CASH (Ist)'))),
  otherExemptionKz: clearable(v.pipe(v.picklist(OTHER_EXEMPTION_KENNZAHLEN), v.description('UStVA Kennzahl of OTHER_EXEMPTION sales; default 48'))),
}))

export const SepaSettingsSchema = aliased(v.strictObject({
  painVersion: clearable(v.pipe(v.picklist(PAIN_VERSIONS), v.description('Default pain.008.001.08'))),
  batchBooking: clearable(v.pipe(v.boolean(), v.description('BtchBookg; default true'))),
  useFirstSequenceType: clearable(v.pipe(v.boolean(), v.description('FRST for a mandate\'s first collection; default false (RCUR)'))),
  transliterate: clearable(v.pipe(v.boolean(), v.description('Reduce texts to the EPC basic character set; default true'))),
}))

/** The entries of the company schemas; `null` for a whole object returns all its settings to their defaults. */
export const exportSettingsEntries = {
  datev: clearable(DatevSettingsSchema),
  bmd: clearable(BmdSettingsSchema),
  vatReturn: clearable(VatReturnSettingsSchema),
  sepa: clearable(SepaSettingsSchema),
}
