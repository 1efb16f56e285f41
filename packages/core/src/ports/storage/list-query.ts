import type { PageRequest } from '../../shared/pagination'

/** A page of records, optionally narrowed by a case-insensitive literal search. */
export interface ListQuery extends PageRequest {
  search?: string | undefined
}
