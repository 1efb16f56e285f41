import type { Payment } from '../../payments'
import type { CalendarDate } from '../../shared/calendar-date'
import type { WalkPage } from '../../shared/pagination'

/** Where a walk by payment date continues: after this payment. */
export interface PaymentDateCursor {
  paymentDate: CalendarDate
  createdAt: string
  id: string
}

export interface PaymentDateWalkQuery {
  /** paymentDate >= from. */
  from: CalendarDate
  /** paymentDate <= to. */
  to: CalendarDate
  after?: PaymentDateCursor | null | undefined
  limit: number
}

export interface PaymentReader {
  get(companyId: string, id: string): Promise<Payment | undefined>
  /** A document's payments, latest payment date first (then newest recorded first). */
  listByInvoice(companyId: string, invoiceId: string): Promise<Payment[]>
  /** The payments of several documents in one read, each document's in the order of `listByInvoice`; documents in no particular order. */
  listByInvoices(companyId: string, invoiceIds: readonly string[]): Promise<Payment[]>
  /**
   * The company's payments of the period by paymentDate, then createdAt, then id, at most
   * `limit`, after `after`. The walk MUST keep the promises of `invoices.walkByIssueDate`:
   * each payment once, a keyset served by an index.
   */
  walkByPaymentDate(companyId: string, query: PaymentDateWalkQuery): Promise<WalkPage<Payment, PaymentDateCursor>>
}

/**
 * Payments of documents. Deleting a document deletes its payments (only drafts are deleted, and
 * drafts take no payments, so this is a safety net, not a rule).
 */
export interface PaymentRepository extends PaymentReader {
  insert(payment: Payment): Promise<void>
  /** Replaces the stored payment (also to move it to another document); one of another company is untouched. */
  update(payment: Payment): Promise<void>
  delete(companyId: string, id: string): Promise<void>
}
