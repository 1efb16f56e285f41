import type { InvoiceStatus } from './invoice'

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

export const canTransition = (from: InvoiceStatus, to: InvoiceStatus): boolean => STATUS_TRANSITIONS[from].includes(to)

/** Content may change while a document is a draft, or final and not yet locked (rule 2). */
export const isContentEditable = (invoice: { status: InvoiceStatus; lockedAt: string | null }): boolean =>
  invoice.status === 'DRAFT' || (invoice.status === 'FINAL' && invoice.lockedAt === null)
