import { addDays, type CalendarDate } from '../shared/calendar-date'
import { occurrenceDate } from './occurrence-date'
import type { RecurrenceRule, ServicePeriodMode } from './recurrence-rule'

export interface ServicePeriod {
  periodStart: CalendarDate
  periodEnd: CalendarDate
}

/**
 * The service period the invoice of occurrence k covers: CURRENT_PERIOD bills the interval that
 * starts on d(k) (in advance), PREVIOUS_PERIOD the one that ends the day before d(k) (in arrears;
 * for k = 0 the interval before `startDate`). NONE has no period: the invoice date is the
 * service date.
 */
export function servicePeriodOf(rule: RecurrenceRule, index: number, mode: ServicePeriodMode): ServicePeriod | null {
  switch (mode) {
    case 'NONE': return null
    case 'CURRENT_PERIOD': return intervalFrom(rule, index)
    case 'PREVIOUS_PERIOD': return intervalFrom(rule, index - 1)
  }
}

const intervalFrom = (rule: RecurrenceRule, index: number): ServicePeriod => ({
  periodStart: occurrenceDate(rule, index),
  periodEnd: addDays(occurrenceDate(rule, index + 1), -1),
})
