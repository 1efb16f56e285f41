/**
 * A transaction lost to another one and was rolled back: nothing of it was applied, and running
 * the same work again may well succeed. Adapters throw it for a serialization failure, a deadlock,
 * a lock wait that timed out (SQLite's SQLITE_BUSY); the engine re-runs the work a few times
 * before it answers `busy`. Any other error from `Storage.transaction` is not worth a re-run.
 */
export class TransactionConflict extends Error {
  override readonly name = 'TransactionConflict'

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options)
  }
}
