/** Test support: fresh PostgreSQL databases on one test server per run (embedded, or external). */
export { embeddedPostgresMissing, startEmbeddedServer, type EmbeddedServer } from './embedded-server'
export { migratedTestDatabase } from './migrated-database'
export { testDatabase, type TestDatabase } from './test-database'
export { serveTestDatabase, spawnTestServerProcess, type TestServerProcess } from './server-process'
