import { isInvoicingError, StorageUnavailable, TransactionConflict } from '@invoicing/core'

/** SQLSTATEs after which the same work may well succeed: it lost to a concurrent transaction. */
const CONFLICTS = new Set([
  '40001', // serialization_failure
  '40P01', // deadlock_detected
  '55P03', // lock_not_available
])

/** SQLSTATEs and socket errors that mean the database is not there to answer. */
const UNAVAILABLE = new Set([
  '57P01', '57P02', '57P03', // admin_shutdown, crash_shutdown, cannot_connect_now
  '53300', // too_many_connections
  '57014', // query_canceled: the statement ran past statement_timeout
  'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH',
])

// pg says these in messages only, without a code.
const LOST_CONNECTION = /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error/i

/** The error to answer for `error` from pg: a conflict to re-run, the database gone, or itself. */
export function translatePostgresError(error: unknown): unknown {
  // The engine's own errors (and the adapter's) pass unchanged: only the driver's are translated.
  if (error instanceof TransactionConflict || isInvoicingError(error)) return error
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown }
  if (typeof code === 'string') {
    if (CONFLICTS.has(code)) return new TransactionConflict('The transaction collided with a concurrent one and was rolled back', { cause: error })
    if (UNAVAILABLE.has(code) || code.startsWith('08')) return new StorageUnavailable('The database is not reachable', { cause: error })
  }
  if (typeof message === 'string' && LOST_CONNECTION.test(message)) return new StorageUnavailable('The database is not reachable', { cause: error })
  return error
}
