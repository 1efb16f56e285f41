import { foldForSearch } from '@invoicing/core'
import { INDEXED_ROWS_AT_MOST, textIndexOf, type SearchColumn, type SqlDialect } from '@invoicing/storage-sql'
import { DummyDriver, Kysely, SqliteAdapter, SqliteIntrospector, SqliteQueryCompiler, sql } from 'kysely'

/**
 * The index is asked for at most this many characters of the needle: the rows that hold them
 * include every row that holds the whole needle, which `instr` then tests. A phrase of a
 * thousand characters would make FTS5 look up a thousand trigrams.
 */
const PHRASE_CHARACTERS = 32

/** An FTS5 phrase of the needle's first characters: inside double quotes only `"` is special. */
const phraseOf = (needle: string) => `"${[...needle].slice(0, PHRASE_CHARACTERS).join('').replaceAll('"', '""')}"`

/** The rows of the trigram index of `column` that hold the needle's phrase. */
const rowsHolding = (column: SearchColumn, needle: string) => {
  const index = sql.table(textIndexOf(column))
  return sql`select rowid from ${index} where ${index} match ${phraseOf(needle)}`
}

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
  // Trigrams need three characters; a shorter needle is tested on each row in list order. So is
  // one that many rows hold: the list's first page comes after a few of its rows. The indexes are
  // asked how many rows hold it, across companies, up to the bound only.
  async needleFor(reader, search, columns) {
    const text = foldForSearch(search)
    if ([...text].length < 3) return { text, indexed: false }
    let found = 0
    for (const column of columns) {
      const counted = sql<{ found: number }>`select count(*) as found from (${rowsHolding(column, text)} limit ${INDEXED_ROWS_AT_MOST + 1 - found})`
      const [row] = await reader.rows({ compile: () => counted.compile(sqliteDialect.compiler) })
      found += row?.found ?? 0
      if (found > INDEXED_ROWS_AT_MOST) return { text, indexed: false }
    }
    return { text, indexed: true }
  },
  // A unary plus makes a column no index's key: SQLite's documented way to keep it from an index.
  equalsOnFoundRows: (eb, column, value) => eb(sql`+${sql.ref(column)}`, '=', value),
  containsFolded(eb, column, needle) {
    const contains = eb(eb.fn<number>('instr', [eb.ref(column as never), eb.val(needle.text)]), '>', 0)
    if (!needle.indexed) return contains
    const [table] = column.split('.') as [string]
    return eb.and([eb(sql.ref(`${table}.rowid`), 'in', sql`(${rowsHolding(column, needle.text)})`), contains])
  },
}
