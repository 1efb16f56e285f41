import { SEARCH_COLUMNS } from '@invoicing/storage-sql'
import type { Kysely, Migration } from 'kysely'
import { addSearchIndex } from './search-index'

/**
 * A trigram index on every searched column, as SQLite's migration of the same version makes.
 * Here they exist since the migration of each column, where pg_trgm could be created then; this
 * adds those missing because the extension came later.
 */
export const searchIndexes: Migration = {
  async up(db: Kysely<any>) {
    for (const column of SEARCH_COLUMNS) {
      const [table, name] = column.split('.') as [string, string]
      await addSearchIndex(db, table, name)
    }
  },
}
