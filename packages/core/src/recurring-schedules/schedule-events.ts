import type { EventType } from '../events'
import type { UnitOfWork } from '../unit-of-work'
import type { RecurringOccurrence, RecurringSchedule } from './recurring-schedule'

/** A schedule as its resource and events show it: without the store's bookkeeping. */
export function scheduleData(schedule: RecurringSchedule): Record<string, unknown> {
  const { companyId: _, lastOccurrenceDate: __, occurrenceCount, ...fields } = schedule
  return {
    ...fields,
    remainingOccurrences: schedule.maxOccurrences === null ? null : Math.max(0, schedule.maxOccurrences - occurrenceCount),
  }
}

/** An occurrence as its resource and events show it (flat: `scheduleId`, `invoiceId`, `invoiceNumber`, …). */
export function occurrenceData(occurrence: RecurringOccurrence, invoiceStatus: string | null = null): Record<string, unknown> {
  const { companyId: _, nextAttemptAt: __, ...fields } = occurrence
  return { ...fields, invoiceStatus }
}

export const emitScheduleEvent = (unit: UnitOfWork, verb: string, schedule: RecurringSchedule): Promise<void> =>
  unit.emit(`recurring_schedule.${verb}` as EventType, scheduleData(schedule))

export const emitOccurrenceEvent = (unit: UnitOfWork, verb: 'occurrence_created' | 'occurrence_failed', occurrence: RecurringOccurrence, invoiceStatus: string | null): Promise<void> =>
  unit.emit(`recurring_schedule.${verb}`, occurrenceData(occurrence, invoiceStatus))
