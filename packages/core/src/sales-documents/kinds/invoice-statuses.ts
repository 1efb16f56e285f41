import { INVOICE_STATUSES, type Invoice, type InvoiceStatus } from '../../invoices'
import type { Transitions } from '../document-kind'

/**
 * The statuses PUT may move an invoice or proforma to from each status. Sending, payments,
 * dunning and cancellation reach further states through their own operations.
 */
export const STATUS_TRANSITIONS: Transitions<InvoiceStatus> = {
  DRAFT: ['FINAL', 'SENT', 'CANCELLED'],
  FINAL: ['SENT', 'DRAFT', 'CANCELLED'],
  SENT: ['PAID', 'OVERDUE', 'CANCELLED'],
  OVERDUE: ['PAID', 'CANCELLED'],
  PAID: [],
  CANCELLED: [],
}

/** The statuses an invoice-group document is still open in: it can be cancelled, a proforma converted. */
export const OPEN_STATUSES: readonly InvoiceStatus[] = ['DRAFT', 'FINAL', 'SENT', 'OVERDUE']

export { INVOICE_STATUSES }

/** Content may change while a document is a draft, or final and not yet locked. */
export const isDraftOrUnlockedFinal = (document: Pick<Invoice, 'status' | 'lockedAt'>): boolean =>
  document.status === 'DRAFT' || (document.status === 'FINAL' && document.lockedAt === null)
