import { assertWithinPageLimit, buildDocumentView, renderWithinPageLimit, type PdfRenderer } from '../print'
import type { EInvoiceProfile } from './profiles'
import type { EInvoiceInput } from './einvoice-input'
import { writeCii } from './cii-writer'

/** The profile of the XML inside the hybrid PDF: the richest one every document can carry. */
export const HYBRID_PROFILE: EInvoiceProfile = 'EN16931'

/**
 * The document as people and machines read it in one file: the printed PDF as a PDF/A-3 with
 * its Factur-X / ZUGFeRD XML (EN 16931) attached as `factur-x.xml`. This is the PDF the API
 * serves, mails and archives. A document over the page cap is refused before it is drawn.
 */
export function renderHybridPdf(renderer: PdfRenderer, parts: EInvoiceInput): Promise<Uint8Array> {
  return renderWithinPageLimit(renderer, buildDocumentView({ ...parts, document: parts.invoice }), {
    attachment: {
      fileName: 'factur-x.xml',
      content: writeCii(parts, HYBRID_PROFILE),
      mimeType: 'text/xml',
      description: 'Factur-X / ZUGFeRD invoice data',
      relationship: 'Alternative',
      facturX: { conformanceLevel: 'EN 16931' },
    },
  })
}

/**
 * Refuses (400 `document_too_large`) a document whose hybrid PDF would exceed the page cap.
 * Issuing and locking ask it first: a document is only issued if its PDF can be drawn.
 */
export function assertHybridPdfWithinLimit(renderer: PdfRenderer, parts: EInvoiceInput): Promise<void> {
  return assertWithinPageLimit(renderer, buildDocumentView({ ...parts, document: parts.invoice }))
}
