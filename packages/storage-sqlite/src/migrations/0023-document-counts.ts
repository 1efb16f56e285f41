import type { Kysely, Migration } from 'kysely'
import { addDocumentCounts } from './document-counts'

/**
 * Counts of each company's invoices and order documents by type and by the parts of one or two
 * characters their numbers hold: an unsearched list's total, and that of a search too short for
 * the trigram indexes, come from a few rows instead of from every document of the company.
 * Such a search's count also tests some customers' documents each, along the customer index:
 * the invoices' one gains the type at its end, as the order documents' has it already.
 */
export const documentCounts: Migration = {
  async up(db: Kysely<any>) {
    await addDocumentCounts(db, { table: 'invoice', typeColumn: 'invoice_type' })
    await addDocumentCounts(db, { table: 'order_document', typeColumn: 'document_type' })
    await db.schema.dropIndex('invoice_customer_list').execute()
    await db.schema.createIndex('invoice_customer_list').on('invoice')
      .columns(['customer_id', 'company_id', 'issue_date', 'created_at', 'seq', 'search_number', 'invoice_type']).execute()
  },
}
