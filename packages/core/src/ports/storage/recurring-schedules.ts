import type { RecurringOccurrence, RecurringSchedule, ScheduleStatus } from '../../recurring-schedules'
import type { CalendarDate } from '../../shared/calendar-date'
import type { Page, PageRequest } from '../../shared/pagination'

/** The filters of the schedule list; all optional, combined with AND. */
export interface RecurringScheduleListQuery extends PageRequest {
  status?: ScheduleStatus | undefined
  customerId?: string | undefined
  /** Case-insensitive literal part of the schedule's name or the customer's current name. */
  search?: string | undefined
}

export interface RecurringScheduleReader {
  get(companyId: string, id: string): Promise<RecurringSchedule | undefined>
  /** Sorted by `nextRunDate` ascending, schedules without one last, then oldest created first. */
  list(companyId: string, query: RecurringScheduleListQuery): Promise<Page<RecurringSchedule>>
  /** A schedule's occurrences, `sequence` descending. */
  listOccurrences(companyId: string, scheduleId: string, page: PageRequest): Promise<Page<RecurringOccurrence>>
  getOccurrence(companyId: string, id: string): Promise<RecurringOccurrence | undefined>
  /**
   * ACTIVE schedules of every company with `nextRunDate` ≤ `onOrBefore`, ordered by id, after
   * `afterId`, at most `limit`: what a scheduler tick walks through in pages.
   */
  listDue(onOrBefore: CalendarDate, afterId: string, limit: number, companyId?: string): Promise<RecurringSchedule[]>
  /**
   * Occurrences waiting to be sent (PENDING_SEND) whose next attempt is due at `now`, of every
   * company (or one company, or one schedule), earliest first, at most `limit`.
   */
  listSendsDue(now: string, limit: number, companyId?: string, scheduleId?: string): Promise<RecurringOccurrence[]>
  existsForCustomer(companyId: string, customerId: string): Promise<boolean>
}

export interface RecurringScheduleRepository extends RecurringScheduleReader {
  insert(schedule: RecurringSchedule): Promise<void>
  /** Replaces the stored schedule; a schedule of another company is untouched. */
  update(schedule: RecurringSchedule): Promise<void>
  /** Removes a schedule (one without occurrences). */
  delete(companyId: string, id: string): Promise<void>
  /**
   * Stores the occurrence unless the schedule already has one for its date, and answers whether
   * it stored it. Two transactions inserting the same (schedule, date), also in two processes,
   * MUST leave exactly one row, and the other MUST get `false` (not an error) once it can know.
   */
  insertOccurrenceIfAbsent(occurrence: RecurringOccurrence): Promise<boolean>
  updateOccurrence(occurrence: RecurringOccurrence): Promise<void>
}
