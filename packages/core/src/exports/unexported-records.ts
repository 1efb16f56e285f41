import type { StorageReader } from '../ports/storage'
import type { Page, WalkPage } from '../shared/pagination'
import type { ExportedRecords } from './export-policy'

/** A reader whose lists of one record group leave out `excluded`, and what it left out. */
export interface FilteredReader {
  reader: StorageReader
  /** The ids of the records left out so far. */
  leftOut: ReadonlySet<string>
}

type Identified = { id?: unknown } | null
type PagedList = (...args: unknown[]) => Promise<Page<Identified>>

const isWalkPage = (value: unknown): value is WalkPage<Identified, unknown> =>
  typeof value === 'object' && value !== null && Array.isArray((value as { items?: unknown }).items) && 'next' in value

const isPage = (value: unknown): value is Page<Identified> =>
  typeof value === 'object' && value !== null && Array.isArray((value as { items?: unknown }).items) && typeof (value as { total?: unknown }).total === 'number'

/**
 * `onlyNotExported` for any writer: the writer reads as it always does, and the lists and walks
 * of the group its records come from (`list…`, `walk…` methods) no longer hold the records
 * already exported.
 * Single reads (`get`, `find…`) are left as they are, so a writer that looks up a related
 * record still finds it.
 *
 * A paged list is served as the list without those records: page N of the filtered list is
 * read from as many stored pages as it takes, so a writer that stops at a short page or at
 * `total` still reads every record. Reading pages in order costs one pass; a jump back starts
 * the pass again.
 */
export function readerWithout(reader: StorageReader, records: readonly ExportedRecords[], excluded: ReadonlySet<string>): FilteredReader {
  const leftOut = new Set<string>()
  const keep = (item: Identified) => {
    const id = item?.id
    if (typeof id !== 'string' || !excluded.has(id)) return true
    leftOut.add(id)
    return false
  }
  /**
   * Per list and filter (paging aside): how many kept records were handed out (`filtered`),
   * where the next stored page starts, and the kept records read but not handed out yet.
   */
  const cursors = new Map<string, { filtered: number; stored: number; storedTotal: number; exhausted: boolean; pending: Identified[] }>()

  async function filteredPage(list: PagedList, target: object, args: unknown[], first: Page<Identified>): Promise<Page<Identified>> {
    const query = args[args.length - 1] as { limit: number; offset: number }
    const key = JSON.stringify(args.map((arg) => (arg === query ? { ...query, limit: undefined, offset: undefined } : arg)))
    let cursor = cursors.get(key)
    if (!cursor || cursor.filtered > query.offset) cursor = { filtered: 0, stored: 0, storedTotal: first.total, exhausted: false, pending: [] }
    const skipToOffset = (current: NonNullable<typeof cursor>) => {
      while (current.filtered < query.offset && current.pending.length > 0) {
        current.pending.shift()
        current.filtered += 1
      }
    }
    skipToOffset(cursor)
    while (!cursor.exhausted && cursor.filtered + cursor.pending.length < query.offset + query.limit) {
      const page = cursor.stored === 0 && query.offset === 0
        ? first
        : await list.apply(target, [...args.slice(0, -1), { ...query, offset: cursor.stored }])
      cursor.storedTotal = page.total
      cursor.stored += page.items.length
      if (page.items.length === 0 || cursor.stored >= page.total) cursor.exhausted = true
      cursor.pending.push(...page.items.filter(keep))
      skipToOffset(cursor)
    }
    const items = cursor.pending.slice(0, query.limit)
    cursor.pending = cursor.pending.slice(items.length)
    cursor.filtered += items.length
    cursors.set(key, cursor)
    const total = cursor.exhausted ? cursor.filtered + cursor.pending.length : Math.max(cursor.storedTotal, cursor.filtered + 1)
    return { ...first, items, total, offset: query.offset, limit: query.limit }
  }

  const filteredGroup = (group: Record<string, unknown>) => new Proxy(group, {
    get(target, name, receiver) {
      const member = Reflect.get(target, name, receiver)
      if (typeof member !== 'function' || typeof name !== 'string' || !(name.startsWith('list') || name.startsWith('walk'))) return member
      return async (...args: unknown[]) => {
        const result: unknown = await (member as (...a: unknown[]) => Promise<unknown>).apply(target, args)
        if (Array.isArray(result)) return result.filter(keep)
        // A walk continues from its cursor, which moved past the records left out too.
        if (isWalkPage(result)) return { ...result, items: result.items.filter(keep) }
        if (isPage(result)) return filteredPage(member as PagedList, target, args, result)
        return result
      }
    },
  })
  const groups = new Map(records.map((name) => [name, filteredGroup(reader[name] as unknown as Record<string, unknown>)]))
  const wrapped = new Proxy(reader, {
    get: (target, name, receiver) => groups.get(name as ExportedRecords) ?? Reflect.get(target, name, receiver),
  })
  return { reader: wrapped, leftOut }
}
