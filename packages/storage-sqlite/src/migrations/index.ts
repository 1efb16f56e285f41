import type { Migration, MigrationProvider } from 'kysely'
import { platform } from './0001-platform'
import { invoices } from './0002-invoices'

/** Every migration in order. Names sort in the order they must run; never rename one. */
const MIGRATIONS: Record<string, Migration> = {
  '0001-platform': platform,
  '0002-invoices': invoices,
}

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => MIGRATIONS,
}
