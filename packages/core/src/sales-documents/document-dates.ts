import { InvoicingError } from '../errors'
import type { Invoice } from '../invoices'

const dateError = (field: string, message: string) =>
  new InvoicingError('validation_failed', `${field}: ${message}`, { field })

/** A due date before the issue date, or a service period that ends before it starts, is refused. */
export function assertDateOrder(invoice: Pick<Invoice, 'issueDate' | 'dueDate' | 'servicePeriodStart' | 'servicePeriodEnd'>): void {
  if (invoice.dueDate < invoice.issueDate) throw dateError('dueDate', `must not be before the issue date ${invoice.issueDate}`)
  const { servicePeriodStart: start, servicePeriodEnd: end } = invoice
  if (start && end && end < start) throw dateError('servicePeriodEnd', `must not be before servicePeriodStart ${start}`)
}
