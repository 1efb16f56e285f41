import type { Storage } from '@invoicing/core'
import { claimDueDeliveries, repositoriesOf, transactionExecutor, type Database } from '@invoicing/storage-sql'
import { Kysely, PostgresDialect, sql } from 'kysely'
import { migrateToLatest } from './migrations'
import { postgresDialect } from './postgres-dialect'
import { translatePostgresError } from './postgres-errors'
import { poolExecutor } from './postgres-executors'
import { createPostgresPool, preparingPool, type PostgresPoolOptions } from './postgres-pool'

export interface PostgresStorageOptions extends PostgresPoolOptions {
  /** Apply pending migrations when opening; default true. */
  migrate?: boolean
}

/**
 * Opens (and by default migrates) a PostgreSQL database as the engine's storage. Transactions
 * overlap and run SERIALIZABLE: of two that conflict, PostgreSQL rolls one back, which reaches
 * the engine as a TransactionConflict and is run again. Several hosts may share the database.
 */
export async function createPostgresStorage(options: PostgresStorageOptions): Promise<Storage> {
  const { migrate = true } = options
  const pool = createPostgresPool(options)
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: preparingPool(pool) }) })
  try {
    if (migrate) await migrateToLatest(db)
    if (!(await hasSearchIndexes(db))) {
      options.onWarning?.('pg_trgm is not installed in the database: searches scan the rows instead of reading trigram indexes')
    }
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

/** Whether the trigram indexes that serve `search` exist: the migrations make them when pg_trgm can be created. */
async function hasSearchIndexes(db: Kysely<Database>): Promise<boolean> {
  const { rows } = await sql<{ found: number }>`select 1 as found from pg_extension where extname = 'pg_trgm'`.execute(db)
  return rows.length > 0
}
