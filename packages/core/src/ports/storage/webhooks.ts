import type { WebhookAttempt, WebhookDelivery, WebhookEndpoint } from '../../webhooks/webhook'
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
  /** PENDING deliveries of every company whose next attempt is due at `now`, earliest first. */
  listDue(now: string, limit: number): Promise<WebhookDelivery[]>
  /** The attempts of one endpoint's deliveries, newest first. */
  listAttempts(companyId: string, endpointId: string, page: PageRequest): Promise<Page<WebhookAttempt>>
}

export interface WebhookDeliveryRepository extends WebhookDeliveryReader {
  insert(delivery: WebhookDelivery): Promise<void>
  update(delivery: WebhookDelivery): Promise<void>
  appendAttempt(attempt: WebhookAttempt): Promise<void>
}
