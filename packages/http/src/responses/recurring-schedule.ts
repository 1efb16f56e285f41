import {
  CATCH_UP_MODES, INTERVAL_UNITS, ISSUE_MODES, OCCURRENCE_STATUSES, SCHEDULE_STATUSES, SERVICE_PERIOD_MODES, SKIP_REASONS,
  occurrenceData, scheduleData, type PreviewedOccurrence, type RecurringOccurrence, type ScheduleDetail, type ScheduleRun,
} from '@invoicing/core'
import * as v from 'valibot'
import { CustomerSummarySchema } from './invoice'
import { calendarDate, moneyOrNull, nullableString, timestamp } from './shapes'

const nullableDate = v.nullable(calendarDate)
const error = v.nullable(v.strictObject({ code: v.string(), message: v.string() }))

export const ScheduleResponseSchema = v.strictObject({
  id: v.string(),
  name: v.string(),
  customerId: v.string(),
  targetType: v.literal('INVOICE'),
  template: v.pipe(v.record(v.string(), v.unknown()), v.description('The invoice create body each occurrence is made from')),
  startDate: calendarDate,
  intervalUnit: v.picklist(INTERVAL_UNITS),
  intervalCount: v.number(),
  monthEnd: v.boolean(),
  endDate: nullableDate,
  maxOccurrences: v.nullable(v.number()),
  servicePeriodMode: v.picklist(SERVICE_PERIOD_MODES),
  issueMode: v.picklist(ISSUE_MODES),
  recipientEmail: nullableString,
  cc: v.array(v.string()),
  bcc: v.array(v.string()),
  catchUpMode: v.picklist(CATCH_UP_MODES),
  status: v.picklist(SCHEDULE_STATUSES),
  metadata: v.record(v.string(), v.unknown()),
  nextRunDate: v.pipe(nullableDate, v.description('The next occurrence date; null when PAUSED, COMPLETED or CANCELLED')),
  lastRunAt: v.nullable(timestamp),
  occurrencesCreated: v.number(),
  occurrencesSkipped: v.number(),
  remainingOccurrences: v.pipe(v.nullable(v.number()), v.description('maxOccurrences less the occurrences recorded; null = unlimited')),
  lastError: v.nullable(v.strictObject({ code: v.string(), message: v.string(), at: timestamp })),
  customer: CustomerSummarySchema,
  netTotal: v.pipe(v.nullable(v.number()), v.description('The template priced with today\'s rates; null when it no longer prices (a product it names was deleted: its occurrences fail)')),
  taxTotal: v.nullable(v.number()),
  grossTotal: v.nullable(v.number()),
  createdAt: timestamp,
  updatedAt: timestamp,
})

export const toScheduleResponse = (schedule: ScheduleDetail) => ({
  ...scheduleData(schedule),
  netTotal: moneyOrNull(schedule.netTotal),
  taxTotal: moneyOrNull(schedule.taxTotal),
  grossTotal: moneyOrNull(schedule.grossTotal),
})

export const OccurrenceResponseSchema = v.strictObject({
  id: v.string(),
  scheduleId: v.string(),
  sequence: v.pipe(v.number(), v.description('k + 1')),
  occurrenceDate: calendarDate,
  periodStart: nullableDate,
  periodEnd: nullableDate,
  status: v.picklist(OCCURRENCE_STATUSES),
  skipReason: v.nullable(v.picklist(SKIP_REASONS)),
  invoiceId: nullableString,
  invoiceNumber: nullableString,
  invoiceStatus: v.pipe(nullableString, v.description('The invoice\'s current status')),
  attempts: v.pipe(v.number(), v.description('Send attempts (SEND mode), else 0')),
  error,
  createdAt: timestamp,
  updatedAt: timestamp,
})

export const toOccurrenceResponse = (occurrence: RecurringOccurrence & { invoiceStatus?: string | null }) =>
  occurrenceData(occurrence, occurrence.invoiceStatus ?? null)

export const RunResponseSchema = v.strictObject({ created: v.array(OccurrenceResponseSchema), skipped: v.array(OccurrenceResponseSchema) })
export const toRunResponse = (run: ScheduleRun) => ({ created: run.created.map((each) => toOccurrenceResponse(each)), skipped: run.skipped.map((each) => toOccurrenceResponse(each)) })

export const PreviewResponseSchema = v.array(v.strictObject({ sequence: v.number(), occurrenceDate: calendarDate, periodStart: nullableDate, periodEnd: nullableDate }))
export const toPreviewResponse = (previewed: PreviewedOccurrence[]) => previewed
