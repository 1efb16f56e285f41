import { InvoicingError } from '../errors'
import type { PdfRenderer, PdfRenderOptions } from '../ports/pdf-renderer'
import type { DocumentView } from './document-view'

/**
 * The most pages a PDF may have. It bounds what one request may cost: without it, a draft of
 * 110 lines whose descriptions hold 2,000 line breaks each drew 4,360 pages (811 MB, seconds of
 * CPU). Two hundred pages hold about 5,000 single-line items.
 */
export const MAX_PDF_PAGES = 200

/** Refuses `view` with 400 `document_too_large` when its PDF would exceed {@link MAX_PDF_PAGES}, before anything is drawn. */
export async function assertWithinPageLimit(renderer: PdfRenderer, view: DocumentView): Promise<void> {
  const estimatedPages = await renderer.estimatePages(view)
  if (estimatedPages > MAX_PDF_PAGES) {
    throw new InvoicingError(
      'document_too_large',
      `${view.reference} would print on about ${estimatedPages} pages; a PDF may have at most ${MAX_PDF_PAGES}. Shorten the line descriptions and texts, or split the document`,
      { estimatedPages, maxPages: MAX_PDF_PAGES },
    )
  }
}

/** The PDF of `view`, drawn only when it stays within the page cap. */
export async function renderWithinPageLimit(renderer: PdfRenderer, view: DocumentView, options?: PdfRenderOptions): Promise<Uint8Array> {
  await assertWithinPageLimit(renderer, view)
  return renderer.render(view, options)
}
