import * as v from 'valibot'
import { decimal, emailAddress, optionalText } from '../shared/fields'
import { aliased } from '../shared/validation'

export const DUNNING_ACTIONS = ['pause', 'resume', 'send'] as const

export const DunningActionSchema = aliased(v.object({
  action: v.pipe(v.picklist(DUNNING_ACTIONS), v.description('pause, resume or send (the reminder of the next level)')),
  reason: v.pipe(optionalText(500), v.description('Why reminders are paused; stored for pause only')),
  recipientEmail: v.optional(v.pipe(emailAddress, v.description('send: default the customer\'s email address'))),
  customReminderFee: v.optional(decimal({ min: 0, max: 1_000_000, maxDecimals: 2, description: 'send: the fee of this reminder, default the company\'s reminderFees for its level' })),
  includeInterest: v.optional(v.pipe(v.boolean(), v.description('send: charge simple default interest (remaining × company defaultInterestRate × days overdue / 365); default false')), false),
}))

export type DunningActionInput = v.InferInput<typeof DunningActionSchema>
