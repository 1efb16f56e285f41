import type { Customer } from '@invoicing/core'
import * as v from 'valibot'
import { legacySchema, legacyShape, nullableNumber, nullableString, timestamp } from './shapes'

/** Customers are a legacy resource: snake_case fields with camelCase aliases. */
export const toCustomerResponse = ({ companyId: _, ...customer }: Customer) => legacyShape(customer)

export const CustomerResponseSchema = legacySchema({
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
})
