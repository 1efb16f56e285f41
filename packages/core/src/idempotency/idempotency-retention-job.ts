import type { JobDefinition } from '../jobs'
import type { Clock } from '../ports/clock'
import type { Storage } from '../ports/storage'
import { retryingTransaction } from '../unit-of-work'

/** Keys are kept at least this long (the contract says at least 30 days). */
export const IDEMPOTENCY_RETENTION_DAYS = 30

export const IDEMPOTENCY_RETENTION_JOB = 'idempotency-key-retention'

/** Keys forgotten per run: small transactions, repeated while there are more. */
const BATCH = 500

/**
 * Forgets `Idempotency-Key`s older than the retention, in small batches: apart from the
 * requests' own transactions, so a busy company's writes never wait on the purge.
 */
export function idempotencyRetentionJob(storage: Storage, clock: Clock): JobDefinition {
  return {
    name: IDEMPOTENCY_RETENTION_JOB,
    intervalMs: 3_600_000,
    deadlineMs: 60_000,
    async run() {
      const cutoff = new Date(clock.now().getTime() - IDEMPOTENCY_RETENTION_DAYS * 86_400_000).toISOString()
      return (await retryingTransaction(storage, (tx) => tx.idempotency.deleteCreatedBefore(cutoff, BATCH))) === BATCH
    },
  }
}
