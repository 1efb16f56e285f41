import type { OrderDocument, OrderDocumentStatus } from '../../order-documents'
import type { Company } from '../../companies'
import type { CalendarDate } from '../../shared/calendar-date'
import type { DocumentKind } from '../document-kind'

/** Which documents made from it block a status change: any at all (cancelled ones too), or only those not cancelled. */
export type DerivedDocumentsBlock = 'any' | 'active'

/** The timestamp fields a status sets when a document enters it; moving back to OPEN or DRAFT clears them. */
export const STATUS_TIMESTAMPS = {
  ACCEPTED: 'acceptedAt', REJECTED: 'rejectedAt', EXPIRED: 'expiredAt', COMPLETED: 'completedAt', DELIVERED: 'deliveredAt',
} as const satisfies Partial<Record<OrderDocumentStatus, keyof OrderDocument>>

/** The events a status change emits, by the status reached; other changes emit `<resource>.updated`. */
export const STATUS_EVENTS = {
  ACCEPTED: 'accepted', REJECTED: 'rejected', EXPIRED: 'expired', COMPLETED: 'completed', DELIVERED: 'delivered', CANCELLED: 'cancelled',
} as const satisfies Partial<Record<OrderDocumentStatus, string>>

/**
 * A kind of the order process (quote, order confirmation, delivery note, order): what the
 * kernel's entry says, plus what the order-document use cases read instead of asking the type.
 */
export interface OrderDocumentKind extends DocumentKind<OrderDocument> {
  /** The REST group and scope prefix: `quotes`, `order-confirmations`, … */
  readonly group: 'quotes' | 'order-confirmations' | 'delivery-notes' | 'orders'
  /** What a new one (created, converted into, or a copy dated anew) has unless the request says otherwise. */
  creationDefaults(issueDate: CalendarDate, company: Pick<Company, 'quoteValidityDays'>): Partial<Pick<OrderDocument, 'validUntil' | 'deliveryDate' | 'source'>>
  /** Whether its `deliveryDate` is the date of supply an invoice made from it prints when it has no service period (delivery notes). */
  readonly deliveryDateIsSupplyDate: boolean
  /** Whether it starts as a numbered OPEN document instead of a draft (orders). */
  readonly numberedAtCreation: boolean
  /** The condition on derived documents of a status change, if it has one. */
  derivedDocumentsBlock(from: OrderDocumentStatus, to: OrderDocumentStatus): DerivedDocumentsBlock | null
  /** The fields only this kind has, as its resource shows them (after the fields all four share). */
  readonly ownFields: readonly (keyof OrderDocument)[]
  /** Whether derived documents that are not cancelled lock its content (orders). */
  readonly contentLockedByDerived: boolean
  /** Fields a PUT may change outside the states whose content is editable, in the statuses given. */
  readonly lateEditableFields: Partial<Readonly<Record<OrderDocumentStatus, readonly (keyof OrderDocument)[]>>>
  /** Whether it has a PDF (orders are internal records: the order confirmation is the customer's document). */
  readonly printed: boolean
  /** The statuses `send` mails it in; a draft becomes OPEN once the mail went out. Empty for kinds that are not sent. */
  readonly sendableIn: readonly OrderDocumentStatus[]
  /**
   * Throws when a change the table allows is refused by a rule of the kind (e.g. reopening an
   * expired quote needs a `validUntil` in the same request). `given` names the fields the request gave.
   */
  guardTransition(document: OrderDocument, to: OrderDocumentStatus, next: OrderDocument, today: CalendarDate, given: readonly string[]): void
}

/** What the four kinds share: nothing of money, e-invoices or corrections; cancelled by status only. */
export const ORDER_KIND_BASE = {
  sign: 1,
  eInvoice: null,
  settlement: null,
  directDebit: false,
  remindable: false,
  correctable: false,
  creditable: false,
  cancellation: 'status',
  guardTransition: () => {},
  creationDefaults: () => ({}),
  deliveryDateIsSupplyDate: false,
} as const satisfies Partial<OrderDocumentKind>

/** Content may change in DRAFT only (quotes, order confirmations, delivery notes). */
export const editableAsDraft = (document: Pick<OrderDocument, 'status'>): boolean => document.status === 'DRAFT'
