import { SEARCH_COLUMNS } from '@invoicing/storage-sql'
import type { Kysely, Migration } from 'kysely'
import { addTrigramIndex } from './trigram-index'

/**
 * A trigram index (FTS5) on every searched column: a search for a part of a number or name
 * reads the rows that hold it instead of every row of the company.
 */
export const searchIndexes: Migration = {
  async up(db: Kysely<any>) {
    for (const column of SEARCH_COLUMNS) await addTrigramIndex(db, column)
  },
}
