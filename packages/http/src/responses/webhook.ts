import { DELIVERY_STATUSES, deliveryStatusAfter, type WebhookAttempt, type WebhookEndpoint } from '@invoicing/core'
import * as v from 'valibot'
import { WEBHOOK_EVENTS, nullableNumber, nullableString, timestamp } from './shapes'

/** An endpoint as reads show it: never with its secret. */
export const toWebhookResponse = ({ companyId: _, secret: __, ...endpoint }: WebhookEndpoint) => endpoint

const webhookEntries = {
  id: v.string(),
  url: v.string(),
  events: v.array(v.picklist(WEBHOOK_EVENTS)),
  description: nullableString,
  active: v.boolean(),
  createdAt: timestamp,
  updatedAt: timestamp,
}

export const WebhookResponseSchema = v.strictObject(webhookEntries)

/** The answer to creating an endpoint: the only time its signing secret is shown. */
export const toCreatedWebhookResponse = (endpoint: WebhookEndpoint) => ({ ...toWebhookResponse(endpoint), secret: endpoint.secret })

export const CreatedWebhookResponseSchema = v.strictObject({
  ...webhookEntries,
  secret: v.pipe(v.string(), v.description('whsec_… — the Standard Webhooks signing secret; shown only in this answer')),
})

export const toAttemptResponse = ({ companyId: _, endpointId: __, ...attempt }: WebhookAttempt) => ({
  ...attempt,
  status: deliveryStatusAfter(attempt),
})

export const AttemptResponseSchema = v.strictObject({
  id: v.string(),
  deliveryId: v.pipe(v.string(), v.description('The delivery this attempt belongs to: one event to this endpoint')),
  messageId: v.pipe(v.string(), v.description('The webhook-id header: the event id, the same on every attempt')),
  eventType: v.string(),
  attempt: v.pipe(v.number(), v.description('1 for the first try; at most 8')),
  succeeded: v.boolean(),
  status: v.pipe(v.picklist(DELIVERY_STATUSES), v.description('After this attempt: SUCCEEDED, PENDING (tried again at nextAttemptAt) or FAILED (given up)')),
  statusCode: v.pipe(nullableNumber, v.description('The receiver\'s HTTP status; null when none came')),
  error: nullableString,
  responseBody: v.pipe(nullableString, v.description('The start of the receiver\'s answer (at most 1024 characters)')),
  durationMs: v.number(),
  attemptedAt: timestamp,
  nextAttemptAt: v.nullable(timestamp),
})
