import type { Invoice, InvoiceStatus } from './invoice'

/**
 * The status changes PUT may request, from the specification's transition table. Sending,
 * payments, dunning and cancellation reach further states through their own operations.
 */
export const STATUS_TRANSITIONS: Record<InvoiceStatus, readonly InvoiceStatus[]> = {
  DRAFT: ['FINAL', 'SENT', 'CANCELLED'],
  FINAL: ['SENT', 'DRAFT', 'CANCELLED'],
  SENT: ['PAID', 'OVERDUE', 'CANCELLED'],
  OVERDUE: ['PAID', 'CANCELLED'],
  PAID: [],
  CANCELLED: [],
}

/** The statuses a document is still open in: it can be cancelled, and a proforma converted. */
export const OPEN_STATUSES: readonly InvoiceStatus[] = ['DRAFT', 'FINAL', 'SENT', 'OVERDUE']

/**
 * A cancellation credit note is issued FINAL and locked at once (rule 5): it can be sent and
 * settled, never reopened or cancelled itself.
 */
const CANCELLATION_CREDIT_NOTE_TRANSITIONS: Record<InvoiceStatus, readonly InvoiceStatus[]> = {
  DRAFT: [],
  FINAL: ['SENT'],
  SENT: ['PAID'],
  OVERDUE: [],
  PAID: [],
  CANCELLED: [],
}

export const allowedTransitionsOf = (invoice: Pick<Invoice, 'status' | 'creditNoteReason'>): readonly InvoiceStatus[] =>
  (invoice.creditNoteReason === 'CANCELLATION' ? CANCELLATION_CREDIT_NOTE_TRANSITIONS : STATUS_TRANSITIONS)[invoice.status]

export const canTransition = (invoice: Pick<Invoice, 'status' | 'creditNoteReason'>, to: InvoiceStatus): boolean =>
  allowedTransitionsOf(invoice).includes(to)

/** Content may change while a document is a draft, or final and not yet locked (rule 2). */
export const isContentEditable = (invoice: { status: InvoiceStatus; lockedAt: string | null }): boolean =>
  invoice.status === 'DRAFT' || (invoice.status === 'FINAL' && invoice.lockedAt === null)
