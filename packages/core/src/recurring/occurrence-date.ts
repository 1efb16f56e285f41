import { addDays, addMonths, endOfMonth, type CalendarDate } from '../shared/calendar-date'
import type { RecurrenceRule } from './recurrence-rule'

/**
 * d(k), the date of occurrence `index` k: `startDate` + k × `intervalCount` × `intervalUnit`.
 *
 * Always computed from `startDate`, never from an earlier occurrence, so short months cannot
 * make the dates drift: a schedule starting 31 January falls on 28/29 February, then 31 March.
 * With `monthEnd` every date is the last day of its month, d(0) included. k = −1 is the
 * interval before `startDate` (the period billed in arrears by the first occurrence).
 */
export function occurrenceDate(rule: RecurrenceRule, index: number): CalendarDate {
  if (!Number.isSafeInteger(index) || index < -1) throw new RangeError(`occurrence index must be an integer ≥ −1, got ${index}`)
  const steps = index * rule.intervalCount
  switch (rule.intervalUnit) {
    case 'DAY': return addDays(rule.startDate, steps)
    case 'WEEK': return addDays(rule.startDate, steps * 7)
    case 'MONTH': return monthly(rule, steps)
    case 'YEAR': return monthly(rule, steps * 12)
  }
}

const monthly = (rule: RecurrenceRule, months: number): CalendarDate =>
  rule.monthEnd ? endOfMonth(rule.startDate, months) : addMonths(rule.startDate, months)
