import type { Company } from '../companies'
import type { Customer } from '../customers'
import type { Invoice } from '../invoices'

/** What an e-invoice is written from: the document, its seller and buyer. */
export interface EInvoiceInput {
  invoice: Invoice
  company: Company
  customer: Customer
  /** The invoice a credit note refers to (BT-25, BT-26), when it has one. */
  parentInvoice?: Invoice | null
  /** BT-113, what was paid before this document was sent; default 0. */
  paidAmount?: string
}
