import type { StorageTx } from '../ports/storage'
import type { IdempotencyRecord, IdempotentResponse } from './idempotency-record'

/**
 * The `Idempotency-Key` a write runs under. The use case hands it to the unit of work of its
 * effect, which stores the answer in the same transaction: a crash can never leave the effect
 * without its stored answer, or the answer without its effect.
 */
export interface IdempotencyClaim<R> {
  readonly companyId: string
  readonly key: string
  readonly fingerprint: string
  /** The answer the request gives for the use case's result. */
  respond(result: R): IdempotentResponse
  /** Set once the answer is stored (a write that forgets its claim is a bug the caller can see). */
  completed: boolean
}

/** Another request stored an answer under the key first: this one rolls back and replays it. */
export class KeyAlreadyAnswered extends Error {
  override readonly name = 'KeyAlreadyAnswered'
}

/** The claim of a unit whose result is not yet the use case's: `toResult` makes it so. */
export const claimOf = <U, R>(claim: IdempotencyClaim<R> | undefined, toResult: (result: U) => R): IdempotencyClaim<U> | undefined =>
  claim && {
    companyId: claim.companyId,
    key: claim.key,
    fingerprint: claim.fingerprint,
    respond: (result) => claim.respond(toResult(result)),
    get completed() {
      return claim.completed
    },
    set completed(value) {
      claim.completed = value
    },
  }

const recordOf = <R>(claim: IdempotencyClaim<R>, result: R, now: Date): IdempotencyRecord => {
  const { status, body, headers, resourceId } = claim.respond(result)
  return {
    companyId: claim.companyId, key: claim.key, fingerprint: claim.fingerprint, responseStatus: status,
    responseBody: headers ? { body, headers } : { body }, resourceId: resourceId ?? null, createdAt: now.toISOString(),
  }
}

/**
 * Refuses to go on when the key has its answer: another host stored it since this request
 * looked. The first read of an effect's transaction, so a request that lost answers with the
 * replay instead of with what the winner's effect did to the records (a converted proforma,
 * a reserved document).
 */
export async function assertKeyUnanswered(tx: StorageTx, claim: IdempotencyClaim<unknown> | undefined): Promise<void> {
  if (claim && (await tx.idempotency.get(claim.companyId, claim.key))) throw new KeyAlreadyAnswered(claim.key)
}

/**
 * Stores the answer for `result` under the claim's key in `tx`, the transaction of the effect.
 * If another request stored one first, this transaction must not commit: `KeyAlreadyAnswered`.
 */
export async function completeClaim<R>(tx: StorageTx, claim: IdempotencyClaim<R>, result: R, now: Date): Promise<void> {
  if (!(await tx.idempotency.insertIfAbsent(recordOf(claim, result, now)))) throw new KeyAlreadyAnswered(claim.key)
  claim.completed = true
}

/**
 * Replaces the stored answer in `tx` once a follow-up after the effect (mailing a cancellation
 * credit note) changed what the request answers. The answer stored with the effect stays if
 * this never commits.
 */
export async function restateClaim<R>(tx: StorageTx, claim: IdempotencyClaim<R>, result: R, now: Date): Promise<void> {
  await tx.idempotency.update(recordOf(claim, result, now))
}
