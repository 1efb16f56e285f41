import type { Migration } from 'kysely'

/**
 * Nothing on PostgreSQL. SQLite keeps counts of each company's documents by type and by short
 * parts of their numbers in this migration; here lists count their rows where asked. Writers run
 * in parallel on PostgreSQL, and count rows every document of a company changes would make them
 * wait on each other. The migration exists so that both databases have the same history, which a
 * copy between them requires.
 */
export const documentCounts: Migration = {
  async up() {},
}
