/** Webhooks: endpoints, signed deliveries and their attempts. Other features import from here, not from the files inside. */
export { type WebhookAttempt, type WebhookDelivery, type WebhookEndpoint } from './webhook'
