import type { ListQuery, Page } from '@invoicing/core'
import type { Database } from '../database'
import type { Executor } from '../executor'
import { needleOf } from '../search'
import { readPage } from './read-page'

type SearchableTable = 'customer' | 'product'

/**
 * A company's records of `table`, newest first (the later stored first within one instant),
 * narrowed by a literal case-insensitive search on the folded `search_text` column.
 */
export async function listPage<T extends SearchableTable, R>(
  executor: Executor,
  table: T,
  companyId: string,
  query: ListQuery,
  fromRow: (row: Database[T]) => R,
): Promise<Page<R>> {
  // Both tables share the columns used here; kysely cannot see that through a generic name.
  const { containsFolded, equalsOnFoundRows, insertionOrder } = executor.dialect
  const column = `${table}.search_text` as const
  const needle = await needleOf(executor, query.search, [column])
  const companyRows = () => executor.db.selectFrom(table as 'customer').where('company_id', '=', companyId)
  // Few rows hold an indexed needle: start from those, not from the company's list.
  const filtered = !needle ? companyRows()
    : needle.indexed ? executor.db.selectFrom(table as 'customer').where(insertionOrder, 'in', executor.db.selectFrom(table as 'customer').select(insertionOrder.as('row'))
      .where((eb) => eb.and([containsFolded(eb, column, needle), equalsOnFoundRows(eb, `${table}.company_id`, companyId)])))
    : companyRows().where((eb) => containsFolded(eb, column, needle))
  return readPage(executor, {
    rows: filtered.selectAll().orderBy('created_at', 'desc').orderBy(insertionOrder, 'desc').limit(query.limit).offset(query.offset),
    total: filtered.select((eb) => eb.fn.countAll<number>().as('total')),
  }, query, (page) => page.map((found) => fromRow(found as Database[T])))
}
