import { randomBytes } from 'node:crypto'
import type { Socket } from 'node:net'
import pg from 'pg'
import { spawnTestServerProcess } from './server-process'

/** A fresh, empty database (no migrations) on the test server. */
export interface TestDatabase {
  /** postgres://… of the database, for createPostgresStorage or `INVOICING_DATABASE_URL`. */
  url: string
  name: string
  /** Drops the database, ending any session still connected to it. */
  drop(): Promise<void>
}

let embeddedServer: Promise<string> | undefined

function startEmbeddedServerOnce(): Promise<string> {
  embeddedServer ??= spawnTestServerProcess().then(({ url, child }) => {
    // The server process stops when this process exits and its stdin closes, so it must not
    // keep this process alive: a test file ends when its tests do.
    for (const stream of [child.stdin, child.stdout, child.stderr]) (stream as Socket | null)?.unref()
    child.unref()
    return url
  })
  return embeddedServer
}

/** The server tests create their databases on: the run's, an external one, or one of this process. */
export function testServerUrl(): Promise<string> {
  const external = process.env.INVOICING_TEST_DATABASE_URL
  return external ? Promise.resolve(external) : startEmbeddedServerOnce()
}

/** Runs one statement on the server or database `url` names, on a connection of its own. */
export async function onServer(url: string, statement: string, values: unknown[] = []): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: url })
  // A connection lost mid-statement fails the statement; without a listener it would also crash the process.
  client.on('error', () => undefined)
  await client.connect()
  try {
    return await client.query(statement, values)
  } finally {
    await client.end()
  }
}

/** `url` with the database `name` in place of its own. */
export function withDatabase(url: string, name: string): string {
  const target = new URL(url)
  target.pathname = `/${name}`
  return target.toString()
}

/**
 * A database `invoicing_test_<random>` on the test server, made by `create` (the statement
 * that creates the database of the name it is given), and dropped by its `drop`.
 */
export async function createdTestDatabase(create: (name: string) => string): Promise<TestDatabase> {
  const serverUrl = await testServerUrl()
  const name = `invoicing_test_${randomBytes(8).toString('hex')}`
  await onServer(serverUrl, create(name))
  return {
    url: withDatabase(serverUrl, name),
    name,
    drop: async () => {
      await onServer(serverUrl, `drop database if exists "${name}" with (force)`)
    },
  }
}

/**
 * Creates a database on the test server: `INVOICING_TEST_DATABASE_URL` when set (any
 * PostgreSQL whose user may create databases), otherwise an embedded server that this process
 * starts on first use and that stops, removing its data, when the process exits.
 */
export function testDatabase(): Promise<TestDatabase> {
  // template0: empty whatever the server's template1 holds.
  return createdTestDatabase((name) => `create database "${name}" template template0 encoding 'UTF8'`)
}
