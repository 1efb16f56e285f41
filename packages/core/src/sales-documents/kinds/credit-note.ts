import type { Invoice, InvoiceStatus } from '../../invoices'
import type { DocumentKind, Transitions } from '../document-kind'
import { INVOICE_STATUSES, isDraftOrUnlockedFinal, OPEN_STATUSES } from './invoice-statuses'

/**
 * A cancellation credit note is issued FINAL and locked at once: it can be sent and
 * settled, never reopened or cancelled itself.
 */
const CANCELLATION_TRANSITIONS: Transitions<InvoiceStatus> = {
  DRAFT: [],
  FINAL: ['SENT'],
  SENT: ['PAID'],
  OVERDUE: [],
  PAID: [],
  CANCELLED: [],
}

/** A credit note is settled by its payout, not by payments: it is never PAID or OVERDUE. */
const CREDIT_NOTE_TRANSITIONS: Transitions<InvoiceStatus> = {
  DRAFT: ['FINAL', 'SENT', 'CANCELLED'],
  FINAL: ['SENT', 'DRAFT', 'CANCELLED'],
  SENT: ['CANCELLED'],
  OVERDUE: [],
  PAID: [],
  CANCELLED: [],
}

/** Once its money went out, a credit note is locked; it can still be mailed, never undone. */
const PAID_OUT_TRANSITIONS: Transitions<InvoiceStatus> = {
  DRAFT: [],
  FINAL: ['SENT'],
  SENT: [],
  OVERDUE: [],
  PAID: [],
  CANCELLED: [],
}

const isCancellation = (creditNote: Pick<Invoice, 'creditNoteReason'>) => creditNote.creditNoteReason === 'CANCELLATION'

/**
 * A credit note (Gutschrift): money owed to the recipient, paid out through its payout. The one
 * that cancels an invoice (reason CANCELLATION, Stornorechnung) is printed as a cancellation.
 */
export const CREDIT_NOTE_KIND: DocumentKind<Invoice> = {
  statuses: INVOICE_STATUSES,
  transitionsOf: (creditNote) => isCancellation(creditNote) ? CANCELLATION_TRANSITIONS
    : creditNote.payout?.status === 'EXECUTED' ? PAID_OUT_TRANSITIONS : CREDIT_NOTE_TRANSITIONS,
  // What was approved for payout is what is paid out.
  isContentEditable: (creditNote) => isDraftOrUnlockedFinal(creditNote) && creditNote.payout?.status !== 'APPROVED',
  openStatuses: OPEN_STATUSES,
  numbering: { range: 'CREDIT_NOTE', countsAgainstQuota: true, issuedAudit: { action: 'INVOICE_NUMBER_ISSUED', targetType: 'invoice' } },
  sign: -1,
  printKind: (creditNote) => isCancellation(creditNote) ? 'CANCELLATION' : 'CREDIT_NOTE',
  eInvoice: { typeCode: '381', taxInvoice: true },
  settlement: 'payout',
  directDebit: false,
  remindable: false,
  correctable: false,
  creditable: false,
  cancellation: 'status',
  sendable: true,
  convertibleTo: [],
  convertibleIn: [],
  statusAfterConversion: {},
  fulfilment: null,
  resource: 'credit_note',
  duplicateAs: 'INVOICE',
}
