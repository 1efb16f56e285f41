import { setTimeout as sleep } from 'node:timers/promises'
import type BetterSqlite3 from 'better-sqlite3'
import {
  CompiledQuery, SqliteAdapter, SqliteDialect, SqliteDriver,
  type DatabaseConnection, type SqliteDatabase, type SqliteDialectConfig,
} from 'kysely'

/**
 * kysely's SQLite driver opens transactions with a deferred `BEGIN`: two processes that both
 * read and then write deadlock, and SQLite answers SQLITE_BUSY without waiting. `BEGIN
 * IMMEDIATE` takes the write lock up front, so every transaction (numbering, migrations) is
 * serializable across processes.
 *
 * better-sqlite3 is synchronous: SQLite's own busy timeout would stall the whole event loop
 * while another process writes. The connection runs with a busy timeout of 0 instead, and
 * this driver retries `BEGIN IMMEDIATE` on timers until the deadline, so other requests go on.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  readonly #busyTimeoutMs: number

  constructor(config: SqliteDialectConfig, busyTimeoutMs: number) {
    super(config)
    this.#busyTimeoutMs = busyTimeoutMs
  }

  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    const deadline = Date.now() + this.#busyTimeoutMs
    for (let wait = 1; ; wait = Math.min(wait * 2, 50)) {
      try {
        await connection.executeQuery(CompiledQuery.raw('begin immediate'))
        return
      } catch (error) {
        if ((error as { code?: string }).code !== 'SQLITE_BUSY' || Date.now() >= deadline) throw error
      }
      await sleep(wait)
    }
  }
}

/** SQLite has transactional DDL; kysely's adapter says no, which makes migrations autocommit piecemeal. */
class TransactionalDdlSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true
  }
}

export class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig
  readonly #busyTimeoutMs: number

  constructor(config: SqliteDialectConfig & { busyTimeoutMs: number }) {
    super(config)
    this.#config = config
    this.#busyTimeoutMs = config.busyTimeoutMs
  }

  override createDriver() {
    return new ImmediateSqliteDriver(this.#config, this.#busyTimeoutMs)
  }

  override createAdapter() {
    return new TransactionalDdlSqliteAdapter()
  }
}

const MAX_CACHED_STATEMENTS = 500

/** `prepare`, reusing what it made by SQL text (at most 500, then it starts over). */
export function cachedBySql<T>(prepare: (sql: string) => T): (sql: string) => T {
  const statements = new Map<string, T>()
  return (sql) => {
    let statement = statements.get(sql)
    if (!statement) {
      if (statements.size >= MAX_CACHED_STATEMENTS) statements.clear()
      statement = prepare(sql)
      statements.set(sql, statement)
    }
    return statement
  }
}

/**
 * kysely prepares every query anew, which costs more than running it. Handing it a database
 * whose `prepare` reuses statements by SQL text makes point reads about 1.7x faster. Safe
 * because nothing here streams (`iterate`), the one use a shared statement cannot serve twice.
 */
export function withStatementCache(database: BetterSqlite3.Database): SqliteDatabase {
  return { close: () => database.close(), prepare: cachedBySql((sql) => database.prepare(sql)) }
}
