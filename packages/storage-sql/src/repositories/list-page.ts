import { foldForSearch, type ListQuery, type Page } from '@invoicing/core'
import type { Database } from '../database'
import type { Executor } from '../executor'
import { readPage } from './read-page'

type SearchableTable = 'customer' | 'product'

/**
 * A company's records of `table`, newest first (the later stored first within one instant),
 * narrowed by a literal case-insensitive search on the folded `search_text` column.
 */
export function listPage<T extends SearchableTable, R>(
  executor: Executor,
  table: T,
  companyId: string,
  query: ListQuery,
  fromRow: (row: Database[T]) => R,
): Promise<Page<R>> {
  // Both tables share the columns used here; kysely cannot see that through a generic name.
  const { containsFolded, insertionOrder } = executor.dialect
  let filtered = executor.db.selectFrom(table as 'customer').where('company_id', '=', companyId)
  if (query.search) {
    const needle = foldForSearch(query.search)
    filtered = filtered.where((eb) => containsFolded(eb, 'search_text', needle))
  }
  return readPage(executor, {
    rows: filtered.selectAll().orderBy('created_at', 'desc').orderBy(insertionOrder, 'desc').limit(query.limit).offset(query.offset),
    total: filtered.select((eb) => eb.fn.countAll<number>().as('total')),
  }, query, (page) => page.map((found) => fromRow(found as Database[T])))
}
