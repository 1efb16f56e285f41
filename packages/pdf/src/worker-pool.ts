import { Worker } from 'node:worker_threads'
import { InvoicingError, type DocumentView, type PdfRenderer, type PdfRenderOptions } from '@invoicing/core'
import { loadFonts } from './fonts'
import { countPages } from './pdf-lib-renderer'
import type { RenderJob, RenderReply } from './render-worker'

export interface PdfWorkerPoolOptions {
  /** Worker threads that draw at once; default 2. */
  size?: number
  /** Renders that may wait for a worker; one more answers 503 `busy`. Default 64. */
  maxQueue?: number
  /** Heap limit of each worker in MB; a render that needs more ends its worker and fails alone. Default 512. */
  maxMemoryMb?: number
}

export interface PdfWorkerPoolStats {
  /** Worker threads running (started on demand, up to `size`). */
  workers: number
  /** Renders being drawn. */
  drawing: number
  /** Renders waiting for a worker. */
  queued: number
}

export interface PdfWorkerPool extends PdfRenderer {
  stats(): PdfWorkerPoolStats
  /** Ends every worker; renders in flight or waiting fail, and later ones are refused. */
  close(): Promise<void>
}

interface Job extends RenderJob {
  resolve(pdf: Uint8Array): void
  reject(error: unknown): void
}

/**
 * The pdf-lib renderer in `worker_threads`, so drawing a PDF (about 20 ms for one page, a
 * second or more for 200) never blocks the event loop that answers requests. Workers start on
 * demand and stay; a worker that dies (out of memory, a crash) fails the job it drew, and the
 * next job starts a new one. Page counts (`estimatePages`) stay on the calling thread: they
 * are cheap, and the core asks them inside transactions, which must not wait in the queue.
 */
export function createPdfWorkerPool(options: PdfWorkerPoolOptions = {}): PdfWorkerPool {
  const size = Math.max(1, options.size ?? 2)
  const maxQueue = Math.max(0, options.maxQueue ?? 64)
  const resourceLimits = { maxOldGenerationSizeMb: options.maxMemoryMb ?? 512 }
  const idle: Worker[] = []
  const drawing = new Map<Worker, Job>()
  const workers = new Set<Worker>()
  const queue: Job[] = []
  let closed = false
  // The page count needs the font metrics on this thread; read them now rather than on the
  // first count, which may run inside a transaction.
  loadFonts().catch(() => undefined)

  function start(): Worker {
    const worker = startRenderWorker(resourceLimits)
    workers.add(worker)
    let failure = 'it exited'
    worker.on('message', (reply: RenderReply) => {
      const job = drawing.get(worker)
      drawing.delete(worker)
      // An idle worker does not keep the process alive.
      worker.unref()
      idle.push(worker)
      if ('pdf' in reply) job?.resolve(reply.pdf)
      else job?.reject(new Error(`The PDF could not be drawn: ${reply.error}`))
      dispatch()
    })
    worker.on('error', (error) => {
      failure = error.message
    })
    worker.on('exit', (code) => {
      workers.delete(worker)
      const at = idle.indexOf(worker)
      if (at >= 0) idle.splice(at, 1)
      const job = drawing.get(worker)
      drawing.delete(worker)
      job?.reject(new Error(`The PDF worker stopped while drawing (${closed ? 'the renderer was closed' : `${failure}, exit code ${code}`})`))
      if (!closed) dispatch()
    })
    return worker
  }

  function dispatch(): void {
    while (queue.length > 0) {
      const worker = idle.pop() ?? (workers.size < size ? start() : undefined)
      if (!worker) return
      const job = queue.shift()!
      try {
        worker.postMessage({ view: job.view, options: job.options } satisfies RenderJob)
      } catch (error) {
        // A view that cannot be copied to another thread fails alone; the worker stays free.
        idle.push(worker)
        job.reject(error)
        continue
      }
      drawing.set(worker, job)
      worker.ref()
    }
  }

  return {
    estimatePages: countPages,
    render(view: DocumentView, renderOptions?: PdfRenderOptions): Promise<Uint8Array> {
      if (closed) return Promise.reject(new Error('The PDF renderer was closed'))
      if (queue.length >= maxQueue && idle.length === 0 && workers.size >= size) {
        return Promise.reject(new InvoicingError('busy', `All ${size} PDF workers are drawing and ${queue.length} PDFs wait; retry shortly`, { retryAfterSeconds: 1 }))
      }
      return new Promise<Uint8Array>((resolve, reject) => {
        queue.push({ view, options: renderOptions, resolve, reject })
        dispatch()
      })
    },
    stats: () => ({ workers: workers.size, drawing: drawing.size, queued: queue.length }),
    async close() {
      closed = true
      for (const job of queue.splice(0)) job.reject(new Error('The PDF renderer was closed'))
      await Promise.all([...workers].map((worker) => worker.terminate()))
    },
  }
}

/**
 * Starts a worker on render-worker next to this module. Built (dist/), that is plain
 * JavaScript. From the TypeScript sources (tests and development run them under tsx) the
 * worker registers tsx's loader before it loads the entry: a worker thread does not inherit
 * the loader hooks of its parent on Node 20.
 */
function startRenderWorker(resourceLimits: { maxOldGenerationSizeMb: number }): Worker {
  const fromSources = import.meta.url.endsWith('.ts')
  const entry = new URL(fromSources ? './render-worker.ts' : './render-worker.js', import.meta.url)
  if (!fromSources) return new Worker(entry, { resourceLimits })
  const tsx = import.meta.resolve('tsx/esm/api')
  const bootstrap = `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry.href)}) })`
  return new Worker(bootstrap, { eval: true, resourceLimits })
}
