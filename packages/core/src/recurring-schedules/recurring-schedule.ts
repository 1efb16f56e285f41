import type { CalendarDate } from '../shared/calendar-date'
import type { OccurrenceProgress, Recurrence, ServicePeriodMode } from '../recurring'

export const SCHEDULE_STATUSES = ['ACTIVE', 'PAUSED', 'COMPLETED', 'CANCELLED'] as const
export type ScheduleStatus = (typeof SCHEDULE_STATUSES)[number]

export const ISSUE_MODES = ['DRAFT', 'FINALIZE', 'SEND'] as const
export type IssueMode = (typeof ISSUE_MODES)[number]

export const CATCH_UP_MODES = ['ALL', 'LATEST'] as const
export type CatchUpMode = (typeof CATCH_UP_MODES)[number]

export const OCCURRENCE_STATUSES = ['CREATED', 'PENDING_SEND', 'FAILED', 'SKIPPED'] as const
export type OccurrenceStatus = (typeof OCCURRENCE_STATUSES)[number]

export const SKIP_REASONS = ['PAUSED', 'MISSED', 'MANUAL'] as const
export type SkipReason = (typeof SKIP_REASONS)[number]

/** The last failure of a schedule or an occurrence. */
export interface ScheduleError {
  code: string
  message: string
}

/**
 * A recurring schedule: an invoice template and the rule of its dates. Its progress (the latest
 * occurrence row and the number of rows) is kept on it, so the date rules need no other read.
 */
export interface RecurringSchedule extends Recurrence, OccurrenceProgress {
  id: string
  companyId: string
  name: string
  customerId: string
  targetType: 'INVOICE'
  /** The invoice create request the occurrences are made from, as validated (camelCase). */
  template: Record<string, unknown>
  servicePeriodMode: ServicePeriodMode
  issueMode: IssueMode
  recipientEmail: string | null
  cc: string[]
  bcc: string[]
  catchUpMode: CatchUpMode
  status: ScheduleStatus
  metadata: Record<string, unknown>
  nextRunDate: CalendarDate | null
  lastRunAt: string | null
  occurrencesCreated: number
  occurrencesSkipped: number
  lastError: (ScheduleError & { at: string }) | null
  createdAt: string
  updatedAt: string
}

/** One date of a schedule, processed: the invoice made for it, or why none was. */
export interface RecurringOccurrence {
  id: string
  companyId: string
  scheduleId: string
  /** k + 1. */
  sequence: number
  occurrenceDate: CalendarDate
  periodStart: CalendarDate | null
  periodEnd: CalendarDate | null
  status: OccurrenceStatus
  skipReason: SkipReason | null
  invoiceId: string | null
  invoiceNumber: string | null
  /** Send attempts made (SEND mode). */
  attempts: number
  /** When the next send attempt is due (PENDING_SEND), else null. */
  nextAttemptAt: string | null
  error: ScheduleError | null
  createdAt: string
  updatedAt: string
}
