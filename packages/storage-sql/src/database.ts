import type { Generated } from 'kysely'

/**
 * The tables as kysely sees them, column names as in SQL. Booleans are 0/1, JSON columns are
 * text, money and rates are exact decimal text, timestamps ISO 8601 text.
 */
export interface Database {
  company: CompanyTable
  api_key: ApiKeyTable
  customer: CustomerTable
  product: ProductTable
  number_sequence: NumberSequenceTable
  usage_counter: UsageCounterTable
  usage_document_count: UsageDocumentCountTable
  invoice: InvoiceTable
  invoice_line: InvoiceLineTable
  invoice_source: InvoiceSourceTable
  order_document: OrderDocumentTable
  order_document_line: OrderDocumentLineTable
  invoice_count: DocumentCountTable
  order_document_count: DocumentCountTable
  recurring_schedule: RecurringScheduleTable
  recurring_occurrence: RecurringOccurrenceTable
  document_category: DocumentCategoryTable
  file_document: FileDocumentTable
  file_document_link: FileDocumentLinkTable
  file_deletion: FileDeletionTable
  host_secret: HostSecretTable
  export_file: ExportFileTable
  export_record: ExportRecordTable
  blog_post: BlogPostTable
  blog_post_category: BlogPostCategoryTable
  blog_post_tag: BlogPostTagTable
  blog_category: BlogCategoryTable
  blog_tag: BlogTagTable
  blog_media: BlogMediaTable
  idempotency_key: IdempotencyKeyTable
  event_outbox: EventOutboxTable
  audit_entry: AuditEntryTable
  document_version: DocumentVersionTable
  send_reservation: SendReservationTable
  payment: PaymentTable
  webhook_endpoint: WebhookEndpointTable
  webhook_delivery: WebhookDeliveryTable
  webhook_attempt: WebhookAttemptTable
  reminder: ReminderTable
}

export interface CompanyTable {
  id: string
  name: string
  street: string | null
  zip_code: string | null
  city: string | null
  country: string
  email: string | null
  phone: string | null
  website: string | null
  vat_id: string | null
  tax_number: string | null
  iban: string | null
  bic: string | null
  bank_name: string | null
  sepa_creditor_id: string | null
  plan: string
  document_quota: number | null
  api_call_quota: number | null
  storage_quota_bytes: number | null
  payment_term_days: number
  default_locale: string
  small_business: number
  oss_registered: number
  reminder_fees: string
  default_interest_rate: string
  texts: string
  number_ranges: string
  time_zone: string
  quote_validity_days: number
  /** The export settings the company set, JSON objects. */
  datev: string
  bmd: string
  vat_return: string
  sepa: string
  created_at: string
  updated_at: string
}

export interface ApiKeyTable {
  id: string
  company_id: string
  name: string
  key_hash: string
  key_prefix: string
  scopes: string
  platform_admin: number
  created_at: string
  revoked_at: string | null
  last_used_at: string | null
}

export interface CustomerTable {
  id: string
  company_id: string
  customer_number: string
  name: string
  email: string | null
  street: string | null
  zip_code: string | null
  city: string | null
  country: string
  vat_id: string | null
  tax_number: string | null
  payment_term_days: number | null
  default_locale: string | null
  buyer_reference: string | null
  notes: string | null
  iban: string | null
  bic: string | null
  sepa_mandate_id: string | null
  sepa_mandate_date: string | null
  sepa_mandate_type: string
  sepa_mandate_sequence: string
  sepa_mandate_last_used_at: string | null
  ledger_account: string | null
  created_at: string
  updated_at: string
  /** Folded name, number and email for search. */
  search_text: string
  /** Folded name alone: the invoice list searches documents by their customer's current name. */
  search_name: string
}

export interface ProductTable {
  id: string
  company_id: string
  product_number: string | null
  name: string
  description: string | null
  unit_price: string
  tax_rate: string | null
  unit: string | null
  line_type: string
  created_at: string
  updated_at: string
  /** Folded name, number and description for search. */
  search_text: string
}

export interface NumberSequenceTable {
  company_id: string
  sequence_key: string
  last_value: number
}

export interface UsageDocumentCountTable {
  company_id: string
  month: string
  document_type: string
  issued: number
}

export interface UsageCounterTable {
  company_id: string
  month: string
  api_calls: number
  documents_issued: number
}

/**
 * Derived, where the dialect `keepsDocumentCounts`: how many of a company's documents of one type
 * have a folded number that holds `number_part` (one or two characters; '' for every document).
 */
export interface DocumentCountTable {
  company_id: string
  number_part: string
  document_type: string
  documents: number
}

export interface InvoiceTable {
  /** The rowid: insertion order, the list's last tie-break. */
  seq: Generated<number>
  id: string
  company_id: string
  invoice_number: string
  /** Folded invoice number for search. */
  search_number: string
  /** The folded number's stem (`numberStemOf`), written with `search_number`: a search reads a stem's numbers together. */
  number_stem: string
  number_issued: number
  invoice_type: string
  status: string
  customer_id: string
  document_category_id: string | null
  document_locale: string
  document_text_version: string
  issue_date: string
  due_date: string
  service_period_start: string | null
  service_period_end: string | null
  currency: string
  net_total: string
  tax_total: string
  gross_total: string
  /** JSON array of TaxBreakdownEntry. */
  tax_breakdown: string
  reverse_charge: number
  tax_exemption_reason: string
  tax_exemption_note: string | null
  tax_country: string
  delivery_country: string
  oss_applicable: number
  oss_country: string | null
  notes: string | null
  footer: string | null
  header_text: string | null
  custom_title: string | null
  pdf_without_letterhead: number
  invoice_date_is_service_date: number
  use_shipping_address: number
  shipping_name: string | null
  shipping_street: string | null
  shipping_zip_code: string | null
  shipping_city: string | null
  shipping_country: string | null
  order_number: string | null
  buyer_reference: string | null
  /** JSON object or null. */
  e_invoice_audit: string | null
  /** JSON object. */
  metadata: string
  sent_at: string | null
  paid_at: string | null
  locked_at: string | null
  credit_note_reason: string | null
  /** The document this one was made from (a credit note's invoice, an invoice's proforma). */
  preceding_document_type: string | null
  preceding_document_id: string | null
  dunning_paused: number
  dunning_paused_at: string | null
  dunning_paused_reason: string | null
  /** JSON array of DocumentRef: the order documents it was made from, in order. */
  source_documents: string
  /** On invoices a recurring schedule made: the schedule and the occurrence date. */
  recurring_schedule_id: string | null
  recurring_occurrence_date: string | null
  created_at: string
  updated_at: string
  /** Null unless the document is a credit note with a payout. */
  payout_status: string | null
  payout_reference: string | null
  payout_note: string | null
  payout_executed_at: string | null
  payout_updated_at: string | null
}

/** A line of a document, in the columns every kind's line table has. */
export interface LineColumns {
  /** 0-based place of the line in its document. */
  position: number
  id: string
  line_type: string
  product_id: string | null
  description: string | null
  quantity: string
  unit: string | null
  unit_price: string
  discount: string
  requested_tax_rate: string | null
  tax_rate: string
  tax_category: string | null
  net_amount: string
  /** The line of the preceding document it was made from (on a credit note: the invoice line it credits). */
  source_line_id: string | null
}

export interface InvoiceLineTable extends LineColumns {
  invoice_id: string
}

/** Which invoices name a document among their source documents: the index of `invoice.source_documents`. */
export interface InvoiceSourceTable {
  company_id: string
  invoice_id: string
  source_id: string
}

export interface OrderDocumentTable {
  /** The rowid: insertion order. */
  seq: Generated<number>
  id: string
  company_id: string
  document_type: string
  number: string
  /** Folded number for search. */
  search_number: string
  /** The folded number's stem (`numberStemOf`), written with `search_number`: a search reads a stem's numbers together. */
  number_stem: string
  number_issued: number
  status: string
  customer_id: string
  document_category_id: string | null
  document_locale: string
  document_text_version: string
  issue_date: string
  service_period_start: string | null
  service_period_end: string | null
  currency: string
  net_total: string
  tax_total: string
  gross_total: string
  /** JSON array of TaxBreakdownEntry. */
  tax_breakdown: string
  reverse_charge: number
  tax_exemption_reason: string
  tax_exemption_note: string | null
  tax_country: string
  delivery_country: string
  oss_applicable: number
  oss_country: string | null
  notes: string | null
  footer: string | null
  header_text: string | null
  custom_title: string | null
  pdf_without_letterhead: number
  use_shipping_address: number
  shipping_name: string | null
  shipping_street: string | null
  shipping_zip_code: string | null
  shipping_city: string | null
  shipping_country: string | null
  order_number: string | null
  buyer_reference: string | null
  /** JSON object. */
  metadata: string
  preceding_document_type: string | null
  preceding_document_id: string | null
  sent_at: string | null
  locked_at: string | null
  finalized_at: string | null
  valid_until: string | null
  accepted_at: string | null
  rejected_at: string | null
  rejection_reason: string | null
  expired_at: string | null
  delivery_date: string | null
  completed_at: string | null
  completed_automatically: number
  show_prices: number
  tracking_reference: string | null
  delivered_at: string | null
  requested_delivery_date: string | null
  external_id: string | null
  source: string | null
  delivery_status: string | null
  invoice_status: string
  /** JSON object: per line id, the quantities descendants hold by type. */
  converted_quantities: string
  created_at: string
  updated_at: string
}

export interface OrderDocumentLineTable extends LineColumns {
  order_document_id: string
}

export interface RecurringScheduleTable {
  /** The rowid: insertion order, the list's last tie-break. */
  seq: Generated<number>
  id: string
  company_id: string
  name: string
  /** Folded name for search. */
  search_name: string
  customer_id: string
  target_type: string
  /** JSON object: the invoice create request. */
  template: string
  start_date: string
  interval_unit: string
  interval_count: number
  month_end: number
  end_date: string | null
  max_occurrences: number | null
  service_period_mode: string
  issue_mode: string
  recipient_email: string | null
  /** JSON arrays of addresses. */
  cc: string
  bcc: string
  catch_up_mode: string
  status: string
  /** JSON object. */
  metadata: string
  next_run_date: string | null
  last_run_at: string | null
  occurrences_created: number
  occurrences_skipped: number
  last_occurrence_date: string | null
  occurrence_count: number
  /** JSON `{ code, message, at }` or null. */
  last_error: string | null
  created_at: string
  updated_at: string
}

export interface RecurringOccurrenceTable {
  /** The rowid: insertion order. */
  seq: Generated<number>
  id: string
  company_id: string
  schedule_id: string
  sequence: number
  occurrence_date: string
  period_start: string | null
  period_end: string | null
  status: string
  skip_reason: string | null
  invoice_id: string | null
  invoice_number: string | null
  attempts: number
  next_attempt_at: string | null
  /** JSON `{ code, message }` or null. */
  error: string | null
  created_at: string
  updated_at: string
}

export interface FileDocumentTable {
  /** The rowid: insertion order. */
  seq: Generated<number>
  id: string
  company_id: string
  file_name: string
  content_type: string
  size: number
  sha256: string | null
  status: string
  title: string | null
  description: string | null
  category: string
  /** Folded file name and title for search. */
  search_text: string
  /** 1 while an upload through the host holds the right to write the bytes. */
  upload_claimed: Generated<number>
  created_at: string
  uploaded_at: string | null
  updated_at: string
  created_by_key_id: string | null
}

export interface FileDocumentLinkTable {
  /** The rowid: the order links were made in. */
  seq: Generated<number>
  id: string
  company_id: string
  document_id: string
  type: string
  target_id: string
  send_with_document: number
  created_at: string
}

export interface FileDeletionTable {
  /** The rowid: the order keys were noted in. */
  seq: Generated<number>
  /** A file key of the documents file store. */
  key: string
  at: string
}

export interface HostSecretTable {
  name: string
  value: string
}

export interface DocumentCategoryTable {
  id: string
  company_id: string
  name: string
  created_at: string
}

export interface IdempotencyKeyTable {
  company_id: string
  key: string
  fingerprint: string
  response_status: number
  /** JSON of the answer: `{ body, headers? }`. */
  response_body: string
  resource_id: string | null
  created_at: string
}

export interface EventOutboxTable {
  /** Order of appending, for delivery and listing oldest first. */
  sequence: Generated<number>
  id: string
  company_id: string
  type: string
  created_at: string
  /** JSON object. */
  data: string
  /** When the webhook worker delivered the event (or gave up on it); null while it is pending. */
  dispatched_at: Generated<string | null>
}

export interface AuditEntryTable {
  id: string
  company_id: string
  api_key_id: string | null
  action: string
  target_type: string
  target_id: string
  created_at: string
  /** JSON object. */
  details: string
}

export interface DocumentVersionTable {
  id: string
  company_id: string
  invoice_id: string
  version_number: number
  change_type: string
  change_reason: string | null
  /** JSON of the DocumentSnapshot. */
  snapshot: string
  pdf_key: string | null
  created_at: string
  created_by: string
}

export interface SendReservationTable {
  company_id: string
  invoice_id: string
  token: string
  /** The Idempotency-Key the send runs under, if any. */
  idempotency_key: string | null
  expires_at: string
}

export interface PaymentTable {
  id: string
  company_id: string
  invoice_id: string
  /** Exact decimal text. */
  amount: string
  payment_date: string
  payment_method: string
  reference: string | null
  notes: string | null
  moved_from_invoice_id: string | null
  created_at: string
  updated_at: string
}

export interface WebhookEndpointTable {
  id: string
  company_id: string
  url: string
  /** JSON array of event types, or ["*"]. */
  events: string
  description: string | null
  active: number
  secret: string
  created_at: string
  updated_at: string
}

export interface WebhookDeliveryTable {
  id: string
  company_id: string
  endpoint_id: string
  message_id: string
  event_type: string
  payload: string
  status: string
  attempts: number
  next_attempt_at: string
  leased_until: string | null
  created_at: string
  updated_at: string
}

export interface WebhookAttemptTable {
  id: string
  company_id: string
  endpoint_id: string
  delivery_id: string
  message_id: string
  event_type: string
  attempt: number
  succeeded: number
  status_code: number | null
  error: string | null
  response_body: string | null
  duration_ms: number
  attempted_at: string
  next_attempt_at: string | null
}

export interface ReminderTable {
  id: string
  company_id: string
  invoice_id: string
  level: number
  sent_at: string
  sent_to: string
  fee: string
  interest_rate: string
  interest_days: number
  interest_amount: string
  days_overdue: number
  remaining_amount: string
  total_amount: string
}

export interface BlogPostTable {
  seq: Generated<number>
  id: string
  slug: string
  title: string
  search_text: string
  excerpt: string | null
  content: string | null
  content_format: string
  content_html: string | null
  locale: string
  cover_media_id: string | null
  author_name: string | null
  seo_title: string | null
  seo_description: string | null
  status: string
  publish_at: string | null
  published_at: string | null
  created_at: string
  updated_at: string
}

export interface BlogPostCategoryTable {
  post_id: string
  category_id: string
  position: number
}

export interface BlogPostTagTable {
  post_id: string
  tag_id: string
  position: number
}

export interface BlogCategoryTable {
  seq: Generated<number>
  id: string
  slug: string
  name: string
  description: string | null
}

export interface BlogTagTable {
  seq: Generated<number>
  id: string
  slug: string
  name: string
}

export interface BlogMediaTable {
  seq: Generated<number>
  id: string
  file_name: string
  content_type: string
  size: number
  width: number | null
  height: number | null
  alt_text: string | null
  created_at: string
}

export interface ExportFileTable {
  /** The rowid: insertion order. */
  seq: Generated<number>
  id: string
  company_id: string
  type: string
  status: string
  /** JSON object. */
  parameters: string
  /** JSON object. */
  summary: string
  file_name: string
  content_type: string
  encoding: string
  size: number
  sha256: string
  document_count: number
  created_at: string
  created_by_key_id: string | null
  voided_at: string | null
  void_reason: string | null
}

export interface ExportRecordTable {
  export_id: string
  company_id: string
  /** The export's type, so one type's records are read from the index alone. */
  type: string
  record_id: string
}
