import { foldForSearch, type ListQuery, type Page } from '@invoicing/core'
import { sql, type Kysely, type Selectable } from 'kysely'
import type { Database } from '../database'

type SearchableTable = 'customer' | 'product'

/**
 * A company's records of `table`, newest first, narrowed by a literal case-insensitive search
 * on the folded `search_text` column (instr, not LIKE: `%` and `_` are plain characters).
 */
export async function listPage<T extends SearchableTable, R>(
  db: Kysely<Database>,
  table: T,
  companyId: string,
  query: ListQuery,
  fromRow: (row: Selectable<Database[T]>) => R,
): Promise<Page<R>> {
  // Both tables share the columns used here; kysely cannot see that through a generic name.
  let filtered = db.selectFrom(table as 'customer').where('companyId', '=', companyId)
  if (query.search) {
    const needle = foldForSearch(query.search)
    filtered = filtered.where((eb) => eb.fn<number>('instr', ['searchText', eb.val(needle)]), '>', 0)
  }
  const [rows, counted] = await Promise.all([
    filtered.selectAll().orderBy('createdAt', 'desc').orderBy(sql`rowid`, 'desc').limit(query.limit).offset(query.offset).execute(),
    filtered.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ])
  return {
    items: rows.map((row) => fromRow(row as Selectable<Database[T]>)),
    total: Number(counted.total),
    limit: query.limit,
    offset: query.offset,
  }
}
