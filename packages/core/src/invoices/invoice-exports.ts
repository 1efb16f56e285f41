import type { Actor } from '../access/actor'
import type { Company } from '../companies/company'
import { requireCompany } from '../companies/require-company'
import type { Customer } from '../customers/customer'
import { buildDocumentView } from '../documents'
import type { PdfRenderer } from '../documents'
import * as v from 'valibot'
import { EINVOICE_PROFILES, writeCii, type EInvoiceProfile } from '../einvoice'
import { parseInput } from '../shared/validation'
import { InvoicingError, notFound } from '../errors'
import type { CoreDeps } from '../ports/deps'
import type { StorageReader } from '../ports/storage'
import { createUnitOfWork } from '../shared/unit-of-work'
import type { Invoice } from './invoice'

export const EInvoiceQuerySchema = v.object({
  profile: v.optional(v.pipe(
    v.string(),
    v.description('basic (default), en16931 or xrechnung; case-insensitive'),
    v.toUpperCase(),
    v.picklist(EINVOICE_PROFILES),
  ), 'BASIC'),
})
export type EInvoiceQuery = v.InferInput<typeof EInvoiceQuerySchema>

/** The profile of the XML inside the hybrid PDF: the richest one every document can carry. */
const HYBRID_PROFILE: EInvoiceProfile = 'EN16931'

export interface ExportedFile {
  fileName: string
  content: Uint8Array | string
}

type DownloadAction = 'PDF_DOWNLOADED_VIA_API' | 'EINVOICE_XML_DOWNLOADED_VIA_API'

interface DocumentParts {
  invoice: Invoice
  company: Company
  customer: Customer
  parentInvoice: Invoice | null
}

/**
 * A proforma that became an invoice is no longer the document to use: 409 naming the invoice
 * (`invoice_id`, `invoice_number`, and the deprecated `invoiceId`, `invoiceNumber`).
 */
async function refuseConvertedProforma(reader: StorageReader, invoice: Invoice): Promise<void> {
  const convertedTo = invoice.invoiceType === 'PROFORMA' ? invoice.metadata.convertedToInvoiceId : undefined
  if (typeof convertedTo !== 'string') return
  const converted = await reader.invoices.get(invoice.companyId, convertedTo)
  const invoiceNumber = converted?.invoiceNumber ?? null
  throw new InvoicingError('proforma_converted', `This proforma was converted into invoice ${invoiceNumber ?? convertedTo}; use that invoice`, {
    invoice_id: convertedTo, invoice_number: invoiceNumber, invoiceId: convertedTo, invoiceNumber,
  })
}

/**
 * The files a document is read as: the PDF (a PDF/A-3 with its Factur-X XML attached) and the
 * e-invoice XML. Each download is recorded in the audit trail.
 */
export function createInvoiceExportService(deps: CoreDeps & { pdf?: PdfRenderer | undefined }) {
  const inUnitOfWork = createUnitOfWork(deps)

  /**
   * Makes a file of a document from committed data, then records the download. Rendering runs
   * outside any transaction: a PDF must not hold the write lock while it is drawn.
   */
  async function withDocument<T>(actor: Actor, id: string, action: DownloadAction, details: Record<string, unknown>, make: (parts: DocumentParts) => Promise<T>): Promise<T> {
    const { storage } = deps
    const invoice = await storage.invoices.get(actor.companyId, id)
    if (!invoice) throw notFound('Invoice')
    await refuseConvertedProforma(storage, invoice)
    const company = await requireCompany(storage, actor)
    const customer = await storage.customers.get(actor.companyId, invoice.customerId)
    if (!customer) throw new Error(`customer ${invoice.customerId} of invoice ${id} is missing`)
    const parentInvoice = invoice.parentInvoiceId ? (await storage.invoices.get(actor.companyId, invoice.parentInvoiceId)) ?? null : null
    const made = await make({ invoice, company, customer, parentInvoice })
    await inUnitOfWork(actor, (unit) => unit.audit(action, { type: 'invoice', id }, { invoiceNumber: invoice.invoiceNumber, ...details }))
    return made
  }

  return {
    /** The CII XML of the document in `profile` (Factur-X BASIC by default). */
    eInvoice: (actor: Actor, id: string, query: EInvoiceQuery = {}): Promise<ExportedFile> => {
      const { profile } = parseInput(EInvoiceQuerySchema, query)
      return withDocument(actor, id, 'EINVOICE_XML_DOWNLOADED_VIA_API', { profile }, async (parts) => ({
        fileName: `${parts.invoice.invoiceNumber}.xml`,
        content: writeCii(parts, profile),
      }))
    },

    /** The document as PDF, freshly rendered, with its e-invoice XML attached as factur-x.xml. */
    pdf: (actor: Actor, id: string): Promise<ExportedFile> => {
      const renderer = deps.pdf
      if (!renderer) throw new Error('createInvoicing was given no pdf renderer (option `pdf`)')
      return withDocument(actor, id, 'PDF_DOWNLOADED_VIA_API', {}, async (parts) => ({
        fileName: `${parts.invoice.invoiceNumber}.pdf`,
        content: await renderer.render(buildDocumentView(parts), {
          attachment: {
            fileName: 'factur-x.xml',
            content: writeCii(parts, HYBRID_PROFILE),
            mimeType: 'text/xml',
            description: 'Factur-X / ZUGFeRD invoice data',
            relationship: 'Alternative',
            facturX: { conformanceLevel: 'EN 16931' },
          },
        }),
      }))
    },
  }
}
