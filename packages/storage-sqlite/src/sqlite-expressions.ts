import { sql, type Expression, type ExpressionBuilder, type ReferenceExpression, type SqlBool } from 'kysely'

// The SQLite-only parts of the repositories' queries, each named for what it means, so the
// repositories read as plain kysely. An adapter for another database swaps this module (and
// the migrations), not the repositories.

/**
 * The order rows were stored in, to break ties between records of the same instant: SQLite's
 * rowid. (PostgreSQL has none; a table there would carry an identity column instead.)
 */
export const insertionOrder = sql<number>`rowid`

/**
 * Whether `column` contains `needle` literally: `%` and `_` are plain characters, as they would
 * not be in LIKE. Both sides must be folded already (`foldForSearch`), so case does not count.
 */
export function containsFolded<DB, TB extends keyof DB>(
  eb: ExpressionBuilder<DB, TB>,
  column: ReferenceExpression<DB, TB>,
  needle: string,
): Expression<SqlBool> {
  return eb(eb.fn<number>('instr', [column, eb.val(needle)]), '>', 0)
}
