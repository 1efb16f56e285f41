import { type Kysely, type Migration } from 'kysely'

/** Payments of documents, and the lookup of credit notes by the invoice they refer to. */
export const payments: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.createTable('payment')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('company_id', 'text', (c) => c.notNull().references('company.id'))
      // `invoice.id` is unique (its primary key is `seq`), so it can be referenced.
      .addColumn('invoice_id', 'text', (c) => c.notNull().references('invoice.id').onDelete('cascade'))
      // Exact decimal: numeric keeps the digits and the scale it was given.
      .addColumn('amount', 'numeric', (c) => c.notNull())
      .addColumn('payment_date', 'date', (c) => c.notNull())
      .addColumn('payment_method', 'text', (c) => c.notNull())
      .addColumn('reference', 'text')
      .addColumn('notes', 'text')
      // The proforma the payment was recorded on before its conversion; forgotten with it.
      .addColumn('moved_from_invoice_id', 'text', (c) => c.references('invoice.id').onDelete('set null'))
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
      .execute()
    // The index of a document's payments, latest payment date first.
    await db.schema.createIndex('payment_company_invoice').on('payment').columns(['company_id', 'invoice_id', 'payment_date']).execute()
    // Deleting a document looks up its payments (cascade) and the payments moved from it
    // (set null) by those columns alone.
    await db.schema.createIndex('payment_invoice').on('payment').column('invoice_id').execute()
    await db.schema.createIndex('payment_moved_from').on('payment').column('moved_from_invoice_id').execute()
    // An invoice's credit notes (its cancellation among them).
    await db.schema.createIndex('invoice_parent').on('invoice').columns(['company_id', 'parent_invoice_id']).execute()
  },
}
