import type BetterSqlite3 from 'better-sqlite3'
import { DummyDriver, Kysely, SqliteAdapter, SqliteIntrospector, SqliteQueryCompiler } from 'kysely'
import type { Database } from '../database'

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
export const queryBuilder = new Kysely<Database>({
  dialect: {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new SqliteIntrospector(db),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  },
})
