import { InvoicingError } from '../errors'

/**
 * The record an `Idempotency-Key` created, read for a replay in its current state; 409
 * `idempotency_key_invoice_deleted` when it no longer exists (deleting it frees the key).
 */
export async function createdByKey<T>(read: () => Promise<T>, what: string): Promise<T> {
  try {
    return await read()
  } catch (error) {
    if (error instanceof InvoicingError && error.code === 'not_found') {
      throw new InvoicingError('idempotency_key_invoice_deleted', `The ${what} this Idempotency-Key created has been deleted; use a new key`)
    }
    throw error
  }
}
