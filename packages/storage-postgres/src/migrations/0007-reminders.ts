import { type Kysely, type Migration } from 'kysely'

/** Reminders (dunning) of documents: one per level and document. */
export const reminders: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.createTable('reminder')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('company_id', 'text', (c) => c.notNull().references('company.id'))
      .addColumn('invoice_id', 'text', (c) => c.notNull().references('invoice.id').onDelete('cascade'))
      .addColumn('level', 'integer', (c) => c.notNull())
      .addColumn('sent_at', 'timestamptz', (c) => c.notNull())
      .addColumn('sent_to', 'text', (c) => c.notNull())
      .addColumn('fee', 'numeric', (c) => c.notNull())
      .addColumn('interest_rate', 'numeric', (c) => c.notNull())
      .addColumn('interest_days', 'integer', (c) => c.notNull())
      .addColumn('interest_amount', 'numeric', (c) => c.notNull())
      .addColumn('days_overdue', 'integer', (c) => c.notNull())
      .addColumn('remaining_amount', 'numeric', (c) => c.notNull())
      .addColumn('total_amount', 'numeric', (c) => c.notNull())
      .addUniqueConstraint('reminder_level_unique', ['invoice_id', 'level'])
      .execute()
    await db.schema.createIndex('reminder_company_invoice').on('reminder').columns(['company_id', 'invoice_id', 'level']).execute()
  },
}
