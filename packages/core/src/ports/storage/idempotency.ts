import type { IdempotencyRecord } from '../../idempotency'

export interface IdempotencyReader {
  get(companyId: string, key: string): Promise<IdempotencyRecord | undefined>
}

/** The answers given under `Idempotency-Key`s, each stored in the transaction of its request's effect. */
export interface IdempotencyRepository extends IdempotencyReader {
  /**
   * Stores `record` unless the company holds a record under its key, and says whether it did.
   * - Of concurrent calls for one company and key (also from other processes) exactly one MUST
   *   answer true; the others MUST answer false (or fail with a TransactionConflict) and leave
   *   the stored record as it is.
   * - A record whose transaction rolls back MUST be gone: the key is free again.
   * - The same key of another company is another record.
   */
  insertIfAbsent(record: IdempotencyRecord): Promise<boolean>
  /** Replaces the stored answer of the record's key; stores nothing when the key has none. */
  update(record: IdempotencyRecord): Promise<void>
  /** Forgets every key whose request created `resourceId`, so the key may create anew. */
  deleteForResource(companyId: string, resourceId: string): Promise<void>
  /** Removes records created before `cutoff` (an ISO timestamp), at most `limit`; returns how many. */
  deleteCreatedBefore(cutoff: string, limit: number): Promise<number>
}
