import type { Invoice, InvoiceStatus } from './invoice'

/**
 * The transition table: the statuses PUT may move a document to from each status. Sending,
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

type Transitions = Record<InvoiceStatus, readonly InvoiceStatus[]>

/**
 * A cancellation credit note is issued FINAL and locked at once: it can be sent and
 * settled, never reopened or cancelled itself.
 */
const CANCELLATION_CREDIT_NOTE_TRANSITIONS: Transitions = {
  DRAFT: [],
  FINAL: ['SENT'],
  SENT: ['PAID'],
  OVERDUE: [],
  PAID: [],
  CANCELLED: [],
}

/** A credit note is settled by its payout, not by payments: it is never PAID or OVERDUE. */
const CREDIT_NOTE_TRANSITIONS: Transitions = {
  DRAFT: ['FINAL', 'SENT', 'CANCELLED'],
  FINAL: ['SENT', 'DRAFT', 'CANCELLED'],
  SENT: ['CANCELLED'],
  OVERDUE: [],
  PAID: [],
  CANCELLED: [],
}

/** Once its money went out, a credit note is locked; it can still be mailed, never undone. */
const PAID_OUT_CREDIT_NOTE_TRANSITIONS: Transitions = {
  DRAFT: [],
  FINAL: ['SENT'],
  SENT: [],
  OVERDUE: [],
  PAID: [],
  CANCELLED: [],
}

type TransitionSubject = Pick<Invoice, 'status' | 'invoiceType' | 'creditNoteReason' | 'payout'>

const transitionsOf = (invoice: TransitionSubject): Transitions => {
  if (invoice.invoiceType !== 'CREDIT_NOTE') return STATUS_TRANSITIONS
  if (invoice.creditNoteReason === 'CANCELLATION') return CANCELLATION_CREDIT_NOTE_TRANSITIONS
  return invoice.payout?.status === 'EXECUTED' ? PAID_OUT_CREDIT_NOTE_TRANSITIONS : CREDIT_NOTE_TRANSITIONS
}

export const allowedTransitionsOf = (invoice: TransitionSubject): readonly InvoiceStatus[] => transitionsOf(invoice)[invoice.status]

export const canTransition = (invoice: TransitionSubject, to: InvoiceStatus): boolean =>
  allowedTransitionsOf(invoice).includes(to)

/**
 * Content may change while a document is a draft, or final and not yet locked, and
 * not while a credit note's payout is approved: what was approved is what is paid out.
 */
export const isContentEditable = (invoice: Pick<Invoice, 'status' | 'lockedAt' | 'payout'>): boolean =>
  (invoice.status === 'DRAFT' || (invoice.status === 'FINAL' && invoice.lockedAt === null)) && invoice.payout?.status !== 'APPROVED'
