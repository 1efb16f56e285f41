import type { Kysely, Migration } from 'kysely'
import { addSearchIndex } from './search-index'

/**
 * Documents (files) the company keeps (`file_document`), their links to records
 * (`file_document_link`, deleted with the document), the keys of stored bytes still to be
 * removed (`file_deletion`), the host's own secrets (`host_secret`), and each company's storage
 * quota.
 */
export const fileDocuments: Migration = {
  async up(db: Kysely<any>) {
    await createDocumentTable(db)
    await createLinkTable(db)
    await db.schema.createTable('file_deletion')
      .addColumn('seq', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity())
      // Noted once however often its removal is: the unique key makes that one INSERT … ON CONFLICT DO NOTHING.
      .addColumn('key', 'text', (c) => c.notNull().unique())
      .addColumn('at', 'timestamptz', (c) => c.notNull())
      .execute()
    await db.schema.createIndex('file_deletion_due').on('file_deletion').columns(['at']).execute()
    await db.schema.createTable('host_secret')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('value', 'text', (c) => c.notNull())
      .execute()
    await db.schema.alterTable('company').addColumn('storage_quota_bytes', 'bigint').execute()
  },
}

async function createDocumentTable(db: Kysely<any>) {
  await db.schema.createTable('file_document')
    .addColumn('seq', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('id', 'text', (c) => c.notNull().unique())
    .addColumn('company_id', 'text', (c) => c.notNull().references('company.id'))
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('sha256', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('title', 'text')
    .addColumn('description', 'text')
    .addColumn('category', 'text', (c) => c.notNull())
    // Folded file name and title, for search.
    .addColumn('search_text', 'text', (c) => c.notNull())
    // True while one upload through the host holds the right to write the bytes.
    .addColumn('upload_claimed', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('uploaded_at', 'timestamptz')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_by_key_id', 'text')
    .execute()
  // A list is one status of a company by created_at desc, id desc: scanned backwards, the index
  // gives a page its own rows in order with no sort step. After the order it holds what the
  // other filters test, so a filtered page and its count run through the index alone.
  await db.schema.createIndex('file_document_list').on('file_document')
    .columns(['company_id', 'status', 'created_at', 'id', 'category', 'search_text']).execute()
  // The quota check sums a company's sizes from the index, without reading the documents.
  await db.schema.createIndex('file_document_company_size').on('file_document').columns(['company_id', 'size']).execute()
  // The cleanup job reads the oldest pending uploads of every company.
  await db.schema.createIndex('file_document_pending').on('file_document').columns(['status', 'created_at']).execute()
  await addSearchIndex(db, 'file_document', 'search_text')
}

async function createLinkTable(db: Kysely<any>) {
  await db.schema.createTable('file_document_link')
    .addColumn('seq', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('id', 'text', (c) => c.notNull().unique())
    .addColumn('company_id', 'text', (c) => c.notNull().references('company.id'))
    .addColumn('document_id', 'text', (c) => c.notNull().references('file_document.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text', (c) => c.notNull())
    .addColumn('send_with_document', 'boolean', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    // One link per document and record, whichever transaction or process inserts first; it
    // also serves the cascade from the document and reading a document's links.
    .addUniqueConstraint('file_document_link_unique', ['document_id', 'type', 'target_id'])
    .execute()
  // The documents linked to a record: the list filters read it alone, the attachments in link order.
  await db.schema.createIndex('file_document_link_target').on('file_document_link')
    .columns(['company_id', 'type', 'target_id', 'created_at', 'id', 'document_id']).execute()
}
