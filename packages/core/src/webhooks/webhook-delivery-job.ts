import type { EventBus } from '../events'
import type { JobDefinition } from '../jobs'
import type { WebhookDispatcher } from './webhook-dispatcher'

export const WEBHOOK_DELIVERY_JOB = 'webhook-delivery'

/**
 * Delivers the outbox: at once after a commit, and every `intervalMs` for retries that came due
 * and for what another process (or this one before a restart) left pending.
 */
export function webhookDeliveryJob(dispatcher: WebhookDispatcher, events: EventBus, intervalMs = 1000): JobDefinition {
  return {
    name: WEBHOOK_DELIVERY_JOB,
    intervalMs,
    concurrency: dispatcher.concurrency,
    deadlineMs: dispatcher.roundDeadlineMs,
    run: (signal) => dispatcher.runOnce(signal),
    wakeOn(wake) {
      events.on('*', wake)
      return () => events.off('*', wake)
    },
  }
}
