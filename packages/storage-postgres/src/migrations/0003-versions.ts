import { type Kysely, type Migration } from 'kysely'

/** Document versions (frozen states of locked documents) and send reservations. */
export const versions: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.createTable('document_version')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('company_id', 'text', (c) => c.notNull().references('company.id'))
      // `invoice.id` is unique (its primary key is `seq`), so it can be referenced.
      .addColumn('invoice_id', 'text', (c) => c.notNull().references('invoice.id').onDelete('cascade'))
      .addColumn('version_number', 'integer', (c) => c.notNull())
      .addColumn('change_type', 'text', (c) => c.notNull())
      .addColumn('change_reason', 'text')
      // The frozen document as JSON, given back byte for byte.
      .addColumn('snapshot', 'text', (c) => c.notNull())
      .addColumn('pdf_key', 'text')
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addColumn('created_by', 'text', (c) => c.notNull())
      // Also the index of the list and of a version by number.
      .addUniqueConstraint('document_version_number_unique', ['company_id', 'invoice_id', 'version_number'])
      .execute()
    // Deleting a document looks up its versions for the cascade by `invoice_id` alone.
    await db.schema.createIndex('document_version_invoice').on('document_version').column('invoice_id').execute()

    // A row lives from a send's reservation to its release; a crashed send's row stays until it
    // expires and the next reservation replaces it.
    await db.schema.createTable('send_reservation')
      .addColumn('company_id', 'text', (c) => c.notNull().references('company.id'))
      .addColumn('invoice_id', 'text', (c) => c.notNull())
      .addColumn('token', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
      .addPrimaryKeyConstraint('send_reservation_pk', ['company_id', 'invoice_id'])
      .execute()
  },
}
