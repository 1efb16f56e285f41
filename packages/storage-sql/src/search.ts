import type { Executor } from './executor'

/**
 * The columns of folded text (`foldForSearch`) that the lists search, as `table.column`. Each
 * has a text index where the database has one.
 */
export const SEARCH_COLUMNS = [
  'invoice.search_number',
  'order_document.search_number',
  'customer.search_name',
  'customer.search_text',
  'product.search_text',
  'recurring_schedule.search_name',
  'file_document.search_text',
  'blog_post.search_text',
] as const

export type SearchColumn = (typeof SEARCH_COLUMNS)[number]

/**
 * The name of the text index of `column` where the database keeps it in tables of its own
 * (SQLite's FTS5, with shadow tables named after it): derived data, never copied.
 */
export const textIndexOf = (column: SearchColumn) => `${column.replace('.', '_')}_trigrams`

/** The tables of counts a database may keep of the documents (see `SqlDialect.keepsDocumentCounts`). */
export const DOCUMENT_COUNT_TABLES = ['invoice_count', 'order_document_count'] as const

/**
 * Whether `table` holds only what the database derives from other tables by itself, in step
 * with them: a text index (it, or one of its shadow tables), or the documents' counts.
 */
export const isDerivedTable = (table: string) =>
  (DOCUMENT_COUNT_TABLES as readonly string[]).includes(table)
  || SEARCH_COLUMNS.some((column) => table === textIndexOf(column) || table.startsWith(`${textIndexOf(column)}_`))

/**
 * A list's search term, folded, and how its rows are found. `indexed`: few rows hold it, so the
 * list starts from the rows the text indexes name and sorts those. Otherwise the list is read in
 * its order and each row tested, which ends after a page when many rows hold the term. The
 * choice changes the speed, never the result.
 */
export interface Needle {
  readonly text: string
  readonly indexed: boolean
  /**
   * Where the needle is tested on each row: a document list reads the first rows of each part
   * of the search (the numbers that hold it; the other documents of the customers whose name
   * does), each from a subquery of its own, and merges them. The database plans each part for
   * the needle, and a text index may serve the number's part, which one condition of both
   * parts would keep it from. Set by a dialect whose database plans each search for its
   * pattern, for needles its text index can serve. Where the number stems decide a document
   * list's needle, they are read instead.
   */
  readonly partsPlannedApart?: boolean
  /** What the dialect asks each column's text index, where it asks one. */
  readonly indexQueries?: ReadonlyMap<SearchColumn, string>
}

/**
 * At most this many rows are sorted for a page when the text indexes find them: sorting that
 * many costs about what testing each of a company's 100,000 rows in list order does.
 */
export const INDEXED_ROWS_AT_MOST = 2_000

/** The needle of a list's `search`, or none without one. */
export const needleOf = async (executor: Pick<Executor, 'rows' | 'dialect'>, search: string | undefined, columns: readonly SearchColumn[]): Promise<Needle | undefined> =>
  search ? executor.dialect.needleFor(executor, search, columns) : undefined
