import type { Invoice } from '../invoices'
import type { OrderDocument } from '../order-documents'
import type { SalesDocument } from '../sales-documents'
import type { PrintKind } from './document-view'

/**
 * A document as print reads it: what every sales document has, plus the fields only some kinds
 * have. Which of those a printed document shows is said by its kind's {@link PrintPolicy}.
 */
export type PrintableDocument = SalesDocument
  & Partial<Pick<Invoice, 'dueDate' | 'invoiceDateIsServiceDate'>>
  & Partial<Pick<OrderDocument, 'validUntil' | 'deliveryDate' | 'trackingReference' | 'showPrices'>>

/** Fields of a document that the information block prints after the customer's references, each only when set. */
export const PRINTED_FIELDS = {
  dueDate: 'date',
  validUntil: 'date',
  deliveryDate: 'date',
  trackingReference: 'text',
} as const satisfies Partial<Record<keyof PrintableDocument, 'date' | 'text'>>
export type PrintedField = keyof typeof PRINTED_FIELDS

/**
 * What the closing paragraphs say about money: how to pay an invoice, how to pay a proforma in
 * advance, how a credit is paid out, what a cancellation settles; null for documents that ask
 * for no money (quotes, order confirmations, delivery notes are no invoices).
 */
export type PaymentWording = 'invoice' | 'proforma' | 'payout' | 'cancellation' | null

/** What the printed form of one kind shows beyond what every document shows. */
export interface PrintPolicy {
  /** The document's own dates and references in the information block, in this order. */
  readonly fields: readonly PrintedField[]
  /** Prices, amounts and totals: always printed, or only when the document asks for them (`showPrices`). */
  readonly prices: 'always' | 'when-asked'
  readonly payment: PaymentWording
  /** Whether the title is followed by the invoice it refers to (`parentInvoice`). */
  readonly namesParentInvoice: boolean
}

export const PRINT_POLICIES: Readonly<Record<PrintKind, PrintPolicy>> = {
  INVOICE: { fields: ['dueDate'], prices: 'always', payment: 'invoice', namesParentInvoice: false },
  PROFORMA: { fields: ['dueDate'], prices: 'always', payment: 'proforma', namesParentInvoice: false },
  CREDIT_NOTE: { fields: [], prices: 'always', payment: 'payout', namesParentInvoice: true },
  CANCELLATION: { fields: [], prices: 'always', payment: 'cancellation', namesParentInvoice: true },
  QUOTE: { fields: ['validUntil'], prices: 'always', payment: null, namesParentInvoice: false },
  ORDER_CONFIRMATION: { fields: ['deliveryDate'], prices: 'always', payment: null, namesParentInvoice: false },
  // A packing list usually goes without prices; the document may ask for them.
  DELIVERY_NOTE: { fields: ['deliveryDate', 'trackingReference'], prices: 'when-asked', payment: null, namesParentInvoice: false },
}

/** Whether `document` prints its prices, amounts and totals. */
export const showsPrices = (policy: PrintPolicy, document: PrintableDocument): boolean =>
  policy.prices === 'always' || document.showPrices === true
