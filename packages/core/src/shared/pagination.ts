import * as v from 'valibot'
import { boundedString } from './fields'

export const DEFAULT_PAGE_SIZE = 50
export const MAX_PAGE_SIZE = 100

/** Query values arrive as strings of digits; JSON callers may pass numbers. */
const wholeNumber = (description: string) =>
  v.pipe(
    v.union([v.number(), boundedString(20)]),
    v.description(description),
    v.transform((value) => (typeof value === 'number' ? value : /^\d{1,15}$/.test(value) ? Number(value) : Number.NaN)),
    v.number('must be a whole number'),
    v.integer('must be a whole number'),
  )

/** `limit`: default 50; above 100 is capped to 100; below 1 is an error. */
export const limitParam = v.pipe(
  wholeNumber(`Page size, default ${DEFAULT_PAGE_SIZE}; values above ${MAX_PAGE_SIZE} are capped to ${MAX_PAGE_SIZE}`),
  v.minValue(1, 'must be at least 1'),
  v.transform((limit) => Math.min(limit, MAX_PAGE_SIZE)),
)

export const MAX_OFFSET = 1_000_000_000

export const offsetParam = v.pipe(
  wholeNumber('Records to skip, default 0'),
  v.minValue(0, 'must not be negative'),
  v.maxValue(MAX_OFFSET, `must be at most ${MAX_OFFSET}`),
)

/** The pagination members of a list query. */
export const pageEntries = {
  limit: v.optional(limitParam, DEFAULT_PAGE_SIZE),
  offset: v.optional(offsetParam, 0),
}

export interface PageRequest {
  limit: number
  offset: number
}

/** One page of a list, with the total before paging. */
export interface Page<T> {
  items: T[]
  total: number
  limit: number
  offset: number
}

/** The contract's `pagination` object of a list response. */
export const paginationOf = (page: Page<unknown>) => ({
  total: page.total,
  limit: page.limit,
  offset: page.offset,
  hasMore: page.offset + page.items.length < page.total,
})

/**
 * A stretch of a keyset walk: the items in the walk's order and the cursor to continue after
 * the last item read, or null at the end. The cursor also moves past items a filter left out
 * of `items`, so an empty stretch with a cursor is not the end.
 */
export interface WalkPage<T, C> {
  items: T[]
  next: C | null
}
