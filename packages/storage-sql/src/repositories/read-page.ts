import type { Page } from '@invoicing/core'
import type { Compilable } from 'kysely'
import type { Executor } from '../executor'

/** The two queries of a list page: its rows, and the count of every row the filter matches. */
export interface PageQueries<Row> {
  rows: Compilable<Row>
  total: Compilable<{ total: number }>
}

/** One page and the total, read in one snapshot, so no commit lands between the two. */
export function readPage<Row, Item>(
  executor: Executor,
  queries: PageQueries<Row>,
  { limit, offset }: { limit: number; offset: number },
  toItems: (rows: Row[], reader: Executor) => Item[] | Promise<Item[]>,
): Promise<Page<Item>> {
  return executor.snapshot(async (reader) => {
    const rows = await reader.rows(queries.rows)
    const counted = await reader.row(queries.total)
    return { items: await toItems(rows, reader), total: Number(counted?.total ?? 0), limit, offset }
  })
}
