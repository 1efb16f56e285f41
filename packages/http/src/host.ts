import type { AddressInfo } from 'node:net'
import { createInvoicing, type ApiGateOptions, type Clock, type Invoicing, type Storage } from '@invoicing/core'
import { createPdfLibRenderer } from '@invoicing/pdf'
import { createSqliteStorage } from '@invoicing/storage-sqlite'
import { createApp } from './app'
import { createJsonLogger, type Logger } from './logger'

export interface HostOptions {
  /** SQLite database file; created with its folder when missing. */
  databaseFile: string
  /** Default 3000; 0 picks a free port. */
  port?: number
  /** Default 127.0.0.1. */
  host?: string
  logger?: Logger
  access?: ApiGateOptions
  clock?: Clock
}

export interface Host {
  /** e.g. http://127.0.0.1:3000 */
  url: string
  invoicing: Invoicing
  storage: Storage
  /** Stops accepting, finishes requests in flight, writes pending counts, closes the database. */
  close(): Promise<void>
}

/** The deployable host: SQLite storage, the engine and the Koa app, listening. */
export async function startHost(options: HostOptions): Promise<Host> {
  const { databaseFile, port = 3000, host = '127.0.0.1', logger = createJsonLogger('silent') } = options
  const storage = await createSqliteStorage({ filename: databaseFile })
  const invoicing = createInvoicing({
    storage, pdf: createPdfLibRenderer(), access: options.access, ...(options.clock ? { clock: options.clock } : {}),
  })
  const app = createApp({ invoicing, logger })
  const server = app.listen(port, host)
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve)
    server.once('error', reject)
  })
  const address = server.address() as AddressInfo
  let closing: Promise<void> | undefined
  return {
    url: `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`,
    invoicing,
    storage,
    close() {
      closing ??= (async () => {
        await new Promise<void>((resolve) => server.close(() => resolve()))
        try {
          await invoicing.close()
        } finally {
          await storage.close()
        }
      })()
      return closing
    },
  }
}
