import type BetterSqlite3 from 'better-sqlite3'
import type { Compilable, Kysely, Transaction } from 'kysely'
import type { Database } from './database'

/**
 * Runs the queries of the repositories. `db` only builds and compiles them; where they run
 * depends on the executor: inside a write transaction, or on the read connection.
 */
export interface Executor {
  readonly db: Kysely<Database>
  rows<R>(query: Compilable<R>): Promise<R[]>
  row<R>(query: Compilable<R>): Promise<R | undefined>
  write(query: Compilable<unknown>): Promise<void>
}

/** Queries of one write transaction, through kysely on the write connection. */
export function transactionExecutor(trx: Transaction<Database>): Executor {
  return {
    db: trx,
    rows: async <R>(query: Compilable<R>) => (await trx.executeQuery(query.compile())).rows,
    row: async <R>(query: Compilable<R>) => (await trx.executeQuery(query.compile())).rows[0],
    write: async (query) => {
      await trx.executeQuery(query.compile())
    },
  }
}

/**
 * Reads on a read-only connection of their own. In WAL mode it sees the last committed state
 * and never waits for a write transaction; the statements run synchronously from a cache, so
 * a point read costs about what SQLite costs, not kysely's per-query machinery on top.
 */
export function readExecutor(db: Kysely<Database>, connection: BetterSqlite3.Database): Executor {
  const statements = new Map<string, BetterSqlite3.Statement>()
  const statementFor = (sql: string) => {
    let statement = statements.get(sql)
    if (!statement) {
      if (statements.size >= 500) statements.clear()
      statement = connection.prepare(sql)
      statements.set(sql, statement)
    }
    return statement
  }
  return {
    db,
    rows: async <R>(query: Compilable<R>) => {
      const { sql, parameters } = query.compile()
      return statementFor(sql).all(...parameters) as R[]
    },
    row: async <R>(query: Compilable<R>) => {
      const { sql, parameters } = query.compile()
      return statementFor(sql).get(...parameters) as R | undefined
    },
    write: () => Promise.reject(new Error('the read connection does not write')),
  }
}

/**
 * Reads through the write connection, queued behind transactions: for `:memory:` databases,
 * which cannot be opened twice.
 */
export function sharedExecutor(db: Kysely<Database>): Executor {
  return {
    db,
    rows: async <R>(query: Compilable<R>) => (await db.executeQuery(query.compile())).rows,
    row: async <R>(query: Compilable<R>) => (await db.executeQuery(query.compile())).rows[0],
    write: () => Promise.reject(new Error('reads outside a transaction do not write')),
  }
}
