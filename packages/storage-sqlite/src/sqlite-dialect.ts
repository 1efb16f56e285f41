import { foldForSearch } from '@invoicing/core'
import { INDEXED_ROWS_AT_MOST, type SearchColumn, type SqlDialect } from '@invoicing/storage-sql'
import { DummyDriver, Kysely, SqliteAdapter, SqliteIntrospector, SqliteQueryCompiler, sql } from 'kysely'
import { countNamed, rowsNamed, trigramQueryFor } from './trigram-search'

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
  // One writer at a time: the count rows every document of a company changes make no one wait.
  keepsDocumentCounts: true,
  // Each stretch after the page's last document is a range of the customer index (plan-tested).
  countsOnFromThePage: true,
  // A row is read only once a column its index lacks is needed: a list is read in one step.
  readsPageKeysFirst: false,
  // Every table has one; tables that need it in an index name it as an `integer primary key`.
  insertionOrder: sql<number>`rowid`,
  // Trigrams need three characters; a shorter needle is tested on each row in list order. So is
  // one that many rows hold: the list's first page comes after a few of its rows. The indexes are
  // asked how many rows they name, across companies, up to the bound only.
  async needleFor(reader, search, columns) {
    const text = foldForSearch(search)
    if ([...text].length < 3) return { text, indexed: false }
    const queries = new Map<SearchColumn, string>()
    let found = 0
    for (const column of columns) {
      const query = await trigramQueryFor(reader, sqliteDialect.compiler, column, text, INDEXED_ROWS_AT_MOST + 1)
      found += await countNamed(reader, sqliteDialect.compiler, column, query, INDEXED_ROWS_AT_MOST + 1 - found)
      if (found > INDEXED_ROWS_AT_MOST) return { text, indexed: false }
      queries.set(column, query)
    }
    return { text, indexed: true, indexQueries: queries }
  },
  // A unary plus makes a column no index's key: SQLite's documented way to keep it from an index.
  equalsOnFoundRows: (eb, column, value) => eb(sql`+${sql.ref(column)}`, '=', value),
  containsFolded(eb, column, needle) {
    const contains = eb(eb.fn<number>('instr', [eb.ref(column as never), eb.val(needle.text)]), '>', 0)
    if (!needle.indexed) return contains
    const query = needle.indexQueries?.get(column)
    if (query === undefined) return contains
    const [table] = column.split('.') as [string]
    return eb.and([eb(sql.ref(`${table}.rowid`), 'in', sql`(${rowsNamed(column, query)})`), contains])
  },
}
