/**
 * The one catalogue of error codes the engine raises. Codes are part of the public contract
 * (`{ error, code }` bodies); the HTTP host maps each to a status in one exhaustive table.
 */
export const ERROR_CODES = [
  /** Input failed validation: a missing field, wrong type, bad enum, date or number. */
  'validation_failed',
  /** A record does not exist, or belongs to another company. */
  'not_found',
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
  /** The storage is locked by another writer for longer than the busy timeout. */
  'storage_busy',
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
