import type { IdempotencyRecord } from '../../idempotency/idempotency-record'

export interface IdempotencyReader {
  get(companyId: string, key: string): Promise<IdempotencyRecord | undefined>
}

/** The race-safe primitive behind `Idempotency-Key`. */
export interface IdempotencyRepository extends IdempotencyReader {
  /**
   * Stores `record` unless the company already has a record for its key, and says whether it
   * did. Of concurrent inserts of one key (also from other processes) exactly one MUST succeed.
   */
  insertIfAbsent(record: IdempotencyRecord): Promise<boolean>
  update(record: IdempotencyRecord): Promise<void>
  delete(companyId: string, key: string): Promise<void>
  /** Forgets every key whose request created `resourceId`, so the key may create anew. */
  deleteForResource(companyId: string, resourceId: string): Promise<void>
  /** Removes records created before `cutoff` (an ISO timestamp), at most `limit`; returns how many. */
  deleteCreatedBefore(cutoff: string, limit: number): Promise<number>
}
