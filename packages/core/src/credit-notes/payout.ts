import { InvoicingError } from '../errors'
import { negated } from '../shared/decimal-text'

export const PAYOUT_STATUSES = ['PENDING', 'APPROVED', 'EXECUTED', 'FAILED', 'CANCELLED'] as const
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number]

/**
 * The payout of a credit note: the money owed to the recipient, |grossTotal|. Cancellation
 * credit notes have none: they undo an invoice that was never paid (cancel refuses PAID).
 */
export interface CreditNotePayout {
  status: PayoutStatus
  /** The bank or booking reference of the transfer, or why it failed. */
  reference: string | null
  note: string | null
  executedAt: string | null
  updatedAt: string
}

/**
 * Who may move a payout where. APPROVED is the four-eyes step before money leaves: it freezes
 * the credit note's content until executed or withdrawn (back to PENDING). A FAILED transfer
 * can be approved again once the bank details are fixed. EXECUTED and CANCELLED are final.
 */
export const PAYOUT_TRANSITIONS: Record<PayoutStatus, readonly PayoutStatus[]> = {
  PENDING: ['APPROVED', 'CANCELLED'],
  APPROVED: ['EXECUTED', 'FAILED', 'CANCELLED', 'PENDING'],
  FAILED: ['APPROVED', 'CANCELLED'],
  EXECUTED: [],
  CANCELLED: [],
}

/** What the payout transfers: the credit note's gross total, which is stored negative, as a positive amount. */
export const payoutAmountOf = (creditNote: { grossTotal: string }): string => negated(creditNote.grossTotal)

export const newPayout = (timestamp: string): CreditNotePayout =>
  ({ status: 'PENDING', reference: null, note: null, executedAt: null, updatedAt: timestamp })

/** 400 `invalid_status_transition` unless the table allows `from` → `to`. */
export function assertPayoutTransition(from: PayoutStatus, to: PayoutStatus): void {
  const allowedTransitions = PAYOUT_TRANSITIONS[from]
  if (allowedTransitions.includes(to)) return
  throw new InvoicingError(
    'invalid_status_transition',
    `The payout is ${from} and cannot change to ${to}${allowedTransitions.length ? `; allowed: ${allowedTransitions.join(', ')}` : ''}`,
    { allowedTransitions: [...allowedTransitions] },
  )
}
