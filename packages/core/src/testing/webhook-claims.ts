import type { Storage } from '../ports/storage'
import type { WebhookDelivery } from '../webhooks'
import type { ClaimsDueHarness } from './claims-due-contract'
import { aCompany, aWebhookDelivery, aWebhookEndpoint } from './fixtures'

/**
 * The webhook delivery queue for {@link claimsDueContract}: deliveries are stored through
 * `storage`, each for an endpoint of its own (one endpoint has one attempt at a time), and each
 * of `claimers` claims from its storage's queue.
 */
export function webhookDeliveryClaims(storage: Storage, claimers: readonly [Storage, Storage] = [storage, storage]): ClaimsDueHarness<WebhookDelivery> {
  const claimThrough = (each: Storage) => (now: string, limit: number, leaseMs: number) =>
    each.queues.webhookDeliveries.claimDue(now, limit, leaseMs)
  return {
    async store(dueAts) {
      const company = aCompany()
      const endpoints = dueAts.map(() => aWebhookEndpoint(company.id))
      const deliveries = dueAts.map((nextAttemptAt, index) => aWebhookDelivery(company.id, endpoints[index]!.id, { nextAttemptAt }))
      await storage.transaction(async (tx) => {
        await tx.companies.insert(company)
        for (const endpoint of endpoints) await tx.webhookEndpoints.insert(endpoint)
        for (const delivery of deliveries) await tx.webhookDeliveries.insert(delivery)
      })
      return deliveries
    },
    claimers: [claimThrough(claimers[0]), claimThrough(claimers[1])],
    claimed: (delivery, until) => ({ ...delivery, attempts: delivery.attempts + 1, leasedUntil: until }),
  }
}
