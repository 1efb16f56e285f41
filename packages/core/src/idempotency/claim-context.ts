import { AsyncLocalStorage } from 'node:async_hooks'
import type { StorageTx } from '../ports/storage'
import type { IdempotencyRecord } from './idempotency-record'

/** The key the current request has claimed, visible to the use cases it calls. */
const claims = new AsyncLocalStorage<IdempotencyRecord>()

export const runWithClaim = <T>(claim: IdempotencyRecord, work: () => Promise<T>): Promise<T> => claims.run(claim, work)

/**
 * Completes the current request's `Idempotency-Key` inside `tx`, the transaction of the
 * request's effect: the key and the effect commit together or not at all. Without a claim
 * (no header, or not called through the API) it does nothing.
 */
export async function completeClaim(tx: StorageTx, resourceId: string | null): Promise<void> {
  const claim = claims.getStore()
  if (!claim) return
  const current = await tx.idempotency.get(claim.companyId, claim.key)
  // Another request took the claim over (this one outlived its expiry): it is not ours to complete.
  if (current?.state !== 'pending' || current.createdAt !== claim.createdAt) return
  await tx.idempotency.update({ ...current, state: 'completed', resourceId })
}
