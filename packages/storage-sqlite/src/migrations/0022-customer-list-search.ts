import type { Kysely, Migration } from 'kysely'

/**
 * The lists by customer also hold the searched number. A search tested on each row counts the
 * documents whose number holds the needle among the customers whose name does not: along these
 * indexes that reads only those customers' entries, and nothing when every customer's name
 * holds it. Each index keeps its order (the list's, to the last tie-breaker) and only gains a
 * column at the end.
 */
export const customerListSearch: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.dropIndex('invoice_customer_list').execute()
    await db.schema.createIndex('invoice_customer_list').on('invoice')
      .columns(['customer_id', 'company_id', 'issue_date', 'created_at', 'seq', 'search_number']).execute()
    await db.schema.dropIndex('order_document_customer_list').execute()
    await db.schema.createIndex('order_document_customer_list').on('order_document')
      .columns(['customer_id', 'company_id', 'document_type', 'issue_date', 'number', 'search_number']).execute()
  },
}
