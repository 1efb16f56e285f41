import type { Company } from '../companies'
import { daysBetween, type CalendarDate } from '../shared/calendar-date'
import { Exact, formatMoney, sum } from '../tax'
import { MAX_REMINDER_LEVEL, type Reminder, type ReminderLevelNumber } from './reminder'

/** Whole days past the due date (0 before it). */
export const daysOverdueOf = (dueDate: CalendarDate, today: CalendarDate): number => Math.max(0, daysBetween(dueDate, today))

/** The level the next reminder has: one above the last, at most 3 (level 3 stays 3). */
export const nextLevelOf = (reminders: readonly Reminder[]): ReminderLevelNumber =>
  Math.min(reminders.length + 1, MAX_REMINDER_LEVEL) as ReminderLevelNumber

export interface ReminderTerms {
  /** The fee of this reminder: given, else the company's fee for its level. */
  customFee?: string | undefined
  includeInterest: boolean
}

/**
 * The amounts of the next reminder. Interest is simple interest on what is left of the invoice:
 * remaining × the company's yearly rate × days / 365, rounded half-up to cents, for the overdue
 * days no earlier reminder charged (so two reminders never charge one day twice). The total is
 * what is then owed: the remainder plus every fee and interest charged so far, this one's included.
 */
export function nextReminderAmounts(
  company: Pick<Company, 'reminderFees' | 'defaultInterestRate'>, remaining: string, dueDate: CalendarDate, today: CalendarDate,
  earlier: readonly Reminder[], terms: ReminderTerms,
): Omit<Reminder, 'id' | 'companyId' | 'invoiceId' | 'sentAt' | 'sentTo'> {
  const level = nextLevelOf(earlier)
  const daysOverdue = daysOverdueOf(dueDate, today)
  const fee = formatMoney(new Exact(terms.customFee ?? company.reminderFees[String(level) as '1' | '2' | '3'] ?? '0'))
  const interestDays = terms.includeInterest ? Math.max(0, daysOverdue - earlier.reduce((days, each) => days + each.interestDays, 0)) : 0
  const interestRate = terms.includeInterest ? company.defaultInterestRate : '0'
  const interestAmount = formatMoney(new Exact(remaining).times(interestRate).dividedBy(100).times(interestDays).dividedBy(365))
  const totalAmount = formatMoney(sum([remaining, fee, interestAmount, ...earlier.map((each) => each.fee), ...earlier.map((each) => each.interestAmount)]))
  return { level, daysOverdue, fee, interestRate, interestDays, interestAmount, remainingAmount: formatMoney(new Exact(remaining)), totalAmount }
}

/** The totals of a document's dunning, consistent with its reminders and its current balance. */
export function dunningTotalsOf(reminders: readonly Reminder[], remaining: string) {
  const totalFees = formatMoney(sum(reminders.map((each) => each.fee)))
  const totalInterest = formatMoney(sum(reminders.map((each) => each.interestAmount)))
  return {
    currentLevel: reminders.length === 0 ? 0 : reminders[reminders.length - 1]!.level,
    nextLevel: nextLevelOf(reminders),
    maxLevelReached: reminders.length >= MAX_REMINDER_LEVEL,
    totalReminders: reminders.length,
    totalFees,
    totalInterest,
    totalOutstanding: formatMoney(sum([remaining, totalFees, totalInterest])),
  }
}
