import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import { InvoicingError, type Storage, type StorageReader } from '@invoicing/core'
import BetterSqlite3 from 'better-sqlite3'
import { CamelCasePlugin, Kysely, Migrator } from 'kysely'
import type { Database } from './database'
import { ImmediateSqliteDialect, withStatementCache } from './immediate-sqlite-dialect'
import { migrationProvider } from './migrations'
import { createApiKeyRepository } from './repositories/api-keys'
import { createCompanyRepository } from './repositories/companies'
import { createSequenceAllocator, createUsageRepository } from './repositories/counters'
import { createCustomerRepository } from './repositories/customers'
import { createProductRepository } from './repositories/products'

export interface SqliteStorageOptions {
  /** The database file (its folder is created when missing), or `:memory:`. */
  filename: string
  /** How long a writer waits for another process's write lock before `storage_busy`; default 5000 ms. */
  busyTimeoutMs?: number
  /** Apply pending migrations when opening; default true. */
  migrate?: boolean
}

const repositoriesOf = (db: Kysely<Database>) => ({
  companies: createCompanyRepository(db),
  apiKeys: createApiKeyRepository(db),
  customers: createCustomerRepository(db),
  products: createProductRepository(db),
  sequences: createSequenceAllocator(db),
  usage: createUsageRepository(db),
})

/** Opens (and by default migrates) a SQLite database as the engine's storage. */
export async function createSqliteStorage(options: SqliteStorageOptions): Promise<Storage> {
  const { filename, busyTimeoutMs = 5000, migrate = true } = options
  if (filename !== ':memory:') mkdirSync(dirname(filename), { recursive: true })
  const database = new BetterSqlite3(filename)
  database.pragma('journal_mode = WAL')
  database.pragma('foreign_keys = ON')
  database.pragma(`busy_timeout = ${Math.max(0, Math.floor(busyTimeoutMs))}`)
  // Invoices are legal records: a committed number must survive a power loss, so every commit
  // is synced (FULL), not just checkpoints (NORMAL).
  database.pragma('synchronous = FULL')

  const db = new Kysely<Database>({
    dialect: new ImmediateSqliteDialect({ database: withStatementCache(database) }),
    plugins: [new CamelCasePlugin()],
  })
  if (migrate) await migrateToLatest(db)

  const reader: StorageReader = repositoriesOf(db)
  return {
    ...reader,
    async transaction(work) {
      try {
        return await db.transaction().execute((trx) => work(repositoriesOf(trx)))
      } catch (error) {
        throw translateSqliteError(error)
      }
    },
    close: () => db.destroy(),
  }
}

/** Applies every migration not yet applied, in one write-locked transaction. */
export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  const migrator = new Migrator({ db: db.withoutPlugins(), provider: migrationProvider })
  const { error } = await migrator.migrateToLatest()
  if (error) throw error
}

function translateSqliteError(error: unknown): unknown {
  if ((error as { code?: string } | null)?.code === 'SQLITE_BUSY') {
    return new InvoicingError('storage_busy', 'The database is busy with another writer; retry the request', {}, { cause: error })
  }
  return error
}
