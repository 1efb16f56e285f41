import type { Actor } from '../access/actor'
import type { AuditAction } from '../audit/audit-entry'
import type { DomainEvent, EventType } from '../events/domain-event'
import type { EventPublisher } from '../events/event-bus'
import type { Clock } from '../ports/clock'
import type { IdGenerator } from '../ports/ids'
import type { Storage, StorageTx } from '../ports/storage'
import { completeClaim } from '../idempotency/claim-context'

/** What a use case writes through: the repositories of one transaction, its events and audit. */
export interface UnitOfWork {
  readonly tx: StorageTx
  /** The one instant of this unit: every timestamp it writes is the same. */
  readonly now: Date
  /** Records an event in the outbox; subscribers hear it after the commit. */
  emit(type: EventType, data: object): Promise<void>
  /** Appends an audit entry of the acting key. */
  audit(action: AuditAction, target: { type: string; id: string }, details?: Record<string, unknown>): Promise<void>
  /**
   * Marks this transaction as the effect of the request: its `Idempotency-Key`, if any,
   * completes in this transaction, naming the record created.
   */
  completes(resourceId: string | null): Promise<void>
}

export interface UnitOfWorkDeps {
  storage: Storage
  clock: Clock
  ids: IdGenerator
  events: EventPublisher
}

export type RunInUnitOfWork = <T>(actor: Actor, work: (unit: UnitOfWork) => Promise<T>) => Promise<T>

/**
 * Runs use-case work in one transaction together with its outbox events and audit entries, and
 * releases the events to in-process subscribers only once the transaction has committed.
 */
export function createUnitOfWork({ storage, clock, ids, events }: UnitOfWorkDeps): RunInUnitOfWork {
  return async (actor, work) => {
    const recorded: DomainEvent[] = []
    const result = await storage.transaction(async (tx) => {
      recorded.length = 0
      const now = clock.now()
      const createdAt = now.toISOString()
      return work({
        tx,
        now,
        async emit(type, data) {
          const event: DomainEvent = { id: `evt_${ids.next()}`, companyId: actor.companyId, type, createdAt, data: data as Record<string, unknown> }
          await tx.events.append(event)
          recorded.push(event)
        },
        audit: (action, target, details = {}) =>
          tx.audit.append({
            id: ids.next(), companyId: actor.companyId, apiKeyId: actor.apiKeyId, action,
            targetType: target.type, targetId: target.id, createdAt, details,
          }),
        completes: (resourceId) => completeClaim(tx, resourceId),
      })
    })
    events.publish(recorded)
    return result
  }
}
