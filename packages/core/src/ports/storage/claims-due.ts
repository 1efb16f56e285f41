/**
 * A queue of work that comes due: webhook deliveries today, later e.g. retries of recurring
 * sends and scheduled posts. Workers take due work only through {@link ClaimsDue.claimDue}, so
 * work is never done twice at once, also with several processes on one database, and work a
 * dead worker held is taken up again.
 *
 * A claim is one step of its own, never part of a transaction (`Storage.queues`): claimers
 * that overlap must pass each other, not collide. Inside SERIALIZABLE transactions two claimers
 * reading the same due rows would always conflict, one of them rolled back; as one statement,
 * PostgreSQL's `FOR UPDATE SKIP LOCKED` lets each take rows the other does not hold. A claim MAY
 * reject with a TransactionConflict where the database was held too long (SQLite's busy
 * timeout); nothing was claimed then, and the worker claims again.
 */
export interface ClaimsDue<T> {
  /**
   * Takes up to `limit` items that are due at `now` (earliest due first), leases each until
   * `now + leaseMs`, counts the attempt, and answers the items as the claim left them, in no
   * particular order. One atomic step: in SQL one statement
   * (`UPDATE … WHERE id IN (SELECT … LIMIT n) RETURNING …`; PostgreSQL adds `FOR UPDATE SKIP LOCKED`
   * and runs it READ COMMITTED, SQLite in a write transaction of its own).
   * `now` is a UTC ISO timestamp as `toISOString()` writes it.
   *
   * - Concurrent claimers, also in other processes on the same database, MUST never receive
   *   the same item while its lease runs.
   * - An item whose lease has ended (its worker died or gave up) MUST count as due again.
   * - The claim MUST change nothing but the lease and the attempt count.
   */
  claimDue(now: string, limit: number, leaseMs: number): Promise<T[]>
}
