import type { EventType } from '../events'
import type { UnitOfWork } from '../unit-of-work'
import type { Invoice } from './invoice'
import { invoiceEventData } from './invoice-links'

/** Records an event about an invoice, credit note or proforma, its data as its events have always carried it. */
export async function emitInvoiceEvent(unit: UnitOfWork, type: EventType, invoice: Invoice): Promise<void> {
  const derived = await unit.tx.invoices.summariesDerivedFrom(invoice.companyId, [invoice.id])
  await unit.emit(type, invoiceEventData(invoice, derived))
}
