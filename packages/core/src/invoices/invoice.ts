import type { CreditNotePayout } from '../credit-notes/payout'
import type { CalendarDate } from '../shared/calendar-date'
import type { Locale } from '../shared/fields'
import type { TaxBreakdownEntry, TaxCategory, TaxExemptionReason } from '../tax/tax-types'
import type { LineType } from './line-types'

export const INVOICE_TYPES = ['INVOICE', 'CREDIT_NOTE', 'PROFORMA'] as const
export type InvoiceType = (typeof INVOICE_TYPES)[number]

export const INVOICE_STATUSES = ['DRAFT', 'FINAL', 'SENT', 'PAID', 'OVERDUE', 'CANCELLED'] as const
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number]

export const CREDIT_NOTE_REASONS = ['PAYOUT', 'COMMISSION', 'GOODWILL', 'RETURN', 'PRICE_CORRECTION', 'OTHER', 'CANCELLATION'] as const
export type CreditNoteReason = (typeof CREDIT_NOTE_REASONS)[number]

/** Drafts carry `ENTWURF-` plus a unique suffix until their real number is issued. */
export const PLACEHOLDER_PREFIX = 'ENTWURF-'

/** The documents an invoice can be made from; deleting the draft releases its source. */
export const SOURCE_DOCUMENT_TYPES = ['PROFORMA'] as const
export type SourceDocumentType = (typeof SOURCE_DOCUMENT_TYPES)[number]

export interface SourceDocument {
  type: SourceDocumentType
  id: string
}

/** One line of a document. Amounts are exact decimal strings. */
export interface InvoiceLine {
  id: string
  lineType: LineType
  productId: string | null
  description: string | null
  quantity: string
  unit: string | null
  /** Net price per unit. */
  unitPrice: string
  /** Absolute amount taken off the line. */
  discount: string
  /** The rate asked for (given or the product's), percent; null means the tax country's standard rate. */
  requestedTaxRate: string | null
  /** The rate applied after normalisation to the tax country; "0" on lines without an amount. */
  taxRate: string
  /** EN 16931 category of the line; null on TEXT, SUBTOTAL and PAGEBREAK lines. */
  taxCategory: TaxCategory | null
  /** round2(quantity × unitPrice − discount), signed by the line type. */
  netAmount: string
  /**
   * On a credit note made from an invoice: the invoice's line this line credits, so no line is
   * credited beyond its quantity in all. Null on every other line.
   */
  creditedLineId: string | null
}

/** Shipping address printed instead of the customer's when `useShippingAddress`. */
export interface ShippingAddress {
  shippingName: string | null
  shippingStreet: string | null
  shippingZipCode: string | null
  shippingCity: string | null
  shippingCountry: string | null
}

/** An invoice, credit note or proforma: the document and its lines. */
export interface Invoice extends ShippingAddress {
  id: string
  companyId: string
  /** The issued number, or a placeholder (`ENTWURF-…`) until it is issued. */
  invoiceNumber: string
  /** Whether `invoiceNumber` is a real number from the range (a draft can hold one, e.g. after a failed send). */
  numberIssued: boolean
  invoiceType: InvoiceType
  status: InvoiceStatus
  customerId: string
  documentCategoryId: string | null
  documentLocale: Locale
  documentTextVersion: string
  issueDate: CalendarDate
  dueDate: CalendarDate
  servicePeriodStart: CalendarDate | null
  servicePeriodEnd: CalendarDate | null
  currency: string
  netTotal: string
  taxTotal: string
  grossTotal: string
  /** Net and tax per category and rate, as printed and as in the e-invoice. */
  taxBreakdown: TaxBreakdownEntry[]
  reverseCharge: boolean
  taxExemptionReason: TaxExemptionReason
  taxExemptionNote: string | null
  taxCountry: string
  deliveryCountry: string
  ossApplicable: boolean
  ossCountry: string | null
  notes: string | null
  footer: string | null
  headerText: string | null
  customTitle: string | null
  pdfWithoutLetterhead: boolean
  invoiceDateIsServiceDate: boolean
  useShippingAddress: boolean
  orderNumber: string | null
  buyerReference: string | null
  eInvoiceAudit: Record<string, unknown> | null
  metadata: Record<string, unknown>
  sentAt: string | null
  paidAt: string | null
  lockedAt: string | null
  creditNoteReason: CreditNoteReason | null
  parentInvoiceId: string | null
  /** On credit notes other than cancellations: the money owed to the recipient. */
  payout: CreditNotePayout | null
  source: SourceDocument | null
  dunningPaused: boolean
  dunningPausedAt: string | null
  dunningPausedReason: string | null
  lines: InvoiceLine[]
  createdAt: string
  updatedAt: string
}

export const isPlaceholderNumber = (invoiceNumber: string): boolean => invoiceNumber.startsWith(PLACEHOLDER_PREFIX)

/** What every new draft starts with, whatever it is made from: a placeholder, nothing sent, paid, locked or linked. */
export const newDraftState = (id: string, timestamp: string) => ({
  invoiceNumber: `${PLACEHOLDER_PREFIX}${id}`,
  numberIssued: false,
  status: 'DRAFT' as const,
  sentAt: null,
  paidAt: null,
  lockedAt: null,
  creditNoteReason: null,
  parentInvoiceId: null,
  payout: null,
  source: null,
  dunningPaused: false,
  dunningPausedAt: null,
  dunningPausedReason: null,
  createdAt: timestamp,
  updatedAt: timestamp,
})
