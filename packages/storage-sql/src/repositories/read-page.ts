import type { Page } from '@invoicing/core'
import type { Compilable } from 'kysely'
import type { Executor } from '../executor'

/** The queries of a list page: its rows, and the count of every row the filter matches. */
export interface PageQueries<Row> {
  rows: Compilable<Row>
  total: Compilable<{ total: number }>
  /**
   * Where the filter is tested on each row in list order: the count of the matching rows after
   * `last` in that order. The page is then read first and the count goes on from its last row,
   * so each row is tested once across both, not once for the page and again for the total.
   */
  countAfter?: (last: Row) => Compilable<{ total: number }>
}

/**
 * One page and the total, read in one snapshot, so no commit lands between the two. Without
 * `countAfter` the total comes first: a page past it (a search nothing matches, an offset past
 * the end) is not read. With it, the page comes first, and a page shorter than the limit tells
 * the total itself. An empty page past the first is counted (the offset may be past the end:
 * the one case that tests each row twice), and so is a page of limit 0, which has no last row.
 */
export function readPage<Row, Item>(
  executor: Executor,
  queries: PageQueries<Row>,
  { limit, offset }: { limit: number; offset: number },
  toItems: (rows: Row[], reader: Executor) => Item[] | Promise<Item[]>,
): Promise<Page<Item>> {
  return executor.snapshot(async (reader) => {
    const countOf = async (query: Compilable<{ total: number }>) => Number((await reader.row(query))?.total ?? 0)
    const { countAfter } = queries
    if (!countAfter) {
      const total = await countOf(queries.total)
      const rows = total > offset ? await reader.rows(queries.rows) : []
      return { items: await toItems(rows, reader), total, limit, offset }
    }
    const rows = await reader.rows(queries.rows)
    const last = rows.length === limit ? rows.at(-1) : undefined
    const total = last !== undefined ? offset + limit + await countOf(countAfter(last))
      : rows.length < limit && (rows.length > 0 || offset === 0) ? offset + rows.length
      : await countOf(queries.total)
    return { items: await toItems(rows, reader), total, limit, offset }
  })
}
