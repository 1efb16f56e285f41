import type { EventType } from '../events'

/** Delivery is at least once: 8 attempts spread over about a day. */
export const MAX_DELIVERY_ATTEMPTS = 8

/** The waits after failed attempts 1 to 7: 1 min, 5 min, 30 min, 1 h, 2 h, 6 h, 14 h (about 24 h in all). */
export const RETRY_DELAYS_MS: readonly number[] = [60_000, 300_000, 1_800_000, 3_600_000, 7_200_000, 21_600_000, 50_400_000]

/** How long one attempt may take in all: connecting, sending, and reading the whole answer. */
export const DELIVERY_TIMEOUT_MS = 10_000

/** Attempts in flight at once in one process, to different endpoints (one endpoint has at most one). */
export const DELIVERY_CONCURRENCY = 8

/** How much of a receiver's answer the delivery log keeps. */
export const LOGGED_RESPONSE_CHARS = 1024

/** A receiver of a company's events. The secret signs every delivery (Standard Webhooks). */
export interface WebhookEndpoint {
  id: string
  companyId: string
  url: string
  /** Event types, or `['*']` for every type. */
  events: (EventType | '*')[]
  description: string | null
  active: boolean
  /** `whsec_` + base64 of 24 random bytes. */
  secret: string
  createdAt: string
  updatedAt: string
}

export const DELIVERY_STATUSES = ['PENDING', 'SUCCEEDED', 'FAILED'] as const
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number]

/** One message to one endpoint, retried until it succeeds or the attempts are used up. */
export interface WebhookDelivery {
  id: string
  companyId: string
  endpointId: string
  /** The `webhook-id`: the event's id, the same on every attempt. */
  messageId: string
  eventType: string
  /** The JSON body, fixed when the delivery is made so that every attempt sends the same bytes. */
  payload: string
  status: DeliveryStatus
  attempts: number
  /** When the next attempt is due. */
  nextAttemptAt: string
  /** While an attempt runs, when its lease ends (then the delivery is due again); null otherwise. */
  leasedUntil: string | null
  createdAt: string
  updatedAt: string
}

/** One try of a delivery, as the delivery log shows it. */
export interface WebhookAttempt {
  id: string
  companyId: string
  endpointId: string
  deliveryId: string
  messageId: string
  eventType: string
  attempt: number
  succeeded: boolean
  /** The receiver's HTTP status; null when none came (timeout, refused connection). */
  statusCode: number | null
  error: string | null
  /** The start of the receiver's answer, at most LOGGED_RESPONSE_CHARS characters. */
  responseBody: string | null
  durationMs: number
  attemptedAt: string
  /** When the delivery is tried again; null when it succeeded or gave up. */
  nextAttemptAt: string | null
}

export const subscribes = (endpoint: WebhookEndpoint, type: string): boolean =>
  endpoint.active && (endpoint.events.includes('*') || (endpoint.events as string[]).includes(type))

/** Where the delivery stood after this attempt: done, to be tried again, or given up. */
export const deliveryStatusAfter = (attempt: Pick<WebhookAttempt, 'succeeded' | 'nextAttemptAt'>): DeliveryStatus =>
  attempt.succeeded ? 'SUCCEEDED' : attempt.nextAttemptAt ? 'PENDING' : 'FAILED'
