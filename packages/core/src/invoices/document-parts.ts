import type { Company } from '../companies'
import type { Actor } from '../access'
import type { Customer } from '../customers'
import { InvoicingError, notFound } from '../errors'
import type { StorageReader } from '../ports/storage'
import type { DocumentSnapshot } from '../versions'
import type { Invoice } from './invoice'
import { type DocumentSummary, creditsPreceding, isConvertedFrom } from '../sales-documents'

type DocumentReader = Pick<StorageReader, 'invoices' | 'customers'>

/** A document of the actor's company; 404 for a missing one or one of another company. */
export async function requireInvoice(reader: Pick<StorageReader, 'invoices'>, actor: Actor, id: string): Promise<Invoice> {
  const invoice = await reader.invoices.get(actor.companyId, id)
  if (!invoice) throw notFound('Invoice')
  return invoice
}

/** The customer a document names. It cannot be deleted while named (customer_in_use), so it is always there. */
export async function documentCustomerOf(reader: Pick<StorageReader, 'customers'>, invoice: Invoice): Promise<Customer> {
  const customer = await reader.customers.get(invoice.companyId, invoice.customerId)
  if (!customer) throw new Error(`customer ${invoice.customerId} of invoice ${invoice.id} is missing`)
  return customer
}

/** What a document is drawn from: itself, its company, its customer and the invoice it credits. */
export async function loadDocumentParts(reader: DocumentReader, company: Company, invoice: Invoice): Promise<DocumentSnapshot> {
  const customer = await documentCustomerOf(reader, invoice)
  const preceding = invoice.precedingDocument
  const parentInvoice = creditsPreceding(preceding) ? (await reader.invoices.get(company.id, preceding.id)) ?? null : null
  return { invoice, company, customer, parentInvoice }
}

/** The invoice a proforma was converted into, if it was. */
export async function convertedInvoiceOf(reader: Pick<StorageReader, 'invoices'>, proforma: Invoice): Promise<DocumentSummary | undefined> {
  return (await reader.invoices.summariesDerivedFrom(proforma.companyId, [proforma.id])).find((each) => isConvertedFrom(each, proforma))
}

/**
 * A proforma that became an invoice is no longer the document to use: 409 naming the invoice
 * (`invoice_id`, `invoice_number`, and the deprecated `invoiceId`, `invoiceNumber`).
 */
export async function refuseConvertedProforma(reader: DocumentReader, invoice: Invoice): Promise<void> {
  const converted = await convertedInvoiceOf(reader, invoice)
  if (!converted) return
  const { id, number } = converted
  throw new InvoicingError('proforma_converted', `This proforma was converted into invoice ${number}; use that invoice`, {
    invoice_id: id, invoice_number: number, invoiceId: id, invoiceNumber: number,
  })
}
