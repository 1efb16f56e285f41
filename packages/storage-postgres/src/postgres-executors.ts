import { compileQuery, transactionExecutor, type Database, type Executor, type Query } from '@invoicing/storage-sql'
import type { Kysely } from 'kysely'
import { postgresDialect as dialect } from './postgres-dialect'
import { translatePostgresError } from './postgres-errors'

const translated = async <T>(run: () => Promise<T>): Promise<T> => {
  try {
    return await run()
  } catch (error) {
    throw translatePostgresError(error)
  }
}

/**
 * Reads outside a transaction, each on a connection of the pool: a statement sees what was
 * committed when it began. A statement that stands alone (a queue's claim) runs here too and
 * commits on its own. A snapshot is a read-only REPEATABLE READ transaction, so a page and
 * its total, or a document and its lines, come from one committed state.
 */
export function poolExecutor(db: Kysely<Database>): Executor {
  return {
    db,
    dialect,
    rows: <R>(query: Query<R>) => translated(async () => (await db.executeQuery(compileQuery(query, dialect))).rows),
    row: <R>(query: Query<R>) => translated(async () => (await db.executeQuery(compileQuery(query, dialect))).rows[0]),
    write: () => Promise.reject(new Error('reads outside a transaction do not write')),
    snapshot: (work) => translated(() => db.transaction().setIsolationLevel('repeatable read').setAccessMode('read only')
      .execute((trx) => work(transactionExecutor(trx, dialect)))),
  }
}
