/** The kinds of event the engine records. */
export const EVENT_TYPES = [
  'invoice.created', 'invoice.updated', 'invoice.sent', 'invoice.paid', 'invoice.cancelled', 'invoice.overdue',
  'credit_note.created', 'reminder.sent', 'reminder.escalated',
  'quote.created', 'quote.updated', 'quote.finalized', 'quote.sent', 'quote.accepted', 'quote.rejected', 'quote.expired',
  'quote.cancelled', 'quote.converted',
  'order_confirmation.created', 'order_confirmation.updated', 'order_confirmation.finalized', 'order_confirmation.sent',
  'order_confirmation.completed', 'order_confirmation.cancelled', 'order_confirmation.converted',
  'delivery_note.created', 'delivery_note.updated', 'delivery_note.finalized', 'delivery_note.sent', 'delivery_note.delivered',
  'delivery_note.cancelled', 'delivery_note.converted',
  'order.created', 'order.updated', 'order.completed', 'order.cancelled', 'order.converted',
  'document.created', 'document.updated', 'document.deleted', 'document.linked', 'document.unlinked',
  'export.created', 'export.voided',
  'recurring_schedule.created', 'recurring_schedule.updated', 'recurring_schedule.paused', 'recurring_schedule.resumed',
  'recurring_schedule.completed', 'recurring_schedule.cancelled', 'recurring_schedule.occurrence_created', 'recurring_schedule.occurrence_failed',
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
