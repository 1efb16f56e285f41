import { addNumberStems } from '@invoicing/storage-sql'
import type { Kysely, Migration } from 'kysely'

/**
 * Each numbered document's stem (its folded number up to its last character that is neither a
 * letter nor a digit), indexed with the list order: a search that many numbers hold, such as a
 * year's `re-2024`, reads the stems that hold it as ranges of this index instead of testing
 * every number of the company.
 */
export const numberStems: Migration = {
  up: (db: Kysely<any>) => addNumberStems(db),
}
