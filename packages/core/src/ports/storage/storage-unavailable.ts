import { InvoicingError } from '../../errors'

/** What `database_unavailable` asks a client to wait: long enough for a reconnect or a failover. */
const RETRY_AFTER_SECONDS = 5

/**
 * The database could not be reached or did not answer in time (connection refused or lost, the
 * server shutting down, a statement over its time limit). Adapters that talk to a server throw
 * it instead of their driver's error; it is answered as `database_unavailable`. The engine does
 * not re-run the work: a transaction cut off before its commit rolled back, one cut off during
 * its commit may have been applied, so the client's retry (with its Idempotency-Key) decides.
 */
export class StorageUnavailable extends InvoicingError {
  constructor(message: string, options?: { cause?: unknown }) {
    super('database_unavailable', message, { retryAfterSeconds: RETRY_AFTER_SECONDS }, options)
  }
}
