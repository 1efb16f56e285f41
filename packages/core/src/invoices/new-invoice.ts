import type { Company } from '../companies'
import type { Customer } from '../customers'
import { requireCategory } from '../categories'
import type { IdGenerator } from '../ports/ids'
import type { StorageTx } from '../ports/storage'
import { assertDateOrder, draftLines, priceDocument } from '../sales-documents'
import { addDays, calendarDateOf } from '../shared/calendar-date'
import { newDraftState, type Invoice } from './invoice'
import type { InvoiceCreateFields } from './invoice-schemas'
import { DOCUMENT_TEXT_VERSION } from './document-text-version'
import { requestedFieldsOf, requestedTaxValues } from './requested-fields'

/**
 * The draft a create request makes, not yet stored: defaults filled (today in the company's
 * zone, the payment term, EUR, the locale, the company's texts), lines priced under the tax
 * situation of seller, buyer and date. `POST /invoices` and recurring schedules both make their
 * invoices here, so totals, tax and OSS rules are the same.
 */
export async function newInvoiceDraft(
  tx: StorageTx, company: Company, customer: Customer, fields: InvoiceCreateFields, ids: IdGenerator, now: Date,
  extra: Partial<Pick<Invoice, 'recurringScheduleId' | 'recurringOccurrenceDate' | 'dueDate'>> = {},
): Promise<Invoice> {
  if (fields.documentCategoryId != null) await requireCategory(tx, company.id, fields.documentCategoryId)
  const issueDate = fields.issueDate ?? calendarDateOf(now, company.timeZone)
  // The schema leaves INVOICE (the default) and PROFORMA: credit notes have their own endpoint.
  const invoiceType = fields.invoiceType ?? 'INVOICE'
  const documentLocale = fields.documentLocale ?? customer.defaultLocale ?? company.defaultLocale
  const drafts = await draftLines(tx.products, company.id, fields.lines)
  const priced = priceDocument(company, customer, issueDate, requestedTaxValues(fields), drafts, ids)
  const texts = company.texts[documentLocale]?.[invoiceType]
  const id = ids.next()
  const invoice: Invoice = {
    ...newDraftState(id, now.toISOString()),
    id,
    companyId: company.id,
    documentType: invoiceType,
    customerId: customer.id,
    documentCategoryId: fields.documentCategoryId ?? null,
    documentLocale,
    documentTextVersion: DOCUMENT_TEXT_VERSION,
    issueDate,
    dueDate: fields.dueDate ?? addDays(issueDate, customer.paymentTermDays ?? company.paymentTermDays),
    servicePeriodStart: fields.servicePeriodStart ?? null,
    servicePeriodEnd: fields.servicePeriodEnd ?? null,
    currency: fields.currency ?? 'EUR',
    ...priced,
    taxExemptionNote: fields.taxExemptionNote ?? null,
    ...requestedFieldsOf(fields, texts),
    orderNumber: fields.orderNumber ?? null,
    buyerReference: fields.buyerReference !== undefined ? fields.buyerReference : customer.buyerReference,
    ...extra,
  }
  assertDateOrder(invoice)
  return invoice
}
