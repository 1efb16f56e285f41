import { PLAN_FEATURES } from '../companies'
import type { DomainEvent } from '../events'
import type { CoreDeps } from '../ports/deps'
import {
  DELIVERY_CONCURRENCY, DELIVERY_TIMEOUT_MS, LOGGED_RESPONSE_CHARS, MAX_DELIVERY_ATTEMPTS, RETRY_DELAYS_MS, subscribes,
  type WebhookAttempt, type WebhookDelivery, type WebhookEndpoint,
} from './webhook'
import { signedHeaders } from './webhook-signing'
import type { WebhookTransport } from '../ports/webhook-transport'
import { retryingConflicts, retryingTransaction, createUnitOfWork } from '../unit-of-work'
import { assertKeyUnanswered, KeyAlreadyAnswered, type IdempotencyClaim } from '../idempotency'
import { companyActor } from '../access'

export interface WebhookDispatchOptions {
  /** Waits after failed attempts 1…7; default about a day in all (RETRY_DELAYS_MS). */
  retryDelaysMs?: readonly number[]
  /** Events fanned out per round. */
  batchSize?: number
  /** How often the delivery job looks for due deliveries when nothing wakes it; default 1 s. */
  pollIntervalMs?: number
  /** Attempts in flight at once in this process, each to another endpoint; default DELIVERY_CONCURRENCY. */
  concurrency?: number
  /** How long one attempt may take in all; default DELIVERY_TIMEOUT_MS. */
  attemptTimeoutMs?: number
}

/** A message to receivers: an event of the engine, or the test message of one endpoint. */
export type WebhookMessage = Pick<DomainEvent, 'id' | 'createdAt' | 'companyId' | 'data'> & { type: string }

/** The body every receiver gets. */
export const webhookPayload = (message: WebhookMessage): string =>
  JSON.stringify({ id: message.id, type: message.type, createdAt: message.createdAt, companyId: message.companyId, data: message.data })

const later = (now: Date, ms: number) => new Date(now.getTime() + ms).toISOString()


/**
 * Delivers the outbox to webhook endpoints, at least once.
 *
 * - `fanOut` turns each committed, undispatched event into one delivery per subscribed endpoint,
 *   in one transaction with marking the event dispatched: an event is fanned out exactly once,
 *   also with several host processes.
 * - `deliverNext` claims one due delivery (`claimDue` leases it, and skips endpoints that have
 *   an attempt running), posts it signed within the attempt timeout in all, and records the
 *   attempt: success, a retry after the next delay, or FAILED after the last attempt. Rounds
 *   run side by side (the job's concurrency), so a slow receiver holds one round, never the
 *   others, and an endpoint that keeps failing waits out its delays without holding any.
 * - An attempt aborted because the process stops counts as failed and is retried after the
 *   next delay. A process that dies mid-attempt records nothing: the lease ends and the
 *   delivery is due again.
 */
export function createWebhookDispatcher(deps: CoreDeps, transport: WebhookTransport, options: WebhookDispatchOptions = {}) {
  const { storage, clock, ids } = deps
  const inUnitOfWork = createUnitOfWork(deps)
  const retryDelays = options.retryDelaysMs ?? RETRY_DELAYS_MS
  const batchSize = options.batchSize ?? 50
  const attemptTimeoutMs = options.attemptTimeoutMs ?? DELIVERY_TIMEOUT_MS
  // A round is a fan-out, one attempt and its record.
  const roundDeadlineMs = attemptTimeoutMs + 20_000
  // A claim's lease outlasts the round that holds it: only a round that died leaves it to end.
  const leaseMs = roundDeadlineMs + 40_000

  /** The delivery of `message` to one endpoint, due at `now`; `attempts` counts a claim already made. */
  const deliveryOf = (message: WebhookMessage, endpointId: string, now: string, attempts = 0): WebhookDelivery => ({
    id: ids.next(), companyId: message.companyId, endpointId, messageId: message.id, eventType: message.type,
    payload: webhookPayload(message), status: 'PENDING', attempts, nextAttemptAt: now, leasedUntil: null, createdAt: now, updatedAt: now,
  })

  /** Fans out a batch of events; answers whether that made deliveries or left events behind. */
  async function fanOut(): Promise<boolean> {
    return retryingTransaction(storage, async (tx) => {
      const now = clock.now().toISOString()
      const events = await tx.events.listUndispatched(batchSize)
      let deliveries = 0
      for (const event of events) {
        const company = await tx.companies.get(event.companyId)
        const endpoints = company && PLAN_FEATURES[company.plan].webhooks ? await tx.webhookEndpoints.list(event.companyId) : []
        for (const endpoint of endpoints.filter((each) => subscribes(each, event.type))) {
          await tx.webhookDeliveries.insert(deliveryOf(event, endpoint.id, now))
          deliveries++
        }
        await tx.events.markDispatched(event.id, now)
      }
      return deliveries > 0 || events.length === batchSize
    })
  }

  /** What one post of a delivery gave. */
  interface PostOutcome {
    attemptedAt: Date
    durationMs: number
    statusCode: number | null
    responseBody: string | null
    error: string | null
    /** Cut off because this process stops: the receiver is not to blame, so it never uses up the last attempt. */
    interrupted: boolean
  }

  /**
   * Posts the leased delivery once, within `attemptTimeoutMs` in all (a receiver that trickles
   * its answer is cut off like one that never answers). An abort by `stopping` fails the attempt.
   */
  async function post(delivery: WebhookDelivery, endpoint: WebhookEndpoint, stopping?: AbortSignal): Promise<PostOutcome> {
    const started = performance.now()
    const attemptedAt = clock.now()
    const outcome = (fields: Pick<PostOutcome, 'statusCode' | 'responseBody' | 'error'>): PostOutcome =>
      ({ attemptedAt, durationMs: Math.round(performance.now() - started), interrupted: stopping?.aborted ?? false, ...fields })
    // A timer of our own, not AbortSignal.timeout: that one does not keep the process alive while it runs.
    const timeout = new AbortController()
    const timer = setTimeout(() => timeout.abort(new Error('the attempt timed out')), attemptTimeoutMs)
    try {
      const response = await transport.post({
        url: endpoint.url,
        headers: signedHeaders(endpoint.secret, delivery.messageId, Math.floor(attemptedAt.getTime() / 1000), delivery.payload),
        body: delivery.payload,
        timeoutMs: attemptTimeoutMs,
        signal: stopping ? AbortSignal.any([stopping, timeout.signal]) : timeout.signal,
      })
      const ok = response.status >= 200 && response.status <= 299
      return outcome({ statusCode: response.status, responseBody: response.body.slice(0, LOGGED_RESPONSE_CHARS), error: ok ? null : `HTTP ${response.status}` })
    } catch (failure) {
      const error = stopping?.aborted ? 'aborted: the delivery worker stopped; tried again later'
        : timeout.signal.aborted ? `no complete answer within ${attemptTimeoutMs / 1000} s`
        : failure instanceof Error ? failure.message : String(failure)
      return outcome({ statusCode: null, responseBody: null, error })
    } finally {
      clearTimeout(timer)
    }
  }

  /**
   * Records the outcome of one attempt: success, a retry after the next delay, or FAILED after
   * the last attempt (`retry` false makes this attempt the last). With the `claim` of a request's
   * `Idempotency-Key`, its answer is stored in the same unit of work. If another host answered
   * that key first, the attempt is still recorded (its delivery must not stay due) and the
   * request replays the other answer.
   */
  async function record(
    delivery: WebhookDelivery, { attemptedAt, durationMs, statusCode, responseBody, error, interrupted }: PostOutcome, retry: boolean,
    claim?: IdempotencyClaim<WebhookAttempt>,
  ): Promise<WebhookAttempt> {
    const succeeded = error === null
    const delay = retryDelays[Math.min(delivery.attempts, retryDelays.length) - 1]
    const retries = !succeeded && retry && (interrupted || delivery.attempts < MAX_DELIVERY_ATTEMPTS) && delay !== undefined
    const now = clock.now()
    const nextAttemptAt = retries ? later(now, delay) : null
    const attempt: WebhookAttempt = {
      id: ids.next(), companyId: delivery.companyId, endpointId: delivery.endpointId, deliveryId: delivery.id,
      messageId: delivery.messageId, eventType: delivery.eventType, attempt: delivery.attempts, succeeded, statusCode, error,
      responseBody, durationMs, attemptedAt: attemptedAt.toISOString(), nextAttemptAt,
    }
    const store = (answering?: IdempotencyClaim<WebhookAttempt>) => inUnitOfWork(companyActor(delivery.companyId), async ({ tx }) => {
      // The endpoint may have been deleted meanwhile, taking its deliveries along.
      if (!(await tx.webhookDeliveries.get(delivery.id))) return attempt
      await tx.webhookDeliveries.appendAttempt(attempt)
      await tx.webhookDeliveries.update({
        ...delivery,
        status: succeeded ? 'SUCCEEDED' : retries ? 'PENDING' : 'FAILED',
        nextAttemptAt: nextAttemptAt ?? delivery.nextAttemptAt,
        leasedUntil: null,
        updatedAt: now.toISOString(),
      })
      return attempt
    }, answering)
    try {
      return await store(claim)
    } catch (failure) {
      if (!(failure instanceof KeyAlreadyAnswered)) throw failure
      await store()
      throw failure
    }
  }

  /** Claims one due delivery and makes one attempt; answers whether there was one. */
  async function deliverNext(stopping: AbortSignal): Promise<boolean> {
    const [delivery] = await retryingConflicts(storage, () => storage.queues.webhookDeliveries.claimDue(clock.now().toISOString(), 1, leaseMs))
    if (!delivery) return false
    const endpoint = await storage.webhookEndpoints.get(delivery.companyId, delivery.endpointId)
    if (endpoint) await record(delivery, await post(delivery, endpoint, stopping), true)
    return true
  }

  return {
    /**
     * Posts `message` to `endpoint` once, now, outside the queue (the test message); logged, never
     * retried. The `claim` of the request's `Idempotency-Key` is completed with the logged attempt.
     */
    async sendOnce(message: WebhookMessage, endpoint: WebhookEndpoint, claim?: IdempotencyClaim<WebhookAttempt>): Promise<WebhookAttempt> {
      const now = clock.now()
      // Stored already leased: the queue worker must not post it a second time meanwhile.
      const delivery = { ...deliveryOf(message, endpoint.id, now.toISOString(), 1), leasedUntil: later(now, leaseMs) }
      await retryingTransaction(storage, async (tx) => {
        await assertKeyUnanswered(tx, claim)
        await tx.webhookDeliveries.insert(delivery)
      })
      return record(delivery, await post(delivery, endpoint), false, claim)
    },
    /**
     * One round: fan out new events, then make one due attempt. Answers whether more rounds may
     * find work: an event that reaches no endpoint (most of them, without webhooks) asks for none,
     * or every commit would start a round for each slot.
     */
    async runOnce(stopping: AbortSignal): Promise<boolean> {
      const moreToFanOut = await fanOut()
      if (stopping.aborted) return moreToFanOut
      return (await deliverNext(stopping)) || moreToFanOut
    },
    /** How many rounds may run side by side. */
    concurrency: Math.max(1, options.concurrency ?? DELIVERY_CONCURRENCY),
    /** How long one round may take. */
    roundDeadlineMs,
  }
}

export type WebhookDispatcher = ReturnType<typeof createWebhookDispatcher>
