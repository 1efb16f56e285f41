import type { DocumentDeliveryStatus, DocumentInvoiceStatus, OrderDocument, OrderDocumentStatus, OrderDocumentType } from '../../order-documents'
import type { DocumentSummary, NumberedRef } from '../../sales-documents'
import type { CalendarDate } from '../../shared/calendar-date'
import type { Page, PageRequest } from '../../shared/pagination'

/** The filters of an order-document list (one type per list); all optional, combined with AND. */
export interface OrderDocumentListQuery extends PageRequest {
  documentType: OrderDocumentType
  status?: OrderDocumentStatus | undefined
  customerId?: string | undefined
  /** Case-insensitive literal part of the number or of the customer's current name. */
  search?: string | undefined
  /** issueDate >= from. */
  from?: CalendarDate | undefined
  /** issueDate <= to. */
  to?: CalendarDate | undefined
  invoiceStatus?: DocumentInvoiceStatus | undefined
  deliveryStatus?: DocumentDeliveryStatus | undefined
  documentCategoryId?: string | undefined
  /** validUntil < this date (quotes past their validity). */
  validUntilBefore?: CalendarDate | undefined
}

export interface OrderDocumentReader {
  /** The document with its lines in order. */
  get(companyId: string, id: string): Promise<OrderDocument | undefined>
  findByNumber(companyId: string, number: string): Promise<OrderDocument | undefined>
  /** In brief (type, id, number), the company's documents among `ids`, in no particular order; unknown ids are left out. */
  refsOf(companyId: string, ids: readonly string[]): Promise<NumberedRef[]>
  /** The order with this `externalId`. */
  findByExternalId(companyId: string, externalId: string): Promise<OrderDocument | undefined>
  /**
   * Sorted by issueDate descending, then number descending, then newest created first. Items
   * carry their lines. It MUST stay fast for 100,000 documents of one company.
   */
  list(companyId: string, query: OrderDocumentListQuery): Promise<Page<OrderDocument>>
  /** The order documents made from `documentId` (their `precedingDocument`), oldest first. */
  listDerived(companyId: string, documentId: string): Promise<OrderDocument[]>
  /** In brief, the order documents made from any of `documentIds`, oldest first. */
  summariesDerivedFrom(companyId: string, documentIds: readonly string[]): Promise<DocumentSummary[]>
  existsForCustomer(companyId: string, customerId: string): Promise<boolean>
  existsForCategory(companyId: string, documentCategoryId: string): Promise<boolean>
  /**
   * The ids of companies with OPEN quotes whose `validUntil` lies before `date`, ascending,
   * after `afterCompanyId`, at most `limit`: where the scheduler looks for quotes to expire.
   */
  companiesWithOpenQuotesBefore(date: CalendarDate, afterCompanyId: string, limit: number): Promise<string[]>
}

/**
 * Quotes, order confirmations, delivery notes and orders, in one store with their type. Amounts
 * and quantities are exact decimal strings.
 *
 * A conversion reads what the documents made from a source already hold and inserts the new
 * one in the same transaction; the serializable MUST of `Storage.transaction` is what keeps two
 * concurrent conversions from both taking the last quantity of a line.
 */
export interface OrderDocumentRepository extends OrderDocumentReader {
  /**
   * Stores a document with its lines. A second document with the same number in the company,
   * or a second order with the same `externalId` in the company, MUST be refused.
   */
  insert(document: OrderDocument): Promise<void>
  /** Replaces the stored document and all its lines; a document of another company is untouched. */
  update(document: OrderDocument): Promise<void>
  /**
   * Stores what a document derives from the documents made from it, and nothing else: `status`,
   * `completedAt`, `completedAutomatically`, `deliveryStatus`, `invoiceStatus`,
   * `convertedQuantities` and `updatedAt` of `document`. Its lines are not rewritten (a
   * 500-line confirmation is refreshed by every change of what was made from it).
   */
  saveFulfilment(document: OrderDocument): Promise<void>
  /** Removes the document and its lines. */
  delete(companyId: string, id: string): Promise<void>
}
