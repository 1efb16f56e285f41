/** The kinds of event the engine records. */
export const EVENT_TYPES = [
  'invoice.created', 'invoice.updated', 'invoice.sent', 'invoice.paid', 'invoice.cancelled', 'invoice.overdue',
  'credit_note.created', 'reminder.sent', 'reminder.escalated',
] as const
export type EventType = (typeof EVENT_TYPES)[number]

/**
 * Something that happened to a company's records. It is stored in the same transaction as the
 * change (the outbox), so there is no change without its event and no event without its change.
 */
export interface DomainEvent {
  id: string
  companyId: string
  type: EventType
  createdAt: string
  /** The resource as it was right after the change. */
  data: Record<string, unknown>
}
