import { foldForSearch, type ListQuery, type Page } from '@invoicing/core'
import { sql } from 'kysely'
import type { Database } from '../database'
import type { Executor } from '../executor'
import { readPage } from './read-page'

type SearchableTable = 'customer' | 'product'

/**
 * A company's records of `table`, newest first, narrowed by a literal case-insensitive search
 * on the folded `search_text` column (instr, not LIKE: `%` and `_` are plain characters).
 */
export function listPage<T extends SearchableTable, R>(
  executor: Executor,
  table: T,
  companyId: string,
  query: ListQuery,
  fromRow: (row: Database[T]) => R,
): Promise<Page<R>> {
  // Both tables share the columns used here; kysely cannot see that through a generic name.
  let filtered = executor.db.selectFrom(table as 'customer').where('company_id', '=', companyId)
  if (query.search) {
    const needle = foldForSearch(query.search)
    filtered = filtered.where((eb) => eb.fn<number>('instr', ['search_text', eb.val(needle)]), '>', 0)
  }
  return readPage(executor, {
    rows: filtered.selectAll().orderBy('created_at', 'desc').orderBy(sql`rowid`, 'desc').limit(query.limit).offset(query.offset),
    total: filtered.select((eb) => eb.fn.countAll<number>().as('total')),
  }, query, (page) => page.map((found) => fromRow(found as Database[T])))
}
