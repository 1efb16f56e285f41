import { textIndexOf, type SearchColumn } from '@invoicing/storage-sql'
import { sql, type Compilable, type Kysely, type RawBuilder } from 'kysely'

/**
 * How a needle is asked of a column's FTS5 trigram index. A phrase of the whole needle makes
 * FTS5 walk every trigram's list of rows, and the common ones (`re-`, `202`) are in nearly every
 * row: at a million rows that costs ~50 ms. Its two rarest trigrams name a few rows at once. The
 * rows they name include every row that holds the needle, and `instr` then tests the needle.
 */

/** How many of the needle's trigrams are looked up, spread over its length. */
const TRIGRAMS_LOOKED_UP = 12

/** The distinct trigrams of `text` by code point, at most `count` of them spread over it. */
function trigramsOf(text: string, count: number): string[] {
  const characters = [...text]
  const all = [...new Set(characters.slice(0, -2).map((_, index) => characters.slice(index, index + 3).join('')))]
  if (all.length <= count) return all
  return Array.from({ length: count }, (_, index) => all[Math.floor((index * (all.length - 1)) / (count - 1))]!)
}

/** A trigram as an FTS5 string: inside double quotes only `"` is special, and it is doubled. */
const quoted = (trigram: string) => `"${trigram.replaceAll('"', '""')}"`

/** A compilable wrapper of raw SQL, for executors that take queries. */
const compiled = <R>(query: RawBuilder<R>, compiler: Kysely<any>): Compilable<R> => ({ compile: () => query.compile(compiler) })

/**
 * The FTS5 query for `text` (three characters or more) on `column`'s index: its two rarest
 * trigrams, or one no row holds (then the index answers "none" at once). How rare each is, is
 * counted up to `bound` only: reading a trigram's rows costs what they number, and fts5vocab's
 * count of a trigram in 800,000 rows takes ~10 ms.
 */
export async function trigramQueryFor(
  reader: { rows<R>(query: Compilable<R>): Promise<R[]> },
  compiler: Kysely<any>,
  column: SearchColumn,
  text: string,
  bound: number,
): Promise<string> {
  const trigrams = trigramsOf(text, TRIGRAMS_LOOKED_UP)
  const counts = sql<Record<string, number>>`select ${sql.join(trigrams.map((trigram, index) =>
    sql`(select count(*) from (${rowsNamed(column, quoted(trigram))} limit ${bound})) as ${sql.ref(`c${index}`)}`))}`
  const [row] = await reader.rows(compiled(counts, compiler))
  const held = new Map(trigrams.map((trigram, index) => [trigram, Number(row?.[`c${index}`] ?? 0)]))
  const absent = trigrams.find((trigram) => held.get(trigram) === 0)
  if (absent !== undefined) return quoted(absent)
  const rarest = [...trigrams].sort((a, b) => held.get(a)! - held.get(b)!).slice(0, 2)
  return rarest.map(quoted).join(' AND ')
}

/** The rows of `column`'s trigram index that `query` names. */
export function rowsNamed(column: SearchColumn, query: string) {
  const index = sql.table(textIndexOf(column))
  return sql`select rowid from ${index} where ${index} match ${query}`
}

/** How many rows `query` names in `column`'s index, counting up to `bound` only. */
export async function countNamed(reader: { rows<R>(query: Compilable<R>): Promise<R[]> }, compiler: Kysely<any>, column: SearchColumn, query: string, bound: number) {
  const counted = sql<{ found: number }>`select count(*) as found from (${rowsNamed(column, query)} limit ${bound})`
  const [row] = await reader.rows(compiled(counted, compiler))
  return row?.found ?? 0
}
