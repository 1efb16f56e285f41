import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { createInvoicing, startJobs, type ApiGateOptions, type Clock, type Invoicing, type Storage, type TickReport, type WebhookDispatchOptions } from '@invoicing/core'
import { createFileOutbox, createSmtpTransport } from '@invoicing/mail'
import { createPdfWorkerPool } from '@invoicing/pdf'
import { createApp } from './app'
import { openStorage, type DatabaseSettings } from './databases'
import { createFileStores, type FileStorage } from './file-stores'
import { createJsonLogger, type Logger } from './logger'
import { createHttpWebhookTransport } from './webhooks/http-webhook-transport'

export interface HostOptions {
  /** Where the records are kept; created or upgraded at start. */
  database?: DatabaseSettings
  /** Short for `database: { kind: 'sqlite', file }`: a SQLite file, created with its folder when missing. */
  databaseFile?: string
  /** Archived PDFs (`archive/`) and uploaded files (`files/`) on the file system storage, and, without SMTP, the mail outbox (`outbox/`). */
  dataDir: string
  /** Where archived PDFs and uploaded files are kept; default the file system, under `dataDir`. */
  fileStorage?: FileStorage | undefined
  /** e.g. `smtp://user:pass@127.0.0.1:2525`; without it mail is written to `<dataDir>/outbox/*.eml`. */
  smtpUrl?: string | undefined
  /** Sender of every mail; default the company's email. */
  mailFrom?: string | undefined
  /** Default 3000; 0 picks a free port. */
  port?: number
  /** Default 127.0.0.1. */
  host?: string
  /** Origins whose browser apps may call the API (`*`: any); default none, CORS off. */
  corsOrigins?: readonly string[]
  /** Behind a reverse proxy: read scheme and host from X-Forwarded-Proto and X-Forwarded-Host. */
  trustProxy?: boolean
  logger?: Logger
  access?: ApiGateOptions
  clock?: Clock
  /** Worker threads that draw PDFs off the event loop; default 2. */
  pdfWorkers?: number
  /** The scheduler loop (recurring invoices, quote expiry): ticks every `intervalMs`, the first at start-up; false: off. */
  scheduler?: { intervalMs: number } | false
  /** Waits before each retry of a failed recurring send. */
  recurringSendRetryDelaysMs?: readonly number[] | undefined
  /** Direct uploads of documents: the base of the host's upload URLs (default the URL it listens on), the largest upload, how long a URL is valid. */
  uploads?: { publicUrl?: string | undefined; maxBytes?: number | undefined; urlTtlSeconds?: number | undefined }
  webhooks?: WebhookDispatchOptions & {
    /** INVOICING_ALLOW_INSECURE_WEBHOOKS=1: http and private addresses are allowed (local development). */
    allowInsecure?: boolean
  }
}

export interface Host {
  /** e.g. http://127.0.0.1:3000 */
  url: string
  invoicing: Invoicing
  storage: Storage
  /** Stops accepting, finishes requests in flight, stops the jobs, writes pending counts, closes the database, ends the PDF workers. */
  close(): Promise<void>
}

/** How long an idle keep-alive connection stays open. */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000

/** The deployable host: the storage (SQLite or PostgreSQL), the engine and the Koa app, listening. */
export async function startHost(options: HostOptions): Promise<Host> {
  const { dataDir, port = 3000, host = '127.0.0.1', logger = createJsonLogger('silent') } = options
  const database = options.database ?? (options.databaseFile !== undefined ? { kind: 'sqlite', file: options.databaseFile } : undefined)
  if (!database) throw new TypeError('startHost needs `database` (or `databaseFile`)')
  const storage = await openStorage(database, { logger })
  // PDFs are drawn in worker threads: a long document must not stall every other request.
  const pdf = createPdfWorkerPool({ size: options.pdfWorkers ?? 2 })
  const files = createFileStores(options.fileStorage ?? { kind: 'fs' }, dataDir)
  let listeningUrl = `http://${host}:${port}`
  const invoicing = createInvoicing({
    storage,
    pdf,
    files: files.archive,
    documentFiles: files.documents,
    uploads: {
      uploadMaxBytes: options.uploads?.maxBytes,
      uploadUrlTtlSeconds: options.uploads?.urlTtlSeconds,
      // Known once the server listens (port 0 picks one); URLs are made only for requests, after that.
      hostUploadUrl: (token) => `${options.uploads?.publicUrl ?? listeningUrl}/api/v1/documents/uploads/${token}`,
    },
    mail: {
      transport: options.smtpUrl ? createSmtpTransport(options.smtpUrl) : createFileOutbox(join(dataDir, 'outbox')),
      from: options.mailFrom,
    },
    access: options.access,
    webhooks: { ...options.webhooks, transport: createHttpWebhookTransport({ allowInsecure: options.webhooks?.allowInsecure }) },
    onArchiveError: (error, versionId) => logger.error('version PDF not archived', { versionId, error }),
    exports: { onProgress: (progress) => logger.info('export in progress', { ...progress }) },
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.scheduler === false ? {} : {
      scheduler: {
        intervalMs: options.scheduler?.intervalMs ?? 60_000,
        onTick: (report: TickReport) => logger.info('scheduler tick', { ...report }),
        onError: (error: unknown, scheduleId: string | undefined) => logger.error('scheduler: a schedule failed', { scheduleId, error }),
      },
    }),
    ...(options.recurringSendRetryDelaysMs ? { recurringSendRetryDelaysMs: options.recurringSendRetryDelaysMs } : {}),
  })
  // Background work (the webhook outbox) runs in this process; each job wakes itself on new work.
  const jobs = startJobs(invoicing.jobs, { onError: (error, job) => logger.error('job run failed', { job, error }) })
  const app = createApp({ invoicing, logger, corsOrigins: options.corsOrigins, trustProxy: options.trustProxy })
  const server = app.listen(port, host)
  // Longer than the idle time of common client pools and load balancers (60 s): the client
  // closes an idle connection first, instead of reusing one the host is closing at that
  // moment (a reset). Headers may take as long, so a request starting as the idle time ends
  // is not cut either.
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS
  server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1_000
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('listening', resolve)
      server.once('error', reject)
    })
  } catch (error) {
    // Not listening (the port is taken, say): release what was opened, so the process can end.
    await jobs.stop()
    await invoicing.close()
    await Promise.all([storage.close(), pdf.close()])
    files.close()
    throw error
  }
  const address = server.address() as AddressInfo
  listeningUrl = `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`
  let closing: Promise<void> | undefined
  return {
    url: listeningUrl,
    invoicing,
    storage,
    close() {
      closing ??= (async () => {
        await new Promise<void>((resolve) => server.close(() => resolve()))
        await jobs.stop()
        try {
          await invoicing.close()
        } finally {
          await Promise.all([storage.close(), pdf.close()])
          files.close()
        }
      })()
      return closing
    },
  }
}
