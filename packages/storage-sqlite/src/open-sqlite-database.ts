import { existsSync } from 'node:fs'
import type { Database, SqlDatabase } from '@invoicing/storage-sql'
import BetterSqlite3 from 'better-sqlite3'
import { Kysely, SqliteDialect } from 'kysely'
import { createSqliteStorage } from './create-sqlite-storage'
import { sqliteDialect } from './sqlite-dialect'

export interface OpenSqliteDatabaseOptions {
  /** Apply pending migrations first, as every command of this release does; default true. */
  migrate?: boolean
  /** How long to wait for another process's lock; default 5000 ms. */
  busyTimeoutMs?: number
}

/**
 * Opens an existing SQLite database to read it out (the source of a copy to another database),
 * on a read-only connection: nothing read from it can change it. Its transactions are plain
 * read transactions, each one consistent view of the file while other processes write.
 */
export async function openSqliteDatabase(filename: string, options: OpenSqliteDatabaseOptions = {}): Promise<SqlDatabase> {
  const { migrate = true, busyTimeoutMs = 5000 } = options
  if (!existsSync(filename)) throw new Error(`There is no database at ${filename}`)
  if (migrate) await (await createSqliteStorage({ filename, busyTimeoutMs })).close()
  const connection = new BetterSqlite3(filename, { readonly: true, fileMustExist: true })
  connection.pragma(`busy_timeout = ${Math.max(0, Math.floor(busyTimeoutMs))}`)
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: connection }) })
  return { db, dialect: sqliteDialect, close: () => db.destroy() }
}
