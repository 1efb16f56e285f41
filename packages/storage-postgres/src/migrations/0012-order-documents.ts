import { sql, type Kysely, type Migration } from 'kysely'
import { addSearchIndex } from './search-index'

/**
 * Quotes, order confirmations, delivery notes and orders (`order_document`, one table with
 * their type) and their lines; the order documents an invoice was made from; and the
 * company's quote validity.
 */
export const orderDocuments: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('company').addColumn('quote_validity_days', 'integer', (c) => c.notNull().defaultTo(30)).execute()
    await createOrderDocumentTable(db)
    await createListIndexes(db)

    await db.schema.createTable('order_document_line')
      .addColumn('order_document_id', 'text', (c) => c.notNull().references('order_document.id').onDelete('cascade'))
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('id', 'text', (c) => c.notNull())
      .addColumn('line_type', 'text', (c) => c.notNull())
      .addColumn('product_id', 'text')
      .addColumn('description', 'text')
      .addColumn('quantity', 'numeric', (c) => c.notNull())
      .addColumn('unit', 'text')
      .addColumn('unit_price', 'numeric', (c) => c.notNull())
      .addColumn('discount', 'numeric', (c) => c.notNull())
      .addColumn('requested_tax_rate', 'numeric')
      .addColumn('tax_rate', 'numeric', (c) => c.notNull())
      .addColumn('tax_category', 'text')
      .addColumn('net_amount', 'numeric', (c) => c.notNull())
      .addColumn('source_line_id', 'text')
      .addPrimaryKeyConstraint('order_document_line_pk', ['order_document_id', 'position'])
      .execute()

    // An invoice's source documents are read with it, from its row (a JSON array the engine
    // wrote); `invoice_source` is their index, to find the invoices made from a document. Its
    // rows go with the invoice (the cascade finds them by the primary key, which starts with
    // `invoice_id`).
    await db.schema.alterTable('invoice').addColumn('source_documents', 'text', (c) => c.notNull().defaultTo('[]')).execute()
    await db.schema.createTable('invoice_source')
      .addColumn('company_id', 'text', (c) => c.notNull().references('company.id'))
      .addColumn('invoice_id', 'text', (c) => c.notNull().references('invoice.id').onDelete('cascade'))
      .addColumn('source_id', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('invoice_source_pk', ['invoice_id', 'source_id'])
      .execute()
    await db.schema.createIndex('invoice_source_document').on('invoice_source').columns(['company_id', 'source_id']).execute()
  },
}

async function createOrderDocumentTable(db: Kysely<any>) {
  await db.schema.createTable('order_document')
    .addColumn('seq', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('id', 'text', (c) => c.notNull().unique())
    .addColumn('company_id', 'text', (c) => c.notNull().references('company.id'))
    .addColumn('document_type', 'text', (c) => c.notNull())
    .addColumn('number', 'text', (c) => c.notNull())
    .addColumn('search_number', 'text', (c) => c.notNull())
    .addColumn('number_issued', 'boolean', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    // A customer or category with documents cannot be deleted, whatever the caller checked.
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customer.id'))
    .addColumn('document_category_id', 'text', (c) => c.references('document_category.id'))
    .addColumn('document_locale', 'text', (c) => c.notNull())
    .addColumn('document_text_version', 'text', (c) => c.notNull())
    .addColumn('issue_date', 'date', (c) => c.notNull())
    .addColumn('service_period_start', 'date')
    .addColumn('service_period_end', 'date')
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('net_total', 'numeric', (c) => c.notNull())
    .addColumn('tax_total', 'numeric', (c) => c.notNull())
    .addColumn('gross_total', 'numeric', (c) => c.notNull())
    // Figures the engine computed (JSON array), read back whole.
    .addColumn('tax_breakdown', 'text', (c) => c.notNull())
    .addColumn('reverse_charge', 'boolean', (c) => c.notNull())
    .addColumn('tax_exemption_reason', 'text', (c) => c.notNull())
    .addColumn('tax_exemption_note', 'text')
    .addColumn('tax_country', 'text', (c) => c.notNull())
    .addColumn('delivery_country', 'text', (c) => c.notNull())
    .addColumn('oss_applicable', 'boolean', (c) => c.notNull())
    .addColumn('oss_country', 'text')
    .addColumn('notes', 'text')
    .addColumn('footer', 'text')
    .addColumn('header_text', 'text')
    .addColumn('custom_title', 'text')
    .addColumn('pdf_without_letterhead', 'boolean', (c) => c.notNull())
    .addColumn('use_shipping_address', 'boolean', (c) => c.notNull())
    .addColumn('shipping_name', 'text')
    .addColumn('shipping_street', 'text')
    .addColumn('shipping_zip_code', 'text')
    .addColumn('shipping_city', 'text')
    .addColumn('shipping_country', 'text')
    .addColumn('order_number', 'text')
    .addColumn('buyer_reference', 'text')
    // The caller's own key-value pairs.
    .addColumn('metadata', 'jsonb', (c) => c.notNull())
    .addColumn('preceding_document_type', 'text')
    .addColumn('preceding_document_id', 'text')
    .addColumn('sent_at', 'timestamptz')
    .addColumn('locked_at', 'timestamptz')
    .addColumn('finalized_at', 'timestamptz')
    .addColumn('valid_until', 'date')
    .addColumn('accepted_at', 'timestamptz')
    .addColumn('rejected_at', 'timestamptz')
    .addColumn('rejection_reason', 'text')
    .addColumn('expired_at', 'timestamptz')
    .addColumn('delivery_date', 'date')
    .addColumn('completed_at', 'timestamptz')
    .addColumn('completed_automatically', 'boolean', (c) => c.notNull())
    .addColumn('show_prices', 'boolean', (c) => c.notNull())
    .addColumn('tracking_reference', 'text')
    .addColumn('delivered_at', 'timestamptz')
    .addColumn('requested_delivery_date', 'date')
    .addColumn('external_id', 'text')
    .addColumn('source', 'text')
    .addColumn('delivery_status', 'text')
    .addColumn('invoice_status', 'text', (c) => c.notNull())
    // Per line id, the quantities descendants hold by type: a JSON object the engine keeps.
    .addColumn('converted_quantities', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    // Numbers are unique across the four types: each type has its own range and prefix.
    .addUniqueConstraint('order_document_number_unique', ['company_id', 'number'])
    .execute()
  // A shop's order id makes a create idempotent; documents without one are not compared.
  await sql`create unique index order_document_external_id on order_document (company_id, external_id) where external_id is not null`.execute(db)
  // The documents made from one are looked up by it.
  await db.schema.createIndex('order_document_preceding').on('order_document').columns(['company_id', 'preceding_document_id']).execute()
  await addSearchIndex(db, 'order_document', 'search_number')
}

/**
 * A list is one type's documents by issue_date desc, number desc (the number is unique in the
 * company, so nothing ties after it). As for invoices, each filter has an index that starts
 * with it and continues in list order, ascending and scanned backwards: a page reads only its
 * own rows, with no sort step, among 100,000 documents. The plain list index also holds what
 * the search tests, so a search runs through the index.
 */
async function createListIndexes(db: Kysely<any>) {
  const listIndex = (name: string, leading: string[], trailing: string[] = []) =>
    db.schema.createIndex(name).on('order_document').columns([...leading, 'issue_date', 'number', ...trailing]).execute()
  await listIndex('order_document_list', ['company_id', 'document_type'], ['customer_id', 'search_number'])
  await listIndex('order_document_status_list', ['company_id', 'document_type', 'status'])
  await listIndex('order_document_invoice_status_list', ['company_id', 'document_type', 'invoice_status'])
  await listIndex('order_document_delivery_status_list', ['company_id', 'document_type', 'delivery_status'])
  // Customer and category ids lead, so these also serve the foreign keys and existsForCustomer/existsForCategory.
  await listIndex('order_document_customer_list', ['customer_id', 'company_id', 'document_type'])
  await listIndex('order_document_category_list', ['document_category_id', 'company_id', 'document_type'])
  // The quotes past their validity, which the scheduler expires: only those are read (and sorted).
  await db.schema.createIndex('order_document_validity').on('order_document').columns(['company_id', 'document_type', 'status', 'valid_until']).execute()
}
