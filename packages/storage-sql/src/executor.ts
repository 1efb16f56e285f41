import type { Kysely, Transaction } from 'kysely'
import type { Database } from './database'
import type { SqlDialect } from './dialect'
import { compileQuery, type Query } from './prepared-query'

/**
 * Runs the queries of the repositories. `db` only builds them; where they run depends on the
 * executor: inside a write transaction, or on a connection for reads.
 */
export interface Executor {
  readonly db: Kysely<Database>
  readonly dialect: SqlDialect
  rows<R>(query: Query<R>): Promise<R[]>
  row<R>(query: Query<R>): Promise<R | undefined>
  write(query: Query<unknown>): Promise<void>
  /**
   * Runs several reads that must see one state (a document and its lines, a page and its
   * total): no commit lands between them. Inside a transaction that holds anyway. `work` must
   * read through the executor it is given: where reads share a connection, other reads wait for
   * the snapshot to end, so a read through the outer executor would wait for itself.
   */
  snapshot<T>(work: (executor: Executor) => Promise<T>): Promise<T>
}

/** What builds queries for one database: kysely, and the parts its SQL spells its own way. */
export type QueryBuilder = Pick<Executor, 'db' | 'dialect'>

/** Queries of one write transaction, through kysely on the transaction's connection. */
export function transactionExecutor(trx: Transaction<Database>, dialect: SqlDialect): Executor {
  const executor: Executor = {
    db: trx,
    dialect,
    rows: async <R>(query: Query<R>) => (await trx.executeQuery(compileQuery(query, dialect))).rows,
    row: async <R>(query: Query<R>) => (await trx.executeQuery(compileQuery(query, dialect))).rows[0],
    write: async (query) => {
      await trx.executeQuery(compileQuery(query, dialect))
    },
    snapshot: (work) => work(executor),
  }
  return executor
}
