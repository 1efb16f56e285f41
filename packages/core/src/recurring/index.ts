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
export {
  CATCH_UP_MODES, ISSUE_MODES, OCCURRENCE_STATUSES, SCHEDULE_STATUSES, SKIP_REASONS,
  type CatchUpMode, type IssueMode, type OccurrenceStatus, type RecurringOccurrence, type RecurringSchedule, type ScheduleError,
  type ScheduleStatus, type SkipReason,
} from './recurring-schedule'
export { createOccurrenceProcessing, type ScheduleRun } from './occurrence-processing'
export { createOccurrenceSending, DEFAULT_SEND_RETRY_DELAYS_MS } from './occurrence-sending'
export { createScheduleService, SCHEDULE_TRANSITIONS, type ScheduleDetail, type ScheduleService } from './schedule-service'
export { createScheduler, SCHEDULER_JOB, type Scheduler, type TickOptions, type TickReport } from './scheduler'
export { occurrenceData, scheduleData } from './schedule-events'
export {
  OccurrenceListQuerySchema, PreviewQuerySchema, ScheduleCreateSchema, ScheduleListQuerySchema, ScheduleUpdateSchema, TemplateSchema,
  type ScheduleCreateInput, type ScheduleUpdateInput,
} from './schedule-schemas'
