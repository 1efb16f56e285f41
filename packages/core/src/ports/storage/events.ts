import type { DomainEvent } from '../../events'
import type { Page, PageRequest } from '../../shared/pagination'

export interface EventReader {
  /** A company's events in the order they were appended (not by `createdAt`). */
  list(companyId: string, page: PageRequest): Promise<Page<DomainEvent>>
  /** Events of every company not yet handed to the webhook dispatcher, in the order they were appended. */
  listUndispatched(limit: number): Promise<DomainEvent[]>
}

/** The transactional outbox: events are appended in the transaction of their change. */
export interface EventOutbox extends EventReader {
  append(event: DomainEvent): Promise<void>
  /** Marks the event as handed to the dispatcher (its deliveries exist). */
  markDispatched(eventId: string, at: string): Promise<void>
}
