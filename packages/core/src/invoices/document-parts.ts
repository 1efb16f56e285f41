import type { Company } from '../companies/company'
import { InvoicingError } from '../errors'
import type { StorageReader } from '../ports/storage'
import type { DocumentSnapshot } from '../versions/document-version'
import type { Invoice } from './invoice'

type DocumentReader = Pick<StorageReader, 'invoices' | 'customers'>

/** What a document is drawn from: itself, its company, its customer and the invoice it refers to. */
export async function loadDocumentParts(reader: DocumentReader, company: Company, invoice: Invoice): Promise<DocumentSnapshot> {
  const customer = await reader.customers.get(company.id, invoice.customerId)
  // A document's customer cannot be deleted (customer_in_use), so it is always there.
  if (!customer) throw new Error(`customer ${invoice.customerId} of invoice ${invoice.id} is missing`)
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
