import { type DocumentRef, type DocumentType, type Invoice, type InvoiceListQuery, type Page } from '@invoicing/core'
import type { Kysely, Selectable } from 'kysely'
import type { Database, InvoiceTable } from '../database'
import type { Executor } from '../executor'
import { linesByDocument } from './document-lines'
import { numberOrCustomerNameContains } from './document-search'
import { invoiceFromRow } from './invoice-rows'
import { readPage } from './read-page'

/**
 * The page and count queries of the invoice list. Filters are AND-combined; the search is a
 * literal (`%` and `_` are plain characters) folded part of the number or
 * of the customer's current name. Each single filter is served by an index (see migration 0002).
 */
export function invoiceListQueries(db: Kysely<Database>, companyId: string, query: InvoiceListQuery) {
  let filtered = db.selectFrom('invoice').where('company_id', '=', companyId)
  if (query.status) filtered = filtered.where('status', '=', query.status)
  if (query.documentType) filtered = filtered.where('invoice_type', '=', query.documentType)
  if (query.customerId) filtered = filtered.where('customer_id', '=', query.customerId)
  if (query.documentCategoryId) filtered = filtered.where('document_category_id', '=', query.documentCategoryId)
  if (query.payoutStatus) filtered = filtered.where('payout_status', '=', query.payoutStatus)
  if (query.from) filtered = filtered.where('issue_date', '>=', query.from)
  if (query.to) filtered = filtered.where('issue_date', '<=', query.to)
  if (query.search) filtered = filtered.where((eb) => numberOrCustomerNameContains(eb, companyId, query.search!))
  return {
    rows: filtered.selectAll('invoice')
      .orderBy('issue_date', 'desc').orderBy('created_at', 'desc').orderBy('seq', 'desc')
      .limit(query.limit).offset(query.offset),
    total: filtered.select((eb) => eb.fn.countAll<number>().as('total')),
  }
}

/** One page of the list with its total and, from two more queries, the lines and source documents of its documents. */
export function listInvoices(executor: Executor, companyId: string, query: InvoiceListQuery): Promise<Page<Invoice>> {
  return readPage(executor, invoiceListQueries(executor.db, companyId, query), query, (found, reader) => withLines(reader, found))
}

/** The lines of several documents, by document and position. */
export const linesQuery = (db: Kysely<Database>, invoiceIds: string[]) =>
  db.selectFrom('invoice_line').selectAll().where('invoice_id', 'in', invoiceIds).orderBy('invoice_id').orderBy('position')

/** The source documents of several invoices, by invoice and position. */
export const sourcesQuery = (db: Kysely<Database>, invoiceIds: string[]) =>
  db.selectFrom('invoice_source').select(['invoice_id', 'source_type', 'source_id']).where('invoice_id', 'in', invoiceIds).orderBy('invoice_id').orderBy('position')

/** The documents of `found` with their lines and source documents, read in one query each. */
export async function withLines({ db, rows }: Executor, found: Selectable<InvoiceTable>[]): Promise<Invoice[]> {
  if (found.length === 0) return []
  const ids = found.map((invoice) => invoice.id)
  const linesOf = linesByDocument(await rows(linesQuery(db, ids)), (line) => line.invoice_id)
  const sourcesOf = new Map<string, DocumentRef[]>()
  for (const source of await rows(sourcesQuery(db, ids))) {
    const ref = { documentType: source.source_type as DocumentType, id: source.source_id }
    const list = sourcesOf.get(source.invoice_id)
    if (list) list.push(ref)
    else sourcesOf.set(source.invoice_id, [ref])
  }
  return found.map((invoice) => invoiceFromRow(invoice, linesOf.get(invoice.id) ?? [], sourcesOf.get(invoice.id) ?? []))
}
