import * as v from 'valibot'
import { EVENT_TYPES } from '../events'
import { optionalText } from '../shared/fields'
import { pageEntries } from '../shared/pagination'
import { aliased } from '../shared/validation'

const url = v.pipe(
  v.string(),
  v.trim(),
  v.maxLength(2000, 'must be at most 2000 characters'),
  v.url('must be an absolute URL such as https://example.com/hooks'),
  v.check((text) => /^https?:/i.test(text), 'must be an https URL'),
  v.description('https URL of the receiver; it must resolve to public addresses only'),
)

const events = v.pipe(
  v.array(v.picklist([...EVENT_TYPES, '*'])),
  v.minLength(1, 'must name at least one event type, or "*"'),
  v.check((types) => !types.includes('*') || types.length === 1, '"*" stands alone: it subscribes to every event type'),
  v.transform((types) => [...new Set(types)]),
  v.description(`Event types (${EVENT_TYPES.join(', ')}), or ["*"] for all`),
)

export const WebhookCreateSchema = aliased(v.object({
  url,
  events,
  description: optionalText(500),
}))

export const WebhookUpdateSchema = aliased(v.object({
  url: v.optional(url),
  events: v.optional(events),
  description: optionalText(500),
  active: v.optional(v.pipe(v.boolean(), v.description('false: events from now on are not delivered to it (retries of earlier ones continue)'))),
}))

export const WebhookDeliveryQuerySchema = aliased(v.object({ ...pageEntries }))

export type WebhookCreateInput = v.InferInput<typeof WebhookCreateSchema>
export type WebhookUpdateInput = v.InferInput<typeof WebhookUpdateSchema>
export type WebhookDeliveryQueryInput = v.InferInput<typeof WebhookDeliveryQuerySchema>
