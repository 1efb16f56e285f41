import type { SqlDialect } from '@invoicing/storage-sql'
import { DummyDriver, Kysely, SqliteAdapter, SqliteIntrospector, SqliteQueryCompiler, sql } from 'kysely'

/** The parts of the shared repositories' queries that SQLite spells its own way. */
export const sqliteDialect: SqlDialect = {
  // kysely's documented compile-only setup: it builds and compiles, and never connects.
  compiler: new Kysely({
    dialect: {
      createAdapter: () => new SqliteAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => new SqliteIntrospector(db),
      createQueryCompiler: () => new SqliteQueryCompiler(),
    },
  }),
  // One writer at a time: a claim has nothing to pass over.
  skipLocked: false,
  // Every table has one; tables that need it in an index name it as an `integer primary key`.
  insertionOrder: sql<number>`rowid`,
  // instr, unlike LIKE, has no wildcard characters to escape.
  containsFolded: (eb, column, needle) => eb(eb.fn<number>('instr', [column, eb.val(needle)]), '>', 0),
}
