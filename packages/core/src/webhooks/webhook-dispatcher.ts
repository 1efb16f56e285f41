import { PLAN_FEATURES } from '../companies/plans'
import type { DomainEvent } from '../events/domain-event'
import type { CoreDeps } from '../ports/deps'
import {
  DELIVERY_TIMEOUT_MS, LOGGED_RESPONSE_CHARS, MAX_DELIVERY_ATTEMPTS, RETRY_DELAYS_MS, subscribes,
  type WebhookAttempt, type WebhookDelivery, type WebhookEndpoint,
} from './webhook'
import { signedHeaders } from './webhook-signing'
import type { WebhookTransport } from '../ports/webhook-transport'

export interface WebhookDispatchOptions {
  /** Waits after failed attempts 1…7; default about a day in all (RETRY_DELAYS_MS). */
  retryDelaysMs?: readonly number[]
  /** Events and deliveries taken per round. */
  batchSize?: number
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
 * - `deliverDue` claims due deliveries (a compare-and-set on `nextAttemptAt` in a transaction,
 *   which also leases the attempt for timeout plus a minute), posts them signed, and records
 *   the attempt: success, a retry after the next delay, or FAILED after the last attempt. A
 *   process that dies mid-attempt leaves the lease to expire, and the delivery is tried again.
 */
export function createWebhookDispatcher(deps: CoreDeps, transport: WebhookTransport, options: WebhookDispatchOptions = {}) {
  const { storage, clock, ids } = deps
  const retryDelays = options.retryDelaysMs ?? RETRY_DELAYS_MS
  const batchSize = options.batchSize ?? 50
  const leaseMs = DELIVERY_TIMEOUT_MS + 60_000

  /** The delivery of `message` to one endpoint, due at `now`; `attempts` counts a claim already made. */
  const deliveryOf = (message: WebhookMessage, endpointId: string, now: string, attempts = 0): WebhookDelivery => ({
    id: ids.next(), companyId: message.companyId, endpointId, messageId: message.id, eventType: message.type,
    payload: webhookPayload(message), status: 'PENDING', attempts, nextAttemptAt: now, createdAt: now, updatedAt: now,
  })

  async function fanOut(): Promise<number> {
    return storage.transaction(async (tx) => {
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

  /** The delivery leased for one attempt, or null when another worker took it first. */
  async function claim(seen: WebhookDelivery): Promise<WebhookDelivery | null> {
    return storage.transaction(async (tx) => {
      const current = await tx.webhookDeliveries.get(seen.id)
      if (current?.status !== 'PENDING' || current.nextAttemptAt !== seen.nextAttemptAt) return null
      const now = clock.now()
      const leased = { ...current, attempts: current.attempts + 1, nextAttemptAt: later(now, leaseMs), updatedAt: now.toISOString() }
      await tx.webhookDeliveries.update(leased)
      return leased
    })
  }

  /** Posts the leased delivery once and records the outcome; `retry` false makes one attempt the last. */
  async function attempt(delivery: WebhookDelivery, endpoint: WebhookEndpoint, retry = true): Promise<WebhookAttempt> {
    const started = performance.now()
    const attemptedAt = clock.now()
    let statusCode: number | null = null
    let responseBody: string | null = null
    let error: string | null = null
    try {
      const response = await transport.post({
        url: endpoint.url,
        headers: signedHeaders(endpoint.secret, delivery.messageId, Math.floor(attemptedAt.getTime() / 1000), delivery.payload),
        body: delivery.payload,
        timeoutMs: DELIVERY_TIMEOUT_MS,
      })
      statusCode = response.status
      responseBody = response.body.slice(0, LOGGED_RESPONSE_CHARS)
      if (statusCode < 200 || statusCode > 299) error = `HTTP ${statusCode}`
    } catch (failure) {
      error = failure instanceof Error ? failure.message : String(failure)
    }
    const durationMs = Math.round(performance.now() - started)
    const succeeded = error === null
    const delay = retryDelays[delivery.attempts - 1]
    const retries = !succeeded && retry && delivery.attempts < MAX_DELIVERY_ATTEMPTS && delay !== undefined
    const now = clock.now()
    const nextAttemptAt = retries ? later(now, delay) : null
    const record: WebhookAttempt = {
      id: ids.next(), companyId: delivery.companyId, endpointId: delivery.endpointId, deliveryId: delivery.id,
      messageId: delivery.messageId, eventType: delivery.eventType, attempt: delivery.attempts, succeeded, statusCode, error,
      responseBody, durationMs, attemptedAt: attemptedAt.toISOString(), nextAttemptAt,
    }
    await storage.transaction(async (tx) => {
      // The endpoint may have been deleted meanwhile, taking its deliveries along.
      if (!(await tx.webhookDeliveries.get(delivery.id))) return
      await tx.webhookDeliveries.appendAttempt(record)
      await tx.webhookDeliveries.update({
        ...delivery,
        status: succeeded ? 'SUCCEEDED' : retries ? 'PENDING' : 'FAILED',
        nextAttemptAt: nextAttemptAt ?? delivery.nextAttemptAt,
        updatedAt: now.toISOString(),
      })
    })
    return record
  }

  async function deliverDue(): Promise<number> {
    const due = await storage.webhookDeliveries.listDue(clock.now().toISOString(), batchSize)
    const claimed = (await Promise.all(due.map(claim))).filter((delivery) => delivery !== null)
    await Promise.all(claimed.map(async (delivery) => {
      const endpoint = await storage.webhookEndpoints.get(delivery.companyId, delivery.endpointId)
      if (endpoint) await attempt(delivery, endpoint)
    }))
    return claimed.length
  }

  return {
    fanOut,
    deliverDue,
    /** Posts `message` to `endpoint` once, now, outside the queue (the test message); logged, never retried. */
    async sendOnce(message: WebhookMessage, endpoint: WebhookEndpoint): Promise<WebhookAttempt> {
      const now = clock.now()
      // Stored already leased: the queue worker must not post it a second time meanwhile.
      const delivery = { ...deliveryOf(message, endpoint.id, now.toISOString(), 1), nextAttemptAt: later(now, leaseMs) }
      await storage.transaction((tx) => tx.webhookDeliveries.insert(delivery))
      return attempt(delivery, endpoint, false)
    },
    /** One round: fan out new events, then deliver what is due. Returns whether there was work. */
    async runOnce(): Promise<boolean> {
      const fanned = await fanOut()
      const delivered = await deliverDue()
      return fanned + delivered > 0
    },
  }
}

export type WebhookDispatcher = ReturnType<typeof createWebhookDispatcher>
