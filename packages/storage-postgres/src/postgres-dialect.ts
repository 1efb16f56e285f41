import { foldForSearch } from '@invoicing/core'
import type { SqlDialect } from '@invoicing/storage-sql'
import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, sql } from 'kysely'

/** LIKE's wildcards and its escape character, escaped: the needle matches only itself. */
const literalPattern = (needle: string) => `%${needle.replace(/[\\%_]/g, (character) => `\\${character}`)}%`

/** Three letters or digits in a row: a trigram pg_trgm indexes. */
const TRIGRAM_RUN = /[\p{L}\p{N}]{3}/u

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
  // Writers run in parallel: rows every document of a company changes would make them wait.
  keepsDocumentCounts: false,
  // Its planner reads the stretches after a page's last document worse than one count of the
  // whole list: measured at 100,000 invoices, a 1-character search went from 24 to 82 ms.
  countsOnFromThePage: false,
  // Every row read is a heap fetch: the list's index finds the page, then only its rows are fetched.
  readsPageKeysFirst: true,
  // PostgreSQL has no rowid: the tables that need an insertion order carry an identity column.
  insertionOrder: sql<number>`seq`,
  // The list is always read with the needle as a condition: PostgreSQL's planner weighs the
  // trigram indexes against reading in list order itself, from its statistics (each search is
  // planned for its pattern). pg_trgm takes its trigrams from runs of letters and digits: where
  // the needle has a run of three, a document list's parts are planned apart, so that the index
  // can serve the number's part.
  needleFor: async (_reader, search) => {
    const text = foldForSearch(search)
    return { text, indexed: false, partsPlannedApart: TRIGRAM_RUN.test(text) }
  },
  // Never asked for: a needle here is never `indexed`, so no list starts from the rows it names.
  equalsOnFoundRows: (eb, column, value) => eb(eb.ref(column as never), '=', value as never),
  // LIKE (backslash is its default escape) rather than strpos: pg_trgm's GIN indexes serve LIKE.
  containsFolded: (eb, column, needle) => eb(eb.ref(column as never), 'like', literalPattern(needle.text) as never),
}
