import type { PageRequest } from '../../shared/pagination'

/**
 * A page of records, optionally narrowed by `search`: a literal part of the searched fields,
 * ignoring case also beyond ASCII (`ä` finds `Ä`); `%` and `_` are plain characters.
 */
export interface ListQuery extends PageRequest {
  search?: string | undefined
}
