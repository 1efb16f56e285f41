import { parentPort } from 'node:worker_threads'
import type { DocumentView, PdfRenderOptions } from '@invoicing/core'
import { createPdfLibRenderer } from './pdf-lib-renderer'

/** One render job of the worker pool: the view and options as the port got them. */
export interface RenderJob {
  view: DocumentView
  options: PdfRenderOptions | undefined
}

/** The answer to a job: the PDF's bytes (their buffer moves to the pool), or why it failed. */
export type RenderReply = { pdf: Uint8Array } | { error: string }

// A worker of the pool: draws one job at a time, as the pool hands them over.
const port = parentPort
if (!port) throw new Error('render-worker runs as a worker thread of createPdfWorkerPool()')
const renderer = createPdfLibRenderer()
port.on('message', async ({ view, options }: RenderJob) => {
  let reply: RenderReply
  try {
    reply = { pdf: await renderer.render(view, options) }
  } catch (error) {
    reply = { error: error instanceof Error ? error.message : String(error) }
  }
  port.postMessage(reply, 'pdf' in reply ? [reply.pdf.buffer as ArrayBuffer] : [])
})
