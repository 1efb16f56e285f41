import { INVOICE_STATUSES, REMINDER_LEVEL_NUMBERS, type DunningStatus, type Invoice, type Reminder } from '@invoicing/core'
import * as v from 'valibot'
import { calendarDate, legacyResponse, money, nullableString, timestamp } from './shapes'

const reminderEntries = {
  id: v.string(),
  invoiceId: v.string(),
  level: v.pipe(v.picklist(REMINDER_LEVEL_NUMBERS), v.description('1 payment reminder, 2 first formal reminder, 3 final reminder')),
  sentAt: timestamp,
  sentTo: v.string(),
  fee: v.number(),
  interestRate: v.pipe(v.number(), v.description('Percent per year; 0 without interest')),
  interestDays: v.pipe(v.number(), v.description('Overdue days this reminder charged interest for (not charged by an earlier one)')),
  interestAmount: v.number(),
  totalAmount: v.pipe(v.number(), v.description('remaining_amount plus every fee and interest charged so far, this one\'s included')),
  daysOverdue: v.number(),
  remainingAmount: v.pipe(v.number(), v.description('What was left of the gross total when it was sent')),
}

/** A reminder: a legacy resource, snake_case with camelCase aliases. */
const reminderResponse = legacyResponse(reminderEntries)
export const ReminderResponseSchema = reminderResponse.schema
export const toReminderResponse = (reminder: Reminder) => reminderResponse.shape({
  id: reminder.id,
  invoiceId: reminder.invoiceId,
  level: reminder.level,
  sentAt: reminder.sentAt,
  sentTo: reminder.sentTo,
  fee: money(reminder.fee),
  interestRate: money(reminder.interestRate),
  interestDays: reminder.interestDays,
  interestAmount: money(reminder.interestAmount),
  totalAmount: money(reminder.totalAmount),
  daysOverdue: reminder.daysOverdue,
  remainingAmount: money(reminder.remainingAmount),
})

const dunningCustomerResponse = legacyResponse({ id: v.string(), customerNumber: v.string(), name: v.string(), email: nullableString })

const dunningResponse = legacyResponse({
  isPaused: v.boolean(),
  pausedAt: v.nullable(timestamp),
  pausedReason: nullableString,
  currentLevel: v.pipe(v.number(), v.description('The level of the last reminder; 0 before the first')),
  nextLevel: v.pipe(v.number(), v.description('The level the next send produces (3 stays 3)')),
  maxLevelReached: v.boolean(),
  totalReminders: v.number(),
  totalFees: v.number(),
  totalInterest: v.number(),
  totalOutstanding: v.pipe(v.number(), v.description('What is left of the gross total plus all fees and interest charged')),
})

const dunningStatusEntries = {
  invoiceId: v.string(),
  invoiceNumber: v.string(),
  status: v.picklist(INVOICE_STATUSES),
  dueDate: calendarDate,
  daysOverdue: v.number(),
  grossTotal: v.number(),
  customer: dunningCustomerResponse.schema,
  dunning: dunningResponse.schema,
  reminders: v.pipe(v.array(ReminderResponseSchema), v.description('Lowest level first')),
}

const dunningStatusResponse = legacyResponse(dunningStatusEntries)
export const DunningStatusResponseSchema = dunningStatusResponse.schema
export const toDunningStatusResponse = ({ invoice, customer, daysOverdue, dunning, reminders }: DunningStatus) => dunningStatusResponse.shape({
  invoiceId: invoice.id,
  invoiceNumber: invoice.number,
  status: invoice.status,
  dueDate: invoice.dueDate,
  daysOverdue,
  grossTotal: money(invoice.grossTotal),
  customer: dunningCustomerResponse.shape(customer),
  dunning: dunningResponse.shape({
    isPaused: dunning.isPaused,
    pausedAt: dunning.pausedAt,
    pausedReason: dunning.pausedReason,
    currentLevel: dunning.currentLevel,
    nextLevel: dunning.nextLevel,
    maxLevelReached: dunning.maxLevelReached,
    totalReminders: dunning.totalReminders,
    totalFees: money(dunning.totalFees),
    totalInterest: money(dunning.totalInterest),
    totalOutstanding: money(dunning.totalOutstanding),
  }),
  reminders: reminders.map(toReminderResponse),
})

const dunningPauseEntries = {
  invoiceId: v.string(),
  invoiceNumber: v.string(),
  dunningPaused: v.boolean(),
  dunningPausedAt: v.nullable(timestamp),
  dunningPausedReason: nullableString,
}

const dunningPauseResponse = legacyResponse(dunningPauseEntries)
export const DunningPauseResponseSchema = dunningPauseResponse.schema
export const toDunningPauseResponse = (invoice: Invoice) => dunningPauseResponse.shape({
  invoiceId: invoice.id,
  invoiceNumber: invoice.number,
  dunningPaused: invoice.dunningPaused,
  dunningPausedAt: invoice.dunningPausedAt,
  dunningPausedReason: invoice.dunningPausedReason,
})
