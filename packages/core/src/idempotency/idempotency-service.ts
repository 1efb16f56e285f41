import type { Actor } from '../access'
import { InvoicingError } from '../errors'
import type { CoreDeps } from '../ports/deps'
import { KeyAlreadyAnswered, type IdempotencyClaim } from './idempotency-claim'
import type { IdempotencyRecord, IdempotentResponse } from './idempotency-record'

export { IDEMPOTENCY_RETENTION_DAYS } from './idempotency-retention-job'

/** 8 to 200 characters of A-Z, a-z, 0-9, `.`, `_`, `:`, `-`. */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9._:-]{8,200}$/

/** How long a request waits for one with the same key running in this process before 409. */
const WAIT_FOR_CONCURRENT_MS = 15_000

export interface IdempotentRequest {
  key: string
  /** Identifies the request: method, path and the whole body (see `requestFingerprint`). */
  fingerprint: string
}

export interface IdempotentOutcome {
  response: IdempotentResponse
  replayed: boolean
}

interface StoredResponse {
  body: unknown
  headers?: Record<string, string>
}

/**
 * `Idempotency-Key` for any write. The first request with a key runs its use case, which stores
 * the answer in the transaction of its effect (see `IdempotencyClaim`); a later request with the
 * same key and fingerprint gets that answer again (or, through `replay`, the current state of
 * the record it created) without running; another request under the same key is refused with
 * 422. Nothing is stored before the effect commits, so a request that failed or whose process
 * died leaves the key free at once. A request with a key that is running in this process waits
 * for it and replays its answer; one running in another process stores its answer first or
 * loses to this one (then this one replays it).
 */
export function createIdempotencyService({ storage }: CoreDeps) {
  /** The requests with a key running in this process, by company and key. */
  const running = new Map<string, Promise<unknown>>()

  async function answer(record: IdempotencyRecord, request: IdempotentRequest, replay?: (resourceId: string) => Promise<IdempotentResponse>): Promise<IdempotentOutcome> {
    if (record.fingerprint !== request.fingerprint) {
      throw new InvoicingError('idempotency_key_reused', 'This Idempotency-Key was used for a different request; use a new key for a new request')
    }
    if (record.resourceId && replay) return { response: await replay(record.resourceId), replayed: true }
    const { body, headers } = record.responseBody as StoredResponse
    return { response: { status: record.responseStatus, body, ...(headers ? { headers } : {}), resourceId: record.resourceId }, replayed: true }
  }

  /** Waits for a request ahead with the same key; 409 when it takes too long. */
  async function waitFor(ahead: Promise<unknown>): Promise<void> {
    let timer: ReturnType<typeof setTimeout> | undefined
    const timedOut = new Promise<'timeout'>((resolve) => { timer = setTimeout(() => resolve('timeout'), WAIT_FOR_CONCURRENT_MS) })
    const outcome = await Promise.race([ahead.then(() => 'done', () => 'done'), timedOut])
    clearTimeout(timer)
    if (outcome === 'timeout') {
      throw new InvoicingError('idempotency_key_in_progress', 'A request with this Idempotency-Key is still in progress; retry later')
    }
  }

  /** Refuses a key of another form than 8 to 200 of `A-Z a-z 0-9 . _ : -` (422 `invalid_idempotency_key`). */
  const assertKeyForm = (key: string): void => {
    if (!IDEMPOTENCY_KEY_PATTERN.test(key)) {
      throw new InvoicingError('invalid_idempotency_key', 'Idempotency-Key must be 8 to 200 characters of A-Z, a-z, 0-9, ".", "_", ":" and "-"')
    }
  }

  return {
    assertKeyForm,
    /**
     * Runs `execute` under the key unless the key has an answer. `execute` passes the claim to
     * the use case, which completes it in the transaction of its effect; `respond` makes the
     * answer of its result.
     */
    async run<R>(
      actor: Actor,
      request: IdempotentRequest,
      respond: (result: R) => IdempotentResponse,
      execute: (claim: IdempotencyClaim<R>) => Promise<R>,
      replay?: (resourceId: string) => Promise<IdempotentResponse>,
    ): Promise<IdempotentOutcome> {
      assertKeyForm(request.key)
      const name = `${actor.companyId}\u0000${request.key}`
      for (let ahead = running.get(name); ahead; ahead = running.get(name)) await waitFor(ahead)
      // Nothing is awaited between the check above and taking the place, so one runs at a time.
      const run = (async (): Promise<IdempotentOutcome> => {
        const stored = await storage.idempotency.get(actor.companyId, request.key)
        if (stored) return answer(stored, request, replay)
        // With a replay the key keeps which record the request created, not the answer: a replay
        // rebuilds the answer from that record, so the store never holds a copy of what the
        // answer showed once (a webhook endpoint's signing secret).
        const kept = (result: R): IdempotentResponse => {
          const response = respond(result)
          return replay && response.resourceId ? { ...response, body: null } : response
        }
        const claim: IdempotencyClaim<R> = { companyId: actor.companyId, ...request, respond: kept, completed: false }
        try {
          const result = await execute(claim)
          if (!claim.completed) throw new Error(`the use case answering under Idempotency-Key ${request.key} did not store its answer with its effect`)
          return { response: respond(result), replayed: false }
        } catch (error) {
          if (!(error instanceof KeyAlreadyAnswered)) throw error
          const winner = await storage.idempotency.get(actor.companyId, request.key)
          if (!winner) throw new Error(`Idempotency-Key ${request.key} was answered and then vanished`)
          return answer(winner, request, replay)
        }
      })()
      running.set(name, run)
      try {
        return await run
      } finally {
        if (running.get(name) === run) running.delete(name)
      }
    },
  }
}

export type IdempotencyService = ReturnType<typeof createIdempotencyService>
