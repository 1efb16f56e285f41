import type { DocumentView } from '../print'

/** How an embedded file relates to the document (PDF/A-3 `/AFRelationship`). */
export type AttachmentRelationship = 'Alternative' | 'Data' | 'Source'

/** Factur-X / ZUGFeRD conformance level written to the XMP metadata (`fx:ConformanceLevel`). */
export type FacturXConformanceLevel = 'BASIC' | 'EN 16931' | 'XRECHNUNG'

/** A file carried inside the PDF as a PDF/A-3 associated file. */
export interface PdfAttachment {
  /** Name shown by PDF readers and `pdfdetach -list`: `factur-x.xml` for Factur-X, `xrechnung.xml` for XRechnung in ZUGFeRD. */
  fileName: string
  /** The bytes, or text written as UTF-8. */
  content: Uint8Array | string
  /** MIME type, `text/xml` for an e-invoice. */
  mimeType: string
  description?: string
  /** `Alternative` for Factur-X in Germany (ZUGFeRD); `Data` or `Source` where the recipient's rules want it. */
  relationship: AttachmentRelationship
  /**
   * Makes the PDF a Factur-X / ZUGFeRD hybrid: PDF/A-3 (part 3, conformance B) with the
   * Factur-X XMP extension naming this attachment, an sRGB output intent and a document ID.
   */
  facturX?: { conformanceLevel: FacturXConformanceLevel }
}

export interface PdfRenderOptions {
  attachment?: PdfAttachment
}

/**
 * Port: lays out a {@link DocumentView} as a PDF. The view carries every text and number
 * already formatted; a renderer decides only positions, fonts and page breaks, and must
 * render every character of the view (Latin, Latin Extended: names from all of Europe).
 * Implementations: `createPdfLibRenderer()` in `@invoicing/pdf`.
 */
export interface PdfRenderer {
  /** The PDF bytes of `view`, with `options.attachment` embedded when given. */
  render(view: DocumentView, options?: PdfRenderOptions): Promise<Uint8Array>
  /**
   * How many pages `render` would draw for `view`, or more, but never fewer. It MUST be cheap
   * (no drawing; time linear in the view's text), because the core asks it before every render
   * and inside the transaction that issues a document, and refuses views over its page cap.
   */
  estimatePages(view: DocumentView): Promise<number>
}
