import assert from 'node:assert/strict'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, it } from 'node:test'
import BetterSqlite3 from 'better-sqlite3'
import { Kysely, Migrator, PostgresDialect, sql, type Migration, type MigrationProvider } from 'kysely'
import pg from 'pg'
import { foldForSearch } from '@invoicing/core'
import { DOCUMENT_COUNT_TABLES } from '@invoicing/storage-sql'
import { createSqliteStorage } from '@invoicing/storage-sqlite'
import { migrateToLatest, migrationProvider } from './migrations'
import { testDatabase, type TestDatabase } from './testing'

const MIGRATION_NAMES = Object.keys(await migrationProvider.getMigrations()).sort()
const KYSELY_TABLES = new Set(['kysely_migration', 'kysely_migration_lock'])

type Schema = { columns: unknown[]; indexes: unknown[]; constraints: unknown[] }

const opened: Kysely<any>[] = []
function connect(database: Pick<TestDatabase, 'url'>): Kysely<any> {
  const db = new Kysely<any>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: database.url, max: 2 }) }) })
  opened.push(db)
  return db
}

async function migrateTo(db: Kysely<any>, name: string): Promise<void> {
  const { error } = await new Migrator({ db, provider: migrationProvider }).migrateTo(name)
  assert.ifError(error)
}

/** Every column (type, nullability, default, identity), index and constraint of the database's own tables. */
async function schemaOf(db: Kysely<any>): Promise<Schema> {
  const { rows: columns } = await sql`select table_name, column_name, data_type, is_nullable, column_default, is_identity
    from information_schema.columns where table_schema = current_schema() order by table_name, column_name`.execute(db)
  const { rows: indexes } = await sql`select tablename, indexname, indexdef from pg_indexes
    where schemaname = current_schema() order by tablename, indexname`.execute(db)
  const { rows: constraints } = await sql`select conrelid::regclass::text as table_name, conname, pg_get_constraintdef(oid) as definition
    from pg_constraint where connamespace = current_schema()::regnamespace order by 1, 2`.execute(db)
  return { columns, indexes, constraints }
}

async function appliedMigrations(db: Kysely<any>): Promise<string[]> {
  return (await db.selectFrom('kysely_migration').select('name').orderBy('name').execute()).map((row) => row.name as string)
}

/** Table name → its column names, sorted, leaving out the migrator's tables. */
function columnNames(rows: { table: string; column: string }[]): Map<string, string[]> {
  const tables = new Map<string, string[]>()
  for (const { table, column } of rows) {
    if (KYSELY_TABLES.has(table)) continue
    tables.set(table, [...(tables.get(table) ?? []), column].sort())
  }
  return new Map([...tables].sort(([a], [b]) => a.localeCompare(b)))
}

/** A plain value of a column's type, and the ids of the one row each table gets, so references hold. */
const PLAIN: Record<string, unknown> = {
  text: 'Müller & Söhne', integer: 1, bigint: 1, numeric: '0.30', boolean: true, date: '2026-01-02',
  'timestamp with time zone': '2026-01-02T03:04:05.678Z', jsonb: '{"k":"v"}',
}
// Values some migration reads: a completed idempotency answer stays, a version snapshot is
// parsed, a folded number gets its stem.
const READ_BY_MIGRATIONS: Record<string, unknown> = {
  state: 'completed', snapshot: JSON.stringify({ invoice: { lines: [] }, parentInvoice: null }), search_number: 're-2026-0001',
}

/**
 * One row in every table there is, as the database's version wrote it: each column a plain
 * value of its type, ids `<table>-1`, references naming the row of the table they reference.
 */
async function fillEveryTable(db: Kysely<any>): Promise<string[]> {
  const { rows: columns } = await sql<{ table: string; column: string; type: string; identity: string }>`
    select c.table_name as "table", c.column_name as "column", c.data_type as type, c.is_identity as identity
    from information_schema.columns c join information_schema.tables t using (table_schema, table_name)
    where c.table_schema = current_schema() and t.table_type = 'BASE TABLE' order by c.ordinal_position`.execute(db)
  const { rows: references } = await sql<{ table: string; column: string; target: string }>`
    select c.conrelid::regclass::text as "table", a.attname as "column", c.confrelid::regclass::text as target
    from pg_constraint c join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any (c.conkey)
    where c.contype = 'f' and c.connamespace = current_schema()::regnamespace`.execute(db)
  const referenced = new Map(references.map(({ table, column, target }) => [`${table}.${column}`, `${target}-1`]))
  const rows = new Map<string, Record<string, unknown>>()
  for (const { table, column, type, identity } of columns) {
    if (KYSELY_TABLES.has(table) || identity === 'YES') continue
    const row = rows.get(table) ?? rows.set(table, {}).get(table)!
    row[column] = referenced.get(`${table}.${column}`) ?? (column === 'id' ? `${table}-1` : column === 'company_id' ? 'company-1' : undefined)
      ?? READ_BY_MIGRATIONS[column] ?? PLAIN[type]
  }
  // Referenced tables first: the order the migrations created them in.
  const { rows: created } = await sql<{ table: string }>`select relname as "table" from pg_class
    where relnamespace = current_schema()::regnamespace and relkind = 'r' order by oid`.execute(db)
  const tables = created.map(({ table }) => table).filter((table) => rows.has(table))
  for (const table of tables) await db.insertInto(table).values(rows.get(table)!).execute()
  return tables
}

describe('postgres migrations', { timeout: 120_000 }, () => {
  let fresh: Schema
  let databases: TestDatabase[] = []
  const database = async () => {
    const created = await testDatabase()
    databases.push(created)
    return created
  }

  before(async () => {
    const db = connect(await database())
    await migrateToLatest(db)
    fresh = await schemaOf(db)
  })
  after(async () => {
    await Promise.all(opened.map((db) => db.destroy()))
    await Promise.all(databases.map((each) => each.drop()))
    databases = []
  })

  it('migrate an empty database to the tables and columns SQLite has, plus `seq` where PostgreSQL needs an insertion order', async () => {
    const db = connect(await database())
    await migrateToLatest(db)
    assert.deepEqual(await appliedMigrations(db), MIGRATION_NAMES)
    const { rows } = await sql<{ table: string; column: string }>`select table_name as "table", column_name as "column"
      from information_schema.columns where table_schema = current_schema()`.execute(db)
    const postgres = columnNames(rows)

    const folder = mkdtempSync(join(tmpdir(), 'invoicing-pg-migrations-'))
    try {
      const filename = join(folder, 'schema.sqlite')
      await (await createSqliteStorage({ filename })).close()
      const raw = new BetterSqlite3(filename, { readonly: true })
      // SQLite's search indexes are FTS5 tables (virtual, with shadow tables); PostgreSQL's are
      // indexes. SQLite keeps counts of the documents; PostgreSQL counts the rows.
      const tables = raw.prepare(`select name from pragma_table_list where schema = 'main' and type = 'table' and name not like 'sqlite_%'`).all() as { name: string }[]
      const counts: readonly string[] = DOCUMENT_COUNT_TABLES
      const sqlite = columnNames(tables.filter(({ name }) => !counts.includes(name)).flatMap(({ name }) =>
        (raw.pragma(`table_info(${name})`) as { name: string }[]).map((column) => ({ table: name, column: column.name }))))
      raw.close()

      assert.deepEqual([...postgres.keys()], [...sqlite.keys()])
      const addedOrder = [...postgres].filter(([table, names]) => names.includes('seq') && !sqlite.get(table)!.includes('seq')).map(([table]) => table)
      assert.deepEqual(addedOrder, ['api_key', 'audit_entry', 'customer', 'document_category', 'product', 'webhook_attempt', 'webhook_delivery', 'webhook_endpoint'])
      for (const [table, names] of postgres) {
        assert.deepEqual(names.filter((name) => name !== 'seq' || sqlite.get(table)!.includes('seq')), sqlite.get(table), table)
      }
    } finally {
      rmSync(folder, { recursive: true, force: true })
    }
  })

  it('the folded search columns get trigram indexes', async () => {
    const trigram = (fresh.indexes as { indexname: string; indexdef: string }[]).filter(({ indexdef }) => indexdef.includes('gin_trgm_ops'))
    assert.deepEqual(trigram.map(({ indexname }) => indexname).sort(), [
      'blog_post_search_text_trgm', 'customer_search_name_trgm', 'customer_search_text_trgm', 'file_document_search_text_trgm',
      'invoice_search_number_trgm', 'order_document_search_number_trgm', 'product_search_text_trgm', 'recurring_schedule_search_name_trgm',
    ])
  })

  it('where the role may not create pg_trgm, the migrations succeed all the same, without the trigram indexes', async (t) => {
    const target = await database()
    const owner = connect(target)
    const { rows: [found] } = await sql<{ superuser: boolean }>`select rolsuper as superuser from pg_roles where rolname = current_user`.execute(owner)
    if (!found?.superuser) return t.skip('needs a superuser to create a role without the right to create extensions')
    const role = `no_extensions_${Math.random().toString(36).slice(2, 10)}`
    await sql`create role ${sql.id(role)} login password 'no-extensions'`.execute(owner)
    // It may create tables in the schema, but not extensions in the database.
    await sql`grant create on schema public to ${sql.id(role)}`.execute(owner)
    try {
      const url = new URL(target.url)
      Object.assign(url, { username: role, password: 'no-extensions' })
      const limited = connect({ url: url.toString() })
      await migrateToLatest(limited)
      const schema = await schemaOf(limited)
      await limited.destroy()
      opened.splice(opened.indexOf(limited), 1)
      const { rows: extensions } = await sql`select extname from pg_extension where extname = 'pg_trgm'`.execute(owner)
      assert.deepEqual(extensions, [])
      const withoutTrigrams = (fresh.indexes as { indexdef: string }[]).filter(({ indexdef }) => !indexdef.includes('gin_trgm_ops'))
      assert.deepEqual(schema, { ...fresh, indexes: withoutTrigrams })
    } finally {
      await sql`reassign owned by ${sql.id(role)} to current_user`.execute(owner)
      await sql`drop owned by ${sql.id(role)}`.execute(owner)
      await sql`drop role ${sql.id(role)}`.execute(owner)
    }
  })

  for (const [index, name] of MIGRATION_NAMES.slice(0, -1).entries()) {
    it(`upgrade from ${name}, with a row in every table, to the schema an empty database gets`, async () => {
      const db = connect(await database())
      await migrateTo(db, name)
      const filled = await fillEveryTable(db)
      await migrateToLatest(db)
      assert.deepEqual(await schemaOf(db), fresh)
      assert.deepEqual(await appliedMigrations(db), MIGRATION_NAMES)
      for (const table of filled) {
        const { count } = await db.selectFrom(table).select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow()
        assert.equal(Number(count), 1, `the row of ${table} stored at ${name} is kept`)
      }
      for (const table of ['invoice', 'order_document'].filter((each) => filled.includes(each))) {
        const { number_stem } = await db.selectFrom(table).select('number_stem').executeTakeFirstOrThrow()
        assert.equal(number_stem, 're-2026-', `the ${table} stored at ${name} gets its number's stem`)
      }
      if (index === 0) {
        const customer = await db.selectFrom('customer').select(['name', 'search_name']).executeTakeFirstOrThrow()
        assert.equal(customer.search_name, foldForSearch(customer.name), 'customers stored before 0002 get their folded name')
      }
    })
  }

  it('0009 moves the links of documents into one column and drops only the metadata keys the conversion wrote', async () => {
    const db = connect(await database())
    await migrateTo(db, '0008-credited-lines')
    await fillEveryTable(db)
    const document = (id: string, values: Record<string, unknown>) =>
      db.insertInto('invoice').values({ ...values, id, invoice_number: `N-${id}` }).execute()
    const template = await db.selectFrom('invoice').selectAll().executeTakeFirstOrThrow()
    const { seq: _seq, id: _id, invoice_number: _number, ...plain } = template
    await db.updateTable('invoice').set({ parent_invoice_id: null, source_type: null, source_id: null, metadata: '{}' }).execute()
    await document('pf', { ...plain, invoice_type: 'PROFORMA', parent_invoice_id: null, source_type: null, source_id: null, metadata: JSON.stringify({ convertedToInvoiceId: 'in', shop: 7 }) })
    await document('in', { ...plain, invoice_type: 'INVOICE', parent_invoice_id: null, source_type: 'PROFORMA', source_id: 'pf', metadata: JSON.stringify({ convertedFromProformaId: 'pf' }) })
    await document('own', { ...plain, invoice_type: 'PROFORMA', parent_invoice_id: null, source_type: null, source_id: null, metadata: JSON.stringify({ convertedToInvoiceId: 'written-by-the-caller' }) })
    await document('cn', { ...plain, invoice_type: 'CREDIT_NOTE', parent_invoice_id: 'in', source_type: null, source_id: null, metadata: '{}' })
    await db.insertInto('idempotency_key').values({
      company_id: 'company-1', key: 'pending-key', fingerprint: 'f', state: 'pending', claim_expires_at: '2026-01-01T00:00:00Z', response_body: 'null', created_at: '2026-01-01T00:00:00Z',
    }).execute()

    await migrateToLatest(db)
    const documents = await db.selectFrom('invoice').select(['id', 'metadata', 'preceding_document_type', 'preceding_document_id'])
      .where('id', 'in', ['pf', 'in', 'own', 'cn']).orderBy('id').execute()
    assert.deepEqual(documents, [
      { id: 'cn', metadata: {}, preceding_document_type: 'INVOICE', preceding_document_id: 'in' },
      { id: 'in', metadata: {}, preceding_document_type: 'PROFORMA', preceding_document_id: 'pf' },
      { id: 'own', metadata: { convertedToInvoiceId: 'written-by-the-caller' }, preceding_document_type: null, preceding_document_id: null },
      { id: 'pf', metadata: { shop: 7 }, preceding_document_type: null, preceding_document_id: null },
    ])
    const keys = await db.selectFrom('idempotency_key').select('key').execute()
    assert.deepEqual(keys, [{ key: 'Müller & Söhne' }], 'the claim left pending is dropped, the answered key stays')
    const { snapshot } = await db.selectFrom('document_version').select('snapshot').executeTakeFirstOrThrow()
    assert.deepEqual(JSON.parse(snapshot), { invoice: { lines: [], precedingDocument: null }, parentInvoice: null })
  })

  it('a migration that fails leaves the schema as it was: no table of it, no record of it', async () => {
    const db = connect(await database())
    await migrateToLatest(db)
    const broken: Migration = {
      async up(trx: Kysely<any>) {
        await trx.schema.createTable('half_built').addColumn('id', 'text').execute()
        throw new Error('the migration fails after its first statement')
      },
    }
    const provider: MigrationProvider = { getMigrations: async () => ({ ...(await migrationProvider.getMigrations()), '9999-broken': broken }) }
    await assert.rejects(migrateToLatest(db, provider), /fails after its first statement/)
    assert.deepEqual(await schemaOf(db), fresh)
    assert.deepEqual(await appliedMigrations(db), MIGRATION_NAMES)
  })

  it('a failing migration takes the ones before it in the same run back too: the schema stays at the version it had', async () => {
    const db = connect(await database())
    // Three versions back: of the two after it, 0021 only adds trigram indexes that exist already where pg_trgm does.
    await migrateTo(db, MIGRATION_NAMES.at(-3)!)
    const before = await schemaOf(db)
    const failing = { ...(await migrationProvider.getMigrations()), '9999-broken': { async up() { throw new Error('broken') } } }
    await assert.rejects(migrateToLatest(db, { getMigrations: async () => failing }), /broken/)
    assert.deepEqual(await schemaOf(db), before)
    assert.deepEqual(await appliedMigrations(db), MIGRATION_NAMES.slice(0, -2))
    assert.notDeepEqual(before, fresh, `${MIGRATION_NAMES.at(-2)} is not applied`)
  })

  it('two hosts migrating one empty database at once both succeed, and the schema is built once', async () => {
    const target = await database()
    const [first, second] = [connect(target), connect(target)]
    await Promise.all([migrateToLatest(first), migrateToLatest(second)])
    assert.deepEqual(await schemaOf(first), fresh)
    assert.deepEqual(await appliedMigrations(second), MIGRATION_NAMES)
  })
})
