import type { Company } from '../companies'
import type { Customer } from '../customers'
import { InvoicingError } from '../errors'
import { type InvoiceCreateFields, newInvoiceDraft, type Invoice } from '../invoices'
import type { IdGenerator } from '../ports/ids'
import type { StorageTx } from '../ports/storage'
import { addDays, type CalendarDate } from '../shared/calendar-date'
import type { Locale } from '../shared/fields'
import { parseInput, snakeCase } from '../shared/validation'
import { fillPlaceholders } from '../recurring'
import { TEMPLATE_FIELDS_NOT_ALLOWED, TemplateSchema, type TemplateFields } from './schedule-schemas'

/** An error of the template, named as a field of the schedule (`template.lines.0.quantity`). */
export function inTemplate(error: unknown): unknown {
  if (!(error instanceof InvoicingError) || typeof error.details.field !== 'string') return error
  const field = `template.${error.details.field}`
  return new InvoicingError(error.code, error.message.startsWith(`${error.details.field}:`) ? `template.${error.message}` : `${field}: ${error.message}`, { ...error.details, field })
}

/** The template as validated, refusing the fields the schedule sets itself (400 `field_not_allowed`). */
export function parseTemplate(input: unknown): TemplateFields {
  if (typeof input === 'object' && input !== null && !Array.isArray(input)) {
    for (const field of TEMPLATE_FIELDS_NOT_ALLOWED) {
      if (field in input || snakeCase(field) in input) {
        throw new InvoicingError('field_not_allowed', `template.${field}: a schedule sets it for each occurrence`, { field: `template.${field}` })
      }
    }
  }
  try {
    return parseInput(TemplateSchema, input)
  } catch (error) {
    throw inTemplate(error)
  }
}

/** What one occurrence's invoice is dated and filled with. */
export interface OccurrenceInvoice {
  issueDate: CalendarDate
  occurrenceDate: CalendarDate
  periodStart: CalendarDate | null
  periodEnd: CalendarDate | null
  scheduleId: string
}

const filled = (text: string | null | undefined, values: Parameters<typeof fillPlaceholders>[1]) => (typeof text === 'string' ? fillPlaceholders(text, values) : text)

/**
 * The invoice draft of one occurrence, made as `POST /invoices` makes one: dated the day it is
 * issued, its service period from the occurrence (or the invoice date as date of supply), due
 * after the payment term, placeholders in its texts and line descriptions replaced. Errors are
 * named as template fields. Nothing is stored.
 */
export async function invoiceFromTemplate(
  tx: StorageTx, company: Company, customer: Customer, template: TemplateFields, occurrence: OccurrenceInvoice, ids: IdGenerator, now: Date,
): Promise<Invoice> {
  const { paymentTermDays, ...fields } = template
  const locale: Locale = fields.documentLocale ?? customer.defaultLocale ?? company.defaultLocale
  const values = { periodStart: occurrence.periodStart, periodEnd: occurrence.periodEnd, occurrenceDate: occurrence.occurrenceDate, locale }
  const request: InvoiceCreateFields = {
    ...fields,
    customerId: customer.id,
    issueDate: occurrence.issueDate,
    servicePeriodStart: occurrence.periodStart ?? undefined,
    servicePeriodEnd: occurrence.periodEnd ?? undefined,
    invoiceDateIsServiceDate: occurrence.periodStart === null ? true : fields.invoiceDateIsServiceDate,
    headerText: filled(fields.headerText, values),
    footer: filled(fields.footer, values),
    customTitle: filled(fields.customTitle, values),
    lines: fields.lines.map((line) => ({ ...line, description: filled(line.description, values) })),
  }
  try {
    return await newInvoiceDraft(tx, company, customer, request, ids, now, {
      dueDate: addDays(occurrence.issueDate, paymentTermDays ?? customer.paymentTermDays ?? company.paymentTermDays),
      recurringScheduleId: occurrence.scheduleId,
      recurringOccurrenceDate: occurrence.occurrenceDate,
    })
  } catch (error) {
    throw inTemplate(error)
  }
}
