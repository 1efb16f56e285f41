import type { Page, PageRequest } from '../shared/pagination'

/** A table of the memory storage: records by key, copied in and out, undone from a journal on rollback. */
export interface Row<T> {
  value: T
  /** Insertion order, to break ties between records created in the same millisecond. */
  seq: number
}

export function createTable<T>() {
  const rows = new Map<string, Row<T>>()
  let journal: Map<string, Row<T> | undefined> | null = null
  let nextSeq = 0
  const remember = (key: string) => {
    if (journal && !journal.has(key)) journal.set(key, rows.get(key))
  }
  return {
    get: (key: string): T | undefined => {
      const row = rows.get(key)
      return row && structuredClone(row.value)
    },
    /** Rows in insertion order; values are the stored objects, clone before handing out. */
    rows: () => rows.values(),
    set(key: string, value: T) {
      remember(key)
      rows.set(key, { value: structuredClone(value), seq: rows.get(key)?.seq ?? nextSeq++ })
    },
    delete(key: string) {
      remember(key)
      rows.delete(key)
    },
    begin() {
      journal = new Map()
    },
    commit() {
      journal = null
    },
    rollback() {
      for (const [key, row] of journal ?? []) {
        if (row) rows.set(key, row)
        else rows.delete(key)
      }
      journal = null
    },
  }
}

export type Table<T> = ReturnType<typeof createTable<T>>

/** Code-unit order, as SQLite's default (binary) collation compares ASCII and most text. */
export const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)

const SURROGATE = /[\uD800-\uDFFF]/

/**
 * Code-point order, as a database compares UTF-8 text byte by byte. UTF-16 code units keep
 * that order unless a character beyond U+FFFF (a surrogate pair) is involved.
 */
const compareCodePoints = (a: string, b: string) =>
  SURROGATE.test(a) || SURROGATE.test(b) ? Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8')) : compareText(a, b)

/** Keys of a keyset walk, compared part by part in code-point order. */
export function compareKeys(a: readonly string[], b: readonly string[]): number {
  for (let index = 0; index < a.length; index++) {
    const order = a[index] === b[index] ? 0 : compareCodePoints(a[index]!, b[index]!)
    if (order !== 0) return order
  }
  return 0
}

/** Orders rows newest first: by `createdAt`, then the later insert first. */
export const newestFirst = <T extends { createdAt: string }>(a: Row<T>, b: Row<T>) =>
  compareText(b.value.createdAt, a.value.createdAt) || b.seq - a.seq

/** One page of `sorted`, with copies of its records. */
export function sliceOf<T>(sorted: Row<T>[], page: PageRequest): Page<T> {
  return {
    items: sorted.slice(page.offset, page.offset + page.limit).map((row) => structuredClone(row.value)),
    total: sorted.length,
    limit: page.limit,
    offset: page.offset,
  }
}


/**
 * One stretch of a keyset walk over `values` (already filtered): those after the cursor in key
 * order, at most `limit`, copied, and the cursor of the last one (null when fewer were left).
 */
export function walkStretch<T, C>(
  values: readonly T[], keyOf: (value: T) => readonly string[], cursorOf: (value: T) => C, cursorKey: (cursor: C) => readonly string[],
  after: C | null | undefined, limit: number,
): { items: T[]; next: C | null } {
  const afterKey = after ? cursorKey(after) : undefined
  const items = values
    .filter((value) => !afterKey || compareKeys(keyOf(value), afterKey) > 0)
    .sort((a, b) => compareKeys(keyOf(a), keyOf(b)))
    .slice(0, limit)
    .map((value) => structuredClone(value))
  const last = items.at(-1)
  return { items, next: items.length === limit && last !== undefined ? cursorOf(last) : null }
}
