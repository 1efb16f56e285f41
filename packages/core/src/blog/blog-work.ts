import { InvoicingError } from '../errors'
import type { IdempotencyClaim } from '../idempotency'
import type { CoreDeps } from '../ports/deps'
import { createUnitOfWork, type UnitOfWork } from '../unit-of-work'
import { assertPlatformAdmin, type BlogCaller } from './blog-caller'

/** Runs blog work for a platform administrator in one unit of work (refusing anyone else first). */
export function createBlogWork(deps: CoreDeps) {
  const inUnitOfWork = createUnitOfWork(deps)
  return async <T>(caller: BlogCaller, work: (unit: UnitOfWork) => Promise<T>, claim?: IdempotencyClaim<T>): Promise<T> => {
    assertPlatformAdmin(caller)
    return inUnitOfWork(caller.actor, work, claim)
  }
}

/** 404 for a blog record that does not exist, naming the field that named it when there is one. */
export const blogNotFound = (what: string, id: string, field?: string) =>
  new InvoicingError('not_found', `${what} ${id} not found`, field ? { field, id } : {})

/** The record, or 404. */
export function found<T>(record: T | undefined, what: string, id: string, field?: string): T {
  if (record === undefined) throw blogNotFound(what, id, field)
  return record
}
