import type { Actor } from '../access'
import { requireCompany } from '../companies'
import * as v from 'valibot'
import { EINVOICE_PROFILES, renderHybridPdf, writeCii } from '../einvoice'
import { InvoicingError } from '../errors'
import { boundedString } from '../shared/fields'
import { parseInput } from '../shared/validation'
import type { CoreDeps } from '../ports/deps'
import { createUnitOfWork } from '../unit-of-work'
import { createVersionArchive, type DocumentSnapshot, type DocumentVersion } from '../versions'
import type { Invoice } from './invoice'
import { loadDocumentParts, refuseConvertedProforma, requireInvoice } from './document-parts'

export const EInvoiceQuerySchema = v.object({
  profile: v.optional(v.pipe(
    boundedString(40),
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

/** Where a file of a document came from: its archived version, or drawn from current data. */
export type FileSource = 'archive' | 'generated'

export interface DocumentFile extends ExportedFile {
  source: FileSource
}

/**
 * What a document's files are made from: a locked (sent or corrected) document is its current
 * version, frozen and archived, so later changes of company or customer data never reach it;
 * an unlocked one is its current data.
 */
type DocumentSource =
  | { source: 'archive'; invoice: Invoice; version: DocumentVersion }
  | { source: 'generated'; invoice: Invoice; parts: DocumentSnapshot }

type DownloadAction = 'PDF_DOWNLOADED_VIA_API' | 'EINVOICE_XML_DOWNLOADED_VIA_API'

/**
 * The files a document is read as: the PDF (a PDF/A-3 with its Factur-X XML attached) and the
 * e-invoice XML. Each download is recorded in the audit trail.
 */
export function createInvoiceExportService(deps: CoreDeps) {
  const inUnitOfWork = createUnitOfWork(deps)
  const archive = createVersionArchive(deps)

  /**
   * Makes a file of a document from committed data, then records the download. Rendering runs
   * outside any transaction: a PDF must not hold the write lock while it is drawn.
   */
  async function withDocument(actor: Actor, id: string, action: DownloadAction, details: Record<string, unknown>, make: (document: DocumentSource) => Promise<Uint8Array | string>): Promise<DocumentFile> {
    const { storage } = deps
    const invoice = await requireInvoice(storage, actor, id)
    await refuseConvertedProforma(storage, invoice)
    const [version] = await storage.documentVersions.list(actor.companyId, id)
    const document: DocumentSource = version
      ? { source: 'archive', invoice: version.snapshot.invoice, version }
      : { source: 'generated', invoice, parts: await loadDocumentParts(storage, await requireCompany(storage, actor), invoice) }
    const content = await make(document)
    await inUnitOfWork(actor, (unit) => unit.audit(action, { type: 'invoice', id }, { invoiceNumber: invoice.number, ...details }))
    return { fileName: `${document.invoice.number}.${action === 'PDF_DOWNLOADED_VIA_API' ? 'pdf' : 'xml'}`, content, source: document.source }
  }

  return {
    /** The CII XML of the document in `profile` (Factur-X BASIC by default). */
    eInvoice: (actor: Actor, id: string, query: EInvoiceQuery = {}): Promise<DocumentFile> => {
      const { profile } = parseInput(EInvoiceQuerySchema, query)
      return withDocument(actor, id, 'EINVOICE_XML_DOWNLOADED_VIA_API', { profile }, async (document) =>
        document.source === 'archive' ? archive.eInvoice(document.version, profile) : writeCii(document.parts, profile))
    },

    /** The document as PDF with its e-invoice XML attached as factur-x.xml. */
    pdf: (actor: Actor, id: string): Promise<DocumentFile> => {
      return withDocument(actor, id, 'PDF_DOWNLOADED_VIA_API', {}, async (document) => {
        if (document.source === 'generated') {
          if (!deps.pdf) throw new Error('createInvoicing was given no pdf renderer (option `pdf`)')
          return renderHybridPdf(deps.pdf, document.parts)
        }
        const archived = await archive.pdf(document.version)
        if (!archived) throw new InvoicingError('not_found', `The archived PDF of ${document.invoice.number} is unavailable`)
        return archived
      })
    },
  }
}
