import type { Company } from '../companies'
import { buildDocumentView, formatDocumentDate, formatDocumentMoney, formatDocumentPercent, type DocumentView, type ItemRowView, type TotalsView } from '../print'
import { addDays, type CalendarDate } from '../shared/calendar-date'
import { fillPlaceholders } from '../sending'
import { Exact } from '../tax'
import type { DocumentSnapshot } from '../versions'
import type { Reminder } from './reminder'
import { GREETINGS, REMINDER_TEXTS } from './reminder-texts'

/** Days the customer gets to pay after a reminder. */
export const REMINDER_PAYMENT_DAYS = 7

type ReminderFigures = Omit<Reminder, 'id' | 'companyId' | 'invoiceId' | 'sentTo' | 'sentAt'>

const item = (position: number, description: string, amount: string): ItemRowView =>
  ({ kind: 'item', position: String(position), description, quantity: '', unit: '', unitPrice: '', discount: '', taxRate: '', amount })

/**
 * The print-ready reminder (`Mahnung`) of an invoice, in the invoice's language: the company's
 * letterhead and the recipient as on the invoice, the open amount, earlier charges, this
 * reminder's fee and interest, and the total to pay within seven days.
 */
/** A reminder always states the total to pay. */
export type ReminderView = DocumentView & { totals: TotalsView }

export function buildReminderView(parts: DocumentSnapshot, reminder: ReminderFigures, earlier: readonly Reminder[], today: CalendarDate): ReminderView {
  const { invoice, company } = parts
  const base = buildDocumentView({ ...parts, document: parts.invoice })
  const locale = invoice.documentLocale
  const texts = REMINDER_TEXTS[locale]
  const money = (amount: string) => formatDocumentMoney(locale, invoice.currency, amount)
  const date = (day: CalendarDate) => formatDocumentDate(locale, day)
  const earlierCharges = earlier.reduce((total, each) => total.plus(each.fee).plus(each.interestAmount), new Exact(0))
  const rows: ItemRowView[] = [item(1, texts.invoiceLine(invoice.number, date(invoice.issueDate), date(invoice.dueDate)), money(reminder.remainingAmount))]
  if (!earlierCharges.isZero()) rows.push(item(rows.length + 1, texts.earlierCharges, money(earlierCharges.toFixed(2))))
  if (!new Exact(reminder.fee).isZero()) rows.push(item(rows.length + 1, texts.fee, money(reminder.fee)))
  if (!new Exact(reminder.interestAmount).isZero()) {
    rows.push(item(rows.length + 1, texts.interest(formatDocumentPercent(locale, reminder.interestRate), reminder.interestDays), money(reminder.interestAmount)))
  }
  const title = texts.titles[reminder.level]
  const reference = `${title} ${invoice.number}`
  const own = company.texts[locale]?.REMINDER
  return {
    ...base,
    kind: 'REMINDER',
    watermark: null,
    title,
    subtitle: null,
    reference,
    meta: [
      { label: texts.date, value: date(today) },
      { label: texts.invoiceNumber, value: invoice.number },
      { label: texts.invoiceDate, value: date(invoice.issueDate) },
      { label: texts.dueDate, value: date(invoice.dueDate) },
      { label: texts.daysOverdue, value: String(reminder.daysOverdue) },
    ],
    headerText: own?.headerText ?? `${GREETINGS[locale].salutation}\n\n${texts.opening[reminder.level]}`,
    table: { ...base.table, showDiscount: false, showTaxRate: false, rows },
    totals: { lines: [], grand: { label: texts.total, amount: money(reminder.totalAmount) }, taxBreakdown: [] },
    legalNotes: [],
    paymentTerms: [texts.payBy(money(reminder.totalAmount), date(addDays(today, REMINDER_PAYMENT_DAYS))), ...base.paymentTerms.slice(1)],
    footerText: own?.footer ?? null,
    properties: { ...base.properties, title: reference, subject: reference, keywords: [title, invoice.number] },
  }
}

/** Subject and body of the reminder mail: the company's REMINDER texts, else built-in ones. */
export function reminderMailText(company: Company, view: DocumentView, values: Record<string, string>): { subject: string; text: string } {
  const locale = view.locale
  const own = company.texts[locale]?.REMINDER
  const greeting = GREETINGS[locale]
  const subject = own?.emailSubject ?? '{documentTitle} – {documentNumber} – {companyName}'
  const body = own?.emailBody ?? `${greeting.hello}\n\n${REMINDER_TEXTS[locale].mailSentence}\n\n${greeting.regards}\n{companyName}`
  return { subject: fillPlaceholders(subject, values).replace(/\s+/g, ' ').trim(), text: fillPlaceholders(body, values) }
}
