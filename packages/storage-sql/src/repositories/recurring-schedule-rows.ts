import { foldForSearch, type RecurringOccurrence, type RecurringSchedule } from '@invoicing/core'
import type { Insertable, Selectable } from 'kysely'
import { columnsOf } from '../columns'
import type { RecurringOccurrenceTable, RecurringScheduleTable } from '../database'

/** The schedule fields stored in a column of the same (snake_case) name, as they are. */
const scheduleColumns = columnsOf<RecurringSchedule>([
  'id', 'companyId', 'name', 'customerId', 'targetType', 'startDate', 'intervalUnit', 'intervalCount', 'endDate', 'maxOccurrences',
  'servicePeriodMode', 'issueMode', 'recipientEmail', 'catchUpMode', 'status', 'nextRunDate', 'lastRunAt', 'occurrencesCreated',
  'occurrencesSkipped', 'lastOccurrenceDate', 'occurrenceCount', 'createdAt', 'updatedAt',
])

export const scheduleToRow = (schedule: RecurringSchedule): Insertable<RecurringScheduleTable> => scheduleColumns.toRow(schedule, {
  search_name: foldForSearch(schedule.name),
  template: JSON.stringify(schedule.template),
  month_end: Number(schedule.monthEnd),
  cc: JSON.stringify(schedule.cc),
  bcc: JSON.stringify(schedule.bcc),
  metadata: JSON.stringify(schedule.metadata),
  last_error: schedule.lastError === null ? null : JSON.stringify(schedule.lastError),
}) as unknown as Insertable<RecurringScheduleTable>

export const scheduleFromRow = (row: Selectable<RecurringScheduleTable>): RecurringSchedule => scheduleColumns.fromRow(row, {
  template: JSON.parse(row.template),
  monthEnd: row.month_end === 1,
  cc: JSON.parse(row.cc),
  bcc: JSON.parse(row.bcc),
  metadata: JSON.parse(row.metadata),
  lastError: row.last_error === null ? null : JSON.parse(row.last_error),
})

/** The occurrence fields stored in a column of the same (snake_case) name, as they are. */
const occurrenceColumns = columnsOf<RecurringOccurrence>([
  'id', 'companyId', 'scheduleId', 'sequence', 'occurrenceDate', 'periodStart', 'periodEnd', 'status', 'skipReason', 'invoiceId',
  'invoiceNumber', 'attempts', 'nextAttemptAt', 'createdAt', 'updatedAt',
])

export const occurrenceToRow = (occurrence: RecurringOccurrence): Insertable<RecurringOccurrenceTable> => occurrenceColumns.toRow(occurrence, {
  error: occurrence.error === null ? null : JSON.stringify(occurrence.error),
}) as unknown as Insertable<RecurringOccurrenceTable>

export const occurrenceFromRow = (row: Selectable<RecurringOccurrenceTable>): RecurringOccurrence => occurrenceColumns.fromRow(row, {
  error: row.error === null ? null : JSON.parse(row.error),
})
