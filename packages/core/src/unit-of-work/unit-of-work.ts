import type { Actor } from '../access'
import type { AuditAction } from '../audit'
import type { DomainEvent, EventType, EventPublisher } from '../events'
import type { Clock } from '../ports/clock'
import type { IdGenerator } from '../ports/ids'
import type { Storage, StorageTx } from '../ports/storage'
import type { SalesDocument } from '../sales-documents'
import { assertKeyUnanswered, completeClaim, type IdempotencyClaim } from '../idempotency'
import { retryingTransaction } from './retrying-transaction'

/** What a use case writes through: the repositories of one transaction, its events and audit. */
export interface UnitOfWork {
  readonly tx: StorageTx
  /** The one instant of this unit: every timestamp it writes is the same. */
  readonly now: Date
  /** Records an event in the outbox; subscribers hear it after the commit. */
  emit(type: EventType, data: object): Promise<void>
  /** Appends an audit entry of the acting key. */
  audit(action: AuditAction, target: { type: string; id: string }, details?: Record<string, unknown>): Promise<void>
}

export interface UnitOfWorkDeps {
  storage: Storage
  clock: Clock
  ids: IdGenerator
  events: EventPublisher
  /**
   * Runs before the commit with every sales document the work inserted, updated or deleted (a
   * deleted one as it was): the documents they were made from update what they derive from
   * them (converted quantities, delivery and invoice status) in the same transaction.
   */
  settleWrittenDocuments?: ((unit: UnitOfWork, written: readonly SalesDocument[]) => Promise<void>) | undefined
}

/** `tx`, noting in `written` every sales document stored or removed through it. */
function recordingDocumentWrites(tx: StorageTx, written: SalesDocument[]): StorageTx {
  const recording = <R extends Pick<StorageTx['invoices'] | StorageTx['orderDocuments'], 'get' | 'insert' | 'update' | 'delete'>>(repository: R): R => ({
    ...repository,
    insert: async (document: SalesDocument) => { await repository.insert(document as never); written.push(document) },
    update: async (document: SalesDocument) => { await repository.update(document as never); written.push(document) },
    delete: async (companyId: string, id: string) => {
      const document = await repository.get(companyId, id)
      await repository.delete(companyId, id)
      if (document) written.push(document)
    },
  })
  return { ...tx, invoices: recording(tx.invoices), orderDocuments: recording(tx.orderDocuments) }
}

/**
 * Runs `work` in one unit of work. `work` may run more than once (after a conflict with a
 * concurrent transaction), so it MUST NOT act outside the transaction: no mail, no HTTP, no
 * files, nothing kept in memory from an attempt that did not commit. Act on its result instead.
 * With the `claim` of an `Idempotency-Key`, the answer for the result is stored in the same
 * transaction: this unit is the effect of the request.
 */
export type RunInUnitOfWork = <T>(actor: Actor, work: (unit: UnitOfWork) => Promise<T>, claim?: IdempotencyClaim<T>) => Promise<T>

/**
 * Runs use-case work in one transaction together with its outbox events and audit entries, and
 * releases the events to in-process subscribers only once the transaction has committed. After
 * a conflict the work runs again from a clean start, at most three times, then fails with `busy`.
 */
export function createUnitOfWork({ storage, clock, ids, events, settleWrittenDocuments }: UnitOfWorkDeps): RunInUnitOfWork {
  return async (actor, work, claim) => {
    const committed = await retryingTransaction(storage, async (tx) => {
      await assertKeyUnanswered(tx, claim)
      // Per attempt: the events of an attempt that rolled back are never published.
      const recorded: DomainEvent[] = []
      const now = clock.now()
      const createdAt = now.toISOString()
      const written: SalesDocument[] = []
      const unit: UnitOfWork = {
        tx: settleWrittenDocuments ? recordingDocumentWrites(tx, written) : tx,
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
      }
      const result = await work(unit)
      if (settleWrittenDocuments && written.length > 0) await settleWrittenDocuments({ ...unit, tx }, written)
      if (claim) await completeClaim(tx, claim, result, now)
      return { result, recorded }
    })
    events.publish(committed.recorded)
    return committed.result
  }
}
