import { type Kysely, type Migration } from 'kysely'

/** Reminders (dunning) of documents: one per level and document. */
export const reminders: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.createTable('reminder')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('company_id', 'text', (c) => c.notNull().references('company.id'))
      .addColumn('invoice_id', 'text', (c) => c.notNull().references('invoice.id').onDelete('cascade'))
      .addColumn('level', 'integer', (c) => c.notNull())
      .addColumn('sent_at', 'text', (c) => c.notNull())
      .addColumn('sent_to', 'text', (c) => c.notNull())
      // Exact decimal text, never REAL.
      .addColumn('fee', 'text', (c) => c.notNull())
      .addColumn('interest_rate', 'text', (c) => c.notNull())
      .addColumn('interest_days', 'integer', (c) => c.notNull())
      .addColumn('interest_amount', 'text', (c) => c.notNull())
      .addColumn('days_overdue', 'integer', (c) => c.notNull())
      .addColumn('remaining_amount', 'text', (c) => c.notNull())
      .addColumn('total_amount', 'text', (c) => c.notNull())
      .addUniqueConstraint('reminder_level_unique', ['invoice_id', 'level'])
      .execute()
    await db.schema.createIndex('reminder_company_invoice').on('reminder').columns(['company_id', 'invoice_id', 'level']).execute()
  },
}
