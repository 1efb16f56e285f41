import type { Migration } from 'kysely'

/**
 * Nothing on SQLite. PostgreSQL adds the insertion order to the order documents' list index in
 * this migration, so that a page's keys are read from the index alone; every SQLite index holds
 * its row's rowid already. The migration exists so that both databases have the same history,
 * which a copy between them requires.
 */
export const orderDocumentListKeys: Migration = {
  async up() {},
}
