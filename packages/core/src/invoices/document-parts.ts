import type { Company } from '../companies/company'
import type { Actor } from '../access/actor'
import type { Customer } from '../customers/customer'
import { InvoicingError, notFound } from '../errors'
import type { StorageReader } from '../ports/storage'
import type { DocumentSnapshot } from '../versions/document-version'
import type { Invoice } from './invoice'

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

/** What a document is drawn from: itself, its company, its customer and the invoice it refers to. */
export async function loadDocumentParts(reader: DocumentReader, company: Company, invoice: Invoice): Promise<DocumentSnapshot> {
  const customer = await documentCustomerOf(reader, invoice)
  const parentInvoice = invoice.parentInvoiceId ? (await reader.invoices.get(company.id, invoice.parentInvoiceId)) ?? null : null
  return { invoice, company, customer, parentInvoice }
}

/**
 * A proforma that became an invoice is no longer the document to use: 409 naming the invoice
 * (`invoice_id`, `invoice_number`, and the deprecated `invoiceId`, `invoiceNumber`).
 */
export async function refuseConvertedProforma(reader: DocumentReader, invoice: Invoice): Promise<void> {
  const convertedTo = invoice.invoiceType === 'PROFORMA' ? invoice.metadata.convertedToInvoiceId : undefined
  if (typeof convertedTo !== 'string') return
  const converted = await reader.invoices.get(invoice.companyId, convertedTo)
  const invoiceNumber = converted?.invoiceNumber ?? null
  throw new InvoicingError('proforma_converted', `This proforma was converted into invoice ${invoiceNumber ?? convertedTo}; use that invoice`, {
    invoice_id: convertedTo, invoice_number: invoiceNumber, invoiceId: convertedTo, invoiceNumber,
  })
}
