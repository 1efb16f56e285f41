import type { Kysely, Migration } from 'kysely'

/**
 * Exports (`export_file`: the record of a file handed over, never deleted) and the records each
 * contains (`export_record`), which `onlyNotExported` leaves out while their export is COMPLETED.
 */
export const exports: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.createTable('export_file')
      .addColumn('seq', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity())
      .addColumn('id', 'text', (c) => c.notNull().unique())
      .addColumn('company_id', 'text', (c) => c.notNull().references('company.id'))
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      // JSON objects: what was asked for and what came out, kept as the export wrote them.
      .addColumn('parameters', 'text', (c) => c.notNull())
      .addColumn('summary', 'text', (c) => c.notNull())
      .addColumn('file_name', 'text', (c) => c.notNull())
      .addColumn('content_type', 'text', (c) => c.notNull())
      .addColumn('encoding', 'text', (c) => c.notNull())
      .addColumn('size', 'bigint', (c) => c.notNull())
      .addColumn('sha256', 'text', (c) => c.notNull())
      .addColumn('document_count', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addColumn('created_by_key_id', 'text')
      .addColumn('voided_at', 'timestamptz')
      .addColumn('void_reason', 'text')
      .execute()
    // A list is a company's exports by created_at desc, id desc; type and status filter from the index.
    await db.schema.createIndex('export_file_list').on('export_file').columns(['company_id', 'created_at', 'id', 'type', 'status']).execute()
    await db.schema.createTable('export_record')
      .addColumn('export_id', 'text', (c) => c.notNull().references('export_file.id'))
      .addColumn('company_id', 'text', (c) => c.notNull())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('record_id', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('export_record_key', ['export_id', 'record_id'])
      .execute()
    // The records of a company's exports of one type, read for onlyNotExported.
    await db.schema.createIndex('export_record_by_type').on('export_record').columns(['company_id', 'type', 'record_id', 'export_id']).execute()
  },
}
