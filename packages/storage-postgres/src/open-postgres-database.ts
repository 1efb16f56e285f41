import type { Database, SqlDatabase } from '@invoicing/storage-sql'
import { Kysely, PostgresDialect, sql, type Transaction } from 'kysely'
import { migrateToLatest } from './migrations'
import { postgresDialect } from './postgres-dialect'
import { translatePostgresError } from './postgres-errors'
import { createPostgresPool, type PostgresPoolOptions } from './postgres-pool'

export interface OpenPostgresDatabaseOptions extends PostgresPoolOptions {
  /** Apply pending migrations when opening; default true. */
  migrate?: boolean
}

/**
 * Opens (and by default migrates) a PostgreSQL database as plain SQL of the shared schema, on
 * the pool settings of the storage: what a copy from or to another database reads and writes.
 */
export async function openPostgresDatabase(options: OpenPostgresDatabaseOptions): Promise<SqlDatabase> {
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: createPostgresPool(options) }) })
  try {
    if (options.migrate ?? true) await migrateToLatest(db)
  } catch (error) {
    await db.destroy()
    throw translatePostgresError(error)
  }
  return { db, dialect: postgresDialect, continueGeneratedKeys, close: () => db.destroy() }
}

/**
 * Identity columns take values written explicitly without moving their sequence: set each
 * sequence past the largest value in its column, so new rows sort after the copied ones.
 */
async function continueGeneratedKeys(trx: Transaction<Database>): Promise<void> {
  const { rows } = await sql<{ table_name: string; column_name: string }>`
    select table_name, column_name from information_schema.columns
    where table_schema = current_schema() and is_identity = 'YES'`.execute(trx)
  for (const { table_name: table, column_name: column } of rows) {
    await sql`select setval(pg_get_serial_sequence(${sql.lit(`"${table}"`)}, ${sql.lit(column)}),
      coalesce((select max(${sql.ref(column)}) from ${sql.table(table)}), 0) + 1, false)`.execute(trx)
  }
}
