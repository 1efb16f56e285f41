import { isInvoicingError, type Storage } from '@invoicing/core'
import { createPostgresStorage } from '@invoicing/storage-postgres'
import { createSqliteStorage } from '@invoicing/storage-sqlite'
import type { Logger } from './logger'

/** The database the host keeps its records in: a SQLite file, or a PostgreSQL server that several hosts may share. */
export type DatabaseSettings =
  | { kind: 'sqlite'; file: string }
  | {
    kind: 'postgres'
    /** postgres://user:password@host:port/database; TLS through pg's `sslmode` parameter. */
    url: string
    /** Connections this process opens at most. */
    poolMax?: number | undefined
    /** How long one statement may run before the server cancels it. */
    statementTimeoutMs?: number | undefined
  }

/** The database opening failed for a reason the operator can fix (unreachable, refused, no such file): said in one line, password masked. */
export class DatabaseOpenFailure extends Error {
  override readonly name = 'DatabaseOpenFailure'
}

/** The URL with its password replaced by `***`: for logs and messages. */
export function maskedUrl(url: string): string {
  try {
    const parsed = new URL(url)
    if (parsed.password) parsed.password = '***'
    return parsed.toString()
  } catch {
    return '(an unreadable database URL)'
  }
}

/** The database as a log line or message names it: the file, or the URL without its password. */
export function describeDatabase(database: DatabaseSettings): string {
  return database.kind === 'sqlite' ? database.file : maskedUrl(database.url)
}

/**
 * Opens the configured database as the engine's storage and, unless `migrate` is false,
 * creates or upgrades its schema. Every command and the host open their database here.
 */
export function openStorage(database: DatabaseSettings, options: { migrate?: boolean; logger?: Logger } = {}): Promise<Storage> {
  const { migrate = true, logger } = options
  return opening(database, () => {
    if (database.kind === 'sqlite') return createSqliteStorage({ filename: database.file, migrate })
    return createPostgresStorage({
      url: database.url,
      poolMax: database.poolMax,
      statementTimeoutMs: database.statementTimeoutMs,
      migrate,
      onWarning: (message, details) => logger?.warn(message, details),
    })
  })
}

/** Runs `open` on `database`; a database it cannot open fails as a DatabaseOpenFailure in one line. */
export async function opening<T>(database: DatabaseSettings, open: () => Promise<T>): Promise<T> {
  try {
    return await open()
  } catch (error) {
    throw openFailure(error, database) ?? error
  }
}

/**
 * What the driver or the adapter says about a database it cannot open, as one line: an error
 * with a code (a refused connection, a failed login, a missing database, an unopenable file).
 * Anything else is a bug and keeps its stack.
 */
function openFailure(error: unknown, database: DatabaseSettings): DatabaseOpenFailure | undefined {
  const code = (error as { code?: unknown })?.code
  if (typeof code !== 'string') return undefined
  const cause = isInvoicingError(error) && error.cause instanceof Error ? error.cause : (error as Error)
  const password = database.kind === 'postgres' ? passwordOf(database.url) : ''
  // A refused connection to a name with several addresses is an AggregateError without a message.
  const message = cause.message || String((cause as { code?: unknown }).code ?? code)
  const reason = password ? message.replaceAll(password, '***') : message
  const what = isInvoicingError(error) && error.code === 'database_unavailable' ? 'is not reachable' : 'could not be opened'
  return new DatabaseOpenFailure(`the database ${describeDatabase(database)} ${what}: ${reason}`, { cause: error })
}

function passwordOf(url: string): string {
  try {
    return decodeURIComponent(new URL(url).password)
  } catch {
    return ''
  }
}
