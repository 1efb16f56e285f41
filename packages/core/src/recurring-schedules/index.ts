/** Recurring schedules: an invoice template and the rule of its dates, the scheduler that turns each due date into an invoice once, and its sends. Other features import from here, not from the files inside. */
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
