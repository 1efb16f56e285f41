import type { CalendarDate } from '../shared/calendar-date'
import type { Locale } from '../shared/fields'
import type { TaxBreakdownEntry, TaxExemptionReason } from '../tax'
import type { DocumentLine } from './document-line'
import type { DocumentRef, DocumentType } from './document-type'

/** Drafts carry `ENTWURF-` plus a unique suffix until their real number is issued. */
export const PLACEHOLDER_PREFIX = 'ENTWURF-'

export const isPlaceholderNumber = (number: string): boolean => number.startsWith(PLACEHOLDER_PREFIX)

/** Shipping address printed instead of the customer's when `useShippingAddress`. */
export interface ShippingAddress {
  shippingName: string | null
  shippingStreet: string | null
  shippingZipCode: string | null
  shippingCity: string | null
  shippingCountry: string | null
}

/** The tax decisions of a document: derived from seller, buyer and date unless given. */
export interface TaxContext {
  reverseCharge: boolean
  taxExemptionReason: TaxExemptionReason
  taxExemptionNote: string | null
  taxCountry: string
  deliveryCountry: string
  ossApplicable: boolean
  ossCountry: string | null
}

/** What a document's lines add up to. Amounts are exact decimal strings. */
export interface DocumentTotals {
  netTotal: string
  taxTotal: string
  grossTotal: string
  /** Net and tax per category and rate, as printed and as in the e-invoice. */
  taxBreakdown: TaxBreakdownEntry[]
}

/**
 * A numbered commercial document with lines: what every kind shares (invoices, proformas and
 * credit notes today; quotes, order confirmations, delivery notes and orders next). What
 * differs between kinds is said by their entry in `DOCUMENT_KINDS`, and the fields only one
 * kind has are in that kind's own type.
 */
export interface SalesDocument extends ShippingAddress, TaxContext, DocumentTotals {
  id: string
  companyId: string
  documentType: DocumentType
  /** The issued number, or a placeholder (`ENTWURF-…`) until it is issued. */
  number: string
  /** Whether `number` is a real number from the range (a draft can hold one, e.g. after a failed send). */
  numberIssued: boolean
  status: string
  customerId: string
  documentCategoryId: string | null
  documentLocale: Locale
  /** Version of the built-in texts the document is printed with. */
  documentTextVersion: string
  issueDate: CalendarDate
  servicePeriodStart: CalendarDate | null
  servicePeriodEnd: CalendarDate | null
  currency: string
  /** Internal, never printed. */
  notes: string | null
  footer: string | null
  headerText: string | null
  customTitle: string | null
  pdfWithoutLetterhead: boolean
  useShippingAddress: boolean
  /** The customer's order reference (BT-13). */
  orderNumber: string | null
  /** The buyer's reference, e.g. a Leitweg-ID (BT-10). */
  buyerReference: string | null
  metadata: Record<string, unknown>
  /** The document this one was made from: the proforma an invoice was converted from, the invoice a credit note credits. */
  precedingDocument: DocumentRef | null
  lines: DocumentLine[]
  sentAt: string | null
  /** Set when the document is frozen; it then changes only by correction. */
  lockedAt: string | null
  createdAt: string
  updatedAt: string
}
