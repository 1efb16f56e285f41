import { mkdirSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { TransactionConflict, type Storage } from '@invoicing/core'
import BetterSqlite3 from 'better-sqlite3'
import { Kysely, Migrator } from 'kysely'
import { claimDueDeliveries, repositoriesOf, transactionExecutor, type Database, type Executor } from '@invoicing/storage-sql'
import { sqliteDialect } from './sqlite-dialect'
import { readExecutor, sharedExecutor } from './sqlite-executors'
import { ImmediateSqliteDialect, withStatementCache } from './immediate-sqlite-dialect'
import { migrationProvider } from './migrations'

export interface SqliteStorageOptions {
  /** The database file (its folder is created when missing), or `:memory:`. */
  filename: string
  /**
   * How long a transaction waits for another process's write lock before it fails with a
   * TransactionConflict (which the engine re-runs a few times before answering `busy`); default 5000 ms.
   */
  busyTimeoutMs?: number
  /** Apply pending migrations when opening; default true. */
  migrate?: boolean
}

// Openers of one file in this process take turns: opening waits for locks synchronously, and
// two openers waiting on each other in one event loop would wait for nothing but the timeout.
const openings = new Map<string, Promise<unknown>>()

/** The read connection's page cache, in KiB. */
const READER_CACHE_KIB = 64 * 1024

/**
 * Opens (and by default migrates) a SQLite database as the engine's storage: one connection
 * for write transactions (through kysely) and, for a file, one read-only connection for reads.
 */
export function createSqliteStorage(options: SqliteStorageOptions): Promise<Storage> {
  if (options.filename === ':memory:') return open(options)
  const key = resolve(options.filename)
  const opened = (openings.get(key) ?? Promise.resolve()).then(() => open(options), () => open(options))
  const settled = opened.catch(() => undefined)
  openings.set(key, settled)
  void settled.then(() => {
    if (openings.get(key) === settled) openings.delete(key)
  })
  return opened
}

async function open(options: SqliteStorageOptions): Promise<Storage> {
  const { filename, busyTimeoutMs = 5000, migrate = true } = options
  const inMemory = filename === ':memory:'
  if (!inMemory) mkdirSync(dirname(filename), { recursive: true })
  const busyTimeout = Math.max(0, Math.floor(busyTimeoutMs))
  const writer = new BetterSqlite3(filename)
  writer.pragma('journal_mode = WAL')
  writer.pragma('foreign_keys = ON')
  // Opening and migrating may wait for another process synchronously: nothing is served yet.
  writer.pragma(`busy_timeout = ${busyTimeout}`)
  // Invoices are legal records: a committed number must survive a power loss, so every commit
  // is synced (FULL), not just checkpoints (NORMAL).
  writer.pragma('synchronous = FULL')

  const db = new Kysely<Database>({ dialect: new ImmediateSqliteDialect({ database: withStatementCache(writer), busyTimeoutMs: busyTimeout }) })
  if (migrate) await migrateToLatest(db)
  // From here on transactions wait for the write lock on timers (see the dialect), not blocking.
  writer.pragma('busy_timeout = 0')

  const inTransaction = async <T>(work: (executor: Executor) => Promise<T>): Promise<T> => {
    try {
      return await db.transaction().execute((trx) => work(transactionExecutor(trx, sqliteDialect)))
    } catch (error) {
      throw translateSqliteError(error)
    }
  }

  const reader = inMemory ? undefined : new BetterSqlite3(filename, { readonly: true })
  reader?.pragma(`busy_timeout = ${busyTimeout}`)
  // A list of 100,000 documents reads their index, ~10 MB, for its count; with SQLite's default
  // cache of 2 MB two such reads evict each other's pages, and each costs twice as much. The
  // cache fills only with pages read, so a small database does not take more memory.
  reader?.pragma(`cache_size = -${READER_CACHE_KIB}`)
  return {
    ...repositoriesOf(reader ? readExecutor(db, reader) : sharedExecutor(db)),
    // One write connection, and BEGIN IMMEDIATE takes the write lock across processes.
    capabilities: { concurrentTransactions: false },
    queues: {
      // A claim writes: a write transaction of its own, as every write here.
      webhookDeliveries: { claimDue: (...claim) => inTransaction((executor) => claimDueDeliveries(executor)(...claim)) },
    },
    transaction: (work) => inTransaction((executor) => work(repositoriesOf(executor))),
    async close() {
      reader?.close()
      await db.destroy()
    },
  }
}

/**
 * Applies every migration not yet applied, in one `BEGIN IMMEDIATE` transaction: processes
 * starting together migrate one after the other, and a crash leaves no half-built schema.
 */
export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  const migrator = new Migrator({ db, provider: migrationProvider })
  const { error } = await migrator.migrateToLatest()
  if (error) throw error
}

/** Another process held the database too long (SQLITE_BUSY and its extended codes): worth a re-run. */
function translateSqliteError(error: unknown): unknown {
  const code = (error as { code?: unknown } | null)?.code
  if (typeof code === 'string' && code.startsWith('SQLITE_BUSY')) {
    return new TransactionConflict('The database is locked by another writer', { cause: error })
  }
  return error
}
