import assert from 'node:assert/strict'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, it } from 'node:test'
import { foldForSearch, type Storage } from '@invoicing/core'
import { aCompany, aCustomer, anInvoice } from '@invoicing/core/testing'
import { INDEXED_ROWS_AT_MOST, type Needle } from '@invoicing/storage-sql'
import { invoiceListQueries } from '@invoicing/storage-sql/queries'
import BetterSqlite3 from 'better-sqlite3'
import { backupSqliteDatabase } from './backup'
import { createSqliteStorage } from './create-sqlite-storage'
import { sqliteDialect } from './sqlite-dialect'
import { sqliteQueryBuilder } from './testing/query-plans'
import { trigramQueryFor } from './trigram-search'

const COMMON = INDEXED_ROWS_AT_MOST + 100

describe('sqlite search through the trigram indexes', () => {
  let folder: string
  let filename: string
  let storage: Storage
  let raw: BetterSqlite3.Database
  const company = aCompany()
  const other = aCompany()
  const mueller = aCustomer(company.id, { name: 'Müller & Söhne "NEAR" GmbH' })
  const plain = aCustomer(company.id, { name: 'Ärztehaus Nord' })
  const elsewhere = aCustomer(other.id, { name: 'Müller & Söhne "NEAR" GmbH' })

  before(async () => {
    folder = mkdtempSync(join(tmpdir(), 'invoicing-search-'))
    filename = join(folder, 'search.sqlite')
    storage = await createSqliteStorage({ filename })
    await storage.transaction(async (tx) => {
      for (const each of [company, other]) await tx.companies.insert(each)
      for (const each of [mueller, plain, elsewhere]) await tx.customers.insert(each)
      // More invoices share "re-2026-" than the index is used for; few hold the other numbers.
      for (let index = 0; index < COMMON; index++) {
        const day = String(1 + (index % 28)).padStart(2, '0')
        await tx.invoices.insert(anInvoice(company.id, plain.id, { number: `RE-2026-${String(index).padStart(5, '0')}`, issueDate: `2026-02-${day}` }))
      }
      for (const number of ['AB*C', 'X "Y" NEAR Z', '100%_SICHER', 'ÖL-Ärger-ß']) {
        await tx.invoices.insert(anInvoice(company.id, mueller.id, { number }))
        await tx.invoices.insert(anInvoice(other.id, elsewhere.id, { number }))
      }
    })
    raw = new BetterSqlite3(filename, { readonly: true })
  })
  after(async () => {
    raw.close()
    await storage.close()
    rmSync(folder, { recursive: true, force: true })
  })

  /** Reads through the read-only connection, as the storage's readers do. */
  const reader = {
    rows: async <R>(query: unknown) => {
      const { sql, parameters } = (query as { compile(): { sql: string; parameters: readonly unknown[] } }).compile()
      return raw.prepare(sql).all(...parameters) as R[]
    },
  }

  /** A needle whose rows the trigram indexes find, however many rows hold it. */
  const indexedNeedle = async (text: string): Promise<Needle> => ({
    text,
    indexed: true,
    indexQueries: new Map(await Promise.all((['invoice.search_number', 'customer.search_name'] as const)
      .map(async (column) => [column, await trigramQueryFor(reader, sqliteDialect.compiler, column, text, INDEXED_ROWS_AT_MOST + 1)] as const))),
  })

  /** The ids and the total of the list's first page, as the queries of `needle` read them. */
  const listedWith = (needle: Needle, limit = 20) => {
    const { rows, total } = invoiceListQueries(sqliteQueryBuilder, company.id, { limit, offset: 0, search: needle.text }, needle)
    const run = (query: { compile(): { sql: string; parameters: readonly unknown[] } }) => {
      const { sql, parameters } = query.compile()
      return raw.prepare(sql).all(...parameters) as Record<string, unknown>[]
    }
    return { ids: run(rows).map((row) => row.id), total: run(total)[0]!.total }
  }

  it('uses the index for a needle few rows hold, and reads the list in order for a short or a common one', async () => {
    const decided = async (search: string) => (await sqliteDialect.needleFor(reader, search, ['invoice.search_number', 'customer.search_name'])).indexed
    assert.equal(await decided('00042'), true)
    assert.equal(await decided('near'), true)
    assert.equal(await decided('no row holds this'), true, 'a trigram no row holds: the index answers "none" at once')
    assert.equal(await decided('re-2026-'), false, `${COMMON} rows hold it`)
    assert.equal(await decided('ö'), false)
    assert.equal(await decided('öl'), false)
  })

  it('finds the same rows, in the same order, with the same total, either way', async () => {
    for (const text of ['00042', 're-2026-0001', 'müller', 'söhne "near"', '"near"', 'near', 'ab*c', '100%_', '%_s', 'öl-ärger-ß', 'x "y" near z', 'nichts da']) {
      const byIndex = listedWith(await indexedNeedle(text), 50)
      const inOrder = listedWith({ text, indexed: false }, 50)
      assert.deepEqual(byIndex, inOrder, text)
    }
    assert.equal(listedWith(await indexedNeedle('re-2026-001')).total, 100)
    assert.equal(listedWith(await indexedNeedle('müller')).total, 4, 'the customer’s four invoices, and none of the other company')
  })

  it('pages a needle too common for the index as a brute force does: the items and the total at every offset', async () => {
    const search = 're-2026-0'
    assert.equal((await sqliteDialect.needleFor(reader, search, ['invoice.search_number', 'customer.search_name'])).indexed, false)
    type Row = { id: string; number: string; issue_date: string; created_at: string; seq: number }
    const rows = raw.prepare('select id, invoice_number as number, issue_date, created_at, seq from invoice where company_id = ?').all(company.id) as Row[]
    const expected = rows
      .sort((a, b) => b.issue_date.localeCompare(a.issue_date) || b.created_at.localeCompare(a.created_at) || b.seq - a.seq)
      .filter((row) => foldForSearch(row.number).includes(search)).map((row) => row.id)
    assert.equal(expected.length, COMMON)
    // Full pages (the total counted on from the last row), short ones, past the end, and none.
    for (const [limit, offset] of [[20, 0], [20, 20], [50, 1000], [20, COMMON - 20], [20, COMMON - 5], [20, COMMON], [20, COMMON + 30], [0, 0], [0, 40]] as const) {
      const page = await storage.invoices.list(company.id, { limit, offset, search })
      assert.deepEqual(page.items.map((each) => each.id), expected.slice(offset, offset + limit), `limit ${limit}, offset ${offset}`)
      assert.equal(page.total, COMMON, `limit ${limit}, offset ${offset}: total`)
    }
  })

  it('takes FTS5 syntax and wildcards as plain text through the storage, and a 1,000-character needle finds nothing without error', async () => {
    const numbers = async (search: string) => (await storage.invoices.list(company.id, { limit: 50, offset: 0, search })).items.map((each) => each.number).sort()
    assert.deepEqual(await numbers('"Y" NEAR'), ['X "Y" NEAR Z'])
    assert.deepEqual(await numbers('B*'), ['AB*C'])
    assert.deepEqual(await numbers('%_'), ['100%_SICHER'])
    assert.deepEqual(await numbers('ÖL-ÄRGER-SS'), [], 'ß folds to itself, not to ss')
    assert.deepEqual(await numbers('öl-ärger-ß'), ['ÖL-Ärger-ß'])
    assert.deepEqual(await numbers('x'.repeat(1000)), [])
    assert.deepEqual(await numbers(`${'RE-2026-00042'}${'9'.repeat(990)}`), [])
  })

  it('keeps the index in step with the rows: a changed number and name, a deleted document', async () => {
    const [first] = (await storage.invoices.list(company.id, { limit: 1, offset: 0, search: 'AB*C' })).items
    await storage.transaction(async (tx) => {
      await tx.invoices.update({ ...first!, number: 'ZQ-7781' })
      await tx.customers.update({ ...mueller, name: 'Zander Qualle' })
    })
    const numbers = async (search: string) => (await storage.invoices.list(company.id, { limit: 50, offset: 0, search })).items.map((each) => each.number).sort()
    assert.deepEqual(await numbers('zq-778'), ['ZQ-7781'])
    assert.deepEqual(await numbers('ab*c'), [])
    assert.deepEqual((await numbers('qualle')).length, 4)
    assert.deepEqual(await numbers('söhne'), [])
    await storage.transaction((tx) => tx.invoices.delete(company.id, first!.id))
    assert.deepEqual(await numbers('zq-778'), [])
    await storage.transaction(async (tx) => {
      await tx.invoices.insert(anInvoice(company.id, plain.id, { number: 'ZQ-7782' }))
    })
    assert.deepEqual(await numbers('zq-778'), ['ZQ-7782'])
  })

  it('a backup searches as the original does', async () => {
    const copy = join(folder, 'backup.sqlite')
    backupSqliteDatabase(filename, copy)
    const restored = await createSqliteStorage({ filename: copy })
    for (const search of ['00042', 'ärztehaus', '"y" near']) {
      const ids = async (on: Storage) => (await on.invoices.list(company.id, { limit: 50, offset: 0, search })).items.map((each) => each.id)
      assert.deepEqual(await ids(restored), await ids(storage), search)
    }
    await restored.close()
  })
})
