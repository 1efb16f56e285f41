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

async function onServer(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl })
  // A connection lost mid-statement fails the statement; without a listener it would also crash the process.
  client.on('error', () => undefined)
  await client.connect()
  try {
    await client.query(statement)
  } finally {
    await client.end()
  }
}

/**
 * Creates a database on the test server: `INVOICING_TEST_DATABASE_URL` when set (any
 * PostgreSQL whose user may create databases), otherwise an embedded server that this process
 * starts on first use and that stops, removing its data, when the process exits.
 */
export async function testDatabase(): Promise<TestDatabase> {
  const serverUrl = await testServerUrl()
  const name = `invoicing_test_${randomBytes(8).toString('hex')}`
  // template0: empty whatever the server's template1 holds.
  await onServer(serverUrl, `create database "${name}" template template0 encoding 'UTF8'`)
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    name,
    drop: () => onServer(serverUrl, `drop database if exists "${name}" with (force)`),
  }
}
