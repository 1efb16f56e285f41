import type { Customer } from '@invoicing/core'
import * as v from 'valibot'
import { legacyResponse, nullableNumber, nullableString, timestamp } from './shapes'

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
  createdAt: timestamp,
  updatedAt: timestamp,
}

/** Customers are a legacy resource: snake_case fields with camelCase aliases. */
const customerResponse = legacyResponse(customerFields)
export const CustomerResponseSchema = customerResponse.schema
export const toCustomerResponse = (customer: Customer) => customerResponse.shape(customer)
