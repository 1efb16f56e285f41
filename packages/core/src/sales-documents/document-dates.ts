import { InvoicingError } from '../errors'
import type { Invoice } from '../invoices'
import { kindOf } from './document-kinds'
import type { SalesDocument } from './sales-document'

const dateError = (field: string, message: string) =>
  new InvoicingError('validation_failed', `${field}: ${message}`, { field })

/** A due date before the issue date, or a service period that ends before it starts, is refused. */
export function assertDateOrder(invoice: Pick<Invoice, 'issueDate' | 'servicePeriodStart' | 'servicePeriodEnd'> & { dueDate?: Invoice['dueDate'] }): void {
  if (invoice.dueDate !== undefined && invoice.dueDate < invoice.issueDate) throw dateError('dueDate', `must not be before the issue date ${invoice.issueDate}`)
  const { servicePeriodStart: start, servicePeriodEnd: end } = invoice
  if (start && end && end < start) throw dateError('servicePeriodEnd', `must not be before servicePeriodStart ${start}`)
}

/**
 * Whether the document date is also the date of supply: said so (`invoiceDateIsServiceDate`), or
 * read so on a German invoice without a service period. §14 (4) no. 6 UStG requires the date of
 * supply on every invoice; where the invoice names none, the usual reading is that it is the
 * invoice date, and the invoice says so. Other documents are not read so: a proforma is no
 * invoice, and a credit note's supply is that of the invoice it corrects or of what it pays for.
 */
export function supplyDateIsDocumentDate(document: SalesDocument & Partial<Pick<Invoice, 'invoiceDateIsServiceDate'>>, sellerCountry: string): boolean {
  if (document.invoiceDateIsServiceDate) return true
  if (document.servicePeriodStart || document.servicePeriodEnd) return false
  return sellerCountry.toUpperCase() === 'DE' && kindOf(document).printKind(document) === 'INVOICE'
}
