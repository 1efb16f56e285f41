import {
  MAX_DELIVERY_ATTEMPTS, WebhookCreateSchema, WebhookDeliveryQuerySchema, WebhookUpdateSchema, type Invoicing,
} from '@invoicing/core'
import { data, dataSchema, listOf, listSchema, SuccessSchema } from '../responses/shapes'
import {
  AttemptResponseSchema, CreatedWebhookResponseSchema, WebhookResponseSchema, toAttemptResponse, toCreatedWebhookResponse, toWebhookResponse,
} from '../responses/webhook'
import { defineRoute } from './route'
import * as v from 'valibot'

const tag = 'webhooks'
const ENTERPRISE = 'Enterprise plan only (else 403 plan_feature_unavailable).'

export const webhookRoutes = ({ webhooks }: Invoicing) => [
  defineRoute({
    method: 'get', path: '/webhooks', tag, operationId: 'listWebhooks', summary: 'List webhook endpoints',
    description: `Oldest first, without secrets. ${ENTERPRISE}`,
    scopes: ['webhooks:read'],
    responses: { 200: { description: 'The company\'s endpoints', schema: dataSchema(v.array(WebhookResponseSchema)) } },
    handle: async ({ principal }) => ({ body: data((await webhooks.list(principal.actor)).map(toWebhookResponse)) }),
  }),
  defineRoute({
    method: 'post', path: '/webhooks', tag, operationId: 'createWebhook', summary: 'Add a webhook endpoint',
    description: [
      `${ENTERPRISE} The url must be https on port 443, 80 or 1024-65535 and resolve to public addresses only (no loopback,`,
      'private, link-local, CGNAT, multicast, unspecified, metadata or other special ranges, however the address is written;',
      'every address of the name is checked again as each delivery connects) unless the host runs with',
      'INVOICING_ALLOW_INSECURE_WEBHOOKS=1 (the port rule holds even then); else 400. events names event types or ["*"]. The answer carries the signing',
      'secret (whsec_…) this once, and again only in a replay of this request with its Idempotency-Key (rebuilt from the endpoint; 409',
      'idempotency_key_invoice_deleted once the endpoint is deleted).',
    ].join(' '),
    scopes: ['webhooks:write'],
    body: WebhookCreateSchema,
    responses: { 201: { description: 'The endpoint with its secret', schema: dataSchema(CreatedWebhookResponseSchema) } },
    errors: [422],
    run: ({ principal, body }, claim) => webhooks.create(principal.actor, body, claim),
    respond: (endpoint) => ({ status: 201, body: data(toCreatedWebhookResponse(endpoint)), resourceId: endpoint.id }),
    // The secret is kept with the endpoint only: a replay of this request shows it again from there.
    replay: async (principal, id) => ({ status: 201, body: data(toCreatedWebhookResponse(await webhooks.getCreatedByKey(principal.actor, id))), resourceId: id }),
  }),
  defineRoute({
    method: 'get', path: '/webhooks/{id}', tag, operationId: 'getWebhook', summary: 'Read a webhook endpoint',
    description: ENTERPRISE,
    scopes: ['webhooks:read'],
    responses: { 200: { description: 'The endpoint, without its secret', schema: dataSchema(WebhookResponseSchema) } },
    errors: [404],
    handle: async ({ principal, params }) => ({ body: data(toWebhookResponse(await webhooks.get(principal.actor, params.id!))) }),
  }),
  defineRoute({
    method: 'put', path: '/webhooks/{id}', tag, operationId: 'updateWebhook', summary: 'Change a webhook endpoint',
    description: `Changes only the fields given; the secret stays. active false: events from now on are not delivered to it, retries of earlier ones continue. ${ENTERPRISE}`,
    scopes: ['webhooks:write'],
    body: WebhookUpdateSchema,
    responses: { 200: { description: 'The changed endpoint', schema: dataSchema(WebhookResponseSchema) } },
    errors: [404],
    handle: async ({ principal, params, body }) => ({ body: data(toWebhookResponse(await webhooks.update(principal.actor, params.id!, body))) }),
  }),
  defineRoute({
    method: 'delete', path: '/webhooks/{id}', tag, operationId: 'deleteWebhook', summary: 'Remove a webhook endpoint',
    description: `Pending deliveries and the delivery log go with it. ${ENTERPRISE}`,
    scopes: ['webhooks:write'],
    responses: { 200: { description: 'Removed', schema: SuccessSchema } },
    errors: [404],
    handle: async ({ principal, params }) => {
      await webhooks.delete(principal.actor, params.id!)
      return { body: { success: true } }
    },
  }),
  defineRoute({
    method: 'post', path: '/webhooks/{id}/test', tag, operationId: 'testWebhook', summary: 'Send a signed test message now',
    description: `Posts { id, type: "webhook.test", createdAt, companyId, data: { endpointId, test: true } }, signed like every delivery, and answers how the receiver took it. It is logged with the deliveries and never retried. ${ENTERPRISE}`,
    scopes: ['webhooks:write'],
    responses: { 200: { description: 'The attempt', schema: dataSchema(AttemptResponseSchema) } },
    errors: [404],
    run: ({ principal, params }, claim) => webhooks.test(principal.actor, params.id!, claim),
    respond: (attempt) => ({ body: data(toAttemptResponse(attempt)) }),
  }),
  defineRoute({
    method: 'get', path: '/webhooks/{id}/deliveries', tag, operationId: 'listWebhookDeliveries', summary: 'The delivery log of an endpoint',
    description: `Every attempt, newest first, with the receiver's status code and the start of its answer. A delivery is tried up to ${MAX_DELIVERY_ATTEMPTS} times over about a day (waits of 1 min, 5 min, 30 min, 1 h, 2 h, 6 h, 14 h) until the receiver answers 2xx within 10 s. ${ENTERPRISE}`,
    scopes: ['webhooks:read'],
    query: WebhookDeliveryQuerySchema,
    responses: { 200: { description: 'A page of attempts', schema: listSchema(AttemptResponseSchema) } },
    errors: [404],
    handle: async ({ principal, params, query }) => ({ body: listOf(await webhooks.deliveries(principal.actor, params.id!, query), toAttemptResponse) }),
  }),
]
