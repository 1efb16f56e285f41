import type { Database } from '../database'
import type { DOCUMENT_COUNT_TABLES } from '../search'

/** A table the copy moves, and the columns of its primary key. */
export interface CopiedTable {
  readonly name: keyof Database
  readonly key: readonly string[]
}

/**
 * Every table of the schema, each after the tables its foreign keys point to, so rows can be
 * inserted in this order with every constraint checked as they arrive.
 */
export const COPIED_TABLES = [
  { name: 'company', key: ['id'] },
  { name: 'api_key', key: ['id'] },
  { name: 'customer', key: ['id'] },
  { name: 'product', key: ['id'] },
  { name: 'number_sequence', key: ['company_id', 'sequence_key'] },
  { name: 'usage_counter', key: ['company_id', 'month'] },
  { name: 'usage_document_count', key: ['company_id', 'month', 'document_type'] },
  { name: 'document_category', key: ['id'] },
  { name: 'invoice', key: ['seq'] },
  { name: 'invoice_line', key: ['invoice_id', 'position'] },
  { name: 'invoice_source', key: ['invoice_id', 'source_id'] },
  { name: 'order_document', key: ['seq'] },
  { name: 'order_document_line', key: ['order_document_id', 'position'] },
  { name: 'recurring_schedule', key: ['seq'] },
  { name: 'recurring_occurrence', key: ['seq'] },
  { name: 'idempotency_key', key: ['company_id', 'key'] },
  { name: 'event_outbox', key: ['sequence'] },
  { name: 'audit_entry', key: ['id'] },
  { name: 'document_version', key: ['id'] },
  { name: 'send_reservation', key: ['company_id', 'invoice_id'] },
  { name: 'payment', key: ['id'] },
  { name: 'reminder', key: ['id'] },
  { name: 'webhook_endpoint', key: ['id'] },
  { name: 'webhook_delivery', key: ['id'] },
  { name: 'webhook_attempt', key: ['id'] },
  { name: 'file_document', key: ['seq'] },
  { name: 'file_document_link', key: ['seq'] },
  { name: 'file_deletion', key: ['seq'] },
  { name: 'host_secret', key: ['name'] },
  { name: 'export_file', key: ['seq'] },
  { name: 'export_record', key: ['export_id', 'record_id'] },
  { name: 'blog_media', key: ['seq'] },
  { name: 'blog_category', key: ['seq'] },
  { name: 'blog_tag', key: ['seq'] },
  { name: 'blog_post', key: ['seq'] },
  { name: 'blog_post_category', key: ['post_id', 'category_id'] },
  { name: 'blog_post_tag', key: ['post_id', 'tag_id'] },
] as const satisfies readonly CopiedTable[]

// A table added to the schema and not to the list above fails to compile here, rather than
// being left behind by the copy. The documents' counts are derived: the target keeps its own.
type Missing = Exclude<keyof Database, (typeof COPIED_TABLES)[number]['name'] | (typeof DOCUMENT_COUNT_TABLES)[number]>
const everyTableCopied: [Missing] extends [never] ? true : Missing = true
void everyTableCopied
