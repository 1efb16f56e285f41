import type { DocumentSummary, DocumentType } from '@invoicing/core'
import type { Kysely } from 'kysely'
import type { Database } from '../database'
import type { Executor } from '../executor'

/**
 * The invoices made from `documentId`: by their preceding document (index `invoice_preceding`)
 * or one of their source documents (`invoice_source_document`), in insertion order.
 */
export const derivedFromQuery = (db: Kysely<Database>, companyId: string, documentId: string) =>
  db.selectFrom('invoice').selectAll().where('company_id', '=', companyId)
    .where((eb) => eb.or([
      eb('preceding_document_id', '=', documentId),
      eb('id', 'in', eb.selectFrom('invoice_source').select('invoice_source.invoice_id')
        .where('invoice_source.company_id', '=', companyId).where('invoice_source.source_id', '=', documentId)),
    ]))
    .orderBy('seq')

/** The two lookups of the summaries: by preceding document and by source document, each through its index. */
export function summaryQueries(db: Kysely<Database>, companyId: string, documentIds: readonly string[]) {
  return {
    byPreceding: db.selectFrom('invoice')
      .select(['seq', 'invoice_type', 'id', 'invoice_number', 'status', 'preceding_document_id as source_id'])
      .where('company_id', '=', companyId).where('preceding_document_id', 'in', documentIds),
    bySource: db.selectFrom('invoice_source').innerJoin('invoice', 'invoice.id', 'invoice_source.invoice_id')
      .select(['invoice.seq', 'invoice.invoice_type', 'invoice.id', 'invoice.invoice_number', 'invoice.status', 'invoice_source.source_id', 'invoice_source.position'])
      .where('invoice_source.company_id', '=', companyId).where('invoice_source.source_id', 'in', documentIds),
  }
}

/**
 * In brief, the invoices made from any of `documentIds`, oldest first; one made from several
 * of them once per source, in the order of its links (the preceding document first).
 */
export function summariesDerivedFrom(executor: Executor, companyId: string, documentIds: readonly string[]): Promise<DocumentSummary[]> {
  if (documentIds.length === 0) return Promise.resolve([])
  const { byPreceding, bySource } = summaryQueries(executor.db, companyId, documentIds)
  return executor.snapshot(async (reader) => {
    const links = [
      ...(await reader.rows(byPreceding)).map((link) => ({ ...link, position: -1 })),
      ...await reader.rows(bySource),
    ].sort((a, b) => a.seq - b.seq || a.position - b.position)
    const seen = new Set<string>()
    return links.flatMap((link) => {
      const key = `${link.id}\u0000${link.source_id}`
      if (seen.has(key)) return []
      seen.add(key)
      return [{ documentType: link.invoice_type as DocumentType, id: link.id, number: link.invoice_number, status: link.status, precedingDocumentId: link.source_id! }]
    })
  })
}
