import type { CreditNotePayout } from '../credit-notes'
import { type DocumentRef, type DocumentType, PLACEHOLDER_PREFIX, type SalesDocument } from '../sales-documents'
import type { CalendarDate } from '../shared/calendar-date'

/** The sales documents of the invoice group, kept in one resource (`/invoices`, `/credit-notes`). */
export const INVOICE_TYPES = ['INVOICE', 'CREDIT_NOTE', 'PROFORMA'] as const satisfies readonly DocumentType[]
export type InvoiceType = (typeof INVOICE_TYPES)[number]

export const INVOICE_STATUSES = ['DRAFT', 'FINAL', 'SENT', 'PAID', 'OVERDUE', 'CANCELLED'] as const
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number]

export const CREDIT_NOTE_REASONS = ['PAYOUT', 'COMMISSION', 'GOODWILL', 'RETURN', 'PRICE_CORRECTION', 'OTHER', 'CANCELLATION'] as const
export type CreditNoteReason = (typeof CREDIT_NOTE_REASONS)[number]

/** The documents an invoice can be made from, as its `sourceDocument` names them. */
export const SOURCE_DOCUMENT_TYPES = ['PROFORMA'] as const
export type SourceDocumentType = (typeof SOURCE_DOCUMENT_TYPES)[number]

/** An invoice, credit note or proforma: a sales document that is paid, reminded of or paid out. */
export interface Invoice extends SalesDocument {
  documentType: InvoiceType
  status: InvoiceStatus
  dueDate: CalendarDate
  invoiceDateIsServiceDate: boolean
  eInvoiceAudit: Record<string, unknown> | null
  paidAt: string | null
  creditNoteReason: CreditNoteReason | null
  /** On credit notes other than cancellations: the money owed to the recipient. */
  payout: CreditNotePayout | null
  dunningPaused: boolean
  dunningPausedAt: string | null
  dunningPausedReason: string | null
  /**
   * The order documents it was made from, in order: the one it was converted from, or every
   * delivery note of a collective invoice (whose `precedingDocument` is the first of them).
   */
  sourceDocuments: DocumentRef[]
  /** On invoices a recurring schedule made: the schedule and the occurrence date. */
  recurringScheduleId: string | null
  recurringOccurrenceDate: CalendarDate | null
}

/** What every new draft starts with, whatever it is made from: a placeholder, nothing sent, paid, locked or linked. */
export const newDraftState = (id: string, timestamp: string) => ({
  number: `${PLACEHOLDER_PREFIX}${id}`,
  numberIssued: false,
  status: 'DRAFT' as const,
  sentAt: null,
  paidAt: null,
  lockedAt: null,
  creditNoteReason: null,
  payout: null,
  precedingDocument: null,
  sourceDocuments: [],
  recurringScheduleId: null,
  recurringOccurrenceDate: null,
  dunningPaused: false,
  dunningPausedAt: null,
  dunningPausedReason: null,
  createdAt: timestamp,
  updatedAt: timestamp,
})
