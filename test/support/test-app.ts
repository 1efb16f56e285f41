import { mkdtempSync, rmSync } from 'node:fs'
import type { RequestListener } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  createInvoicing, createMemoryFileStore, createMemoryStorage, startJobs,
  type ApiGateOptions, type Clock, type FileStore, type FileUploadOptions, type Invoicing, type Storage,
} from '@invoicing/core'
import { createApp, createHttpWebhookTransport, createJsonLogger, type HostOptions, type Logger } from '@invoicing/http'
import { createFileOutbox, createSmtpTransport } from '@invoicing/mail'
import { createPdfWorkerPool } from '@invoicing/pdf'
import { createPostgresStorage } from '@invoicing/storage-postgres'
import { migratedTestDatabase } from '@invoicing/storage-postgres/testing'
import { createSqliteStorage } from '@invoicing/storage-sqlite'

/**
 * The database route tests run on, named by INVOICING_TEST_STORAGE: `memory` (the default),
 * `sqlite` (a file in a temporary folder) or `postgres` (a fresh database on the run's test
 * server). The same tests run once per database that way:
 * `INVOICING_TEST_STORAGE=postgres node scripts/run-tests.mjs test/api`.
 */
const STORAGE = process.env.INVOICING_TEST_STORAGE || 'memory'

/** The origin upload URLs of the test app name; tests send to their path. */
export const TEST_ORIGIN = 'http://invoicing.test'

interface TestDatabase {
  /** A storage on the database: on SQLite and PostgreSQL each call opens another connection, as another host would. */
  connect(): Promise<Storage>
  /** Removes the database, once every storage on it is closed. */
  remove?(): Promise<void>
}

const databases: Record<string, (dir: string) => Promise<TestDatabase>> = {
  async memory() {
    // Every engine of the test app shares the one store, as hosts share a database; its close
    // holds nothing, so each engine may call it.
    const storage = createMemoryStorage()
    return { connect: async () => storage }
  },
  async sqlite(dir) {
    const filename = join(dir, 'invoicing.sqlite')
    return { connect: () => createSqliteStorage({ filename }) }
  },
  async postgres() {
    const database = await migratedTestDatabase()
    return { connect: () => createPostgresStorage({ url: database.url, migrate: false }), remove: () => database.drop() }
  },
}

export interface TestAppOptions {
  access?: ApiGateOptions
  clock?: Clock
  /** Mail goes to this SMTP server; without it to the file outbox `<dataDir>/outbox`, as the host does. */
  smtpUrl?: string
  /** Starts the webhook worker as the host does; without it endpoints can be managed but nothing is delivered. */
  webhooks?: HostOptions['webhooks']
  /** Where the app and the engine log; default nowhere. */
  logger?: Logger
  /** INVOICING_CORS_ORIGINS of the host; default none (CORS off). */
  corsOrigins?: readonly string[]
  /** INVOICING_TRUST_PROXY=1 of the host. */
  trustProxy?: boolean
  /** Direct uploads: limits, and the store of documents' bytes (default one in memory shared by the app's engines). */
  uploads?: FileUploadOptions
  documentFiles?: FileStore
}

export interface TestApp {
  /** The app's request handler: give it to `apiClient`. */
  target: RequestListener
  invoicing: Invoicing
  storage: Storage
  /** Without SMTP, the mail outbox is `<dataDir>/outbox`. */
  dataDir: string
  /**
   * Another engine and app on the same database (and the same archive), as a second host on
   * it would be: what one engine keeps in memory the other does not see.
   */
  startAnother(): Promise<TestApp>
  /** Stops the webhook worker and closes the engine and its storage; the first app also removes its folder. */
  stop(): Promise<void>
}

/**
 * The `/api/v1` app of @invoicing/http in this process, answering through `app.callback()`:
 * no listening socket, no child process. It gets what the host gives its app: the pdf-lib
 * renderer in worker threads (one here), a mail transport, the https webhook transport, the clock and the access limits,
 * with the key cache off so that revocations in a test take effect at once.
 */
export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const open = databases[STORAGE]
  if (!open) throw new Error(`INVOICING_TEST_STORAGE=${STORAGE}: expected one of ${Object.keys(databases).join(', ')}`)
  const dataDir = mkdtempSync(join(tmpdir(), 'invoicing-test-'))
  const database = await open(dataDir)
  const files = createMemoryFileStore()
  const shared = { documentFiles: createMemoryFileStore(), ...options }
  const first = await startEngine(await database.connect(), files, dataDir, shared)
  const startAnother = async (): Promise<TestApp> => ({ ...(await startEngine(await database.connect(), files, dataDir, shared)), startAnother })
  return {
    ...first,
    startAnother,
    async stop() {
      try {
        await first.stop()
        await database.remove?.()
      } finally {
        rmSync(dataDir, { recursive: true, force: true })
      }
    },
  }
}

async function startEngine(storage: Storage, files: FileStore, dataDir: string, options: TestAppOptions): Promise<Omit<TestApp, 'startAnother'>> {
  const logger = options.logger ?? createJsonLogger('silent')
  const pdf = createPdfWorkerPool({ size: 1 })
  const invoicing = createInvoicing({
    storage,
    pdf,
    files,
    documentFiles: options.documentFiles,
    uploads: { hostUploadUrl: (token) => `${TEST_ORIGIN}/api/v1/documents/uploads/${token}`, ...options.uploads },
    mail: { transport: options.smtpUrl ? createSmtpTransport(options.smtpUrl) : createFileOutbox(join(dataDir, 'outbox')) },
    access: { keyCacheTtlMs: 0, ...options.access },
    webhooks: { ...options.webhooks, transport: createHttpWebhookTransport({ allowInsecure: options.webhooks?.allowInsecure }) },
    onArchiveError: (error, versionId) => logger.error('version PDF not archived', { versionId, error }),
    ...(options.clock ? { clock: options.clock } : {}),
  })
  const jobs = options.webhooks ? startJobs(invoicing.jobs, { onError: (error, job) => console.error(`job ${job} failed`, error) }) : undefined
  const app = createApp({ invoicing, logger, corsOrigins: options.corsOrigins, trustProxy: options.trustProxy })
  let stopping: Promise<void> | undefined
  return {
    target: app.callback(),
    invoicing,
    storage,
    dataDir,
    stop() {
      stopping ??= (async () => {
        await jobs?.stop()
        try {
          await invoicing.close()
        } finally {
          await Promise.all([storage.close(), pdf.close()])
        }
      })()
      return stopping
    },
  }
}
