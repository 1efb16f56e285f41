import type { StorageReader } from '../ports/storage'
import type { ExportedRecords } from './export-policy'

/** A reader whose lists of one record group leave out `excluded`, and what it left out. */
export interface FilteredReader {
  reader: StorageReader
  /** The ids of the records left out so far. */
  leftOut: ReadonlySet<string>
}

const withoutExcluded = (value: unknown, excluded: ReadonlySet<string>, leftOut: Set<string>): unknown => {
  const keep = (item: unknown) => {
    const id = (item as { id?: unknown } | null)?.id
    if (typeof id !== 'string' || !excluded.has(id)) return true
    leftOut.add(id)
    return false
  }
  if (Array.isArray(value)) return value.filter(keep)
  if (value && typeof value === 'object' && Array.isArray((value as { items?: unknown }).items)) {
    const page = value as { items: unknown[] }
    return { ...page, items: page.items.filter(keep) }
  }
  if (value && typeof value === 'object' && Symbol.asyncIterator in value) {
    const source = value as AsyncIterable<unknown>
    return (async function* () {
      for await (const item of source) if (keep(item)) yield item
    })()
  }
  return value
}

/**
 * `onlyNotExported` for any writer: the writer reads as it always does, and the lists of the
 * group its records come from (`list…` methods: pages, arrays or streams of records) no longer
 * hold the records already exported. Single reads (`get`, `find…`) are left as they are, so a
 * writer that looks up a related record still finds it.
 */
export function readerWithout(reader: StorageReader, records: ExportedRecords, excluded: ReadonlySet<string>): FilteredReader {
  const leftOut = new Set<string>()
  const group = reader[records] as unknown as Record<string, unknown>
  const filtered = new Proxy(group, {
    get(target, name, receiver) {
      const member = Reflect.get(target, name, receiver)
      if (typeof member !== 'function' || typeof name !== 'string' || !/^(list|iterate|stream|each)/.test(name)) return member
      return (...args: unknown[]) => {
        const result = (member as (...a: unknown[]) => unknown).apply(target, args)
        if (result instanceof Promise) return result.then((value) => withoutExcluded(value, excluded, leftOut))
        return withoutExcluded(result, excluded, leftOut)
      }
    },
  })
  const wrapped = new Proxy(reader, {
    get: (target, name, receiver) => (name === records ? filtered : Reflect.get(target, name, receiver)),
  })
  return { reader: wrapped, leftOut }
}
