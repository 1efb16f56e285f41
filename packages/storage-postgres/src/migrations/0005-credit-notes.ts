import { type Kysely, type Migration } from 'kysely'

/** The payout of credit notes: its status is a list filter, the rest travels with it. */
export const creditNotes: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('invoice')
      .addColumn('payout_status', 'text')
      .addColumn('payout_reference', 'text')
      .addColumn('payout_note', 'text')
      .addColumn('payout_executed_at', 'timestamptz')
      .addColumn('payout_updated_at', 'timestamptz')
      .execute()
    // The credit-note list (type CREDIT_NOTE) filtered by payout status, in list order.
    await db.schema.createIndex('invoice_payout_list').on('invoice')
      .columns(['company_id', 'invoice_type', 'payout_status', 'issue_date', 'created_at', 'seq'])
      .where('payout_status', 'is not', null)
      .execute()
  },
}
