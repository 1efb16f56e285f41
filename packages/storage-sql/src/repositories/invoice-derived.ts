import type { DocumentRef, DocumentSummary, DocumentType } from '@invoicing/core'
import type { Kysely } from 'kysely'
import type { Database } from '../database'
import type { Executor } from '../executor'

/**
 * The invoices made from any of `documentIds`, in insertion order: the ids come from two index
 * lookups united, by preceding document (`invoice_preceding`) and by source document
 * (`invoice_source_document`), both within the company (ids are unique across companies). An
 * OR on the table, or a company filter beside the ids, makes SQLite read every invoice of the
 * company instead.
 */
export const derivedFromQuery = (db: Kysely<Database>, companyId: string, documentIds: readonly string[]) =>
  db.selectFrom('invoice')
    .where('id', 'in', db.selectFrom('invoice').select('id').where('company_id', '=', companyId).where('preceding_document_id', 'in', documentIds)
      .union(db.selectFrom('invoice_source').select('invoice_id as id').where('company_id', '=', companyId).where('source_id', 'in', documentIds)))
    .orderBy('seq')

/**
 * In brief, the invoices made from any of `documentIds`, oldest first; one made from several
 * of them once per source, in the order of its links (the preceding document first).
 */
export async function summariesDerivedFrom(executor: Executor, companyId: string, documentIds: readonly string[]): Promise<DocumentSummary[]> {
  if (documentIds.length === 0) return []
  const wanted = new Set(documentIds)
  const found = await executor.rows(derivedFromQuery(executor.db, companyId, documentIds)
    .select(['invoice_type', 'id', 'invoice_number', 'status', 'preceding_document_id', 'source_documents']))
  return found.flatMap((invoice) => {
    const sources = (JSON.parse(invoice.source_documents) as DocumentRef[]).map((source) => source.id)
    const matched = new Set([invoice.preceding_document_id, ...sources].filter((id): id is string => id !== null && wanted.has(id)))
    return [...matched].map((sourceId) => ({
      documentType: invoice.invoice_type as DocumentType, id: invoice.id, number: invoice.invoice_number, status: invoice.status, precedingDocumentId: sourceId,
    }))
  })
}
