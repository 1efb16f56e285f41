import { InvoicingError } from '../errors'
import { TransactionConflict, type Storage, type StorageTx } from '../ports/storage'

/**
 * How often work is run again after a conflict, where transactions run one at a time, before
 * the engine gives up with `busy`: a conflict there means another process held the database
 * through the adapter's whole wait, and waiting longer rarely helps.
 */
const MAX_CONFLICT_RETRIES = 3

/**
 * How long work is run again after conflicts where transactions overlap. Conflicts are normal
 * there, and one record many requests change at once (a number range) makes every transaction
 * but one lose each round: retries must last long enough for a burst to drain, bounded still.
 */
const CONFLICT_RETRY_BUDGET_MS = 10_000

/** The longest wait before the first re-run where transactions overlap; it doubles each time, up to the cap. */
const FIRST_BACKOFF_MS = 10
const MAX_BACKOFF_MS = 200

/** What `busy` asks a client to wait: conflicts last as long as the transactions they collide with. */
const BUSY_RETRY_AFTER_SECONDS = 1

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * `storage.transaction(work)`, run again after a {@link TransactionConflict}, then it fails with
 * `busy` (503, nothing applied). Every write of the engine goes through here, so `work` must be
 * safe to run more than once (see `Storage.transaction`). Where transactions overlap, each
 * re-run waits a random moment first, so rivals that conflicted do not start together again.
 */
export function retryingTransaction<T>(storage: Storage, work: (tx: StorageTx) => Promise<T>): Promise<T> {
  return retryingConflicts(storage, () => storage.transaction(work))
}

/**
 * `step` (a transaction, or a claim from one of the storage's queues), run again after a
 * {@link TransactionConflict} as {@link retryingTransaction} runs work.
 */
export async function retryingConflicts<T>(storage: Storage, step: () => Promise<T>): Promise<T> {
  const overlapping = storage.capabilities.concurrentTransactions
  const started = performance.now()
  for (let retry = 0; ; retry++) {
    try {
      return await step()
    } catch (error) {
      if (!(error instanceof TransactionConflict)) throw error
      const exhausted = overlapping ? performance.now() - started >= CONFLICT_RETRY_BUDGET_MS : retry === MAX_CONFLICT_RETRIES
      if (exhausted) {
        const message = `The change collided with concurrent changes each time it was tried and was not applied; retry in ${BUSY_RETRY_AFTER_SECONDS} s`
        throw new InvoicingError('busy', message, { retryAfterSeconds: BUSY_RETRY_AFTER_SECONDS }, { cause: error })
      }
      if (overlapping) await sleep(Math.random() * Math.min(MAX_BACKOFF_MS, FIRST_BACKOFF_MS * 2 ** retry))
    }
  }
}
