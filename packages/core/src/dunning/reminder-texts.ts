import type { Locale } from '../shared/fields'
import type { ReminderLevelNumber } from './reminder'

/** The printed and mailed words of reminders, per document language. */
export interface ReminderTexts {
  titles: Record<ReminderLevelNumber, string>
  date: string
  invoiceNumber: string
  invoiceDate: string
  dueDate: string
  daysOverdue: string
  opening: Record<ReminderLevelNumber, string>
  invoiceLine: (number: string, issued: string, due: string) => string
  earlierCharges: string
  fee: string
  interest: (rate: string, days: number) => string
  total: string
  payBy: (amount: string, date: string) => string
  mailSentence: string
}

export const REMINDER_TEXTS: Record<Locale, ReminderTexts> = {
  de: {
    titles: { 1: 'Zahlungserinnerung', 2: 'Mahnung', 3: 'Letzte Mahnung' },
    date: 'Datum',
    invoiceNumber: 'Rechnungsnr.',
    invoiceDate: 'Rechnungsdatum',
    dueDate: 'Fällig seit',
    daysOverdue: 'Tage überfällig',
    opening: {
      1: 'sicher haben Sie übersehen, dass die folgende Rechnung noch offen ist. Bitte überweisen Sie den Betrag.',
      2: 'leider konnten wir zu der folgenden Rechnung trotz unserer Erinnerung noch keinen Zahlungseingang feststellen.',
      3: 'trotz unserer Mahnungen ist die folgende Rechnung weiterhin offen. Dies ist unsere letzte Mahnung.',
    },
    invoiceLine: (number, issued, due) => `Rechnung ${number} vom ${issued}, fällig am ${due} (offener Betrag)`,
    earlierCharges: 'Gebühren und Zinsen früherer Mahnungen',
    fee: 'Mahngebühr',
    interest: (rate, days) => `Verzugszinsen ${rate} p. a. für ${days} ${days === 1 ? 'Tag' : 'Tage'}`,
    total: 'Zu zahlender Betrag',
    payBy: (amount, date) => `Bitte überweisen Sie ${amount} bis zum ${date}. Haben Sie inzwischen gezahlt, betrachten Sie dieses Schreiben bitte als gegenstandslos.`,
    mailSentence: 'anbei erhalten Sie unsere {documentTitle} zur Rechnung {documentNumber}. Offen sind {totalAmount}.',
  },
  en: {
    titles: { 1: 'Payment reminder', 2: 'Reminder', 3: 'Final reminder' },
    date: 'Date',
    invoiceNumber: 'Invoice no.',
    invoiceDate: 'Invoice date',
    dueDate: 'Due since',
    daysOverdue: 'Days overdue',
    opening: {
      1: 'you may have overlooked that the following invoice is still open. Please transfer the amount.',
      2: 'despite our reminder we have not yet received payment of the following invoice.',
      3: 'despite our reminders the following invoice is still unpaid. This is our final reminder.',
    },
    invoiceLine: (number, issued, due) => `Invoice ${number} of ${issued}, due on ${due} (amount open)`,
    earlierCharges: 'Fees and interest of earlier reminders',
    fee: 'Reminder fee',
    interest: (rate, days) => `Default interest ${rate} p.a. for ${days} ${days === 1 ? 'day' : 'days'}`,
    total: 'Amount to pay',
    payBy: (amount, date) => `Please transfer ${amount} by ${date}. If you have paid in the meantime, please disregard this letter.`,
    mailSentence: 'please find attached our {documentTitle} for invoice {documentNumber}. The amount open is {totalAmount}.',
  },
}

export const GREETINGS: Record<Locale, { hello: string; regards: string; salutation: string }> = {
  de: { hello: 'Guten Tag,', regards: 'Mit freundlichen Grüßen', salutation: 'Sehr geehrte Damen und Herren,' },
  en: { hello: 'Dear Sir or Madam,', regards: 'Kind regards', salutation: 'Dear Sir or Madam,' },
}
