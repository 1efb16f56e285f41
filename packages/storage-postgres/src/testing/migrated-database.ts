import { createHash } from 'node:crypto'
import { Kysely, PostgresDialect } from 'kysely'
import pg from 'pg'
import { migrateToLatest, migrationProvider } from '../migrations'
import { createdTestDatabase, onServer, testDatabase, testServerUrl, type TestDatabase } from './test-database'

/**
 * The template's name: one per content of the migrations, so a changed migration makes a new
 * template and every run on a server (an external one keeps them) reuses a current one.
 */
async function templateName(): Promise<string> {
  const migrations = await migrationProvider.getMigrations()
  const hash = createHash('sha256')
  for (const [name, migration] of Object.entries(migrations)) hash.update(name).update(String(migration.up))
  return `invoicing_template_${hash.digest('hex').slice(0, 16)}`
}

let template: Promise<string> | undefined

/**
 * A migrated template on the server, made once: built under a name of its own and renamed when
 * complete (renaming is atomic), so processes of one run never copy a half-migrated one.
 */
function migratedTemplate(): Promise<string> {
  template ??= (async () => {
    const name = await templateName()
    const building = await testDatabase()
    const exists = (await onServer(building.url, 'select 1 from pg_database where datname = $1', [name])).rowCount === 1
    if (exists) {
      await building.drop()
      return name
    }
    const db = new Kysely<unknown>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: building.url, max: 1 }) }) })
    try {
      await migrateToLatest(db)
    } finally {
      await db.destroy()
    }
    try {
      await onServer(await testServerUrl(), `alter database "${building.name}" rename to "${name}"`)
    } catch (error) {
      // Another process of the run finished its template first: use that one.
      if ((error as { code?: string }).code !== '42P04') throw error
      await building.drop()
    }
    return name
  })()
  return template
}

/**
 * A fresh database at the latest schema version, copied from a migrated template: much faster
 * than migrating each one, for suites that make a database per test.
 */
export async function migratedTestDatabase(): Promise<TestDatabase> {
  const templateDatabase = await migratedTemplate()
  // FILE_COPY copies the template's files: for a small schema much faster than WAL_LOG.
  return createdTestDatabase((name) => `create database "${name}" template "${templateDatabase}" strategy file_copy`)
}
