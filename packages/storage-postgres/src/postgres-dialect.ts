import type { SqlDialect } from '@invoicing/storage-sql'
import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, sql } from 'kysely'

/** LIKE's wildcards and its escape character, escaped: the needle matches only itself. */
const literalPattern = (needle: string) => `%${needle.replace(/[\\%_]/g, (character) => `\\${character}`)}%`

/** The parts of the shared repositories' queries that PostgreSQL spells its own way. */
export const postgresDialect: SqlDialect = {
  // kysely's documented compile-only setup: it builds and compiles, and never connects.
  compiler: new Kysely({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => new PostgresIntrospector(db),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  }),
  skipLocked: true,
  // PostgreSQL has no rowid: the tables that need an insertion order carry an identity column.
  insertionOrder: sql<number>`seq`,
  // LIKE (backslash is its default escape) rather than strpos: pg_trgm's GIN indexes serve LIKE.
  containsFolded: (eb, column, needle) => eb(column, 'like', literalPattern(needle)),
}
