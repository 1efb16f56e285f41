import { OccurrenceListQuerySchema, PreviewQuerySchema, ScheduleCreateSchema, ScheduleListQuerySchema, ScheduleUpdateSchema, type Invoicing } from '@invoicing/core'
import {
  OccurrenceResponseSchema, PreviewResponseSchema, RunResponseSchema, ScheduleResponseSchema,
  toOccurrenceResponse, toPreviewResponse, toRunResponse, toScheduleResponse,
} from '../responses/recurring-schedule'
import { data, dataSchema, listOf, listSchema, SuccessSchema } from '../responses/shapes'
import { defineRoute } from './route'

const tag = 'recurring-schedules'

export const recurringScheduleRoutes = ({ recurringSchedules }: Invoicing) => [
  defineRoute({
    method: 'get', path: '/recurring-schedules', tag, operationId: 'listRecurringSchedules', summary: 'List recurring schedules',
    description: 'Sorted by nextRunDate ascending (schedules without one last). search matches the name or the customer\'s name.',
    scopes: ['recurring-schedules:read'],
    query: ScheduleListQuerySchema,
    responses: { 200: { description: 'A page of schedules', schema: listSchema(ScheduleResponseSchema) } },
    handle: async ({ principal, query }) => ({ body: listOf(await recurringSchedules.list(principal.actor, query), toScheduleResponse) }),
  }),
  defineRoute({
    method: 'post', path: '/recurring-schedules', tag, operationId: 'createRecurringSchedule', summary: 'Create a recurring schedule',
    description: [
      'An invoice template and the rule of its dates: d(k) = startDate + k × intervalCount × intervalUnit, from startDate only (the day of month',
      'clamped to short months, 31 Jan → 28/29 Feb → 31 Mar; with monthEnd always the last day). startDate must be today or later',
      '(400 start_date_in_past); the template is checked as POST /invoices checks a body (errors name template.… fields), and may not',
      'hold issueDate, dueDate, servicePeriodStart, servicePeriodEnd or invoiceType (400 field_not_allowed). issueMode SEND needs an',
      'address (400 no_recipient). The scheduler of `invoicing serve` turns each due date into an invoice exactly once.',
    ].join(' '),
    scopes: ['recurring-schedules:write'],
    body: ScheduleCreateSchema,
    responses: { 201: { description: 'The new schedule', schema: dataSchema(ScheduleResponseSchema) } },
    errors: [404, 422],
    run: ({ principal, body }, claim) => recurringSchedules.create(principal.actor, body, claim),
    respond: (schedule) => ({ status: 201, body: data(toScheduleResponse(schedule)), resourceId: schedule.id }),
    replay: async (principal, id) => ({ status: 201, body: data(toScheduleResponse(await recurringSchedules.getCreatedByKey(principal.actor, id))) }),
  }),
  defineRoute({
    method: 'get', path: '/recurring-schedules/{id}', tag, operationId: 'getRecurringSchedule', summary: 'Read a recurring schedule',
    scopes: ['recurring-schedules:read'],
    responses: { 200: { description: 'The schedule', schema: dataSchema(ScheduleResponseSchema) } },
    errors: [404],
    handle: async ({ principal, params }) => ({ body: data(toScheduleResponse(await recurringSchedules.get(principal.actor, params.id!))) }),
  }),
  defineRoute({
    method: 'put', path: '/recurring-schedules/{id}', tag, operationId: 'updateRecurringSchedule', summary: 'Change a recurring schedule',
    description: [
      'Changes affect future occurrences only. startDate, intervalUnit, intervalCount and monthEnd are locked once an occurrence exists',
      '(400 field_locked). status: ACTIVE → PAUSED (nextRunDate null), PAUSED → ACTIVE (every date missed while paused is recorded SKIPPED,',
      'never invoiced; nextRunDate the first date from today), ACTIVE or PAUSED → CANCELLED (final), COMPLETED → ACTIVE with a later endDate',
      'or a higher maxOccurrences; others 400 invalid_status_transition with allowedTransitions.',
    ].join(' '),
    scopes: ['recurring-schedules:write'],
    body: ScheduleUpdateSchema,
    responses: { 200: { description: 'The changed schedule', schema: dataSchema(ScheduleResponseSchema) } },
    errors: [404],
    handle: async ({ principal, params, body }) => ({ body: data(toScheduleResponse(await recurringSchedules.update(principal.actor, params.id!, body))) }),
  }),
  defineRoute({
    method: 'delete', path: '/recurring-schedules/{id}', tag, operationId: 'deleteRecurringSchedule', summary: 'Delete a schedule without occurrences',
    description: 'A schedule that has occurrences answers 409 schedule_has_occurrences: set its status to CANCELLED instead.',
    scopes: ['recurring-schedules:write'],
    responses: { 200: { description: 'Deleted', schema: SuccessSchema } },
    errors: [404, 409],
    handle: async ({ principal, params }) => {
      await recurringSchedules.delete(principal.actor, params.id!)
      return { body: { success: true } }
    },
  }),
  defineRoute({
    method: 'get', path: '/recurring-schedules/{id}/occurrences', tag, operationId: 'listRecurringOccurrences', summary: 'The occurrences of a schedule',
    description: 'sequence descending: each date processed, with its invoice, or why none was made (SKIPPED with skipReason, FAILED with error).',
    scopes: ['recurring-schedules:read'],
    query: OccurrenceListQuerySchema,
    responses: { 200: { description: 'A page of occurrences', schema: listSchema(OccurrenceResponseSchema) } },
    errors: [404],
    handle: async ({ principal, params, query }) => ({ body: listOf(await recurringSchedules.occurrences(principal.actor, params.id!, query), toOccurrenceResponse) }),
  }),
  defineRoute({
    method: 'get', path: '/recurring-schedules/{id}/preview', tag, operationId: 'previewRecurringSchedule', summary: 'The next dates of a schedule',
    description: 'count 1–24 (default 12): the next occurrence dates with their service periods; no side effects. A PAUSED schedule shows the dates it would run if resumed today; COMPLETED and CANCELLED ones none.',
    scopes: ['recurring-schedules:read'],
    query: PreviewQuerySchema,
    responses: { 200: { description: 'The next dates', schema: dataSchema(PreviewResponseSchema) } },
    errors: [404],
    handle: async ({ principal, params, query }) => ({ body: data(toPreviewResponse(await recurringSchedules.preview(principal.actor, params.id!, query))) }),
  }),
  defineRoute({
    method: 'post', path: '/recurring-schedules/{id}/run', tag, operationId: 'runRecurringSchedule', summary: 'Process what is due now',
    description: 'ACTIVE only (else 409 status_conflict). Needs invoices:write too. Processes the due dates of this schedule now, each once (as the scheduler would; at most 24); nothing due gives empty lists.',
    scopes: ['recurring-schedules:write', 'invoices:write'],
    responses: { 200: { description: 'The occurrences made', schema: dataSchema(RunResponseSchema) } },
    errors: [404, 409],
    run: ({ principal, params }, claim) => recurringSchedules.run(principal.actor, params.id!, claim),
    respond: (run) => ({ body: data(toRunResponse(run)) }),
  }),
  defineRoute({
    method: 'post', path: '/recurring-schedules/{id}/skip', tag, operationId: 'skipRecurringOccurrence', summary: 'Skip the next date',
    description: 'ACTIVE only (else 409 status_conflict): the occurrence of nextRunDate is recorded SKIPPED (MANUAL) and nextRunDate advances.',
    scopes: ['recurring-schedules:write'],
    responses: { 200: { description: 'The skipped occurrence', schema: dataSchema(OccurrenceResponseSchema) } },
    errors: [404, 409],
    run: ({ principal, params }, claim) => recurringSchedules.skip(principal.actor, params.id!, claim),
    respond: (occurrence) => ({ body: data(toOccurrenceResponse(occurrence)) }),
  }),
]
