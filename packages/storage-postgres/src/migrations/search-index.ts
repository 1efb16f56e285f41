import { sql, type Kysely } from 'kysely'

/**
 * A `pg_trgm` GIN index on a folded search column, so a contains-search (`like '%…%'`) reads
 * the index instead of every row. Without the extension (not installed on the server, or the
 * role may not create it) there is no index and a search scans: slower, same results. The
 * attempt runs in a savepoint, so its failure leaves the migration's transaction usable.
 */
export async function addSearchIndex(db: Kysely<any>, table: string, column: string): Promise<void> {
  if (!(await trigramsAvailable(db))) return
  await sql`create index if not exists ${sql.id(`${table}_${column}_trgm`)} on ${sql.table(table)} using gin (${sql.ref(column)} gin_trgm_ops)`.execute(db)
}

async function trigramsAvailable(db: Kysely<any>): Promise<boolean> {
  const created = async () => sql`create extension if not exists pg_trgm`.execute(db)
  if (!db.isTransaction) {
    try {
      await created()
      return true
    } catch {
      return false
    }
  }
  await sql`savepoint pg_trgm_extension`.execute(db)
  try {
    await created()
    await sql`release savepoint pg_trgm_extension`.execute(db)
    return true
  } catch {
    await sql`rollback to savepoint pg_trgm_extension`.execute(db)
    return false
  }
}
