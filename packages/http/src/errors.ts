import { isInvoicingError, type ErrorCode } from '@invoicing/core'

/** Errors only the HTTP host raises: about the request itself, not the invoicing rules. */
export const HTTP_ERROR_CODES = [
  'invalid_json',
  /** A multipart body that cannot be read: no boundary, malformed, too many parts or too long a field. */
  'invalid_multipart',
  /** A Range header no byte of the file satisfies (`Content-Range: bytes *\/size`). */
  'range_not_satisfiable',
  'payload_too_large',
  'route_not_found',
  'method_not_allowed',
  /** A query parameter the route does not know (`parameters` names them). */
  'unknown_parameter',
  'internal_error',
] as const
export type HttpErrorCode = (typeof HTTP_ERROR_CODES)[number]
export type ApiErrorCode = ErrorCode | HttpErrorCode

/** THE mapping of every error code to its HTTP status. A new code does not compile until mapped. */
export const STATUS_BY_CODE = {
  validation_failed: 400,
  invalid_vat_id: 400,
  body_too_complex: 400,
  not_found: 404,
  unauthorized: 401,
  insufficient_scope: 403,
  plan_no_access: 403,
  plan_feature_unavailable: 403,
  plan_limit_reached: 403,
  rate_limited: 429,
  quota_exceeded: 429,
  customer_number_taken: 409,
  product_number_taken: 409,
  customer_in_use: 409,
  category_in_use: 409,
  invalid_status_transition: 400,
  content_locked: 400,
  invoice_status: 400,
  invoice_number_issued: 409,
  invoice_number_taken: 409,
  proforma_converted: 409,
  invalid_idempotency_key: 422,
  idempotency_key_reused: 422,
  idempotency_key_in_progress: 409,
  idempotency_key_invoice_deleted: 409,
  send_in_progress: 409,
  not_locked: 400,
  no_recipient: 400,
  no_sender: 400,
  invoice_not_issued: 400,
  // A failed delivery on send answers 500 (dunning has its own 502).
  email_delivery_failed: 500,
  amount_exceeds_remaining: 409,
  invoice_cancelled: 409,
  status_conflict: 409,
  payments_block_cancellation: 409,
  storno_exists: 409,
  credit_exceeds_invoice: 409,
  dunning_paused: 409,
  max_level_reached: 409,
  already_paid: 409,
  // Dunning answers a failed delivery with 502 (send answers 500).
  email_failed: 502,
  document_too_large: 400,
  busy: 503,
  database_unavailable: 503,
  invalid_valid_until: 400,
  number_issued: 409,
  has_derived_documents: 409,
  nothing_to_convert: 409,
  quantity_exceeds_remaining: 400,
  unknown_line: 400,
  incompatible_sources: 400,
  external_id_taken: 409,
  start_date_in_past: 400,
  field_not_allowed: 400,
  invalid_end_date: 400,
  invalid_country: 400,
  field_locked: 400,
  schedule_has_occurrences: 409,
  unsupported_file_type: 400,
  file_type_mismatch: 400,
  size_mismatch: 400,
  checksum_mismatch: 400,
  upload_url_expired: 403,
  file_too_large: 413,
  document_in_use: 409,
  document_locked: 409,
  link_exists: 409,
  attachments_too_large: 400,
  platform_admin_required: 403,
  slug_taken: 409,
  status_read_only: 400,
  content_required: 400,
  media_in_use: 409,
  period_too_long: 400,
  export_too_large: 400,
  export_invalid: 400,
  invalid_collection_date: 400,
  duplicate_invoice: 400,
  already_collected: 409,
  invalid_json: 400,
  invalid_multipart: 400,
  range_not_satisfiable: 416,
  unsupported_media_type: 415,
  payload_too_large: 413,
  route_not_found: 404,
  method_not_allowed: 405,
  unknown_parameter: 400,
  internal_error: 500,
} as const satisfies Record<ApiErrorCode, number>

/** An error of the HTTP layer, answered like a core error. */
export class HttpError extends Error {
  override readonly name = 'HttpError'

  constructor(readonly code: HttpErrorCode, message: string, readonly details: Record<string, unknown> = {}, readonly headers: Record<string, string> = {}) {
    super(message)
  }
}

export interface ErrorResponse {
  status: number
  /** `Retry-After` (seconds) for an error that says when to try again (`retryAfterSeconds`). */
  headers: Record<string, string>
  body: { error: string; code: ApiErrorCode } & Record<string, unknown>
}

/** The response for anything thrown. What an unexpected error says never leaves the host. */
export function toErrorResponse(error: unknown, requestId: string): ErrorResponse {
  if (isInvoicingError(error)) {
    const { retryAfterSeconds } = error.details
    return {
      status: STATUS_BY_CODE[error.code],
      headers: typeof retryAfterSeconds === 'number' ? { 'Retry-After': String(retryAfterSeconds) } : {},
      body: { ...error.details, error: error.message, code: error.code },
    }
  }
  if (error instanceof HttpError) {
    return { status: STATUS_BY_CODE[error.code], headers: error.headers, body: { ...error.details, error: error.message, code: error.code } }
  }
  return {
    status: 500,
    headers: {},
    body: { error: `Internal server error; quote request id ${requestId} when reporting it`, code: 'internal_error' },
  }
}
