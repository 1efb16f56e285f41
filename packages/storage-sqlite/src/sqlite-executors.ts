import type BetterSqlite3 from 'better-sqlite3'
import { compileQuery, literalMaker, type Database, type Executor, type LiteralMaker, type Query } from '@invoicing/storage-sql'
import type { Kysely } from 'kysely'
import { cachedBySql } from './immediate-sqlite-dialect'
import { sqliteDialect as dialect } from './sqlite-dialect'

/** A read statement answering arrays, and how to make a row object of one. */
interface ReadStatement {
  statement: BetterSqlite3.Statement<unknown[], unknown[]>
  rowOf: LiteralMaker
}

// better-sqlite3 makes each row object property by property, looking every column name up in
// V8's string table, and a row of 20 columns or more becomes a slow hash-table object. Taking
// arrays (`raw`) and making the rows with one object literal per statement is several times
// cheaper. The names are those of the schema the statement was prepared for: a process must not
// serve while a newer version migrates the file (a table rebuilt with its columns in another
// order would put values under the wrong names). Migrations so far only add columns.
function readStatementOf(connection: BetterSqlite3.Database, sql: string): ReadStatement {
  const statement = connection.prepare<unknown[], unknown[]>(sql).raw(true)
  return { statement, rowOf: literalMaker(statement.columns().map((column, index) => [column.name, index])) }
}

/**
 * Reads on a read-only connection of their own. In WAL mode it sees the last committed state
 * and never waits for a write transaction; the statements run synchronously from a cache, so
 * a point read costs about what SQLite costs, not kysely's per-query machinery on top.
 */
export function readExecutor(db: Kysely<Database>, connection: BetterSqlite3.Database): Executor {
  const statementFor = cachedBySql((sql) => readStatementOf(connection, sql))
  const inSnapshot: Executor = {
    db,
    dialect,
    rows: async <R>(query: Query<R>) => {
      const { sql, parameters } = compileQuery(query, dialect)
      const read = statementFor(sql)
      // Row by row: a page of documents with thousands of lines never exists twice, as arrays and as rows.
      const found: R[] = []
      for (const values of read.statement.iterate(...parameters)) found.push(read.rowOf(values) as R)
      return found
    },
    row: async <R>(query: Query<R>) => {
      const { sql, parameters } = compileQuery(query, dialect)
      const read = statementFor(sql)
      const values = read.statement.get(...parameters)
      return values && read.rowOf(values) as R
    },
    write: () => Promise.reject(new Error('the read connection does not write')),
    snapshot: (work) => work(inSnapshot),
  }
  // Each statement alone reads the state of its moment, and a commit can land between two of
  // them (a document would come with the lines of its next version). A snapshot is a read
  // transaction on the connection instead: one at a time, and other reads wait for it, so none
  // of them runs on a snapshot taken before the commit its caller waited for.
  let running: Promise<unknown> | undefined
  return {
    ...inSnapshot,
    rows: (query) => (running ? running.then(() => inSnapshot.rows(query)) : inSnapshot.rows(query)),
    row: (query) => (running ? running.then(() => inSnapshot.row(query)) : inSnapshot.row(query)),
    snapshot<T>(work: (executor: Executor) => Promise<T>) {
      const run = (running ?? Promise.resolve()).then(async () => {
        connection.exec('begin')
        try {
          return await work(inSnapshot)
        } finally {
          connection.exec('commit')
        }
      })
      const settled: Promise<unknown> = run.then(() => undefined, () => undefined).then(() => {
        if (running === settled) running = undefined
      })
      running = settled
      return run
    },
  }
}

/**
 * Reads through the write connection, queued behind transactions: for `:memory:` databases,
 * which cannot be opened twice.
 */
export function sharedExecutor(db: Kysely<Database>): Executor {
  const through = (runner: Pick<Kysely<Database>, 'executeQuery'>): Executor => {
    const executor: Executor = {
      db,
      dialect,
      rows: async <R>(query: Query<R>) => (await runner.executeQuery(compileQuery(query, dialect))).rows,
      row: async <R>(query: Query<R>) => (await runner.executeQuery(compileQuery(query, dialect))).rows[0],
      write: () => Promise.reject(new Error('reads outside a transaction do not write')),
      snapshot: (work) => work(executor),
    }
    return executor
  }
  return {
    ...through(db),
    // Holding the only connection keeps every transaction out until the reads are done.
    snapshot: (work) => db.connection().execute((connection) => work(through(connection))),
  }
}
