import type { Payment } from '../../payments'

export interface PaymentReader {
  get(companyId: string, id: string): Promise<Payment | undefined>
  /** A document's payments, latest payment date first (then newest recorded first). */
  listByInvoice(companyId: string, invoiceId: string): Promise<Payment[]>
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
