import { existsSync } from 'node:fs'
import BetterSqlite3 from 'better-sqlite3'

/**
 * Writes a consistent copy of the database `filename` to `target` with `VACUUM INTO`, while
 * other processes keep reading and writing it: the copy is one read transaction's view, in one
 * file (no WAL beside it), compacted. `target` must not exist yet; the database must.
 */
export function backupSqliteDatabase(filename: string, target: string, { busyTimeoutMs = 5000 } = {}): void {
  if (!existsSync(filename)) throw new Error(`There is no database at ${filename}`)
  if (existsSync(target)) throw new Error(`${target} exists already; a backup never overwrites a file`)
  const database = new BetterSqlite3(filename, { readonly: true, fileMustExist: true })
  try {
    database.pragma(`busy_timeout = ${busyTimeoutMs}`)
    database.prepare('VACUUM INTO ?').run(target)
  } finally {
    database.close()
  }
}
