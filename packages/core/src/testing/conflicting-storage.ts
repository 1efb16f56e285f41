import { TransactionConflict, type Storage, type StorageTx } from '../ports/storage'

/** Thrown inside the wrapped transaction to roll a finished attempt back. */
class RollBack extends Error {}

/**
 * `storage` whose transactions lose to a concurrent one, as a PostgreSQL adapter's may: the work
 * runs to its end, everything it wrote is rolled back, and the transaction rejects with a
 * {@link TransactionConflict}. `'first-attempt'` does so once per work (the engine runs the same
 * work again, and that attempt commits); `'every-attempt'` every time. Work that throws rejects
 * with its own error, as without the wrapper.
 */
export function withTransactionConflicts(storage: Storage, fails: 'first-attempt' | 'every-attempt'): Storage {
  const failedOnce = new WeakSet<object>()
  return {
    ...storage,
    transaction<T>(work: (tx: StorageTx) => Promise<T>): Promise<T> {
      if (fails === 'first-attempt' && failedOnce.has(work)) return storage.transaction(work)
      failedOnce.add(work)
      return storage.transaction(async (tx) => {
        await work(tx)
        throw new RollBack()
      }).catch((error: unknown) => {
        throw error instanceof RollBack ? new TransactionConflict('lost to a concurrent transaction (simulated)') : error
      })
    },
  }
}
