import { SEPA_MANDATE_SEQUENCES, SEPA_MANDATE_TYPES, type Customer } from '@invoicing/core'
import * as v from 'valibot'
import { calendarDate, legacyResponse, nullableNumber, nullableString, timestamp } from './shapes'

/** The fields of a customer as the API shows them (camelCase). */
export const customerFields = {
  id: v.string(),
  customerNumber: v.string(),
  name: v.string(),
  email: nullableString,
  street: nullableString,
  zipCode: nullableString,
  city: nullableString,
  country: v.string(),
  vatId: nullableString,
  taxNumber: nullableString,
  paymentTermDays: nullableNumber,
  defaultLocale: v.nullable(v.picklist(['de', 'en'])),
  buyerReference: nullableString,
  notes: nullableString,
  iban: nullableString,
  bic: nullableString,
  sepaMandateId: nullableString,
  sepaMandateDate: nullableString,
  sepaMandateType: v.picklist(SEPA_MANDATE_TYPES),
  sepaMandateSequence: v.picklist(SEPA_MANDATE_SEQUENCES),
  sepaMandateLastUsedAt: v.pipe(v.nullable(calendarDate), v.description('Read-only: the collection date of the mandate\'s last SEPA export; null if never collected')),
  ledgerAccount: v.pipe(nullableString, v.description('Personal account (Debitor) in DATEV and BMD exports')),
  createdAt: timestamp,
  updatedAt: timestamp,
}

/** Customers are a legacy resource: snake_case fields with camelCase aliases. */
const customerResponse = legacyResponse(customerFields)
export const CustomerResponseSchema = customerResponse.schema
export const toCustomerResponse = (customer: Customer) => customerResponse.shape(customer)
