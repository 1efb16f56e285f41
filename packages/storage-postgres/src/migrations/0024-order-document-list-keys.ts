import type { Kysely, Migration } from 'kysely'

/**
 * The order documents' list index also holds their insertion order (`seq`), as the invoices'
 * does. A page is read in two steps here: the page's keys from the index alone (an index-only
 * scan, past the rows the offset skips and those a search tests), then the rows of those keys.
 * Without `seq` in the index, the first step fetched every row it passed from the table.
 * The index keeps its order and the columns the search tests.
 */
export const orderDocumentListKeys: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.dropIndex('order_document_list').execute()
    await db.schema.createIndex('order_document_list').on('order_document')
      .columns(['company_id', 'document_type', 'issue_date', 'number', 'seq', 'customer_id', 'search_number']).execute()
  },
}
