import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Storage, StorageTx } from '@invoicing/core'
import BetterSqlite3 from 'better-sqlite3'
import { createSqliteStorage } from '../create-sqlite-storage'
import type { QueryBuilder } from '@invoicing/storage-sql'
import { sqliteDialect } from '../sqlite-dialect'

/** A query the plan tests ask SQLite about. */
export interface CompilableQuery {
  compile(): { sql: string; parameters: readonly unknown[] }
}

/** The steps of a query's plan, as SQLite would run it on `raw`. */
export function planOf(raw: BetterSqlite3.Database, query: CompilableQuery): string[] {
  const { sql, parameters } = query.compile()
  return (raw.prepare(`explain query plan ${sql}`).all(...parameters) as { detail: string }[]).map((step) => step.detail)
}

/** Builds the repositories' queries only: nothing runs through it. */
export const queryBuilder = sqliteDialect.compiler

/** The same, for queries that use SQLite's own spellings too. */
export const sqliteQueryBuilder: QueryBuilder = { db: queryBuilder, dialect: sqliteDialect }

/**
 * A database file for plan tests: the real schema with the rows `seed` writes (plans as
 * production makes them: some data, no ANALYZE statistics), the storage, and a read-only
 * connection to ask SQLite for plans on. `close` removes everything.
 */
export interface PlanTestDatabase {
  storage: Storage
  raw: BetterSqlite3.Database
  plan(query: CompilableQuery): string[]
  close(): Promise<void>
}

export async function planTestDatabase(name: string, seed: (tx: StorageTx) => Promise<void>): Promise<PlanTestDatabase> {
  const folder = mkdtempSync(join(tmpdir(), `invoicing-${name}-plans-`))
  const filename = join(folder, 'plans.sqlite')
  const storage = await createSqliteStorage({ filename })
  await storage.transaction(seed)
  const raw = new BetterSqlite3(filename, { readonly: true })
  return {
    storage,
    raw,
    plan: (query: CompilableQuery) => planOf(raw, query),
    async close() {
      raw.close()
      await storage.close()
      rmSync(folder, { recursive: true, force: true })
    },
  }
}
