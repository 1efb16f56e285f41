import type { OrderDocument, OrderDocumentListQuery, Page } from '@invoicing/core'
import type { Kysely, Selectable } from 'kysely'
import type { Database, OrderDocumentTable } from '../database'
import type { Executor, QueryBuilder } from '../executor'
import { linesByDocument } from './document-lines'
import { documentListPage, documentsToList, readDocumentListPage, type DocumentNeedle, type ListFilters } from './document-search'
import { orderDocumentFromRow } from './order-document-rows'

/**
 * The page and count queries of one type's list. Filters are AND-combined; the search is a
 * literal folded part of the number or of the customer's current name, as `needle` prepared it.
 * Each single filter is served by an index that yields the list order (see migration 0012). A
 * search that few documents match starts from the documents the text indexes name; one whose
 * number stems decide it reads those stems (migration 0025).
 */
export function orderDocumentListQueries(builder: QueryBuilder, companyId: string, query: OrderDocumentListQuery, needle?: DocumentNeedle) {
  const listed = documentsToList(builder, 'order_document', companyId, needle).where('document_type', '=', query.documentType)
  // The number is unique in the company: nothing ties after it.
  return documentListPage(builder, listed, {
    table: 'order_document', companyId, needle, filters: filtersOf(query), order: ['issue_date', 'number'],
  }, query)
}

/** The list's type and its other filters (the search aside). */
const filtersOf = (query: OrderDocumentListQuery): ListFilters<'order_document'> => ({ documentType: query.documentType, filters: [
  ['status', '=', query.status],
  ['customer_id', '=', query.customerId],
  ['document_category_id', '=', query.documentCategoryId],
  ['invoice_status', '=', query.invoiceStatus],
  ['delivery_status', '=', query.deliveryStatus],
  ['issue_date', '>=', query.from],
  ['issue_date', '<=', query.to],
  ['valid_until', '<', query.validUntilBefore],
] })

/** One page of the list with its total and, from one more query, the lines of its documents. */
export function listOrderDocuments(executor: Executor, companyId: string, query: OrderDocumentListQuery): Promise<Page<OrderDocument>> {
  return readDocumentListPage(executor, 'order_document', companyId, query, filtersOf(query),
    (reader, needle) => orderDocumentListQueries(reader, companyId, query, needle), (found, reader) => withLines(reader, found))
}

/** The lines of several documents, by document and position. */
export const orderDocumentLinesQuery = (db: Kysely<Database>, documentIds: string[]) =>
  db.selectFrom('order_document_line').selectAll().where('order_document_id', 'in', documentIds).orderBy('order_document_id').orderBy('position')

/** The documents of `found` with their lines, read in one query. */
export async function withLines({ db, rows }: Executor, found: Selectable<OrderDocumentTable>[]): Promise<OrderDocument[]> {
  if (found.length === 0) return []
  const linesOf = linesByDocument(await rows(orderDocumentLinesQuery(db, found.map((document) => document.id))), (line) => line.order_document_id)
  return found.map((document) => orderDocumentFromRow(document, linesOf.get(document.id) ?? []))
}
