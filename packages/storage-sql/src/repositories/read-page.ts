import type { Page } from '@invoicing/core'
import type { Compilable } from 'kysely'
import type { Executor } from '../executor'

/** The two queries of a list page: its rows, and the count of every row the filter matches. */
export interface PageQueries<Row> {
  rows: Compilable<Row>
  total: Compilable<{ total: number }>
}

/**
 * One page and the total, read in one snapshot, so no commit lands between the two. The total
 * comes first: a page past it (a search nothing matches, an offset past the end) is not read,
 * which for a search tested on each row would read every row of the company once more.
 */
export function readPage<Row, Item>(
  executor: Executor,
  queries: PageQueries<Row>,
  { limit, offset }: { limit: number; offset: number },
  toItems: (rows: Row[], reader: Executor) => Item[] | Promise<Item[]>,
): Promise<Page<Item>> {
  return executor.snapshot(async (reader) => {
    const total = Number((await reader.row(queries.total))?.total ?? 0)
    const rows = total > offset ? await reader.rows(queries.rows) : []
    return { items: await toItems(rows, reader), total, limit, offset }
  })
}
