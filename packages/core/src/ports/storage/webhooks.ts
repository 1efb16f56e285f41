import type { WebhookAttempt, WebhookDelivery, WebhookEndpoint } from '../../webhooks'
import type { Page, PageRequest } from '../../shared/pagination'

export interface WebhookEndpointReader {
  get(companyId: string, id: string): Promise<WebhookEndpoint | undefined>
  /** A company's endpoints, oldest first. */
  list(companyId: string): Promise<WebhookEndpoint[]>
}

export interface WebhookEndpointRepository extends WebhookEndpointReader {
  insert(endpoint: WebhookEndpoint): Promise<void>
  update(endpoint: WebhookEndpoint): Promise<void>
  /** Removes the endpoint with its deliveries and their log. */
  delete(companyId: string, id: string): Promise<void>
}

export interface WebhookDeliveryReader {
  /** Any company's delivery by id (the dispatcher works across companies). */
  get(id: string): Promise<WebhookDelivery | undefined>
  /** The attempts of one endpoint's deliveries, newest first. */
  listAttempts(companyId: string, endpointId: string, page: PageRequest): Promise<Page<WebhookAttempt>>
}

/**
 * The webhook deliveries, a retry queue: a delivery is due when it is PENDING, its
 * `nextAttemptAt` has come and it holds no running lease. Workers claim due deliveries from
 * `Storage.queues.webhookDeliveries`, which leases them by setting `leasedUntil`, so a lease that
 * ends makes a delivery due again. Deliveries of every company are claimed together.
 *
 * One endpoint receives one attempt at a time, so a slow or dead receiver holds at most one
 * worker and never delays other endpoints:
 * - `claimDue` MUST answer at most one delivery per endpoint, the one due earliest;
 * - it MUST NOT answer a delivery while another delivery of the same endpoint is leased, also
 *   to concurrent claimers in other processes (in SQL: one statement that skips endpoints with
 *   a running lease; PostgreSQL skips the deliveries other claimers hold, `FOR UPDATE SKIP LOCKED`).
 * An `update` that clears `leasedUntil` ends the lease at once.
 */
export interface WebhookDeliveryRepository extends WebhookDeliveryReader {
  insert(delivery: WebhookDelivery): Promise<void>
  update(delivery: WebhookDelivery): Promise<void>
  appendAttempt(attempt: WebhookAttempt): Promise<void>
}
