import type { DocumentType, SalesDocument } from '../sales-documents'
import type { CalendarDate } from '../shared/calendar-date'

/** The documents of the order process, before the invoice: each its own REST group. */
export const ORDER_DOCUMENT_TYPES = ['QUOTE', 'ORDER_CONFIRMATION', 'DELIVERY_NOTE', 'ORDER'] as const satisfies readonly DocumentType[]
export type OrderDocumentType = (typeof ORDER_DOCUMENT_TYPES)[number]

export const isOrderDocumentType = (type: string): type is OrderDocumentType => (ORDER_DOCUMENT_TYPES as readonly string[]).includes(type)

export const QUOTE_STATUSES = ['DRAFT', 'OPEN', 'ACCEPTED', 'REJECTED', 'EXPIRED', 'CANCELLED'] as const
export const ORDER_CONFIRMATION_STATUSES = ['DRAFT', 'OPEN', 'COMPLETED', 'CANCELLED'] as const
export const DELIVERY_NOTE_STATUSES = ['DRAFT', 'OPEN', 'DELIVERED', 'CANCELLED'] as const
export const ORDER_STATUSES = ['OPEN', 'COMPLETED', 'CANCELLED'] as const

/** Every status of any of the four kinds; each kind's entry says which are its own. */
export type OrderDocumentStatus =
  | (typeof QUOTE_STATUSES)[number] | (typeof ORDER_CONFIRMATION_STATUSES)[number]
  | (typeof DELIVERY_NOTE_STATUSES)[number] | (typeof ORDER_STATUSES)[number]

/** How much of a document's products went out on delivery notes (OPEN or DELIVERED). */
export const DOCUMENT_DELIVERY_STATUSES = ['NOT_APPLICABLE', 'NONE', 'PARTIAL', 'FULL'] as const
export type DocumentDeliveryStatus = (typeof DOCUMENT_DELIVERY_STATUSES)[number]

/** How much of a document's amounts is on issued invoices (FINAL, SENT, PAID, OVERDUE). */
export const DOCUMENT_INVOICE_STATUSES = ['NONE', 'PARTIAL', 'FULL'] as const
export type DocumentInvoiceStatus = (typeof DOCUMENT_INVOICE_STATUSES)[number]

/** The kinds a document's line quantities can be converted into, each counted on its own. */
export const CONVERSION_TARGETS = ['ORDER_CONFIRMATION', 'DELIVERY_NOTE', 'INVOICE', 'PROFORMA'] as const satisfies readonly DocumentType[]
export type ConversionTarget = (typeof CONVERSION_TARGETS)[number]

/** Per target type, the quantity of a line that descendants of that type hold (exact decimal strings). */
export type ConvertedQuantities = Partial<Record<ConversionTarget, string>>

/**
 * A quote, order confirmation, delivery note or order. The fields of one kind only are null on
 * the others. Orders are dated by `issueDate` internally; their resource calls it `orderDate`.
 */
export interface OrderDocument extends SalesDocument {
  documentType: OrderDocumentType
  status: OrderDocumentStatus
  finalizedAt: string | null
  /** QUOTE: "Gültig bis". */
  validUntil: CalendarDate | null
  acceptedAt: string | null
  rejectedAt: string | null
  rejectionReason: string | null
  expiredAt: string | null
  /** ORDER_CONFIRMATION: planned delivery; DELIVERY_NOTE: the delivery date invoices print. */
  deliveryDate: CalendarDate | null
  completedAt: string | null
  /** Whether COMPLETED was reached automatically, so that a release reopens it (a manual close stays). */
  completedAutomatically: boolean
  /** DELIVERY_NOTE: print prices and totals. */
  showPrices: boolean
  trackingReference: string | null
  deliveredAt: string | null
  /** ORDER. */
  requestedDeliveryDate: CalendarDate | null
  externalId: string | null
  source: string | null
  /** Derived from the documents made from this one (kept current in the transactions that change them). */
  deliveryStatus: DocumentDeliveryStatus | null
  invoiceStatus: DocumentInvoiceStatus
  /** Per line id: what descendants hold of it, by type (kept current with the derived statuses). */
  convertedQuantities: Record<string, ConvertedQuantities>
}
