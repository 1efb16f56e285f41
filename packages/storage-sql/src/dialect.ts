import type { Expression, ExpressionBuilder, Kysely, RawBuilder, ReferenceExpression, SqlBool } from 'kysely'
import type { Database } from './database'

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
  /** The order rows were stored in, to break ties between records of the same instant. */
  readonly insertionOrder: RawBuilder<number>
  /**
   * Whether `column` contains `needle` literally: `%` and `_` are plain characters. Both sides
   * are folded already (`foldForSearch`), so case does not count.
   */
  containsFolded<DB, TB extends keyof DB>(
    eb: ExpressionBuilder<DB, TB>,
    column: ReferenceExpression<DB, TB>,
    needle: string,
  ): Expression<SqlBool>
}
