import { sql, type Expression, type Kysely, type Transaction } from 'kysely'
import type { Database } from '../database'
import type { SqlDialect } from '../dialect'
import { SEARCH_COLUMNS, isDerivedTable } from '../search'
import { COPIED_TABLES, type CopiedTable } from './copied-tables'

/**
 * The folded search columns' names. Rows written by earlier versions separate their fields with
 * U+0000, which PostgreSQL text cannot hold; searches fold it and U+001F (today's separator)
 * alike, so the copy writes U+001F instead.
 */
const SEARCHED_COLUMN_NAMES: ReadonlySet<string> = new Set(SEARCH_COLUMNS.map((column) => column.split('.')[1]!))

/** An open database of the shared schema, migrated, as the copy reads or writes it. */
export interface SqlDatabase {
  readonly db: Kysely<Database>
  readonly dialect: SqlDialect
  /**
   * Makes the values generated columns give next follow the rows written with their own values
   * (where the database does not do so by itself), inside the copy's transaction.
   */
  continueGeneratedKeys?(trx: Transaction<Database>): Promise<void>
  close(): Promise<void>
}

export interface CopyProgress {
  table: string
  /** Rows of the table copied so far. */
  rows: number
}

export interface CopyOptions {
  /** Told after each batch of rows. */
  onProgress?: (progress: CopyProgress) => void
  /** Rows read per batch; default 1000. */
  batchSize?: number
}

export interface CopyResult {
  /** Rows copied per table, in the order the tables were copied. */
  tables: CopyProgress[]
}

/** The copy was not started, or was rolled back, for a reason the operator can fix. */
export class CopyRefused extends Error {
  override readonly name = 'CopyRefused'
}

// Both databases take at least this many parameters per statement (SQLite 32766, PostgreSQL 65535).
const MAX_PARAMETERS = 30_000
// A table with an insertion order (`seq`) is read and written by it.
const INSERTION_ORDER = 'seq'

type Row = Record<string, unknown>
// The copy names tables and columns at run time, so its queries are built without the schema's types.
type AnyDb = Kysely<any>

/**
 * Copies every row of `from` into `to`: both at the same migration version, `to` empty. Tables
 * go in foreign-key order, each read in batches by its key, so memory stays bounded whatever
 * the size. Everything is written in one transaction on `to`: a failure leaves it empty.
 * `from` is read in one transaction too, so a host still writing to it cannot tear the copy.
 *
 * Rows keep their insertion order: tables ordered by it (`seq` on the target) are read in the
 * source's order and get its values, and generated keys continue after the copied ones.
 * Values pass as the driver returns them: money stays decimal text.
 */
export async function copyDatabase(from: SqlDatabase, to: SqlDatabase, options: CopyOptions = {}): Promise<CopyResult> {
  const batchSize = options.batchSize ?? 1000
  await refuseOtherMigrations(from.db, to.db)
  const [sourceColumns, targetColumns] = await Promise.all([columnsByTable(from.db), columnsByTable(to.db)])
  refuseOtherTables(sourceColumns, targetColumns)

  return from.db.transaction().setIsolationLevel('repeatable read').execute((source) =>
    // Serializable: a host writing to the target meanwhile cannot slip rows past the check that it is empty.
    to.db.transaction().setIsolationLevel('serializable').execute(async (target) => {
      await refuseUnlessEmpty(target)
      const tables: CopyProgress[] = []
      for (const table of COPIED_TABLES) {
        const plan = tablePlan(table, sourceColumns.get(table.name)!, targetColumns.get(table.name)!, from.dialect)
        let rows = 0
        for await (const batch of readBatches(source, plan, batchSize)) {
          await writeRows(target, plan, batch)
          rows += batch.length
          options.onProgress?.({ table: table.name, rows })
        }
        tables.push({ table: table.name, rows })
      }
      await to.continueGeneratedKeys?.(target)
      return { tables }
    }))
}

async function migrationsOf(db: AnyDb, side: string): Promise<string[]> {
  try {
    const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db)
    return rows.map((row) => row.name)
  } catch (error) {
    // SQLite: "no such table"; PostgreSQL: 42P01 undefined_table. Anything else (a lost connection) is not a refusal.
    if ((error as { code?: unknown }).code !== '42P01' && !/no such table/.test((error as Error).message)) throw error
    throw new CopyRefused(`the ${side} database has no migrations table: it is not an invoicing database`, { cause: error })
  }
}

async function refuseOtherMigrations(from: AnyDb, to: AnyDb): Promise<void> {
  const [source, target] = await Promise.all([migrationsOf(from, 'source'), migrationsOf(to, 'target')])
  if (source.join() !== target.join()) {
    const version = (names: string[]) => names.at(-1) ?? 'no migration'
    throw new CopyRefused(`the source database is at migration ${version(source)} and the target at ${version(target)}: `
      + 'both must be at the same version (migrate the older one with the same release of invoicing)')
  }
}

async function columnsByTable(db: AnyDb): Promise<Map<string, string[]>> {
  const tables = await db.introspection.getTables()
  // Derived tables (text indexes, counts) are not copied: the target derives its own from the rows copied.
  return new Map(tables.filter((table) => !table.isView && !isDerivedTable(table.name)).map((table) => [table.name, table.columns.map((column) => column.name)]))
}

/** The same tables with the same columns on both sides, `seq` aside (SQLite's rowid is implicit). */
function refuseOtherTables(source: Map<string, string[]>, target: Map<string, string[]>): void {
  const known = new Set<string>(COPIED_TABLES.map((table) => table.name))
  const unknown = [...source.keys()].find((name) => !known.has(name))
  if (unknown) throw new CopyRefused(`the source database has a table the copy does not know: ${unknown}`)
  for (const { name } of COPIED_TABLES) {
    const columns = (side: Map<string, string[]>) => (side.get(name) ?? []).filter((column) => column !== INSERTION_ORDER).sort().join()
    if (!source.has(name) || !target.has(name) || columns(source) !== columns(target)) {
      throw new CopyRefused(`the table ${name} differs between the source and the target database`)
    }
  }
}

async function refuseUnlessEmpty(target: AnyDb): Promise<void> {
  for (const { name } of COPIED_TABLES) {
    const found = await target.selectFrom(name).select(sql.lit(1).as('found')).limit(1).executeTakeFirst()
    if (found) throw new CopyRefused(`the target database is not empty (the table ${name} has rows): copy into an empty database only`)
  }
}

interface TablePlan {
  table: CopiedTable['name']
  /** What the source is read by, in order: the key columns of the rows read. */
  key: readonly string[]
  /** The same as expressions on the source: its insertion order where the row carries none. */
  keyOnSource: Expression<unknown>[]
  /** Everything read per row. */
  selection: Expression<unknown>[]
  /** The columns written. */
  written: string[]
  /** One insert's rows, within the parameters a statement may take. */
  rowsPerInsert: number
}

function tablePlan(table: CopiedTable, sourceColumns: string[], targetColumns: string[], sourceDialect: SqlDialect): TablePlan {
  const ordered = targetColumns.includes(INSERTION_ORDER)
  // SQLite keeps the insertion order of some tables only as the implicit rowid: read it as `seq`.
  const implicitOrder = ordered && !sourceColumns.includes(INSERTION_ORDER)
  const key = ordered ? [INSERTION_ORDER] : table.key
  const selection: Expression<unknown>[] = sourceColumns.map((column) => sql.ref(column))
  if (implicitOrder) selection.push(sql`${sourceDialect.insertionOrder} as ${sql.ref(INSERTION_ORDER)}`)
  const written = [...sourceColumns.filter((column) => targetColumns.includes(column)), ...(implicitOrder ? [INSERTION_ORDER] : [])]
  return {
    table: table.name,
    key,
    keyOnSource: key.map((column) => (implicitOrder && column === INSERTION_ORDER ? sourceDialect.insertionOrder : sql.ref(column))),
    selection,
    written,
    rowsPerInsert: Math.max(1, Math.floor(MAX_PARAMETERS / written.length)),
  }
}

/** The table's rows in key order, a batch at a time: each batch starts after the last key read. */
async function* readBatches(source: AnyDb, plan: TablePlan, batchSize: number): AsyncGenerator<Row[]> {
  let after: unknown[] | undefined
  for (;;) {
    let query = source.selectFrom(plan.table).select(plan.selection as never)
    if (after) {
      const last = after
      query = query.where(({ eb }) => eb(sql`(${sql.join(plan.keyOnSource)})`, '>', sql`(${sql.join(last)})`))
    }
    for (const expression of plan.keyOnSource) query = query.orderBy(expression as never)
    const rows = (await query.limit(batchSize).execute()) as Row[]
    if (rows.length === 0) return
    yield rows
    if (rows.length < batchSize) return
    const lastRow = rows.at(-1)!
    after = plan.key.map((column) => lastRow[column])
  }
}

async function writeRows(target: AnyDb, plan: TablePlan, rows: Row[]): Promise<void> {
  const values = rows.map((row) => valuesToWrite(plan, row))
  for (let start = 0; start < values.length; start += plan.rowsPerInsert) {
    try {
      await target.insertInto(plan.table).values(values.slice(start, start + plan.rowsPerInsert)).execute()
    } catch (error) {
      throw new Error(`copying the table ${plan.table} failed: ${(error as Error).message}`, { cause: error })
    }
  }
}

function valuesToWrite(plan: TablePlan, row: Row): Row {
  const values: Row = {}
  for (const column of plan.written) {
    const value = row[column]
    if (typeof value === 'string' && value.includes('\u0000')) {
      if (!SEARCHED_COLUMN_NAMES.has(column)) {
        throw new CopyRefused(`the column ${column} of ${plan.table} ${rowName(plan, row)} holds the character U+0000, `
          + 'which PostgreSQL cannot store: change that value in the source database and copy again')
      }
      values[column] = value.replaceAll('\u0000', '\u001f')
    } else {
      values[column] = value
    }
  }
  return values
}

/** The row as an operator finds it: by its id, or by its key where it has none. */
function rowName(plan: TablePlan, row: Row): string {
  if (typeof row.id === 'string') return `row id ${row.id}`
  const table = COPIED_TABLES.find((candidate) => candidate.name === plan.table)!
  return `row ${table.key.map((column) => `${column} ${String(row[column])}`).join(', ')}`
}
