// A PostgreSQL server for the bench (embedded, on a temp data dir; no Docker; durable like a
// production server) with one empty database, or a fresh database on INVOICING_TEST_DATABASE_URL. The server stops, removing its
// data, when this process ends.
import { testDatabase } from '@invoicing/storage-postgres/testing'
import pg from 'pg'

const database = await testDatabase()
// The test server trades durability for speed; the bench compares with SQLite syncing every
// commit, so this server syncs every commit too, as a production server does.
if (!process.env.INVOICING_TEST_DATABASE_URL) {
  const admin = new pg.Client({ connectionString: database.url })
  await admin.connect()
  for (const setting of ['fsync', 'synchronous_commit', 'full_page_writes']) await admin.query(`alter system set ${setting} = on`)
  await admin.query('select pg_reload_conf()')
  await admin.end()
}
process.once('SIGTERM', () => {
  void database.drop().finally(() => process.exit(0))
})
// Stays until the bench stops it.
setInterval(() => {}, 1 << 30)
process.send!({ url: database.url })
