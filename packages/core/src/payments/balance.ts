import { Exact, formatMoney } from '../tax'
import type { Invoice, InvoiceStatus } from '../invoices'
import type { Payment } from './payment'

/** A payment may exceed what is outstanding by at most this much (one cent of rounding on the payer's side). */
export const OVERSHOOT_TOLERANCE = '0.01'

export interface Balance {
  totalPaid: string
  /** What is still to pay; 0 once paid, also when paid within the tolerance above the total. */
  amountDue: string
}

/** Pure: what is paid of `grossTotal` and what is left. */
export function balanceOf(grossTotal: string, payments: readonly Pick<Payment, 'amount'>[]): Balance {
  const paid = payments.reduce((sum, payment) => sum.plus(payment.amount), new Exact(0))
  const due = new Exact(grossTotal).minus(paid)
  return { totalPaid: formatMoney(paid), amountDue: formatMoney(due.isNegative() ? new Exact(0) : due) }
}

/** Whether the payments `others` plus `amount` would pay more than the total and the tolerance. */
export const exceedsRemaining = (grossTotal: string, others: readonly Pick<Payment, 'amount'>[], amount: string): boolean =>
  new Exact(balanceOf(grossTotal, others).totalPaid).plus(amount).gt(new Exact(grossTotal).plus(OVERSHOOT_TOLERANCE))

/** The statuses in which a payment completes a document (the transition table). */
const PAYABLE: readonly InvoiceStatus[] = ['FINAL', 'SENT', 'OVERDUE']

/**
 * Pure: the status and paidAt after the payments changed. Paying the total makes a FINAL, SENT or
 * OVERDUE document PAID with paidAt = the date of the payment that completed it; a PAID document
 * with a balance outstanding again goes back to SENT and paidAt is cleared.
 */
export function settle(invoice: Invoice, payments: readonly Pick<Payment, 'amount'>[], completingDate: string | null): Pick<Invoice, 'status' | 'paidAt'> {
  const paid = new Exact(balanceOf(invoice.grossTotal, payments).totalPaid).gte(invoice.grossTotal)
  if (paid && PAYABLE.includes(invoice.status) && completingDate) return { status: 'PAID', paidAt: `${completingDate}T00:00:00.000Z` }
  if (!paid && invoice.status === 'PAID') return { status: 'SENT', paidAt: null }
  return { status: invoice.status, paidAt: invoice.paidAt }
}
