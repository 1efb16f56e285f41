import type { Kysely, Migration } from 'kysely'

/**
 * The accounting exports read a period's documents by issue date, then number, and its payments
 * by payment date, in stretches that continue after the last one read (a keyset). These indexes
 * make each stretch a range read wherever it starts.
 */
export const exportWalks: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.createIndex('invoice_issue_walk').on('invoice').columns(['company_id', 'issue_date', 'invoice_number', 'id']).execute()
    await db.schema.createIndex('payment_date_walk').on('payment').columns(['company_id', 'payment_date', 'created_at', 'id']).execute()
  },
}
