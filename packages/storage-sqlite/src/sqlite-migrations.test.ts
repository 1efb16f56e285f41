import assert from 'node:assert/strict'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, it } from 'node:test'
import BetterSqlite3 from 'better-sqlite3'
import { Kysely, Migrator, SqliteDialect } from 'kysely'
import { DEFAULT_NUMBER_RANGES } from '@invoicing/core'
import { aBlogPost, aFileDocument, anOrderDocument, aRecurringSchedule } from '@invoicing/core/testing'
import { createSqliteStorage } from './create-sqlite-storage'
import type { Database } from '@invoicing/storage-sql'
import { migrationProvider } from './migrations'

/** Opens `filename` at the schema of migration `name` (and everything before it). */
async function migrateTo(filename: string, name: string): Promise<void> {
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: new BetterSqlite3(filename) }) })
  const { error } = await new Migrator({ db, provider: migrationProvider }).migrateTo(name)
  assert.ifError(error)
  await db.destroy()
}

/** Inserts a row as an older version wrote it: `values`, and a plain value in every other required column. */
function insertRow(raw: BetterSqlite3.Database, table: string, values: Record<string, unknown>): void {
  const columns = raw.prepare(`pragma table_info(${table})`).all() as { name: string; type: string; notnull: number; dflt_value: unknown; pk: number }[]
  const row: Record<string, unknown> = {}
  for (const column of columns) {
    if (column.name in values) row[column.name] = values[column.name]
    else if (column.notnull && column.dflt_value === null) row[column.name] = column.type.toLowerCase() === 'integer' ? 0 : column.name === 'tax_breakdown' ? '[]' : '{}'
  }
  const names = Object.keys(row)
  raw.prepare(`insert into ${table} (${names.join(', ')}) values (${names.map((name) => `@${name}`).join(', ')})`).run(row)
}

describe('sqlite migrations: links between documents (0009) and answered keys (0010)', () => {
  let folder: string
  before(() => { folder = mkdtempSync(join(tmpdir(), 'invoicing-migrations-')) })
  after(() => rmSync(folder, { recursive: true, force: true }))

  it('move the links of documents, lines and archived versions, and keep what callers wrote themselves', async () => {
    const filename = join(folder, 'links.sqlite')
    await migrateTo(filename, '0008-credited-lines')
    const raw = new BetterSqlite3(filename)
    insertRow(raw, 'company', { id: 'co', name: 'Firma', country: 'DE', plan: 'ENTERPRISE', time_zone: 'Europe/Berlin', created_at: '2026-01-01', updated_at: '2026-01-01' })
    insertRow(raw, 'customer', { id: 'cu', company_id: 'co', customer_number: 'KD-1', name: 'Kunde', country: 'DE', created_at: '2026-01-01', updated_at: '2026-01-01' })
    const document = (id: string, values: Record<string, unknown>) => insertRow(raw, 'invoice', {
      id, company_id: 'co', customer_id: 'cu', invoice_number: `N-${id}`, search_number: `n-${id}`, status: 'SENT', issue_date: '2026-01-02',
      due_date: '2026-01-16', document_locale: 'de', currency: 'EUR', net_total: '100.00', tax_total: '19.00', gross_total: '119.00',
      tax_exemption_reason: 'NONE', tax_country: 'DE', delivery_country: 'DE', created_at: `2026-01-02T00:00:0${id.length}Z`, updated_at: '2026-01-02', ...values,
    })
    document('pf', { invoice_type: 'PROFORMA', metadata: JSON.stringify({ convertedToInvoiceId: 'in', shop: 7 }) })
    document('in', { invoice_type: 'INVOICE', source_type: 'PROFORMA', source_id: 'pf', metadata: JSON.stringify({ convertedFromProformaId: 'pf' }) })
    document('own', { invoice_type: 'PROFORMA', metadata: JSON.stringify({ convertedToInvoiceId: 'written-by-the-caller' }) })
    document('cn', { invoice_type: 'CREDIT_NOTE', parent_invoice_id: 'in', credit_note_reason: 'RETURN', metadata: '{}' })
    insertRow(raw, 'invoice_line', { invoice_id: 'in', position: 0, id: 'line-in', line_type: 'SERVICE', quantity: '1', unit_price: '100', discount: '0', tax_rate: '19', net_amount: '100.00' })
    insertRow(raw, 'invoice_line', {
      invoice_id: 'cn', position: 0, id: 'line-cn', line_type: 'SERVICE', quantity: '-1', unit_price: '100', discount: '0', tax_rate: '19', net_amount: '-100.00', credited_line_id: 'line-in',
    })
    const oldDocument = (id: string, links: object) => ({ id, invoiceNumber: `N-${id}`, invoiceType: 'CREDIT_NOTE', metadata: { note: 1 }, lines: [{ id: 'l', creditedLineId: 'line-in' }], ...links })
    insertRow(raw, 'document_version', {
      id: 'v1', company_id: 'co', invoice_id: 'cn', version_number: 1, change_type: 'INITIAL', created_at: '2026-01-03', created_by: 'key',
      snapshot: JSON.stringify({ invoice: oldDocument('cn', { parentInvoiceId: 'in', source: null }), parentInvoice: { ...oldDocument('in', { parentInvoiceId: null, source: { type: 'PROFORMA', id: 'pf' } }), invoiceType: 'INVOICE' }, company: {}, customer: {} }),
    })
    insertRow(raw, 'idempotency_key', { company_id: 'co', key: 'pending-key', fingerprint: 'f', state: 'pending', claim_expires_at: '2026-01-01', response_body: 'null', created_at: '2026-01-01' })
    insertRow(raw, 'idempotency_key', { company_id: 'co', key: 'answered-key', fingerprint: 'f', state: 'completed', claim_expires_at: '2026-01-01', response_status: 201, response_body: '{"body":{"ok":true}}', created_at: '2026-01-01' })
    raw.close()

    const storage = await createSqliteStorage({ filename })
    const [proforma, invoice, own, creditNote] = await Promise.all(['pf', 'in', 'own', 'cn'].map((id) => storage.invoices.get('co', id)))
    assert.deepEqual([proforma!.metadata, invoice!.metadata, own!.metadata], [{ shop: 7 }, {}, { convertedToInvoiceId: 'written-by-the-caller' }])
    assert.deepEqual([invoice!.precedingDocument, creditNote!.precedingDocument, proforma!.precedingDocument],
      [{ documentType: 'PROFORMA', id: 'pf' }, { documentType: 'INVOICE', id: 'in' }, null])
    assert.deepEqual(creditNote!.lines.map((line) => line.sourceLineId), ['line-in'])
    assert.deepEqual((await storage.invoices.summariesDerivedFrom('co', ['pf', 'in'])).map((each) => [each.id, each.precedingDocumentId]), [['in', 'pf'], ['cn', 'in']])
    const { snapshot } = (await storage.documentVersions.get('co', 'cn', 1))!
    assert.deepEqual([snapshot.invoice.number, snapshot.invoice.documentType, snapshot.invoice.precedingDocument, snapshot.invoice.lines[0]!.sourceLineId, snapshot.invoice.metadata],
      ['N-cn', 'CREDIT_NOTE', { documentType: 'INVOICE', id: 'in' }, 'line-in', { note: 1 }])
    assert.deepEqual([snapshot.parentInvoice!.documentType, snapshot.parentInvoice!.precedingDocument], ['INVOICE', { documentType: 'PROFORMA', id: 'pf' }])
    assert.equal(await storage.idempotency.get('co', 'pending-key'), undefined, 'a claim left pending is dropped, so its key is free')
    assert.deepEqual((await storage.idempotency.get('co', 'answered-key'))?.responseBody, { body: { ok: true } })
    await storage.close()
  })
})

describe('sqlite migrations: order documents (0012)', () => {
  let folder: string
  before(() => { folder = mkdtempSync(join(tmpdir(), 'invoicing-migrations-')) })
  after(() => rmSync(folder, { recursive: true, force: true }))

  it('upgrades a database at 0011: its company reads with the new number ranges and quote validity, and documents keep working', async () => {
    const filename = join(folder, 'orders.sqlite')
    await migrateTo(filename, '0011-delivery-leases')
    const raw = new BetterSqlite3(filename)
    const ownInvoiceRange = { format: 'R{YYYY}/{SEQ:4}', resetYearly: false }
    const ranges = { ...DEFAULT_NUMBER_RANGES, INVOICE: ownInvoiceRange } as Record<string, unknown>
    for (const type of ['QUOTE', 'ORDER_CONFIRMATION', 'DELIVERY_NOTE', 'ORDER']) delete ranges[type]
    insertRow(raw, 'company', {
      id: 'co', name: 'Firma', country: 'DE', plan: 'ENTERPRISE', default_locale: 'de', default_interest_rate: '9.12', time_zone: 'Europe/Berlin',
      number_ranges: JSON.stringify(ranges), created_at: '2026-01-01', updated_at: '2026-01-01',
    })
    insertRow(raw, 'customer', { id: 'cu', company_id: 'co', customer_number: 'KD-1', name: 'Kunde', country: 'DE', created_at: '2026-01-01', updated_at: '2026-01-01' })
    insertRow(raw, 'invoice', {
      id: 'in', company_id: 'co', customer_id: 'cu', invoice_number: 'RE-1', search_number: 're-1', invoice_type: 'INVOICE', status: 'SENT',
      issue_date: '2026-01-02', due_date: '2026-01-16', document_locale: 'de', currency: 'EUR', net_total: '100.00', tax_total: '19.00',
      gross_total: '119.00', tax_exemption_reason: 'NONE', tax_country: 'DE', delivery_country: 'DE', created_at: '2026-01-02', updated_at: '2026-01-02',
    })
    raw.close()

    const storage = await createSqliteStorage({ filename })
    const company = (await storage.companies.get('co'))!
    assert.deepEqual(company.numberRanges, { ...DEFAULT_NUMBER_RANGES, INVOICE: ownInvoiceRange })
    assert.equal(company.quoteValidityDays, 30)
    await storage.transaction((tx) => tx.companies.update({ ...company, quoteValidityDays: 14 }))
    assert.equal((await storage.companies.get('co'))?.quoteValidityDays, 14)

    const invoice = (await storage.invoices.get('co', 'in'))!
    assert.deepEqual(invoice.sourceDocuments, [])
    const quote = anOrderDocument('co', 'cu', { documentType: 'QUOTE', status: 'OPEN', precedingDocument: null })
    const sourced = { ...invoice, sourceDocuments: [{ documentType: 'QUOTE' as const, id: quote.id }] }
    await storage.transaction(async (tx) => {
      await tx.orderDocuments.insert(quote)
      await tx.invoices.update(sourced)
    })
    assert.deepEqual(await storage.orderDocuments.get('co', quote.id), quote)
    assert.deepEqual(await storage.invoices.listDerived('co', quote.id), [sourced])
    await storage.close()
  })
})

describe('sqlite migrations: recurring schedules (0014)', () => {
  let folder: string
  before(() => { folder = mkdtempSync(join(tmpdir(), 'invoicing-migrations-')) })
  after(() => rmSync(folder, { recursive: true, force: true }))

  it('upgrades a database at 0013: its invoices read as made by no schedule, and schedules and invoices of one can be stored', async () => {
    const filename = join(folder, 'recurring.sqlite')
    await migrateTo(filename, '0013-usage-by-type')
    const raw = new BetterSqlite3(filename)
    insertRow(raw, 'company', { id: 'co', name: 'Firma', country: 'DE', plan: 'ENTERPRISE', time_zone: 'Europe/Berlin', created_at: '2026-01-01', updated_at: '2026-01-01' })
    insertRow(raw, 'customer', { id: 'cu', company_id: 'co', customer_number: 'KD-1', name: 'Kunde', country: 'DE', created_at: '2026-01-01', updated_at: '2026-01-01' })
    insertRow(raw, 'invoice', {
      id: 'in', company_id: 'co', customer_id: 'cu', invoice_number: 'RE-1', search_number: 're-1', invoice_type: 'INVOICE', status: 'SENT',
      issue_date: '2026-01-02', due_date: '2026-01-16', document_locale: 'de', currency: 'EUR', net_total: '100.00', tax_total: '19.00',
      gross_total: '119.00', tax_exemption_reason: 'NONE', tax_country: 'DE', delivery_country: 'DE', source_documents: '[]',
      created_at: '2026-01-02', updated_at: '2026-01-02',
    })
    raw.close()

    const storage = await createSqliteStorage({ filename })
    const invoice = (await storage.invoices.get('co', 'in'))!
    assert.equal(invoice.recurringScheduleId, null)
    assert.equal(invoice.recurringOccurrenceDate, null)
    const schedule = aRecurringSchedule('co', 'cu')
    const made = { ...invoice, recurringScheduleId: schedule.id, recurringOccurrenceDate: '2026-02-01' }
    await storage.transaction(async (tx) => {
      await tx.recurringSchedules.insert(schedule)
      await tx.invoices.update(made)
    })
    assert.deepEqual(await storage.recurringSchedules.get('co', schedule.id), schedule)
    assert.deepEqual(await storage.invoices.get('co', 'in'), made)
    await storage.close()
  })
})

describe('sqlite migrations: documents (files) (0015)', () => {
  let folder: string
  before(() => { folder = mkdtempSync(join(tmpdir(), 'invoicing-migrations-')) })
  after(() => rmSync(folder, { recursive: true, force: true }))

  it('upgrades a database at 0014: its company has no storage quota (unlimited) until one is set, and documents can be stored', async () => {
    const filename = join(folder, 'files.sqlite')
    await migrateTo(filename, '0014-recurring-schedules')
    const raw = new BetterSqlite3(filename)
    insertRow(raw, 'company', { id: 'co', name: 'Firma', country: 'DE', plan: 'ENTERPRISE', time_zone: 'Europe/Berlin', created_at: '2026-01-01', updated_at: '2026-01-01' })
    raw.close()

    const storage = await createSqliteStorage({ filename })
    const company = (await storage.companies.get('co'))!
    assert.equal(company.storageQuotaBytes, null)
    await storage.transaction((tx) => tx.companies.update({ ...company, storageQuotaBytes: 10_000_000_000 }))
    assert.equal((await storage.companies.get('co'))?.storageQuotaBytes, 10_000_000_000)
    const document = aFileDocument('co')
    await storage.transaction((tx) => tx.fileDocuments.insert(document))
    assert.deepEqual(await storage.fileDocuments.get('co', document.id), document)
    assert.equal(await storage.fileDocuments.storedBytes('co'), document.size)
    assert.equal(await storage.transaction((tx) => tx.fileDocuments.uploadSigningKey('secret')), 'secret')
    await storage.close()
  })
})

describe('sqlite migrations: blog (0017)', () => {
  let folder: string
  before(() => { folder = mkdtempSync(join(tmpdir(), 'invoicing-migrations-')) })
  after(() => rmSync(folder, { recursive: true, force: true }))

  it('upgrades a database at 0016: its data stays, and blog posts with their terms can be stored and listed', async () => {
    const filename = join(folder, 'blog.sqlite')
    await migrateTo(filename, '0016-key-last-use')
    const raw = new BetterSqlite3(filename)
    insertRow(raw, 'company', { id: 'co', name: 'Firma', country: 'DE', plan: 'ENTERPRISE', time_zone: 'Europe/Berlin', created_at: '2026-01-01', updated_at: '2026-01-01' })
    raw.close()

    const storage = await createSqliteStorage({ filename })
    assert.equal((await storage.companies.get('co'))?.name, 'Firma')
    const tag = { id: 'tag', slug: 'tag', name: 'Tag' }
    const post = aBlogPost({ tagIds: ['tag'] })
    await storage.transaction(async (tx) => {
      await tx.blog.insertTag(tag)
      await tx.blog.insertPost(post)
    })
    assert.deepEqual((await storage.blog.listPosts({ limit: 10, offset: 0, tagId: 'tag' })).items, [post])
    await storage.close()
  })
})

describe('sqlite migrations: export settings (0018)', () => {
  let folder: string
  before(() => { folder = mkdtempSync(join(tmpdir(), 'invoicing-migrations-')) })
  after(() => rmSync(folder, { recursive: true, force: true }))

  it('upgrades a database at 0017: its company has no export settings set (all defaults), its customers a CORE recurring mandate never used and no ledger account', async () => {
    const filename = join(folder, 'export-settings.sqlite')
    await migrateTo(filename, '0017-blog')
    const raw = new BetterSqlite3(filename)
    insertRow(raw, 'company', { id: 'co', name: 'Firma', country: 'DE', plan: 'ENTERPRISE', time_zone: 'Europe/Berlin', created_at: '2026-01-01', updated_at: '2026-01-01' })
    insertRow(raw, 'customer', {
      id: 'cu', company_id: 'co', customer_number: 'KD-1', name: 'Kunde', country: 'DE', sepa_mandate_id: 'M-1', sepa_mandate_date: '2025-12-01',
      created_at: '2026-01-01', updated_at: '2026-01-01',
    })
    raw.close()

    const storage = await createSqliteStorage({ filename })
    const company = (await storage.companies.get('co'))!
    assert.deepEqual([company.datev, company.bmd, company.vatReturn, company.sepa], [{}, {}, {}, {}])
    const customer = (await storage.customers.get('co', 'cu'))!
    assert.deepEqual(
      [customer.sepaMandateId, customer.sepaMandateType, customer.sepaMandateSequence, customer.sepaMandateLastUsedAt, customer.ledgerAccount],
      ['M-1', 'CORE', 'RECURRING', null, null],
    )
    const datev = { consultantNumber: 1001, revenueAccounts: { OSS: '8321' } }
    await storage.transaction(async (tx) => {
      await tx.companies.update({ ...company, datev })
      await tx.customers.update({ ...customer, ledgerAccount: '10001', sepaMandateLastUsedAt: '2026-02-02' })
    })
    assert.deepEqual((await storage.companies.get('co'))?.datev, datev)
    assert.equal((await storage.customers.get('co', 'cu'))?.sepaMandateLastUsedAt, '2026-02-02')
    await storage.close()
  })
})

describe('sqlite migrations: search indexes (0021)', () => {
  let folder: string
  before(() => { folder = mkdtempSync(join(tmpdir(), 'invoicing-migrations-')) })
  after(() => rmSync(folder, { recursive: true, force: true }))

  it('upgrades a database at 0020: the customers it holds are found, and the documents by their names through the new indexes', async () => {
    const filename = join(folder, 'search-indexes.sqlite')
    await migrateTo(filename, '0020-export-walks')
    const raw = new BetterSqlite3(filename)
    insertRow(raw, 'company', { id: 'co', name: 'Firma', country: 'DE', plan: 'ENTERPRISE', time_zone: 'Europe/Berlin', created_at: '2026-01-01', updated_at: '2026-01-01' })
    insertRow(raw, 'customer', {
      id: 'cu', company_id: 'co', customer_number: 'KD-1', name: 'Müller & Söhne', search_name: 'müller & söhne', search_text: 'kd-1\u001fmüller & söhne',
      country: 'DE', created_at: '2026-01-01', updated_at: '2026-01-01',
    })
    raw.close()
    const storage = await createSqliteStorage({ filename })
    await storage.transaction(async (tx) => {
      await tx.orderDocuments.insert(anOrderDocument('co', 'cu', { number: 'AN-2026-0815', precedingDocument: null }))
    })
    assert.deepEqual((await storage.customers.list('co', { limit: 10, offset: 0, search: 'SÖHNE' })).items.map((each) => each.id), ['cu'])
    assert.equal((await storage.orderDocuments.list('co', { limit: 10, offset: 0, documentType: 'DELIVERY_NOTE', search: 'müller &' })).total, 1)
    assert.equal((await storage.orderDocuments.list('co', { limit: 10, offset: 0, documentType: 'DELIVERY_NOTE', search: '2026-0815' })).total, 1)
    const indexed = new BetterSqlite3(filename, { readonly: true })
    assert.deepEqual(indexed.prepare(`select rowid from customer_search_name_trigrams where customer_search_name_trigrams match '"söhne"'`).all().length, 1,
      'the customer stored before the migration is in its index')
    indexed.close()
    await storage.close()
  })
})
