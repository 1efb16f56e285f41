import assert from 'node:assert/strict'
import { InvoicingError, type ErrorCode } from '../errors'

/**
 * An `assert.rejects` predicate: the error is an InvoicingError with `code` and, for each of
 * `details`, that member.
 */
export const failsWith = (code: ErrorCode, details: Record<string, unknown> = {}) => (error: unknown) => {
  assert.ok(error instanceof InvoicingError, `expected an InvoicingError, got ${String(error)}`)
  assert.equal(error.code, code)
  for (const [name, value] of Object.entries(details)) assert.deepEqual(error.details[name], value, `details.${name}`)
  return true
}
