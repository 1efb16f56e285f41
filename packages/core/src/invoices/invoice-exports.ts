import type { Actor } from '../access'
import { requireCompany } from '../companies'
import * as v from 'valibot'
import { EINVOICE_PROFILES, renderHybridPdf, writeCii } from '../einvoice'
import { parseInput } from '../shared/validation'
import type { CoreDeps } from '../ports/deps'
import { createUnitOfWork } from '../unit-of-work'
import type { DocumentSnapshot } from '../versions'
import { loadDocumentParts, refuseConvertedProforma, requireInvoice } from './document-parts'

export const EInvoiceQuerySchema = v.object({
  profile: v.optional(v.pipe(
    v.string(),
    v.description('basic (default), en16931 or xrechnung; case-insensitive'),
    v.toUpperCase(),
    v.picklist(EINVOICE_PROFILES),
  ), 'BASIC'),
})
export type EInvoiceQuery = v.InferInput<typeof EInvoiceQuerySchema>

export interface ExportedFile {
  fileName: string
  content: Uint8Array | string
}

type DownloadAction = 'PDF_DOWNLOADED_VIA_API' | 'EINVOICE_XML_DOWNLOADED_VIA_API'

/**
 * The files a document is read as: the PDF (a PDF/A-3 with its Factur-X XML attached) and the
 * e-invoice XML. Each download is recorded in the audit trail.
 */
export function createInvoiceExportService(deps: CoreDeps) {
  const inUnitOfWork = createUnitOfWork(deps)

  /**
   * Makes a file of a document from committed data, then records the download. Rendering runs
   * outside any transaction: a PDF must not hold the write lock while it is drawn.
   */
  async function withDocument<T>(actor: Actor, id: string, action: DownloadAction, details: Record<string, unknown>, make: (parts: DocumentSnapshot) => Promise<T>): Promise<T> {
    const { storage } = deps
    const invoice = await requireInvoice(storage, actor, id)
    await refuseConvertedProforma(storage, invoice)
    const company = await requireCompany(storage, actor)
    const made = await make(await loadDocumentParts(storage, company, invoice))
    await inUnitOfWork(actor, (unit) => unit.audit(action, { type: 'invoice', id }, { invoiceNumber: invoice.number, ...details }))
    return made
  }

  return {
    /** The CII XML of the document in `profile` (Factur-X BASIC by default). */
    eInvoice: (actor: Actor, id: string, query: EInvoiceQuery = {}): Promise<ExportedFile> => {
      const { profile } = parseInput(EInvoiceQuerySchema, query)
      return withDocument(actor, id, 'EINVOICE_XML_DOWNLOADED_VIA_API', { profile }, async (parts) => ({
        fileName: `${parts.invoice.number}.xml`,
        content: writeCii(parts, profile),
      }))
    },

    /** The document as PDF, freshly rendered, with its e-invoice XML attached as factur-x.xml. */
    pdf: (actor: Actor, id: string): Promise<ExportedFile> => {
      const renderer = deps.pdf
      if (!renderer) throw new Error('createInvoicing was given no pdf renderer (option `pdf`)')
      return withDocument(actor, id, 'PDF_DOWNLOADED_VIA_API', {}, async (parts) => ({
        fileName: `${parts.invoice.number}.pdf`,
        content: await renderHybridPdf(renderer, parts),
      }))
    },
  }
}
