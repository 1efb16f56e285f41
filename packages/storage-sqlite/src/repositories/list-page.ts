import { foldForSearch, type ListQuery, type Page } from '@invoicing/core'
import { sql } from 'kysely'
import type { Database } from '../database'
import type { Executor } from '../executor'

type SearchableTable = 'customer' | 'product'

/**
 * A company's records of `table`, newest first, narrowed by a literal case-insensitive search
 * on the folded `search_text` column (instr, not LIKE: `%` and `_` are plain characters).
 */
export async function listPage<T extends SearchableTable, R>(
  { db, row, rows }: Executor,
  table: T,
  companyId: string,
  query: ListQuery,
  fromRow: (row: Database[T]) => R,
): Promise<Page<R>> {
  // Both tables share the columns used here; kysely cannot see that through a generic name.
  let filtered = db.selectFrom(table as 'customer').where('company_id', '=', companyId)
  if (query.search) {
    const needle = foldForSearch(query.search)
    filtered = filtered.where((eb) => eb.fn<number>('instr', ['search_text', eb.val(needle)]), '>', 0)
  }
  const page = await rows(filtered.selectAll().orderBy('created_at', 'desc').orderBy(sql`rowid`, 'desc').limit(query.limit).offset(query.offset))
  const counted = await row(filtered.select((eb) => eb.fn.countAll<number>().as('total')))
  return {
    items: page.map((found) => fromRow(found as Database[T])),
    total: Number(counted?.total ?? 0),
    limit: query.limit,
    offset: query.offset,
  }
}
