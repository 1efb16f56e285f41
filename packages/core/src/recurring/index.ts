export { INTERVAL_UNITS, SERVICE_PERIOD_MODES, type IntervalUnit, type Occurrence, type RecurrenceEnd, type RecurrenceRule, type ServicePeriodMode } from './recurrence-rule'
export { occurrenceDate } from './occurrence-date'
export { firstOccurrenceAfter, firstOccurrenceOnOrAfter } from './occurrence-index'
export { servicePeriodOf, type ServicePeriod } from './service-period'
