// The PostgreSQL server of one test run (scripts/run-tests.mjs starts it): prints its URL, then
// stops the server and removes its data when stdin closes or it gets SIGINT/SIGTERM.
import { serveTestDatabase } from '@invoicing/storage-postgres/testing'

await serveTestDatabase()
