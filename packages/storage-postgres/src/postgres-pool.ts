import { createHash } from 'node:crypto'
import type { PostgresPool, PostgresPoolClient } from 'kysely'
import pg from 'pg'
import { postgresTypes } from './postgres-types'

export interface PostgresPoolOptions {
  /** `postgres://user:password@host:port/database`; TLS through its `sslmode` parameter. */
  url: string
  /** Connections this process opens at most (INVOICING_DATABASE_POOL_MAX); default 10. */
  poolMax?: number
  /** The longest a statement may run before the server cancels it; default 30000 ms. */
  statementTimeoutMs?: number
  /** The longest a request waits for a connection (or for the server to accept one); default 5000 ms. */
  connectTimeoutMs?: number
  /** Told about what the storage notices on its own: a lost idle connection, a missing extension. */
  onWarning?: (message: string, details?: Record<string, unknown>) => void
}

/** The pool every opener of a PostgreSQL database uses: the engine's row shapes, timeouts, UTC. */
export function createPostgresPool(options: PostgresPoolOptions): pg.Pool {
  const { url, poolMax = 10, statementTimeoutMs = 30_000, connectTimeoutMs = 5_000 } = options
  const pool = new pg.Pool({
    connectionString: url,
    max: poolMax,
    types: postgresTypes,
    statement_timeout: statementTimeoutMs,
    // A transaction left open by a stuck request must not hold its locks for ever.
    idle_in_transaction_session_timeout: Math.max(statementTimeoutMs, 60_000),
    connectionTimeoutMillis: connectTimeoutMs,
    application_name: 'invoicing',
    // Instants come back in UTC, the form the engine writes them in.
    options: '-c TimeZone=UTC',
  })
  // A connection the server drops (a restart, a failover, a database dropped) is reported as an
  // 'error' event: by the pool while the connection is idle in it, by the connection itself while
  // a transaction holds it between two statements. Without a listener either would end the
  // process; the statement that next uses it fails (503), and the pool opens a new one.
  const lost = (error: Error) => options.onWarning?.('a database connection was lost', { error: error.message })
  pool.on('error', lost)
  pool.on('connect', (client) => client.on('error', lost))
  return pool
}

/** The most statements one connection keeps prepared; others are parsed each time they run. */
const MAX_PREPARED_PER_CONNECTION = 500

const statementName = (sql: string) => `s${createHash('sha1').update(sql).digest('hex').slice(0, 20)}`

/**
 * A statement that matches text against a LIKE pattern given as a parameter (a search). It is
 * planned on each run, never prepared: how many rows a pattern matches depends on its value (a
 * number one invoice holds, two digits thousands hold), and after five runs of a prepared
 * statement PostgreSQL may keep one generic plan, made for no pattern in particular, for all of
 * them. Measured at 100,000 invoices, a search's page then went from 0.4 to 40 ms.
 */
const matchesPattern = (sql: string) => / like \$\d/.test(sql)

/**
 * The pool as kysely's PostgresDialect takes it, with each statement that has parameters
 * prepared once per connection under a name made from its text (at most 500 per connection):
 * PostgreSQL then parses and plans it once instead of on every run, which is most of its cost
 * for the engine's small statements. Statements without parameters (BEGIN, COMMIT) and searches
 * (`matchesPattern`) go as they are.
 */
export function preparingPool(pool: pg.Pool): PostgresPool {
  const prepared = new WeakMap<pg.PoolClient, Set<string>>()
  return {
    async connect() {
      const client = await pool.connect()
      let names = prepared.get(client)
      if (!names) prepared.set(client, names = new Set())
      const known = names
      return {
        query: ((sql: string | pg.Submittable, parameters: readonly unknown[] = []) => {
          // A cursor (kysely's streaming, which the engine does not use) goes as it is.
          if (typeof sql !== 'string') return client.query(sql)
          if (parameters.length === 0) return client.query(sql)
          if (matchesPattern(sql)) return client.query(sql, [...parameters])
          const name = statementName(sql)
          if (!known.has(name)) {
            if (known.size >= MAX_PREPARED_PER_CONNECTION) return client.query(sql, [...parameters])
            known.add(name)
          }
          return client.query({ name, text: sql, values: [...parameters] })
        }) as unknown as PostgresPoolClient['query'],
        release: () => client.release(),
      }
    },
    end: () => pool.end(),
  }
}
