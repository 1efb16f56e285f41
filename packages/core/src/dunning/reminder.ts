/** 1 payment reminder, 2 first formal reminder, 3 final reminder. */
export const REMINDER_LEVEL_NUMBERS = [1, 2, 3] as const
export type ReminderLevelNumber = (typeof REMINDER_LEVEL_NUMBERS)[number]
export const MAX_REMINDER_LEVEL: ReminderLevelNumber = 3

/** A reminder that was mailed for an invoice. Amounts are exact decimal strings. */
export interface Reminder {
  id: string
  companyId: string
  invoiceId: string
  level: ReminderLevelNumber
  sentAt: string
  sentTo: string
  fee: string
  /** Percent per year; "0" when no interest was charged. */
  interestRate: string
  /** The overdue days this reminder charged interest for (days not charged by an earlier one). */
  interestDays: number
  interestAmount: string
  daysOverdue: number
  /** What was left of the invoice's gross total when it was sent. */
  remainingAmount: string
  /** remainingAmount plus every fee and interest charged so far, this reminder's included. */
  totalAmount: string
}
