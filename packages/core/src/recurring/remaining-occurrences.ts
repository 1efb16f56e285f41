import type { CalendarDate } from '../shared/calendar-date'
import { occurrenceDate } from './occurrence-date'
import { firstOccurrenceAfter, firstOccurrenceOnOrAfter } from './occurrence-index'
import type { Occurrence, RecurrenceEnd, RecurrenceRule } from './recurrence-rule'

/** A schedule's rule and end, as the schedule itself carries them. */
export type Recurrence = RecurrenceRule & RecurrenceEnd

/**
 * What a schedule has processed so far, read from its occurrence rows (any status).
 *
 * Only dates after the latest row are open: earlier dates were created, skipped or left behind by
 * a change of the rule, which affects future occurrences only. Every row counts toward
 * `maxOccurrences`.
 */
export interface OccurrenceProgress {
  /** The latest `occurrenceDate` with a row, or null before the first occurrence. */
  lastOccurrenceDate: CalendarDate | null
  /** The number of occurrence rows. */
  occurrenceCount: number
}

/** The range of indices still open: from `first` up to, not including, `until` (null: no count limit). */
export interface OpenRange {
  first: number
  until: number | null
}

/** The indices of the occurrences not processed yet that `maxOccurrences` still allows. */
export function openRange(recurrence: Recurrence, progress: OccurrenceProgress): OpenRange {
  const first = progress.lastOccurrenceDate === null ? 0 : firstOccurrenceAfter(recurrence, progress.lastOccurrenceDate).index
  const until = recurrence.maxOccurrences === null ? null : first + Math.max(0, recurrence.maxOccurrences - progress.occurrenceCount)
  return { first, until }
}

/**
 * The open occurrences in ascending order, beginning at the first on or after `from` when given
 * (the ones passed over still count toward `maxOccurrences`: they are recorded as skipped).
 * Ends at `endDate` or `maxOccurrences`; endless otherwise, so callers take what they need.
 */
export function* remainingOccurrences(recurrence: Recurrence, progress: OccurrenceProgress, from?: CalendarDate): Generator<Occurrence> {
  const { first, until } = openRange(recurrence, progress)
  const start = from === undefined ? first : Math.max(first, firstOccurrenceOnOrAfter(recurrence, from).index)
  for (let index = start; until === null || index < until; index++) {
    const date = occurrenceDate(recurrence, index)
    if (recurrence.endDate !== null && date > recurrence.endDate) return
    yield { index, date }
  }
}

/**
 * The last open occurrence on or before `date`, or null when none is. Found without walking the
 * dates in between, however many there are.
 */
export function lastOpenOccurrenceOnOrBefore(recurrence: Recurrence, progress: OccurrenceProgress, date: CalendarDate): Occurrence | null {
  const { first, until } = openRange(recurrence, progress)
  const bound = recurrence.endDate !== null && recurrence.endDate < date ? recurrence.endDate : date
  let last = firstOccurrenceAfter(recurrence, bound).index - 1
  if (until !== null) last = Math.min(last, until - 1)
  return last < first ? null : { index: last, date: occurrenceDate(recurrence, last) }
}
