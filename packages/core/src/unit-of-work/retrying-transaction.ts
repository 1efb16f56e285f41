import { InvoicingError } from '../errors'
import { TransactionConflict, type Storage, type StorageTx } from '../ports/storage'

/** How often work is run again after a conflict before the engine gives up with `busy`. */
const MAX_CONFLICT_RETRIES = 3

/** What `busy` asks a client to wait: conflicts last as long as the transactions they collide with. */
const BUSY_RETRY_AFTER_SECONDS = 1

/** The longest wait before the first re-run where transactions overlap; it doubles each time. */
const FIRST_BACKOFF_MS = 10

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * `storage.transaction(work)`, run again after a {@link TransactionConflict}: at most three
 * times, then it fails with `busy` (503, nothing applied). Every write of the engine goes
 * through here, so `work` must be safe to run more than once (see `Storage.transaction`).
 * Where transactions overlap, each re-run waits a random moment first, so two rivals that
 * conflicted do not start together again.
 */
export async function retryingTransaction<T>(storage: Storage, work: (tx: StorageTx) => Promise<T>): Promise<T> {
  for (let retry = 0; ; retry++) {
    try {
      return await storage.transaction(work)
    } catch (error) {
      if (!(error instanceof TransactionConflict)) throw error
      if (retry === MAX_CONFLICT_RETRIES) {
        const message = `The change collided with concurrent changes each time it was tried and was not applied; retry in ${BUSY_RETRY_AFTER_SECONDS} s`
        throw new InvoicingError('busy', message, { retryAfterSeconds: BUSY_RETRY_AFTER_SECONDS }, { cause: error })
      }
      if (storage.capabilities.concurrentTransactions) await sleep(Math.random() * FIRST_BACKOFF_MS * 2 ** retry)
    }
  }
}
