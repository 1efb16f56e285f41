import type { PayoutStatus } from '../../credit-notes'
import type { Invoice, InvoiceStatus, InvoiceType } from '../../invoices'
import type { DocumentSummary } from '../../sales-documents'
import type { CalendarDate } from '../../shared/calendar-date'
import type { Page, PageRequest, WalkPage } from '../../shared/pagination'

/** The filters of the invoice list; all optional, combined with AND. */
export interface InvoiceListQuery extends PageRequest {
  status?: InvoiceStatus | undefined
  documentType?: InvoiceType | undefined
  customerId?: string | undefined
  /** Case-insensitive literal part of the document number or of the customer's current name. */
  search?: string | undefined
  /** issueDate >= from. */
  from?: CalendarDate | undefined
  /** issueDate <= to. */
  to?: CalendarDate | undefined
  documentCategoryId?: string | undefined
  /** Credit notes whose payout has this status. */
  payoutStatus?: PayoutStatus | undefined
}

/** Where a walk by issue date continues: after this document. */
export interface IssueDateCursor {
  issueDate: CalendarDate
  number: string
  id: string
}

/** A stretch of the documents of a period in the order of the accounting exports. */
export interface IssueDateWalkQuery {
  /** issueDate >= from. */
  from: CalendarDate
  /** issueDate <= to. */
  to: CalendarDate
  /** Only these types; all when absent. */
  documentTypes?: readonly InvoiceType[] | undefined
  status?: InvoiceStatus | undefined
  /** Continue after this document; from the start when null or absent. */
  after?: IssueDateCursor | null | undefined
  limit: number
}

export interface InvoiceReader {
  /** The document with its lines in order. */
  get(companyId: string, id: string): Promise<Invoice | undefined>
  findByNumber(companyId: string, invoiceNumber: string): Promise<Invoice | undefined>
  /**
   * Sorted by issueDate descending, then newest created first. Items carry their lines. It MUST
   * stay fast for 100,000 documents of one company (indexes on the filtered columns).
   */
  list(companyId: string, query: InvoiceListQuery): Promise<Page<Invoice>>
  /**
   * The documents of the period by issueDate, then number, then id (code-point order), at most
   * `limit`, after `after`; items carry their lines. `next` is the cursor of the last item, null
   * when fewer than `limit` were found. A walk from the start to `next === null` MUST return
   * every document that exists throughout it exactly once, whatever is written meanwhile (a
   * keyset, never an offset), and each stretch MUST cost the same wherever it starts (an index
   * on company, issueDate, number).
   */
  walkByIssueDate(companyId: string, query: IssueDateWalkQuery): Promise<WalkPage<Invoice, IssueDateCursor>>
  /** The documents made from `documentId` (their `precedingDocument`, or one of their `sourceDocuments`), oldest first. */
  listDerived(companyId: string, documentId: string): Promise<Invoice[]>
  /**
   * In brief, the documents made from any of `documentIds` (by `precedingDocument` or
   * `sourceDocuments`), oldest first: what a read shows as derived. A collective invoice made
   * from several documents appears once per document it was made from, with that one as
   * `precedingDocumentId`.
   */
  summariesDerivedFrom(companyId: string, documentIds: readonly string[]): Promise<DocumentSummary[]>
  /** Whether any document of the company names this customer. */
  existsForCustomer(companyId: string, customerId: string): Promise<boolean>
  /** Whether any document of the company is in this category. */
  existsForCategory(companyId: string, documentCategoryId: string): Promise<boolean>
}

/**
 * Documents. Amounts are exact decimal strings; `metadata` and `eInvoiceAudit` are JSON values.
 * An adapter MAY refuse to delete a customer or category that documents still name (a foreign
 * key); the core checks `existsForCustomer` / `existsForCategory` first and answers 409.
 */
export interface InvoiceRepository extends InvoiceReader {
  /**
   * Stores a document with its lines. A second document with the same number in the company
   * MUST be refused (the adapter's unique index is the last guard against a duplicate number).
   */
  insert(invoice: Invoice): Promise<void>
  /** Replaces the stored document and all its lines; a document of another company is untouched. */
  update(invoice: Invoice): Promise<void>
  /** Removes the document and its lines. */
  delete(companyId: string, id: string): Promise<void>
}
