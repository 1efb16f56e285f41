/**
 * The date rules of recurring schedules, free of storage: a schedule (its rule and end) plus its
 * progress (latest occurrence row and row count) go in, dates come out.
 *
 * A scheduler tick for one schedule, with `today` the company's calendar date:
 * - `dueOccurrences(schedule, progress, { today })`: the dates to process now, ascending, ≤ 24;
 *   under catch-up LATEST, all but `latestDueOccurrence(...)` are recorded as skipped;
 * - after each processed date, `nextOccurrence(schedule, newProgress)` is the new `nextRunDate`,
 *   and null means the end is reached (COMPLETED);
 * - resuming a paused schedule records `missedOccurrences(schedule, progress, { today })` as
 *   skipped; the preview of a paused schedule passes `from: today`.
 */
export { INTERVAL_UNITS, SERVICE_PERIOD_MODES, type IntervalUnit, type Occurrence, type RecurrenceEnd, type RecurrenceRule, type ServicePeriodMode } from './recurrence-rule'
export { occurrenceDate } from './occurrence-date'
export { firstOccurrenceAfter, firstOccurrenceOnOrAfter } from './occurrence-index'
export { servicePeriodOf, type ServicePeriod } from './service-period'
export { type OccurrenceProgress, type Recurrence } from './remaining-occurrences'
export { DUE_OCCURRENCES_PER_TICK, dueOccurrences, isEndReached, latestDueOccurrence, missedOccurrences, nextOccurrence } from './due-occurrences'
export { preview, type PreviewedOccurrence } from './preview'
export { fillPlaceholders, type PlaceholderValues } from './placeholders'
export { intervalProblem, MAX_INTERVAL_COUNT, type IntervalProblem } from './interval-validation'
