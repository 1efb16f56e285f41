import type { Locale } from '../shared/fields'

/** A customer of a company: the recipient of its documents. */
export interface Customer {
  id: string
  companyId: string
  /** Unique in the company; from the CUSTOMER number range unless given. */
  customerNumber: string
  name: string
  email: string | null
  street: string | null
  zipCode: string | null
  city: string | null
  /** ISO 3166-1 alpha-2; defaults to the company's country. */
  country: string
  vatId: string | null
  taxNumber: string | null
  /** Overrides the company's payment term. */
  paymentTermDays: number | null
  /** Document language for this customer; else the company's. */
  defaultLocale: Locale | null
  /** Leitweg-ID or other buyer reference (BT-10) for e-invoices. */
  buyerReference: string | null
  notes: string | null
  iban: string | null
  bic: string | null
  sepaMandateId: string | null
  sepaMandateDate: string | null
  createdAt: string
  updatedAt: string
}
