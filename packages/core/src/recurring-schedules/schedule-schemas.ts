import * as v from 'valibot'
import { contentEntries, currency, jsonObject, lineList, LineInputSchema } from '../invoices'
import { boundedString, calendarDate, clearable, emailAddress, locale, paymentTermDays, requiredText, upperCased, searchTerm } from '../shared/fields'
import { pageEntries } from '../shared/pagination'
import { aliased } from '../shared/validation'
import { INTERVAL_UNITS, SERVICE_PERIOD_MODES } from '../recurring'
import { CATCH_UP_MODES, ISSUE_MODES, SCHEDULE_STATUSES } from './recurring-schedule'

/** Template fields the schedule sets itself: a template that gives them is refused, naming the field. */
export const TEMPLATE_FIELDS_NOT_ALLOWED = ['issueDate', 'dueDate', 'servicePeriodStart', 'servicePeriodEnd', 'invoiceType'] as const

const { dueDate: _, servicePeriodStart: __, servicePeriodEnd: ___, lines: ____, ...templateContent } = contentEntries

/** The invoice create body a schedule's occurrences are made from (its customer is the schedule's). */
export const TemplateSchema = aliased(v.object({
  ...templateContent,
  lines: lineList(LineInputSchema),
  documentLocale: v.optional(locale),
  currency: v.optional(currency),
  metadata: v.optional(v.pipe(jsonObject, v.description('Free JSON object, copied to each invoice'))),
  paymentTermDays: v.optional(v.pipe(paymentTermDays, v.description('Days from the invoice date to its due date; default the customer\'s, else the company\'s'))),
}))
export type TemplateFields = v.InferOutput<typeof TemplateSchema>

const emails = v.pipe(v.array(emailAddress), v.maxLength(10, 'must hold at most 10 addresses'))
const wholeNumber = (min: number, max: number) =>
  v.pipe(v.number(), v.integer('must be a whole number'), v.minValue(min, `must be at least ${min}`), v.maxValue(max, `must be at most ${max}`))

const ruleEntries = {
  intervalUnit: v.optional(v.pipe(upperCased(INTERVAL_UNITS), v.description('Default MONTH'))),
  intervalCount: v.optional(v.pipe(wholeNumber(1, 365), v.description('Default 1; MONTH at most 36, YEAR at most 10 (quarterly: MONTH × 3)'))),
  monthEnd: v.optional(v.pipe(v.boolean(), v.description('MONTH and YEAR only: every occurrence on the last day of its month'))),
  endDate: clearable(v.pipe(calendarDate, v.description('No occurrence after it'))),
  maxOccurrences: clearable(v.pipe(wholeNumber(1, 100_000), v.description('Occurrences in all, skipped ones included'))),
  servicePeriodMode: v.optional(v.pipe(upperCased(SERVICE_PERIOD_MODES), v.description('Default CURRENT_PERIOD (billing in advance); PREVIOUS_PERIOD bills in arrears; NONE: the invoice date is the date of supply'))),
  issueMode: v.optional(v.pipe(upperCased(ISSUE_MODES), v.description('Default DRAFT; FINALIZE issues each invoice; SEND issues and mails it'))),
  recipientEmail: clearable(emailAddress),
  cc: v.optional(emails),
  bcc: v.optional(emails),
  catchUpMode: v.optional(v.pipe(upperCased(CATCH_UP_MODES), v.description('After an outage: ALL creates every missed invoice, LATEST only the last (the others are SKIPPED)'))),
  metadata: v.optional(v.pipe(jsonObject, v.description('Free JSON object'))),
  name: v.optional(requiredText(200)),
}

/** POST /recurring-schedules. */
export const ScheduleCreateSchema = aliased(v.object({
  ...ruleEntries,
  name: requiredText(200),
  customerId: requiredText(100),
  targetType: v.optional(v.pipe(upperCased(['INVOICE'] as const), v.description('INVOICE, the only target for now'))),
  template: v.pipe(v.unknown(), v.description('The invoice create body without issueDate, dueDate, servicePeriodStart, servicePeriodEnd, invoiceType; plus paymentTermDays. Texts and line descriptions may use {{periodStart}}, {{periodEnd}}, {{month}}, {{monthName}}, {{quarter}}, {{year}}')),
  startDate: v.pipe(calendarDate, v.description('The first occurrence, today or later')),
  status: v.optional(v.pipe(upperCased(['ACTIVE', 'PAUSED'] as const), v.description('Default ACTIVE'))),
}))
export type ScheduleCreateInput = v.InferInput<typeof ScheduleCreateSchema>

/** PUT /recurring-schedules/{id}: any field; `status` per the state table. */
export const ScheduleUpdateSchema = aliased(v.object({
  ...ruleEntries,
  template: v.optional(v.pipe(v.unknown(), v.description('Replaces the template (as on create)'))),
  startDate: v.optional(calendarDate),
  status: v.optional(upperCased(SCHEDULE_STATUSES)),
}))
export type ScheduleUpdateInput = v.InferInput<typeof ScheduleUpdateSchema>

export const ScheduleListQuerySchema = aliased(v.object({
  status: v.optional(v.pipe(upperCased(SCHEDULE_STATUSES), v.description('Case-insensitive'))),
  customerId: v.optional(boundedString(100)),
  search: searchTerm('the schedule\'s name or the customer\'s name'),
  ...pageEntries,
}))

export const OccurrenceListQuerySchema = aliased(v.object({ ...pageEntries }))

export const PreviewQuerySchema = aliased(v.object({
  count: v.optional(v.pipe(v.union([v.number(), boundedString(10)]), v.transform(Number), v.integer('must be a whole number'),
    v.minValue(1, 'must be 1 to 24'), v.maxValue(24, 'must be 1 to 24'), v.description('1–24, default 12')), 12),
}))
