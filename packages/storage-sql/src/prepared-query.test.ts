import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import {
  DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, SqliteAdapter, SqliteIntrospector, SqliteQueryCompiler, sql,
  type QueryCompiler,
} from 'kysely'
import type { Database } from './database'
import type { SqlDialect } from './dialect'
import { preparedQuery } from './prepared-query'

/** A dialect that only compiles, with kysely's compiler of one database. */
function compileOnly(adapter: () => SqliteAdapter | PostgresAdapter, compiler: () => QueryCompiler): SqlDialect {
  return {
    compiler: new Kysely<Database>({
      dialect: {
        createAdapter: adapter,
        createDriver: () => new DummyDriver(),
        createIntrospector: (db) => (adapter() instanceof SqliteAdapter ? new SqliteIntrospector(db) : new PostgresIntrospector(db)),
        createQueryCompiler: compiler,
      },
    }),
    skipLocked: false,
    keepsDocumentCounts: false,
    countsOnFromThePage: false,
    readsPageKeysFirst: false,
    insertionOrder: sql<number>`seq`,
    needleFor: async (_reader, search) => ({ text: search, indexed: false }),
    containsFolded: (eb) => eb.val(true),
    equalsOnFoundRows: (eb) => eb.val(true),
  }
}

const sqlite = compileOnly(() => new SqliteAdapter(), () => new SqliteQueryCompiler())
const postgres = compileOnly(() => new PostgresAdapter(), () => new PostgresQueryCompiler())

describe('preparedQuery', () => {
  const byNumber = preparedQuery((db, { companyId, customerNumber }: { companyId: string; customerNumber: string }) =>
    db.selectFrom('customer').select('id').where('company_id', '=', companyId).where('country', '=', 'DE').where('customer_number', '=', customerNumber))

  it('compiles once and puts each call’s parameters into their slots, constants kept', () => {
    const first = byNumber({ companyId: 'c1', customerNumber: 'K-1' }).compileFor(sqlite)
    const second = byNumber({ companyId: 'c2', customerNumber: 'K-2' }).compileFor(sqlite)
    assert.equal(first.sql, 'select "id" from "customer" where "company_id" = ? and "country" = ? and "customer_number" = ?')
    assert.equal(second.sql, first.sql)
    assert.deepEqual(first.parameters, ['c1', 'DE', 'K-1'])
    assert.deepEqual(second.parameters, ['c2', 'DE', 'K-2'])
  })

  it('compiles for each database in its own SQL', () => {
    assert.equal(byNumber({ companyId: 'c1', customerNumber: 'K-1' }).compileFor(sqlite).sql.includes('?'), true)
    const forPostgres = byNumber({ companyId: 'c3', customerNumber: 'K-3' }).compileFor(postgres)
    assert.equal(forPostgres.sql, 'select "id" from "customer" where "company_id" = $1 and "country" = $2 and "customer_number" = $3')
    assert.deepEqual(forPostgres.parameters, ['c3', 'DE', 'K-3'])
  })
})
