import * as v from 'valibot'
import { InvoicingError } from '../errors'
import { checkVatIdFormat } from '../shared/vat-id'
import {
  boundedString,
  bic, calendarDate, clearable, countryCode, emailAddress, iban, locale, optionalText, paymentTermDays, requiredText, searchTerm, vatIdText,
} from '../shared/fields'
import { pageEntries } from '../shared/pagination'
import { aliased } from '../shared/validation'
import { SEPA_MANDATE_SEQUENCES, SEPA_MANDATE_TYPES } from './customer'

const customerEntries = {
  customerNumber: v.optional(v.pipe(requiredText(50), v.description('Unique in the company; taken from the CUSTOMER number range when omitted'))),
  name: requiredText(200),
  email: clearable(emailAddress),
  street: optionalText(),
  zipCode: optionalText(20),
  city: optionalText(),
  country: v.optional(countryCode),
  vatId: clearable(vatIdText),
  taxNumber: optionalText(50),
  paymentTermDays: clearable(paymentTermDays),
  defaultLocale: clearable(locale),
  buyerReference: optionalText(100),
  notes: optionalText(10000),
  iban: clearable(iban),
  bic: clearable(bic),
  sepaMandateId: optionalText(35),
  sepaMandateDate: clearable(calendarDate),
  sepaMandateType: v.optional(v.pipe(v.picklist(SEPA_MANDATE_TYPES), v.description('SEPA scheme of the mandate; default CORE'))),
  sepaMandateSequence: v.optional(v.pipe(v.picklist(SEPA_MANDATE_SEQUENCES), v.description('RECURRING (default) or ONE_OFF'))),
  ledgerAccount: clearable(v.pipe(boundedString(9), v.regex(/^\d{1,9}$/, 'must be 1 to 9 digits'),
    v.description('Personal account (Debitor) in DATEV and BMD exports; DATEV needs datev.accountLength + 1 digits'))),
}

export const CustomerCreateSchema = aliased(v.object(customerEntries))
export const CustomerUpdateSchema = aliased(v.partial(v.object(customerEntries)))
export const CustomerListQuerySchema = aliased(v.object({
  search: searchTerm('the name, customer number or email'),
  ...pageEntries,
}))

/**
 * A customer's VAT id must have the format of the country its prefix names (the VIES patterns,
 * CHE, GB, NO): a malformed one would print on invoices and is refused, 400 invalid_vat_id.
 */
export function assertVatIdFormat(vatId: string | null | undefined): void {
  if (vatId === undefined || vatId === null) return
  const check = checkVatIdFormat(vatId)
  if (!check.wellFormed) {
    throw new InvoicingError('invalid_vat_id', `vatId: ${vatId} ${check.reason}`, { field: 'vatId', ...(check.prefix ? { prefix: check.prefix } : {}) })
  }
}

export type CustomerCreateInput = v.InferInput<typeof CustomerCreateSchema>
export type CustomerUpdateInput = v.InferInput<typeof CustomerUpdateSchema>
export type CustomerListQuery = v.InferInput<typeof CustomerListQuerySchema>
