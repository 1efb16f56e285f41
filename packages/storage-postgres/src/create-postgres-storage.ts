import type { Storage } from '@invoicing/core'
import { claimDueDeliveries, repositoriesOf, transactionExecutor, type Database } from '@invoicing/storage-sql'
import { Kysely, PostgresDialect } from 'kysely'
import pg from 'pg'
import { migrateToLatest } from './migrations'
import { postgresDialect } from './postgres-dialect'
import { translatePostgresError } from './postgres-errors'
import { poolExecutor } from './postgres-executors'
import { postgresTypes } from './postgres-types'

export interface PostgresStorageOptions {
  /** `postgres://user:password@host:port/database`; TLS through its `sslmode` parameter. */
  url: string
  /** Connections this process opens at most (INVOICING_DATABASE_POOL_MAX); default 10. */
  poolMax?: number
  /** The longest a statement may run before the server cancels it; default 30000 ms. */
  statementTimeoutMs?: number
  /** The longest a request waits for a connection (or for the server to accept one); default 5000 ms. */
  connectTimeoutMs?: number
  /** Apply pending migrations when opening; default true. */
  migrate?: boolean
  /** Told about what the storage notices on its own: a lost idle connection, a missing extension. */
  onWarning?: (message: string, details?: Record<string, unknown>) => void
}

/**
 * Opens (and by default migrates) a PostgreSQL database as the engine's storage. Transactions
 * overlap and run SERIALIZABLE: of two that conflict, PostgreSQL rolls one back, which reaches
 * the engine as a TransactionConflict and is run again. Several hosts may share the database.
 */
export async function createPostgresStorage(options: PostgresStorageOptions): Promise<Storage> {
  const { url, poolMax = 10, statementTimeoutMs = 30_000, connectTimeoutMs = 5_000, migrate = true } = options
  const pool = new pg.Pool({
    connectionString: url,
    max: poolMax,
    types: postgresTypes,
    statement_timeout: statementTimeoutMs,
    // A transaction left open by a stuck request must not hold its locks for ever.
    idle_in_transaction_session_timeout: Math.max(statementTimeoutMs, 60_000),
    connectionTimeoutMillis: connectTimeoutMs,
    application_name: 'invoicing',
    // Instants come back in UTC, the form the engine writes them in.
    options: '-c TimeZone=UTC',
  })
  // An idle connection the server drops (a restart, a failover) is reported here; without a
  // listener it would end the process. The pool opens a new one when it is next needed.
  pool.on('error', (error) => options.onWarning?.('an idle database connection was lost', { error: error.message }))
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) })
  try {
    if (migrate) await migrateToLatest(db)
  } catch (error) {
    await db.destroy()
    throw translatePostgresError(error)
  }
  const reads = poolExecutor(db)
  return {
    ...repositoriesOf(reads),
    capabilities: { concurrentTransactions: true },
    queues: {
      // One statement on its own, READ COMMITTED: FOR UPDATE SKIP LOCKED lets overlapping
      // claims pass each other, where in SERIALIZABLE transactions they would conflict.
      webhookDeliveries: { claimDue: claimDueDeliveries(reads) },
    },
    async transaction(work) {
      try {
        return await db.transaction().setIsolationLevel('serializable')
          .execute((trx) => work(repositoriesOf(transactionExecutor(trx, postgresDialect))))
      } catch (error) {
        throw translatePostgresError(error)
      }
    },
    async close() {
      await db.destroy()
    },
  }
}
