import assert from 'node:assert/strict'
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

/**
 * Asserts how a document list counts its total, without visiting `table`'s rows:
 * - `counted` (filtered by type alone, the search if any of 1–2 characters): from the kept
 *   counts' rows by key and, for a search, the documents of one side of the customers (named,
 *   or not), tested each along the customer index (the plan lists both sides);
 * - otherwise one index count, or for a search two parts, both along the customer index: the
 *   named customers' documents, and the others' by number.
 */
export function assertDocumentCountPlan(countPlan: string[], table: 'invoice' | 'order_document', { counted, searched }: { counted: boolean; searched: boolean }) {
  const steps = countPlan.filter((step) => new RegExp(` ${table}\\b`).test(step)).map((step) => step.replace(/ \(.*$/, ''))
  const alongCustomers = Array.from({ length: 2 }, () => `SEARCH ${table} USING COVERING INDEX ${table}_customer_list`)
  if (counted) {
    assert.deepEqual(steps, searched ? alongCustomers : [], countPlan.join('\n'))
    assert.ok(countPlan.some((step) => step.startsWith(`SEARCH ${table}_count USING PRIMARY KEY`)), countPlan.join('\n'))
  } else {
    assert.deepEqual(steps, searched ? alongCustomers : [`SEARCH ${table} USING COVERING INDEX ${steps[0]?.match(/INDEX (\w+)/)?.[1]}`], countPlan.join('\n'))
  }
}

/**
 * Asserts how a document list searched on each row counts on from a full page's last document:
 * each stretch after it (equal in the list's first columns, before it in the next) is read as a
 * range of the customer index, for both parts of the count; `ranges` are those stretches as the
 * plan spells them, after the customer and the company.
 */
export function assertCountAfterPlan(countPlan: string[], table: 'invoice' | 'order_document', ranges: string[]) {
  const steps = countPlan.filter((step) => new RegExp(` ${table}\\b`).test(step))
  const expected = ranges.flatMap((range) => Array.from({ length: 2 }, () => `SEARCH ${table} USING COVERING INDEX ${table}_customer_list (customer_id=? AND company_id=? AND ${range})`))
  assert.deepEqual(steps, expected, countPlan.join('\n'))
}
