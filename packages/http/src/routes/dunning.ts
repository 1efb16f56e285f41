import { DunningActionSchema, type Invoicing } from '@invoicing/core'
import {
  DunningPauseResponseSchema, DunningStatusResponseSchema, ReminderResponseSchema, toDunningPauseResponse, toDunningStatusResponse, toReminderResponse,
} from '../responses/dunning'
import { data, dataSchema } from '../responses/shapes'
import { defineRoute } from './route'

const tag = 'invoices'

export const dunningRoutes = ({ dunning }: Invoicing) => [
  defineRoute({
    method: 'get', path: '/invoices/{id}/dunning', tag, operationId: 'getDunning', summary: 'The reminder status of an invoice',
    description: 'Pause state, current and next level, totals consistent with the reminders (fees, interest, and what is outstanding with them), and the reminders sent, lowest level first.',
    scopes: ['invoices:read'],
    responses: { 200: { description: 'Reminder status', schema: dataSchema(DunningStatusResponseSchema) } },
    errors: [404],
    handle: async ({ principal, params }) => ({ body: data(toDunningStatusResponse(await dunning.status(principal.actor, params.id!))) }),
  }),
  defineRoute({
    method: 'post', path: '/invoices/{id}/dunning', tag, operationId: 'dunningAction', summary: 'Pause, resume, or send the next reminder',
    description: [
      'pause (reason stored) and resume answer 200. send mails the reminder of the next level (1 payment reminder, 2 first formal',
      'reminder, 3 final reminder) with its PDF in the invoice\'s language, from MAIL_FROM or the company\'s email, to',
      'recipient_email or the customer\'s address; after the mail server accepted it the reminder is stored, SENT becomes OVERDUE',
      '(invoice.overdue), and reminder.sent (and from level 2 reminder.escalated) are emitted: 201. fee: custom_reminder_fee, else the',
      'company\'s reminderFees for the level. include_interest charges remaining × defaultInterestRate × days / 365 (half-up to',
      'cents) for the overdue days no earlier reminder charged. Errors: 400 invoice_status unless SENT or OVERDUE (409 already_paid',
      'when PAID), 400 no_recipient, 409 dunning_paused, 409 max_level_reached after level 3, 409 send_in_progress for a concurrent',
      'send, 400 document_too_large (estimatedPages, maxPages 200) when the reminder\'s PDF would exceed 200 pages, 502 email_failed (nothing stored).',
    ].join(' '),
    scopes: ['invoices:write'],
    body: DunningActionSchema,
    responses: {
      200: { description: 'pause / resume: the pause state', schema: dataSchema(DunningPauseResponseSchema) },
      201: { description: 'send: the reminder sent', schema: dataSchema(ReminderResponseSchema) },
    },
    errors: [404, 409, 422, 502],
    run: ({ principal, params, body }, claim) => dunning.act(principal.actor, params.id!, body, claim),
    respond: (result) => result.action === 'send'
      ? { status: 201, body: data(toReminderResponse(result.reminder)), resourceId: result.reminder.id }
      : { body: data(toDunningPauseResponse(result.invoice)) },
  }),
]
