import type { Actor } from '../access/actor'
import { InvoicingError } from '../errors'
import type { CoreDeps } from '../ports/deps'
import { runWithClaim } from './claim-context'
import type { IdempotencyRecord } from './idempotency-record'

/** 8 to 200 characters of A-Z, a-z, 0-9, `.`, `_`, `:`, `-`. */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9._:-]{8,200}$/

/** Keys are kept at least this long (the contract says at least 30 days). */
export const IDEMPOTENCY_RETENTION_DAYS = 30
/** A claim whose process died before its effect committed is taken over after this long. */
export const IDEMPOTENCY_CLAIM_TTL_MS = 5 * 60_000
/** How long a request waits for a concurrent one with the same key before 409. */
const WAIT_FOR_CONCURRENT_MS = 15_000
const POLL_MS = 20
const PURGE_BATCH = 100

export interface IdempotentRequest {
  key: string
  /** Identifies the request: method, path and the whole body (see `requestFingerprint`). */
  fingerprint: string
}

export interface IdempotentResponse {
  status: number
  body: unknown
  headers?: Record<string, string> | undefined
  /** The record the request created, for replays that show its current state. */
  resourceId?: string | null | undefined
}

export interface IdempotentOutcome {
  response: IdempotentResponse
  replayed: boolean
}

interface StoredResponse {
  body: unknown
  headers?: Record<string, string>
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * `Idempotency-Key` for any write. The first request with a key claims it and runs; a later
 * request with the same key and fingerprint gets the first response again (or, through
 * `replay`, the current state of the record it created) without running; another request
 * under the same key is refused with 422. Concurrent requests with one key wait for the first
 * and replay it.
 *
 * Guarantee: a use case that marks its unit of work as the effect of the request
 * (`unit.completes(resourceId)`) completes the key in its own transaction, so the effect
 * happens once even if the process dies right after the commit. For other writes the key is
 * completed right after the response. A request that fails before its effect commits stores
 * nothing: the key stays free for a retry.
 */
export function createIdempotencyService({ storage, clock }: CoreDeps) {
  /** Claims the key, or returns the record that holds it. Reads first: waiting costs no lock. */
  async function claimOrRead(actor: Actor, request: IdempotentRequest): Promise<{ claimed: boolean; record: IdempotencyRecord }> {
    const seen = await storage.idempotency.get(actor.companyId, request.key)
    if (seen && !isAbandoned(seen, request, clock.now())) return { claimed: false, record: seen }
    return storage.transaction(async (tx) => {
      const now = clock.now()
      const record: IdempotencyRecord = {
        companyId: actor.companyId, key: request.key, fingerprint: request.fingerprint, state: 'pending',
        claimExpiresAt: new Date(now.getTime() + IDEMPOTENCY_CLAIM_TTL_MS).toISOString(),
        responseStatus: null, responseBody: null, resourceId: null, createdAt: now.toISOString(),
      }
      const existing = await tx.idempotency.get(actor.companyId, request.key)
      if (!existing) {
        await tx.idempotency.deleteCreatedBefore(new Date(now.getTime() - IDEMPOTENCY_RETENTION_DAYS * 86_400_000).toISOString(), PURGE_BATCH)
        return { claimed: await tx.idempotency.insertIfAbsent(record), record }
      }
      if (!isAbandoned(existing, request, now)) return { claimed: false, record: existing }
      await tx.idempotency.update(record)
      return { claimed: true, record }
    })
  }

  async function executeClaimed(record: IdempotencyRecord, execute: () => Promise<IdempotentResponse>): Promise<IdempotentResponse> {
    let response: IdempotentResponse
    try {
      response = await runWithClaim(record, execute)
    } catch (error) {
      // Free the key unless the effect committed (then the key is complete and replays it).
      await storage.transaction(async (tx) => {
        const current = await tx.idempotency.get(record.companyId, record.key)
        if (current?.state === 'pending' && current.createdAt === record.createdAt) await tx.idempotency.delete(record.companyId, record.key)
      })
      throw error
    }
    const stored: StoredResponse = response.headers ? { body: response.body, headers: response.headers } : { body: response.body }
    await storage.transaction(async (tx) => {
      const current = await tx.idempotency.get(record.companyId, record.key)
      await tx.idempotency.update({
        ...record, state: 'completed', responseStatus: response.status, responseBody: stored,
        resourceId: current?.resourceId ?? response.resourceId ?? null,
      })
    })
    return response
  }

  return {
    async run(
      actor: Actor,
      request: IdempotentRequest,
      execute: () => Promise<IdempotentResponse>,
      replay?: (resourceId: string) => Promise<IdempotentResponse>,
    ): Promise<IdempotentOutcome> {
      if (!IDEMPOTENCY_KEY_PATTERN.test(request.key)) {
        throw new InvoicingError('invalid_idempotency_key', 'Idempotency-Key must be 8 to 200 characters of A-Z, a-z, 0-9, ".", "_", ":" and "-"')
      }
      const deadline = Date.now() + WAIT_FOR_CONCURRENT_MS
      for (;;) {
        const { claimed, record } = await claimOrRead(actor, request)
        if (claimed) return { response: await executeClaimed(record, execute), replayed: false }
        if (record.fingerprint !== request.fingerprint) {
          throw new InvoicingError('idempotency_key_reused', 'This Idempotency-Key was used for a different request; use a new key for a new request')
        }
        if (record.state === 'completed' && record.resourceId && replay) return { response: await replay(record.resourceId), replayed: true }
        if (record.state === 'completed' && record.responseStatus !== null) {
          const { body, headers } = record.responseBody as StoredResponse
          return { response: { status: record.responseStatus, body, ...(headers ? { headers } : {}), resourceId: record.resourceId }, replayed: true }
        }
        if (Date.now() >= deadline) {
          throw new InvoicingError('idempotency_key_in_progress', 'A request with this Idempotency-Key is still in progress; retry later')
        }
        await sleep(POLL_MS)
      }
    },
  }
}

/** A claim still pending after its time: its process died before the effect committed. */
const isAbandoned = (record: IdempotencyRecord, request: IdempotentRequest, now: Date): boolean =>
  record.state === 'pending' && record.fingerprint === request.fingerprint && record.claimExpiresAt <= now.toISOString()

export type IdempotencyService = ReturnType<typeof createIdempotencyService>
