import assert from 'node:assert/strict'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, it } from 'node:test'
import { companyActor, createInvoicing, type Storage } from '@invoicing/core'
import {
  aBlogPost, aFileDocument, aPayment, aProduct, aReminder, aWebhookAttempt, aWebhookDelivery, aWebhookEndpoint, createManualClock, createRecordingRenderer,
} from '@invoicing/core/testing'
import { copyDatabase, CopyRefused, type SqlDatabase } from '@invoicing/storage-sql'
import { createSqliteStorage, openSqliteDatabase } from '@invoicing/storage-sqlite'
import BetterSqlite3 from 'better-sqlite3'
import { createPostgresStorage, openPostgresDatabase } from '@invoicing/storage-postgres'
import { migratedTestDatabase, testDatabase, type TestDatabase } from '@invoicing/storage-postgres/testing'
import { migrateToLatest, migrationProvider } from './migrations'

const PAGE = { limit: 100, offset: 0 }

/**
 * A SQLite database with a little of everything, made through the engine where that is cheap and
 * through the storage port otherwise. The clock stands still: records of one instant are listed
 * by their insertion order alone, so the copy has to keep it.
 */
async function buildSqliteDatabase(filename: string) {
  const storage = await createSqliteStorage({ filename })
  const clock = createManualClock('2026-03-16T09:00:00.000Z')
  const invoicing = createInvoicing({ storage, clock, pdf: createRecordingRenderer() })
  const company = await invoicing.companies.create({ name: 'Kopie & Söhne GmbH', vatId: 'DE123456789' })
  const actor = companyActor(company.id)
  await invoicing.apiKeys.create(actor, { name: 'Buchhaltung' } as never)
  await invoicing.apiKeys.create(actor, { name: 'Shop' } as never)
  const customers = []
  for (const name of ['Ärztehaus Übersee', 'Bäckerei Zeilinger', 'Café Anton']) customers.push(await invoicing.customers.create(actor, { name, email: 'a@example.com' }))
  const [first, second] = customers as [typeof customers[number], typeof customers[number]]
  await invoicing.products.create(actor, { name: 'Wartung', unitPrice: '89.90', unit: 'h', lineType: 'SERVICE' })
  const precise = aProduct(company.id, { name: 'Präzise', unitPrice: '1234567890.123456', createdAt: clock.now().toISOString(), updatedAt: clock.now().toISOString() })
  await storage.transaction((tx) => tx.products.insert(precise))

  const draft = await invoicing.invoices.create(actor, { customerId: first.id, lines: [{ description: 'Schrauben', quantity: 3, unitPrice: '0.10' }] })
  const { invoice } = await invoicing.invoices.update(actor, draft.id, { status: 'SENT' })
  await invoicing.payments.record(actor, invoice.id, { amount: '0.30', paymentDate: '2026-03-16' })
  const credit = await invoicing.creditNotes.create(actor, { parentInvoiceId: invoice.id, lines: [{ description: 'Kulanz', unitPrice: '0.05' }] })
  await invoicing.creditNotes.update(actor, credit.id, { status: 'FINAL' })
  const quote = await invoicing.orderDocuments.create(actor, 'QUOTE', { customerId: second.id, lines: [{ description: 'Angebot', unitPrice: '999999999.99' }] })
  await invoicing.orderDocuments.update(actor, 'QUOTE', quote.id, { status: 'OPEN' })
  await invoicing.orderDocuments.convert(actor, 'QUOTE', quote.id, { target: 'INVOICE' } as never)
  await invoicing.recurringSchedules.create(actor, {
    name: 'Wartungsvertrag', customerId: second.id, startDate: '2026-03-16', template: { lines: [{ description: 'Monatlich', unitPrice: '49.00' }] },
  } as never)
  await invoicing.scheduler.runOnce({ companyId: company.id } as never)
  await invoicing.exports.create(actor, 'CSV', { entity: 'customers' } as never)

  const endpoint = aWebhookEndpoint(company.id)
  const delivery = aWebhookDelivery(company.id, endpoint.id)
  await storage.transaction(async (tx) => {
    await tx.webhookEndpoints.insert(endpoint)
    await tx.webhookDeliveries.insert(delivery)
    await tx.webhookDeliveries.appendAttempt(aWebhookAttempt(delivery))
    // Money as the port may hold it: the engine writes '0.3', the storage keeps any scale.
    await tx.payments.insert(aPayment(company.id, invoice.id, { amount: '0.30', createdAt: clock.now().toISOString(), updatedAt: clock.now().toISOString() }))
    await tx.reminders.insert(aReminder(company.id, invoice.id, { fee: '5.00', interestRate: '9.12' }))
    await tx.fileDocuments.insert(aFileDocument(company.id, { title: 'Vertrag' }))
    await tx.fileDocuments.insert(aFileDocument(company.id, { title: 'Lieferschein' }))
    await tx.blog.insertPost(aBlogPost({ title: 'Umzug auf PostgreSQL' }))
  })
  await invoicing.close()
  await storage.close()
  return { companyId: company.id, invoiceId: invoice.id }
}

/** Everything the port reads of the company, through every list and get the copy touches. */
async function readAll(storage: Storage, companyId: string) {
  const invoices = await storage.invoices.list(companyId, { ...PAGE } as never)
  const orderDocuments = await storage.orderDocuments.list(companyId, { ...PAGE, documentType: 'QUOTE' })
  const schedules = await storage.recurringSchedules.list(companyId, { ...PAGE } as never)
  const endpoints = await storage.webhookEndpoints.list(companyId)
  const exports = await storage.exports.list(companyId, { ...PAGE } as never)
  const files = await storage.fileDocuments.list(companyId, { ...PAGE } as never)
  return {
    company: await storage.companies.get(companyId),
    apiKeys: await storage.apiKeys.listByCompany(companyId),
    customers: await storage.customers.list(companyId, { ...PAGE }),
    customerSearch: await storage.customers.list(companyId, { ...PAGE, search: 'übersee' }),
    products: await storage.products.list(companyId, { ...PAGE }),
    invoices,
    invoiceDetails: await Promise.all(invoices.items.map((invoice) => storage.invoices.get(companyId, invoice.id))),
    payments: await storage.payments.listByInvoices(companyId, invoices.items.map((invoice) => invoice.id)),
    reminders: await Promise.all(invoices.items.map((invoice) => storage.reminders.listByInvoice(companyId, invoice.id))),
    versions: await Promise.all(invoices.items.map((invoice) => storage.documentVersions.list(companyId, invoice.id))),
    orderDocuments,
    orderDocumentDetails: await Promise.all(orderDocuments.items.map((document) => storage.orderDocuments.get(companyId, document.id))),
    schedules,
    occurrences: await Promise.all(schedules.items.map((schedule) => storage.recurringSchedules.listOccurrences(companyId, schedule.id, PAGE))),
    endpoints,
    attempts: await Promise.all(endpoints.map((endpoint) => storage.webhookDeliveries.listAttempts(companyId, endpoint.id, PAGE))),
    exports,
    exportDetails: await Promise.all(exports.items.map((made) => storage.exports.get(companyId, made.id))),
    files,
    events: await storage.events.list(companyId, PAGE),
    audit: await storage.audit.list(companyId, { ...PAGE } as never),
    usage: await storage.usage.get(companyId, '2026-03'),
    invoiceNumbers: await storage.sequences.current(companyId, 'INVOICE'),
    blog: await storage.blog.listPosts({ ...PAGE } as never),
  }
}

const countRows = (db: BetterSqlite3.Database, table: string) => (db.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n

describe('copying a SQLite database to PostgreSQL', () => {
  let folder: string
  let sqliteFile: string
  let built: Awaited<ReturnType<typeof buildSqliteDatabase>>
  const databases: TestDatabase[] = []
  const opened: SqlDatabase[] = []

  async function open(database?: TestDatabase) {
    const target = database ?? await migratedTestDatabase()
    if (!database) databases.push(target)
    const source = await openSqliteDatabase(sqliteFile)
    const to = await openPostgresDatabase({ url: target.url })
    opened.push(source, to)
    return { source, to, url: target.url }
  }

  before(async () => {
    folder = mkdtempSync(join(tmpdir(), 'invoicing-copy-'))
    sqliteFile = join(folder, 'source.sqlite')
    built = await buildSqliteDatabase(sqliteFile)
  })
  after(async () => {
    for (const database of opened) await database.close()
    for (const database of databases) await database.drop()
    rmSync(folder, { recursive: true, force: true })
  })

  it('copies every row: the port reads the same on both, money to the last digit, and new records list after the copied ones', async () => {
    const { source, to, url } = await open()
    const progress: string[] = []
    // Batches of two: every table with more rows is read in several pages of its key.
    const result = await copyDatabase(source, to, { batchSize: 2, onProgress: ({ table }) => progress.push(table) })
    const copied = new Map(result.tables.map(({ table, rows }) => [table, rows]))
    const sqlite = new BetterSqlite3(sqliteFile, { readonly: true })
    for (const [table, rows] of copied) assert.equal(rows, countRows(sqlite, table), `rows of ${table}`)
    sqlite.close()
    assert.ok(copied.get('invoice')! >= 4 && copied.get('recurring_occurrence')! >= 1 && copied.get('export_file') === 1, JSON.stringify(result.tables))
    assert.ok(progress.includes('payment'))

    const sqliteStorage = await createSqliteStorage({ filename: sqliteFile })
    const postgres = await createPostgresStorage({ url })
    try {
      const before = await readAll(sqliteStorage, built.companyId)
      const after = await readAll(postgres, built.companyId)
      assert.deepEqual(after, before)
      assert.equal(after.customers.items.length, 3)
      assert.equal(after.customerSearch.items.length, 1)
      assert.ok(after.products.items.some((product) => product.unitPrice === '1234567890.123456'))
      assert.deepEqual(after.payments.map((payment) => payment.amount).sort(), ['0.3', '0.30'])

      // The clock stands still: only the insertion order puts the new customer first.
      const clock = createManualClock('2026-03-16T09:00:00.000Z')
      const invoicing = createInvoicing({ storage: postgres, clock })
      const actor = companyActor(built.companyId)
      const added = await invoicing.customers.create(actor, { name: 'Neu nach dem Umzug' })
      const listed = await postgres.customers.list(built.companyId, { ...PAGE })
      assert.deepEqual(listed.items.map((customer) => customer.id), [added.id, ...before.customers.items.map((customer) => customer.id)])
      const draft = await invoicing.invoices.create(actor, { customerId: added.id, lines: [{ description: 'Erste auf PostgreSQL', unitPrice: '1' }] })
      assert.equal((await postgres.invoices.list(built.companyId, { ...PAGE } as never)).items[0]!.id, draft.id)
      await invoicing.close()
    } finally {
      await sqliteStorage.close()
      await postgres.close()
    }
  })

  it('refuses a target that is not empty and leaves it as it was', async () => {
    const database = await migratedTestDatabase()
    databases.push(database)
    const { source, to } = await open(database)
    await copyDatabase(source, to)
    const postgres = await createPostgresStorage({ url: database.url })
    const before = await readAll(postgres, built.companyId)
    await assert.rejects(copyDatabase(source, to), (error: unknown) =>
      error instanceof CopyRefused && /^the target database is not empty \(the table company has rows\)/.test(error.message))
    assert.deepEqual(await readAll(postgres, built.companyId), before)
    await postgres.close()
  })

  it('writes U+0000 in search columns as U+001F, and refuses it anywhere else naming the table, column and row', async () => {
    const sqlite = new BetterSqlite3(sqliteFile)
    const customer = sqlite.prepare('select id, search_text from customer order by rowid limit 1').get() as { id: string; search_text: string }
    // How rows written by earlier versions separate the fields of their search text.
    const oldSearchText = `${customer.search_text}\u0000k-1`
    sqlite.prepare('update customer set search_text = ? where id = ?').run(oldSearchText, customer.id)
    try {
      const { source, to, url } = await open()
      await copyDatabase(source, to)
      const postgres = await createPostgresStorage({ url })
      const rows = await to.db.selectFrom('customer').select('search_text').where('id', '=', customer.id).execute()
      assert.deepEqual(rows, [{ search_text: oldSearchText.replaceAll('\u0000', '\u001f') }])
      assert.equal((await postgres.customers.list(built.companyId, { ...PAGE, search: 'übersee' })).items.length, 1)
      await postgres.close()

      sqlite.prepare('update customer set notes = ? where id = ?').run('Tür\u0000klemmt', customer.id)
      const refused = await open()
      await assert.rejects(copyDatabase(refused.source, refused.to), (error: unknown) => error instanceof CopyRefused
        && error.message.startsWith(`the column notes of customer row id ${customer.id} holds the character U+0000`))
      const counts = await refused.to.db.selectFrom('company').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
      assert.equal(Number(counts.n), 0, 'the refused copy left nothing behind')
    } finally {
      sqlite.prepare('update customer set search_text = ?, notes = null where id = ?').run(customer.search_text, customer.id)
      sqlite.close()
    }
  })

  it('refuses databases at different migration versions, or one that is no invoicing database, before writing anything', async () => {
    const database = await testDatabase()
    databases.push(database)
    const to = await openPostgresDatabase({ url: database.url, migrate: false })
    const source = await openSqliteDatabase(sqliteFile)
    opened.push(source, to)
    const migrations = Object.entries(await migrationProvider.getMigrations())
    await migrateToLatest(to.db, { getMigrations: async () => Object.fromEntries(migrations.slice(0, -1)) })
    const [latest, previous] = [migrations.at(-1)![0], migrations.at(-2)![0]]
    await assert.rejects(copyDatabase(source, to), (error: unknown) => error instanceof CopyRefused
      && error.message.startsWith(`the source database is at migration ${latest} and the target at ${previous}: both must be at the same version`))
    assert.equal((await to.db.selectFrom('company').selectAll().execute()).length, 0)

    const emptyFile = join(folder, 'empty.sqlite')
    new BetterSqlite3(emptyFile).close()
    const empty = await openSqliteDatabase(emptyFile, { migrate: false })
    opened.push(empty)
    await assert.rejects(copyDatabase(empty, to), (error: unknown) => error instanceof CopyRefused
      && error.message === 'the source database has no migrations table: it is not an invoicing database')
  })
})
