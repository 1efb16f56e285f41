import type { Locale } from '../shared/fields'

/** The SEPA direct debit scheme of a customer's mandate (`LclInstrm`). */
export const SEPA_MANDATE_TYPES = ['CORE', 'B2B'] as const
export type SepaMandateType = (typeof SEPA_MANDATE_TYPES)[number]
/** Whether the mandate allows repeated collections or one (`SeqTp` RCUR/FRST or OOFF). */
export const SEPA_MANDATE_SEQUENCES = ['RECURRING', 'ONE_OFF'] as const
export type SepaMandateSequence = (typeof SEPA_MANDATE_SEQUENCES)[number]

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
  sepaMandateType: SepaMandateType
  sepaMandateSequence: SepaMandateSequence
  /** Collection date of the mandate's last SEPA export; written by SEPA exports only. A mandate unused for 36 months expires. */
  sepaMandateLastUsedAt: string | null
  /** Personal account (Debitor) in the accounting exports; else the company's default debtor account. */
  ledgerAccount: string | null
  createdAt: string
  updatedAt: string
}
