import type { Expression, ExpressionBuilder, Kysely, RawBuilder, SqlBool } from 'kysely'
import type { Database } from './database'
import type { Executor } from './executor'
import type { Needle, SearchColumn } from './search'

/**
 * What the repositories' queries need that SQL databases spell differently, each named for what
 * it means, so the repositories read as plain kysely. An adapter for another database brings
 * one of these (and its migrations), not other repositories.
 */
export interface SqlDialect {
  /**
   * Builds and compiles queries the way this database reads them, without ever connecting:
   * prepared queries are compiled with it once per database.
   */
  readonly compiler: Kysely<Database>
  /**
   * Whether claims of due work overlap, so that a claim locks the rows it takes and passes over
   * rows another claim holds (`FOR UPDATE SKIP LOCKED`); false where claims run one at a time.
   */
  readonly skipLocked: boolean
  /**
   * Whether the database keeps `invoice_count` and `order_document_count` in step with the
   * documents, in the writing transaction: where one writer runs at a time, shared count rows
   * cost writers nothing; where writers run in parallel, they would wait on each other there.
   */
  readonly keepsDocumentCounts: boolean
  /**
   * Whether a document list whose search is tested on each row reads its page first and counts
   * on from the page's last document, so that each row is tested once: where each stretch after
   * that document is a range of an index the database reads as such. Otherwise the list is
   * counted first, in one query its planner weighs as a whole.
   */
  readonly countsOnFromThePage: boolean
  /**
   * Whether a document list's page that passes rows over (an offset, a search) is read in two
   * steps: the page's keys in list order from the list's index, then the rows of those keys.
   * Where a table's rows are stored apart from its indexes and each row read is a fetch of its
   * own (PostgreSQL's heap), the rows passed over are never fetched when the index holds the key
   * and what a search tests, as the unfiltered lists' indexes do; through a filter's index they
   * are fetched for the test, and the page's own rows once more. SQLite reads a row only once a
   * column the index lacks is needed, so one step costs it nothing more.
   */
  readonly readsPageKeysFirst: boolean
  /** The order rows were stored in, to break ties between records of the same instant. */
  readonly insertionOrder: RawBuilder<number>
  /**
   * Folds `search` and decides whether the text indexes of `columns` find its rows (`indexed`,
   * when together they name at most `INDEXED_ROWS_AT_MOST` rows). May read the indexes.
   */
  needleFor(reader: Pick<Executor, 'rows'>, search: string, columns: readonly SearchColumn[]): Promise<Needle>
  /**
   * Whether `column` of the row in scope contains the needle literally: `%`, `_` and any
   * index's query syntax are plain characters. Both sides are folded, so case does not count.
   */
  containsFolded<DB, TB extends keyof DB>(eb: ExpressionBuilder<DB, TB>, column: SearchColumn, needle: Needle): Expression<SqlBool>
  /**
   * `column = value`, tested on each row that other conditions found, never used to find rows:
   * when a text index names a few rows, starting from the index of `column` would read all the
   * company's rows instead.
   */
  equalsOnFoundRows<DB, TB extends keyof DB>(eb: ExpressionBuilder<DB, TB>, column: string, value: string): Expression<SqlBool>
}
