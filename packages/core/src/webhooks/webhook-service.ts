import type { Actor } from '../access'
import { type Company, PLAN_FEATURES, requireCompany } from '../companies'
import { InvoicingError, notFound } from '../errors'
import type { CoreDeps } from '../ports/deps'
import type { StorageReader, StorageTx } from '../ports/storage'
import { withChanges } from '../shared/changes'
import type { Page } from '../shared/pagination'
import { createUnitOfWork } from '../unit-of-work'
import { parseInput } from '../shared/validation'
import type { WebhookAttempt, WebhookEndpoint } from './webhook'
import type { WebhookDispatcher } from './webhook-dispatcher'
import {
  WebhookCreateSchema, WebhookDeliveryQuerySchema, WebhookUpdateSchema,
  type WebhookCreateInput, type WebhookDeliveryQueryInput, type WebhookUpdateInput,
} from './webhook-schemas'
import { newWebhookSecret } from './webhook-signing'
import type { WebhookTransport } from '../ports/webhook-transport'
import { createdByKey, type IdempotencyClaim } from '../idempotency'

/** The type of the message `test` sends; it is no event of the engine and is never retried. */
export const TEST_EVENT_TYPE = 'webhook.test'

function requireWebhookPlan(company: Company): void {
  if (PLAN_FEATURES[company.plan].webhooks) return
  throw new InvoicingError('plan_feature_unavailable', `Webhooks are part of the ENTERPRISE plan; this company is on ${company.plan}`, { plan: company.plan })
}

/** Webhook endpoints of a company (Enterprise only) and their delivery log. */
export function createWebhookService(deps: CoreDeps, transport: WebhookTransport, dispatcher: WebhookDispatcher) {
  const { storage, clock, ids } = deps
  const inUnitOfWork = createUnitOfWork(deps)

  /** The endpoint of a company on a plan with webhooks; 403 or 404 otherwise. */
  async function requireEndpoint(reader: StorageReader | StorageTx, actor: Actor, id: string): Promise<WebhookEndpoint> {
    requireWebhookPlan(await requireCompany(reader, actor))
    const endpoint = await reader.webhookEndpoints.get(actor.companyId, id)
    if (!endpoint) throw notFound('Webhook endpoint')
    return endpoint
  }

  /** 400 when the receiver is not allowed (https, public addresses after DNS resolution). */
  async function checkUrl(url: string): Promise<void> {
    try {
      await transport.checkUrl(url)
    } catch (error) {
      throw new InvoicingError('validation_failed', `url: ${error instanceof Error ? error.message : String(error)}`, { field: 'url' })
    }
  }

  return {
    /** A new endpoint; its `secret` is shown in this answer only. */
    async create(actor: Actor, input: WebhookCreateInput, claim?: IdempotencyClaim<WebhookEndpoint>): Promise<WebhookEndpoint> {
      const fields = parseInput(WebhookCreateSchema, input ?? {})
      requireWebhookPlan(await requireCompany(storage, actor))
      await checkUrl(fields.url)
      const now = clock.now().toISOString()
      const endpoint: WebhookEndpoint = {
        id: ids.next(), companyId: actor.companyId, url: fields.url, events: fields.events, description: fields.description ?? null,
        active: true, secret: newWebhookSecret(), createdAt: now, updatedAt: now,
      }
      return inUnitOfWork(actor, async ({ tx, audit }) => {
        requireWebhookPlan(await requireCompany(tx, actor))
        await tx.webhookEndpoints.insert(endpoint)
        await audit('WEBHOOK_CREATED_VIA_API', { type: 'webhook_endpoint', id: endpoint.id }, { url: endpoint.url, events: endpoint.events })
        return endpoint
      }, claim)
    },

    async list(actor: Actor): Promise<WebhookEndpoint[]> {
      requireWebhookPlan(await requireCompany(storage, actor))
      return storage.webhookEndpoints.list(actor.companyId)
    },

    async get(actor: Actor, id: string): Promise<WebhookEndpoint> {
      return requireEndpoint(storage, actor, id)
    },

    /** The endpoint an `Idempotency-Key` created, for the replay of its creation (409 once deleted). */
    getCreatedByKey: (actor: Actor, id: string): Promise<WebhookEndpoint> => createdByKey(() => requireEndpoint(storage, actor, id), 'webhook endpoint'),

    async update(actor: Actor, id: string, input: WebhookUpdateInput): Promise<WebhookEndpoint> {
      const changes = parseInput(WebhookUpdateSchema, input ?? {})
      if (changes.url !== undefined) await checkUrl(changes.url)
      return inUnitOfWork(actor, async ({ tx, audit }) => {
        const current = await requireEndpoint(tx, actor, id)
        const updated = { ...withChanges(current, changes), updatedAt: clock.now().toISOString() }
        await tx.webhookEndpoints.update(updated)
        await audit('WEBHOOK_UPDATED_VIA_API', { type: 'webhook_endpoint', id }, { changedFields: Object.keys(changes).filter((field) => changes[field as keyof typeof changes] !== undefined) })
        return updated
      })
    },

    /** Removes the endpoint with its pending deliveries and its log. */
    async delete(actor: Actor, id: string): Promise<void> {
      await inUnitOfWork(actor, async ({ tx, audit }) => {
        await requireEndpoint(tx, actor, id)
        await tx.webhookEndpoints.delete(actor.companyId, id)
        await audit('WEBHOOK_DELETED_VIA_API', { type: 'webhook_endpoint', id })
      })
    },

    /** Posts one signed `webhook.test` message now and answers how the receiver took it (logged, never retried). */
    async test(actor: Actor, id: string, claim?: IdempotencyClaim<WebhookAttempt>): Promise<WebhookAttempt> {
      const endpoint = await requireEndpoint(storage, actor, id)
      const message = { id: `evt_${ids.next()}`, type: TEST_EVENT_TYPE, createdAt: clock.now().toISOString(), companyId: actor.companyId, data: { endpointId: id, test: true } }
      return dispatcher.sendOnce(message, endpoint, claim)
    },

    /** The endpoint's delivery attempts, newest first. */
    async deliveries(actor: Actor, id: string, query: WebhookDeliveryQueryInput = {}): Promise<Page<WebhookAttempt>> {
      const page = parseInput(WebhookDeliveryQuerySchema, query ?? {})
      await requireEndpoint(storage, actor, id)
      return storage.webhookDeliveries.listAttempts(actor.companyId, id, page)
    },
  }
}

export type WebhookService = ReturnType<typeof createWebhookService>
