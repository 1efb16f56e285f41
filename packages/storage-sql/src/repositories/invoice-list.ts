import type { Invoice, InvoiceListQuery, IssueDateCursor, IssueDateWalkQuery, Page, WalkPage } from '@invoicing/core'
import type { Kysely, Selectable } from 'kysely'
import type { Database, InvoiceTable } from '../database'
import type { Executor, QueryBuilder } from '../executor'
import { linesByDocument } from './document-lines'
import { documentListPage, documentsToList, readDocumentListPage, type DocumentNeedle, type ListFilters } from './document-search'
import { invoiceFromRow } from './invoice-rows'

/**
 * The page and count queries of the invoice list. Filters are AND-combined; the search is a
 * literal (`%` and `_` are plain characters) folded part of the number or
 * of the customer's current name, as `needle` prepared it. Each single filter is served by an
 * index (see migration 0002). A search that few documents match starts from the documents the
 * text indexes name, instead of from the company's list; one whose number stems decide it reads
 * those stems (migration 0025).
 */
export function invoiceListQueries(builder: QueryBuilder, companyId: string, query: InvoiceListQuery, needle?: DocumentNeedle) {
  let listed = documentsToList(builder, 'invoice', companyId, needle)
  if (query.documentType) listed = listed.where('invoice_type', '=', query.documentType)
  return documentListPage(builder, listed, {
    table: 'invoice', companyId, needle, filters: filtersOf(query), order: ['issue_date', 'created_at', 'seq'],
  }, query)
}

/** The list's type and its other filters (the search aside). */
const filtersOf = (query: InvoiceListQuery): ListFilters<'invoice'> => ({ documentType: query.documentType, filters: [
  ['status', '=', query.status],
  ['customer_id', '=', query.customerId],
  ['document_category_id', '=', query.documentCategoryId],
  ['payout_status', '=', query.payoutStatus],
  ['issue_date', '>=', query.from],
  ['issue_date', '<=', query.to],
] })

/** One page of the list with its total and, from one more query, the lines of its documents. */
export function listInvoices(executor: Executor, companyId: string, query: InvoiceListQuery): Promise<Page<Invoice>> {
  return readDocumentListPage(executor, 'invoice', companyId, query, filtersOf(query),
    (reader, needle) => invoiceListQueries(reader, companyId, query, needle), (found, reader) => withLines(reader, found))
}

/** The query of one stretch of the walk by issue date, number and id (index `invoice_issue_walk`). */
export function issueDateWalkQuery(db: Kysely<Database>, companyId: string, query: IssueDateWalkQuery) {
  let walk = db.selectFrom('invoice').selectAll()
    .where('company_id', '=', companyId).where('issue_date', '>=', query.from).where('issue_date', '<=', query.to)
  if (query.documentTypes) walk = walk.where('invoice_type', 'in', query.documentTypes.length > 0 ? [...query.documentTypes] : [''])
  if (query.status) walk = walk.where('status', '=', query.status)
  const { after } = query
  if (after) walk = walk.where((eb) => eb(eb.refTuple('issue_date', 'invoice_number', 'id'), '>', eb.tuple(after.issueDate, after.number, after.id)))
  return walk.orderBy('issue_date').orderBy('invoice_number').orderBy('id').limit(query.limit)
}

/** A stretch of the period's documents with their lines (one more query). */
export function walkInvoicesByIssueDate(executor: Executor, companyId: string, query: IssueDateWalkQuery): Promise<WalkPage<Invoice, IssueDateCursor>> {
  return executor.snapshot(async (reader) => {
    const items = await withLines(reader, await reader.rows(issueDateWalkQuery(executor.db, companyId, query)))
    const last = items.at(-1)
    return { items, next: items.length === query.limit && last ? { issueDate: last.issueDate, number: last.number, id: last.id } : null }
  })
}

/** The lines of several documents, by document and position. */
export const linesQuery = (db: Kysely<Database>, invoiceIds: string[]) =>
  db.selectFrom('invoice_line').selectAll().where('invoice_id', 'in', invoiceIds).orderBy('invoice_id').orderBy('position')

/** The documents of `found` with their lines, read in one query. */
export async function withLines({ db, rows }: Executor, found: Selectable<InvoiceTable>[]): Promise<Invoice[]> {
  if (found.length === 0) return []
  const linesOf = linesByDocument(await rows(linesQuery(db, found.map((invoice) => invoice.id))), (line) => line.invoice_id)
  return found.map((invoice) => invoiceFromRow(invoice, linesOf.get(invoice.id) ?? []))
}
