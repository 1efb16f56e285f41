/**
 * The one catalogue of error codes the engine raises. Codes are part of the public contract
 * (`{ error, code }` bodies); the HTTP host maps each to a status in one exhaustive table.
 */
export const ERROR_CODES = [
  /** Input failed validation: a missing field, wrong type, bad enum, date or number. */
  'validation_failed',
  /** A customer's VAT id does not have the format of the country its prefix names. */
  'invalid_vat_id',
  /** A record does not exist, or belongs to another company. */
  'not_found',
  /** The request body is nested deeper than 64 levels or holds an array of more than 10,000 items. */
  'body_too_complex',
  /** Missing, malformed, unknown or revoked API key. */
  'unauthorized',
  /** The key lacks a scope the operation needs (`requiredScopes`). */
  'insufficient_scope',
  /** The company's plan has no API access. */
  'plan_no_access',
  /** The plan has no access to this feature (e.g. webhooks outside Enterprise). */
  'plan_feature_unavailable',
  /** The monthly document quota is used up. */
  'plan_limit_reached',
  /** Too many requests for this key in the current minute (`retryAfterSeconds`). */
  'rate_limited',
  /** The company's monthly API call quota is used up (`retryAfterSeconds`). */
  'quota_exceeded',
  /** A customer number is already used in this company. */
  'customer_number_taken',
  /** A product number is already used in this company. */
  'product_number_taken',
  /** The customer still has documents and cannot be deleted. */
  'customer_in_use',
  /** Documents still use the category, so it cannot be deleted. */
  'category_in_use',
  /** The requested status cannot be reached from the current one (`allowedTransitions`). */
  'invalid_status_transition',
  /** Content of an issued, locked document cannot change (`lockedFields`); use the correction endpoint. */
  'content_locked',
  /** The operation is not possible in the document's status. */
  'invoice_status',
  /** The number range would issue a number another document holds (its format was changed). */
  'invoice_number_taken',
  /** A draft that holds an issued number cannot be deleted (`invoiceNumber`). */
  'invoice_number_issued',
  /** The proforma was converted into an invoice, which is the document to use (`invoice_id`, `invoice_number`). */
  'proforma_converted',
  /** The `Idempotency-Key` header is not 8 to 200 characters of A-Z a-z 0-9 . _ : - */
  'invalid_idempotency_key',
  /** The `Idempotency-Key` was used before for another request. */
  'idempotency_key_reused',
  /** A request with this `Idempotency-Key` is still running. */
  'idempotency_key_in_progress',
  /** The invoice this `Idempotency-Key` created has been deleted. */
  'idempotency_key_invoice_deleted',
  /** Another send of the document is running (the send reservation). */
  'send_in_progress',
  /** The document is not locked, so it is changed with PUT, not corrected. */
  'not_locked',
  /** No recipient address: the customer has no email and none was given. */
  'no_recipient',
  /** No sender address: the company has no email and the host sets no MAIL_FROM. */
  'no_sender',
  /** The document never received a number (a draft that was cancelled), so it cannot be sent. */
  'invoice_not_issued',
  /** The mail server could not be reached or refused the recipient; nothing but an issued number was kept. */
  'email_delivery_failed',
  /** A payment would pay more than is outstanding plus 0.01. */
  'amount_exceeds_remaining',
  /** The document is cancelled, so its payments cannot change. */
  'invoice_cancelled',
  /** The document's status does not allow this action (cancel, storno, convert). */
  'status_conflict',
  /** Payments moved from a proforma cannot return to it on cancellation (it is gone or cancelled); delete them first. */
  'payments_block_cancellation',
  /** The cancelled invoice already has its cancellation credit note. */
  'storno_exists',
  /** Credit notes would credit more than the invoice: its gross total (`creditableAmount`), a line's quantity (`lineId`), or what a correction leaves of it. */
  'credit_exceeds_invoice',
  /** Reminders of the document are paused (dunning pause). */
  'dunning_paused',
  /** The document already had its final reminder (level 3). */
  'max_level_reached',
  /** The document is paid; there is nothing to remind of. */
  'already_paid',
  /** The reminder mail could not be delivered; no reminder was stored. */
  'email_failed',
  /** The document's PDF would have more pages than the cap (`estimatedPages`, `maxPages`); nothing was drawn. */
  'document_too_large',
  /**
   * The change kept colliding with concurrent changes (or another process held the database)
   * through every re-run, and nothing of it was applied; retry after `retryAfterSeconds`.
   */
  'busy',
  /**
   * The database could not be reached, or did not answer in time. Retry after
   * `retryAfterSeconds` (the host reconnects by itself), a write with the same Idempotency-Key:
   * a connection lost while a change committed leaves unknown whether it was applied.
   */
  'database_unavailable',
  /** A quote's validUntil lies before its issueDate. */
  'invalid_valid_until',
  /** A document holding an issued number cannot be deleted (`number`); cancel it instead. */
  'number_issued',
  /** Documents were made from this one, which the change does not allow (`derivedDocuments`). */
  'has_derived_documents',
  /** Every quantity of the source is already converted into the target type. */
  'nothing_to_convert',
  /** A partial conversion asks for more of a line than remains (`lineIndex`, `remaining`). */
  'quantity_exceeds_remaining',
  /** A partial conversion names a line the source does not have (`lineIndex`). */
  'unknown_line',
  /** The documents of a collective invoice differ in a field they must share (`field`). */
  'incompatible_sources',
  /** An order with this externalId exists (`id`, `number`). */
  'external_id_taken',
  /** A recurring schedule's first date lies before today. */
  'start_date_in_past',
  /** A field a schedule's invoice template may not hold (its dates come from the schedule) (`field`). */
  'field_not_allowed',
  /** A schedule's endDate lies before its startDate. */
  'invalid_end_date',
  /** The field cannot change once the schedule has occurrences (`field`). */
  'field_locked',
  /** The schedule has occurrences, so it is cancelled rather than deleted. */
  'schedule_has_occurrences',
  /** A document's content type is not on the allow-list (`allowedValues`). */
  'unsupported_file_type',
  /** The bytes are not of the declared type (`declaredType`, `detectedType`). */
  'file_type_mismatch',
  /** The bytes are not as many as announced (`expectedSize`, `actualSize` when known). */
  'size_mismatch',
  /** The bytes do not have the announced SHA-256. */
  'checksum_mismatch',
  /** The upload URL is expired, already used, or not one this host signed. */
  'upload_url_expired',
  /** The file is larger than allowed (`maxBytes`). */
  'file_too_large',
  /** The document is linked to a record that holds an issued number, so it is kept (`links`). */
  'document_in_use',
  /** The link's invoice is locked, so the link is kept. */
  'document_locked',
  /** The document is already linked to this record (`linkId`). */
  'link_exists',
  /** The files to attach to a mail add up to more than 20 MiB (`totalBytes`, `maxBytes`). */
  'attachments_too_large',
  /** A country parameter is not an ISO 3166-1 alpha-2 code (`meta/tax-rates`). */
  'invalid_country',
  /** The content is not of a type the operation takes (a request body not JSON, a blog media file not an image or PDF). */
  'unsupported_media_type',
  /** Blog routes need the key of a platform administrator. */
  'platform_admin_required',
  /** Another record of the same kind has the slug (`slug`). */
  'slug_taken',
  /** `status` is changed through the action routes (publish, unpublish, archive), not written. */
  'status_read_only',
  /** A post is published (or scheduled) only with content. */
  'content_required',
  /** A post has the media file as its cover, so it cannot be deleted (`postIds`). */
  'media_in_use',
  /** An export's period is longer than 731 days, both ends included (`maxDays`). */
  'period_too_long',
  /** An export would hold more than 100,000 documents (`maxDocuments`). */
  'export_too_large',
  /** An export request has problems (`problems`: every one found, each `{ code, message, documentId?, documentNumber?, field? }`); nothing was stored. */
  'export_invalid',
  /** A SEPA collection date is not a TARGET2 business day, or too soon (`earliestCollectionDate`). */
  'invalid_collection_date',
  /** The same invoice id is given twice in one request (`invoiceIds`). */
  'duplicate_invoice',
  /** Invoices are in a non-voided SEPA export already (`invoiceIds`); `allowRepeat` collects them again. */
  'already_collected',
] as const

export type ErrorCode = (typeof ERROR_CODES)[number]

/** Extra members an error body carries beside `error` and `code`, e.g. `allowedValues`. */
export type ErrorDetails = Readonly<Record<string, unknown>>

/**
 * An expected failure of a use case. Anything else thrown by the engine is a bug and is reported
 * as an internal error without its message.
 */
export class InvoicingError extends Error {
  override readonly name = 'InvoicingError'

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details: ErrorDetails = {},
    options?: { cause?: unknown },
  ) {
    super(message, options)
  }
}

export const isInvoicingError = (error: unknown): error is InvoicingError =>
  error instanceof InvoicingError

export const notFound = (what: string): InvoicingError =>
  new InvoicingError('not_found', `${what} not found`)
