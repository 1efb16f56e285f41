import { addDays, type CalendarDate } from '../shared/calendar-date'
import type { Occurrence } from './recurrence-rule'
import { lastOpenOccurrenceOnOrBefore, remainingOccurrences, type OccurrenceProgress, type Recurrence } from './remaining-occurrences'

/** A schedule's due dates are processed at most this many per tick, so a long outage cannot block the loop. */
export const DUE_OCCURRENCES_PER_TICK = 24

/**
 * The open occurrences with d(k) ≤ `today`, ascending, at most `limit` (the rest are due at
 * the next tick). `today` is the company's calendar date.
 */
export function dueOccurrences(
  recurrence: Recurrence,
  progress: OccurrenceProgress,
  { today, limit = DUE_OCCURRENCES_PER_TICK }: { today: CalendarDate; limit?: number },
): Occurrence[] {
  return takeThrough(remainingOccurrences(recurrence, progress), today, limit)
}

/**
 * The open occurrences with d(k) before `today`: what resuming a paused schedule records as
 * skipped. Not limited by default, because every one of them must get its row before the
 * schedule runs again; their number is bounded by the time the schedule was paused.
 */
export function missedOccurrences(
  recurrence: Recurrence,
  progress: OccurrenceProgress,
  { today, limit = Number.MAX_SAFE_INTEGER }: { today: CalendarDate; limit?: number },
): Occurrence[] {
  return takeThrough(remainingOccurrences(recurrence, progress), addDays(today, -1), limit)
}

/**
 * The last due occurrence (d(k) ≤ `today`), or null when nothing is due: the one that catch-up
 * mode LATEST turns into an invoice while the due ones before it are recorded as skipped.
 */
export const latestDueOccurrence = (recurrence: Recurrence, progress: OccurrenceProgress, today: CalendarDate): Occurrence | null =>
  lastOpenOccurrenceOnOrBefore(recurrence, progress, today)

/**
 * The next occurrence to process (the schedule's `nextRunDate`), or null when the end is
 * reached: `maxOccurrences` rows exist or no date is left on or before `endDate`.
 */
export function nextOccurrence(recurrence: Recurrence, progress: OccurrenceProgress): Occurrence | null {
  const { value } = remainingOccurrences(recurrence, progress).next()
  return value ?? null
}

/** True when no occurrence is left: the schedule is COMPLETED once the last one is processed. */
export const isEndReached = (recurrence: Recurrence, progress: OccurrenceProgress): boolean =>
  nextOccurrence(recurrence, progress) === null

function takeThrough(occurrences: Iterable<Occurrence>, lastDate: CalendarDate, limit: number): Occurrence[] {
  const taken: Occurrence[] = []
  for (const occurrence of occurrences) {
    if (taken.length >= limit || occurrence.date > lastDate) break
    taken.push(occurrence)
  }
  return taken
}
