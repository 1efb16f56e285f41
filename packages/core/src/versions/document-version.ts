import type { Company } from '../companies'
import type { Customer } from '../customers'
import type { Invoice } from '../invoices'

/**
 * `INITIAL`: version 1, taken when the document is locked (or later, on its first correction,
 * for a document locked without one). `CORRECTION`: each correction of a locked document.
 */
export const CHANGE_TYPES = ['INITIAL', 'CORRECTION'] as const
export type ChangeType = (typeof CHANGE_TYPES)[number]

/** Everything a document was made of at one moment: enough to draw it again exactly as it was. */
export interface DocumentSnapshot {
  invoice: Invoice
  customer: Customer
  company: Company
  /** The invoice a credit note refers to. */
  parentInvoice: Invoice | null
}

/** One frozen state of a locked document, with the PDF archived from it. */
export interface DocumentVersion {
  id: string
  companyId: string
  invoiceId: string
  /** 1, 2, … per document. */
  versionNumber: number
  changeType: ChangeType
  changeReason: string | null
  snapshot: DocumentSnapshot
  /** Where the archived PDF lies in the file store; null until it is stored. */
  pdfKey: string | null
  createdAt: string
  /** The API key that caused the version. */
  createdBy: string
}
