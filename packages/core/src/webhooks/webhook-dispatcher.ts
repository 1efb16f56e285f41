import { PLAN_FEATURES } from '../companies'
import type { DomainEvent } from '../events'
import type { CoreDeps } from '../ports/deps'
import {
  DELIVERY_TIMEOUT_MS, LOGGED_RESPONSE_CHARS, MAX_DELIVERY_ATTEMPTS, RETRY_DELAYS_MS, subscribes,
  type WebhookAttempt, type WebhookDelivery, type WebhookEndpoint,
} from './webhook'
import { signedHeaders } from './webhook-signing'
import type { WebhookTransport } from '../ports/webhook-transport'
import { retryingTransaction, createUnitOfWork } from '../unit-of-work'
import { assertKeyUnanswered, KeyAlreadyAnswered, type IdempotencyClaim } from '../idempotency'
import { companyActor } from '../access'

export interface WebhookDispatchOptions {
  /** Waits after failed attempts 1…7; default about a day in all (RETRY_DELAYS_MS). */
  retryDelaysMs?: readonly number[]
  /** Events and deliveries taken per round. */
  batchSize?: number
  /** How often the delivery job looks for due deliveries when nothing wakes it; default 1 s. */
  pollIntervalMs?: number
}

/** A message to receivers: an event of the engine, or the test message of one endpoint. */
export type WebhookMessage = Pick<DomainEvent, 'id' | 'createdAt' | 'companyId' | 'data'> & { type: string }

/** The body every receiver gets. */
export const webhookPayload = (message: WebhookMessage): string =>
  JSON.stringify({ id: message.id, type: message.type, createdAt: message.createdAt, companyId: message.companyId, data: message.data })

const later = (now: Date, ms: number) => new Date(now.getTime() + ms).toISOString()

/** How long one round may take: its posts run side by side, each at most DELIVERY_TIMEOUT_MS. */
export const DELIVERY_ROUND_DEADLINE_MS = DELIVERY_TIMEOUT_MS + 20_000

/** A claim's lease outlasts the round that holds it: only a round that died or was cut off leaves it to end. */
const LEASE_MS = DELIVERY_ROUND_DEADLINE_MS + 40_000

/**
 * Delivers the outbox to webhook endpoints, at least once.
 *
 * - `fanOut` turns each committed, undispatched event into one delivery per subscribed endpoint,
 *   in one transaction with marking the event dispatched: an event is fanned out exactly once,
 *   also with several host processes.
 * - `deliverDue` claims due deliveries (`claimDue`, which leases each attempt), posts them
 *   signed, and records the attempt: success, a retry after the next delay, or FAILED after the
 *   last attempt. A round that is aborted, or a process that dies, mid-attempt records nothing:
 *   the lease ends and the delivery is tried again.
 */
export function createWebhookDispatcher(deps: CoreDeps, transport: WebhookTransport, options: WebhookDispatchOptions = {}) {
  const { storage, clock, ids } = deps
  const inUnitOfWork = createUnitOfWork(deps)
  const retryDelays = options.retryDelaysMs ?? RETRY_DELAYS_MS
  const batchSize = options.batchSize ?? 50

  /** The delivery of `message` to one endpoint, due at `now`; `attempts` counts a claim already made. */
  const deliveryOf = (message: WebhookMessage, endpointId: string, now: string, attempts = 0): WebhookDelivery => ({
    id: ids.next(), companyId: message.companyId, endpointId, messageId: message.id, eventType: message.type,
    payload: webhookPayload(message), status: 'PENDING', attempts, nextAttemptAt: now, createdAt: now, updatedAt: now,
  })

  async function fanOut(): Promise<number> {
    return retryingTransaction(storage, async (tx) => {
      const now = clock.now().toISOString()
      const events = await tx.events.listUndispatched(batchSize)
      for (const event of events) {
        const company = await tx.companies.get(event.companyId)
        const endpoints = company && PLAN_FEATURES[company.plan].webhooks ? await tx.webhookEndpoints.list(event.companyId) : []
        for (const endpoint of endpoints.filter((each) => subscribes(each, event.type))) {
          await tx.webhookDeliveries.insert(deliveryOf(event, endpoint.id, now))
        }
        await tx.events.markDispatched(event.id, now)
      }
      return events.length
    })
  }

  /** What one post of a delivery gave. */
  interface PostOutcome {
    attemptedAt: Date
    durationMs: number
    statusCode: number | null
    responseBody: string | null
    error: string | null
  }

  /** Posts the leased delivery once; null when `signal` aborted the post (its lease decides what follows). */
  async function post(delivery: WebhookDelivery, endpoint: WebhookEndpoint): Promise<PostOutcome>
  async function post(delivery: WebhookDelivery, endpoint: WebhookEndpoint, signal: AbortSignal): Promise<PostOutcome | null>
  async function post(delivery: WebhookDelivery, endpoint: WebhookEndpoint, signal?: AbortSignal): Promise<PostOutcome | null> {
    const started = performance.now()
    const attemptedAt = clock.now()
    const outcome = (fields: Pick<PostOutcome, 'statusCode' | 'responseBody' | 'error'>): PostOutcome =>
      ({ attemptedAt, durationMs: Math.round(performance.now() - started), ...fields })
    try {
      const response = await transport.post({
        url: endpoint.url,
        headers: signedHeaders(endpoint.secret, delivery.messageId, Math.floor(attemptedAt.getTime() / 1000), delivery.payload),
        body: delivery.payload,
        timeoutMs: DELIVERY_TIMEOUT_MS,
        ...(signal ? { signal } : {}),
      })
      const ok = response.status >= 200 && response.status <= 299
      return outcome({ statusCode: response.status, responseBody: response.body.slice(0, LOGGED_RESPONSE_CHARS), error: ok ? null : `HTTP ${response.status}` })
    } catch (failure) {
      if (signal?.aborted) return null
      return outcome({ statusCode: null, responseBody: null, error: failure instanceof Error ? failure.message : String(failure) })
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
    delivery: WebhookDelivery, { attemptedAt, durationMs, statusCode, responseBody, error }: PostOutcome, retry: boolean,
    claim?: IdempotencyClaim<WebhookAttempt>,
  ): Promise<WebhookAttempt> {
    const succeeded = error === null
    const delay = retryDelays[delivery.attempts - 1]
    const retries = !succeeded && retry && delivery.attempts < MAX_DELIVERY_ATTEMPTS && delay !== undefined
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

  async function deliverDue(signal: AbortSignal): Promise<number> {
    const claimed = await retryingTransaction(storage, (tx) => tx.webhookDeliveries.claimDue(clock.now().toISOString(), batchSize, LEASE_MS))
    await Promise.all(claimed.map(async (delivery) => {
      const endpoint = await storage.webhookEndpoints.get(delivery.companyId, delivery.endpointId)
      const outcome = endpoint && !signal.aborted ? await post(delivery, endpoint, signal) : null
      if (outcome) await record(delivery, outcome, true)
    }))
    return claimed.length
  }

  return {
    /**
     * Posts `message` to `endpoint` once, now, outside the queue (the test message); logged, never
     * retried. The `claim` of the request's `Idempotency-Key` is completed with the logged attempt.
     */
    async sendOnce(message: WebhookMessage, endpoint: WebhookEndpoint, claim?: IdempotencyClaim<WebhookAttempt>): Promise<WebhookAttempt> {
      const now = clock.now()
      // Stored already leased: the queue worker must not post it a second time meanwhile.
      const delivery = { ...deliveryOf(message, endpoint.id, now.toISOString(), 1), nextAttemptAt: later(now, LEASE_MS) }
      await retryingTransaction(storage, async (tx) => {
        await assertKeyUnanswered(tx, claim)
        await tx.webhookDeliveries.insert(delivery)
      })
      return record(delivery, await post(delivery, endpoint), false, claim)
    },
    /** One round: fan out new events, then deliver what is due. Returns whether there was work. */
    async runOnce(signal: AbortSignal): Promise<boolean> {
      const fanned = await fanOut()
      if (signal.aborted) return fanned > 0
      const delivered = await deliverDue(signal)
      return fanned + delivered > 0
    },
  }
}

export type WebhookDispatcher = ReturnType<typeof createWebhookDispatcher>
