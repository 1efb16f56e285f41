import { foldForSearch } from '@invoicing/core'
import { sql, type Kysely, type Migration } from 'kysely'
import { addSearchIndex } from './search-index'

/**
 * Documents and their lines, document categories, idempotency keys, the event outbox and the
 * audit trail; and `customer.search_name`, which the invoice list searches.
 */
export const invoices: Migration = {
  async up(db: Kysely<any>) {
    await addCustomerSearchName(db)

    await db.schema.createTable('document_category')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('seq', 'bigint', (c) => c.generatedByDefaultAsIdentity())
      .addColumn('company_id', 'text', (c) => c.notNull().references('company.id'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .execute()
    await db.schema.createIndex('document_category_company_name').on('document_category').columns(['company_id', 'name', 'created_at', 'seq']).execute()

    await createInvoiceTables(db)

    await db.schema.createTable('idempotency_key')
      .addColumn('company_id', 'text', (c) => c.notNull().references('company.id'))
      .addColumn('key', 'text', (c) => c.notNull())
      .addColumn('fingerprint', 'text', (c) => c.notNull())
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('claim_expires_at', 'timestamptz', (c) => c.notNull())
      .addColumn('response_status', 'integer')
      // The stored answer, given back byte for byte.
      .addColumn('response_body', 'text', (c) => c.notNull())
      .addColumn('resource_id', 'text')
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addPrimaryKeyConstraint('idempotency_key_pk', ['company_id', 'key'])
      .execute()
    await db.schema.createIndex('idempotency_key_resource').on('idempotency_key').columns(['company_id', 'resource_id']).execute()
    await db.schema.createIndex('idempotency_key_created').on('idempotency_key').column('created_at').execute()

    await db.schema.createTable('event_outbox')
      .addColumn('sequence', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity())
      .addColumn('id', 'text', (c) => c.notNull().unique())
      .addColumn('company_id', 'text', (c) => c.notNull().references('company.id'))
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      // The event's payload as written: what webhooks deliver.
      .addColumn('data', 'text', (c) => c.notNull())
      .addColumn('dispatched_at', 'timestamptz')
      .execute()
    await db.schema.createIndex('event_outbox_company').on('event_outbox').columns(['company_id', 'sequence']).execute()
    // What the delivery worker polls: the pending events, oldest first.
    await db.schema.createIndex('event_outbox_pending').on('event_outbox').column('sequence').where(sql.ref('dispatched_at'), 'is', null).execute()

    await db.schema.createTable('audit_entry')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('seq', 'bigint', (c) => c.generatedByDefaultAsIdentity())
      .addColumn('company_id', 'text', (c) => c.notNull().references('company.id'))
      .addColumn('api_key_id', 'text')
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('target_type', 'text', (c) => c.notNull())
      .addColumn('target_id', 'text', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      // A record of what happened, kept as written.
      .addColumn('details', 'text', (c) => c.notNull())
      .execute()
    await db.schema.createIndex('audit_entry_company').on('audit_entry').columns(['company_id', 'created_at', 'seq']).execute()
    await db.schema.createIndex('audit_entry_target').on('audit_entry').columns(['company_id', 'target_id', 'created_at', 'seq']).execute()
    await db.schema.createIndex('audit_entry_action').on('audit_entry').columns(['company_id', 'action', 'created_at', 'seq']).execute()
  },
}

/**
 * The invoice list matches a customer's folded name alone (`search_text` also holds number and
 * email). Folding is Unicode-aware, which SQL cannot do, so existing rows are filled in here.
 */
async function addCustomerSearchName(db: Kysely<any>) {
  await db.schema.alterTable('customer').addColumn('search_name', 'text', (c) => c.notNull().defaultTo('')).execute()
  const { rows } = await sql<{ id: string; name: string }>`select id, name from customer`.execute(db)
  for (const { id, name } of rows) {
    await sql`update customer set search_name = ${foldForSearch(name)} where id = ${id}`.execute(db)
  }
  await addSearchIndex(db, 'customer', 'search_name')
}

/**
 * The list is sorted by issue_date desc, created_at desc, seq desc (`seq`: the insertion
 * order). Each filter has an index that starts with it and continues in list order down to
 * `seq`, so scanning one backwards yields exactly the list order with no sort step, and a page
 * reads only its own rows even among 100,000 documents. The company index also holds what the
 * search tests, so a search runs through the index without reading every document.
 */
async function createInvoiceTables(db: Kysely<any>) {
  await db.schema.createTable('invoice')
    .addColumn('seq', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('id', 'text', (c) => c.notNull().unique())
    .addColumn('company_id', 'text', (c) => c.notNull().references('company.id'))
    .addColumn('invoice_number', 'text', (c) => c.notNull())
    .addColumn('search_number', 'text', (c) => c.notNull())
    .addColumn('number_issued', 'boolean', (c) => c.notNull())
    .addColumn('invoice_type', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    // A customer or category with documents cannot be deleted, whatever the caller checked.
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customer.id'))
    .addColumn('document_category_id', 'text', (c) => c.references('document_category.id'))
    .addColumn('document_locale', 'text', (c) => c.notNull())
    .addColumn('document_text_version', 'text', (c) => c.notNull())
    .addColumn('issue_date', 'date', (c) => c.notNull())
    .addColumn('due_date', 'date', (c) => c.notNull())
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
    .addColumn('invoice_date_is_service_date', 'boolean', (c) => c.notNull())
    .addColumn('use_shipping_address', 'boolean', (c) => c.notNull())
    .addColumn('shipping_name', 'text')
    .addColumn('shipping_street', 'text')
    .addColumn('shipping_zip_code', 'text')
    .addColumn('shipping_city', 'text')
    .addColumn('shipping_country', 'text')
    .addColumn('order_number', 'text')
    .addColumn('buyer_reference', 'text')
    // The e-invoice check's findings as computed (JSON object or null).
    .addColumn('e_invoice_audit', 'text')
    // The caller's own key-value pairs.
    .addColumn('metadata', 'jsonb', (c) => c.notNull())
    .addColumn('sent_at', 'timestamptz')
    .addColumn('paid_at', 'timestamptz')
    .addColumn('locked_at', 'timestamptz')
    .addColumn('credit_note_reason', 'text')
    .addColumn('parent_invoice_id', 'text')
    .addColumn('source_type', 'text')
    .addColumn('source_id', 'text')
    .addColumn('dunning_paused', 'boolean', (c) => c.notNull())
    .addColumn('dunning_paused_at', 'timestamptz')
    .addColumn('dunning_paused_reason', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addUniqueConstraint('invoice_number_unique', ['company_id', 'invoice_number'])
    .execute()
  const listIndex = (name: string, leading: string[], trailing: string[] = ['seq']) =>
    db.schema.createIndex(name).on('invoice').columns([...leading, 'issue_date', 'created_at', ...trailing]).execute()
  await listIndex('invoice_company_list', ['company_id'], ['seq', 'customer_id', 'search_number'])
  await listIndex('invoice_status_list', ['company_id', 'status'])
  await listIndex('invoice_type_list', ['company_id', 'invoice_type'])
  // Customer and category ids lead, so these also serve the foreign keys (deleting a customer
  // looks up its documents) and existsForCustomer/existsForCategory.
  await listIndex('invoice_customer_list', ['customer_id', 'company_id'])
  await listIndex('invoice_category_list', ['document_category_id', 'company_id'])
  await addSearchIndex(db, 'invoice', 'search_number')

  await db.schema.createTable('invoice_line')
    .addColumn('invoice_id', 'text', (c) => c.notNull().references('invoice.id').onDelete('cascade'))
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
    .addPrimaryKeyConstraint('invoice_line_pk', ['invoice_id', 'position'])
    .execute()
}
