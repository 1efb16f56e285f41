import { addDays, daysBetween, type CalendarDate } from '../shared/calendar-date'
import { occurrenceDate } from './occurrence-date'
import type { Occurrence, RecurrenceRule } from './recurrence-rule'

/**
 * The first occurrence on or after `date` (k ≥ 0; d(0) when `date` is before `startDate`).
 * The index is estimated from the distance to `startDate` and corrected by a step or two, so the
 * cost does not grow with the number of occurrences in between.
 */
export function firstOccurrenceOnOrAfter(rule: RecurrenceRule, date: CalendarDate): Occurrence {
  let index = Math.max(0, estimatedIndex(rule, date))
  while (index > 0 && occurrenceDate(rule, index - 1) >= date) index--
  let found = occurrenceDate(rule, index)
  while (found < date) found = occurrenceDate(rule, ++index)
  return { index, date: found }
}

/** The first occurrence strictly after `date`. */
export const firstOccurrenceAfter = (rule: RecurrenceRule, date: CalendarDate): Occurrence =>
  firstOccurrenceOnOrAfter(rule, addDays(date, 1))

function estimatedIndex({ startDate, intervalUnit, intervalCount }: RecurrenceRule, date: CalendarDate): number {
  switch (intervalUnit) {
    case 'DAY': return Math.ceil(daysBetween(startDate, date) / intervalCount)
    case 'WEEK': return Math.ceil(daysBetween(startDate, date) / (7 * intervalCount))
    case 'MONTH': return Math.floor(monthsBetween(startDate, date) / intervalCount)
    case 'YEAR': return Math.floor(monthsBetween(startDate, date) / (12 * intervalCount))
  }
}

const monthNumber = (date: CalendarDate): number => Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7))
const monthsBetween = (from: CalendarDate, to: CalendarDate): number => monthNumber(to) - monthNumber(from)
