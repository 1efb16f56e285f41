import { type Kysely, type Migration } from 'kysely'

/** The payout of credit notes: its status is a list filter, the rest travels with it. */
export const creditNotes: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('invoice').addColumn('payout_status', 'text').execute()
    await db.schema.alterTable('invoice').addColumn('payout_reference', 'text').execute()
    await db.schema.alterTable('invoice').addColumn('payout_note', 'text').execute()
    await db.schema.alterTable('invoice').addColumn('payout_executed_at', 'text').execute()
    await db.schema.alterTable('invoice').addColumn('payout_updated_at', 'text').execute()
    // The credit-note list (type CREDIT_NOTE) filtered by payout status, in list order.
    await db.schema.createIndex('invoice_payout_list').on('invoice')
      .columns(['company_id', 'invoice_type', 'payout_status', 'issue_date', 'created_at'])
      .where('payout_status', 'is not', null)
      .execute()
  },
}
