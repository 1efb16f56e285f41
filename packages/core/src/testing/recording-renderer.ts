import type { DocumentView, PdfRenderer } from '../print'

/**
 * A PDF renderer for tests of the engine's flow: its "PDF" is the JSON of what the view says
 * (reference, watermark, total), so a test can read back which state of a document was drawn.
 */
export function createRecordingRenderer(options: { pages?: (view: DocumentView) => number } = {}) {
  const views: DocumentView[] = []
  const renderer: PdfRenderer & { views: DocumentView[] } = {
    views,
    /** One page unless `options.pages` says otherwise. */
    estimatePages: async (view) => options.pages?.(view) ?? 1,
    async render(view) {
      views.push(view)
      return new TextEncoder().encode(JSON.stringify({ reference: view.reference, watermark: view.watermark, total: view.totals?.grand.amount ?? null, drawn: views.length }))
    },
  }
  return renderer
}

/** What {@link createRecordingRenderer} drew into `bytes`. */
export const readRecordedPdf = (bytes: Uint8Array): { reference: string; watermark: string | null; total: string | null; drawn: number } =>
  JSON.parse(new TextDecoder().decode(bytes))
