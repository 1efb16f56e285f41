import assert from 'node:assert/strict'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, it } from 'node:test'
import type { Invoice, InvoiceListQuery, Storage } from '@invoicing/core'
import { aCompany, aCustomer } from '@invoicing/core/testing'
import BetterSqlite3 from 'better-sqlite3'
import { Kysely, Migrator, SqliteDialect } from 'kysely'
import { createSqliteStorage } from './create-sqlite-storage'
import { assertCountAfterPlan, assertDocumentCountPlan, queryBuilder, sqliteQueryBuilder } from './testing/query-plans'
import type { Database, Needle, SearchColumn } from '@invoicing/storage-sql'
import { migrationProvider } from './migrations'
import { invoiceListQueries, invoiceToRow, linesQuery, stemsQuery, type DocumentNeedle } from '@invoicing/storage-sql/queries'

/** A small complete document (the contract suite's `anInvoice` is not exported by `@invoicing/core/testing`). */
let counter = 0
function invoiceFor(companyId: string, customerId: string, overrides: Partial<Invoice> = {}): Invoice {
  const id = `inv${++counter}`
  return {
    id, companyId, number: `RE-${id}`, numberIssued: true, documentType: 'INVOICE', status: 'FINAL', customerId,
    documentCategoryId: null, documentLocale: 'de', documentTextVersion: '1', issueDate: '2026-02-01', dueDate: '2026-02-15',
    servicePeriodStart: null, servicePeriodEnd: null, currency: 'EUR', netTotal: '100.00', taxTotal: '19.00', grossTotal: '119.00',
    taxBreakdown: [{ taxCategory: 'S', taxRate: '19', netAmount: '100.00', taxAmount: '19.00' }], reverseCharge: false,
    taxExemptionReason: 'NONE', taxExemptionNote: null, taxCountry: 'DE', deliveryCountry: 'DE', ossApplicable: false, ossCountry: null,
    notes: null, footer: null, headerText: null, customTitle: null, pdfWithoutLetterhead: false, invoiceDateIsServiceDate: false,
    useShippingAddress: false, shippingName: null, shippingStreet: null, shippingZipCode: null, shippingCity: null, shippingCountry: null,
    orderNumber: null, buyerReference: null, eInvoiceAudit: null, metadata: {}, sentAt: null, paidAt: null, lockedAt: null,
    creditNoteReason: null, payout: null, precedingDocument: null, sourceDocuments: [], recurringScheduleId: null, recurringOccurrenceDate: null, dunningPaused: false, dunningPausedAt: null, dunningPausedReason: null,
    lines: [{
      id: `${id}-1`, lineType: 'SERVICE', productId: null, description: 'Beratung', quantity: '1', unit: 'h', unitPrice: '100.00',
      discount: '0', requestedTaxRate: null, taxRate: '19', taxCategory: 'S', netAmount: '100.00', sourceLineId: null,
    }],
    createdAt: '2026-02-01T10:00:00.000Z', updatedAt: '2026-02-01T10:00:00.000Z',
    ...overrides,
  }
}

/** A database file migrated up to `migration`, as a release of that time left it. */
async function migratedTo(filename: string, migration: string): Promise<string> {
  const old = new Kysely<Database>({ dialect: new SqliteDialect({ database: new BetterSqlite3(filename) }) })
  const { error } = await new Migrator({ db: old, provider: migrationProvider }).migrateTo(migration)
  assert.ifError(error)
  await old.destroy()
  return filename
}

describe('sqlite invoices', () => {
  let folder: string
  before(() => { folder = mkdtempSync(join(tmpdir(), 'invoicing-invoices-')) })
  after(() => rmSync(folder, { recursive: true, force: true }))

  it('refuses to delete a customer or a category that still has documents, and deletes lines with their document', async () => {
    const filename = join(folder, 'references.sqlite')
    const storage = await createSqliteStorage({ filename })
    const company = aCompany()
    const customer = aCustomer(company.id)
    const category = { id: 'cat1', companyId: company.id, name: 'Shop', createdAt: '2026-01-01T00:00:00.000Z' }
    const invoice = invoiceFor(company.id, customer.id, { documentCategoryId: category.id })
    await storage.transaction(async (tx) => {
      await tx.companies.insert(company)
      await tx.customers.insert(customer)
      await tx.documentCategories.insert(category)
      await tx.invoices.insert(invoice)
    })
    await assert.rejects(storage.transaction((tx) => tx.customers.delete(company.id, customer.id)), /FOREIGN KEY constraint failed/)
    await assert.rejects(storage.transaction((tx) => tx.documentCategories.delete(company.id, category.id)), /FOREIGN KEY constraint failed/)
    assert.ok(await storage.customers.get(company.id, customer.id))

    await storage.transaction((tx) => tx.invoices.delete(company.id, invoice.id))
    const raw = new BetterSqlite3(filename, { readonly: true })
    assert.deepEqual(raw.prepare('select count(*) as lines from invoice_line').get(), { lines: 0 })
    raw.close()
    await storage.transaction(async (tx) => {
      await tx.customers.delete(company.id, customer.id)
      await tx.documentCategories.delete(company.id, category.id)
    })
    assert.equal(await storage.customers.get(company.id, customer.id), undefined)
    await storage.close()
  })

  it('migration 0002 fills in the search name of existing customers', async () => {
    const filename = await migratedTo(join(folder, 'upgrade.sqlite'), '0001-platform')
    const raw = new BetterSqlite3(filename)
    raw.prepare(`insert into company (id, name, country, plan, payment_term_days, default_locale, small_business, oss_registered,
      reminder_fees, default_interest_rate, texts, number_ranges, time_zone, created_at, updated_at)
      values ('co1', 'Firma', 'DE', 'FREE', 14, 'de', 0, 0, '{}', '9', '{}', '{}', 'Europe/Berlin', '2026-01-01', '2026-01-01')`).run()
    raw.prepare(`insert into customer (id, company_id, customer_number, name, country, created_at, updated_at, search_text)
      values ('cu1', 'co1', 'KD-1', 'ÄRZTEHAUS Öst', 'AT', '2026-01-01', '2026-01-01', '')`).run()
    raw.close()

    const storage = await createSqliteStorage({ filename })
    const invoice = invoiceFor('co1', 'cu1')
    await storage.transaction((tx) => tx.invoices.insert(invoice))
    const found = await storage.invoices.list('co1', { limit: 10, offset: 0, search: 'ärztehaus ö' })
    assert.deepEqual(found.items.map((item) => item.id), [invoice.id])
    await storage.close()
  })

  it('migrations 0023 and 0025 count the documents there are, by type and by the short parts of their numbers, and give them their numbers’ stems', async () => {
    const filename = await migratedTo(join(folder, 'counts.sqlite'), '0022-customer-list-search')
    // Written before the counts and stems exist: companies and customers as this code writes
    // them (their tables are the same), invoices as rows without the later stem column.
    const before = await createSqliteStorage({ filename, migrate: false })
    const company = aCompany()
    const [named, other] = [aCustomer(company.id, { name: 'Zahnarzt Zwölf' }), aCustomer(company.id, { name: 'Bäckerei' })]
    const numbers = ['RE-12', 'RE-121', 'GS-7', 'AB-ÄÖ', 'RE-2', '']
    await before.transaction(async (tx) => {
      await tx.companies.insert(company)
      for (const customer of [named, other]) await tx.customers.insert(customer)
    })
    await before.close()
    // The schema of that time, which the current types do not describe.
    const old = new Kysely<any>({ dialect: new SqliteDialect({ database: new BetterSqlite3(filename) }) })
    for (const [index, number] of numbers.entries()) {
      const { number_stem: _, ...row } = invoiceToRow(invoiceFor(company.id, index % 2 ? named.id : other.id, { number, documentType: index === 2 ? 'CREDIT_NOTE' : 'INVOICE' }))
      await old.insertInto('invoice').values(row).execute()
    }
    await old.destroy()

    const storage = await createSqliteStorage({ filename })
    const all = await storage.invoices.list(company.id, { limit: 100, offset: 0 })
    assert.equal(all.total, numbers.length)
    for (const search of ['1', '12', 'e-', '-1', 'ä', 'äö', 'Zw', 'x', '2', 're-1', 'e-12', ' ']) {
      const expected = all.items.filter((invoice) => [invoice.number, invoice.customerId === named.id ? named.name : other.name]
        .some((text) => text.toLowerCase().includes(search.toLowerCase())))
      for (const documentType of [undefined, 'INVOICE', 'CREDIT_NOTE'] as const) {
        const page = await storage.invoices.list(company.id, { limit: 100, offset: 0, search, ...(documentType ? { documentType } : {}) })
        const wanted = expected.filter((invoice) => !documentType || invoice.documentType === documentType)
        assert.deepEqual([page.total, page.items.map((invoice) => invoice.id)], [wanted.length, wanted.map((invoice) => invoice.id)], `${search} ${documentType}`)
      }
    }
    await storage.close()
  })

  for (const where of ['file', ':memory:']) {
    it(`never reads a document torn between two commits (${where})`, async () => {
      const storage = await createSqliteStorage({ filename: where === 'file' ? join(folder, 'torn.sqlite') : ':memory:' })
      const company = aCompany()
      const customer = aCustomer(company.id)
      // Version n has n lines and netTotal n: a header of one commit with lines of another shows.
      const version = (n: number) => {
        const invoice = invoiceFor(company.id, customer.id, { id: 'torn', netTotal: String(n) })
        return { ...invoice, lines: Array.from({ length: n }, (_, index) => ({ ...invoice.lines[0]!, id: `line${index}` })) }
      }
      await storage.transaction(async (tx) => {
        await tx.companies.insert(company)
        await tx.customers.insert(customer)
        await tx.invoices.insert(version(1))
      })
      let writing = true
      const writes = (async () => {
        for (let round = 0; round < 300; round++) await storage.transaction((tx) => tx.invoices.update(version(1 + (round % 4))))
        writing = false
      })()
      const torn: string[] = []
      const check = (invoice: Invoice | undefined) => {
        if (invoice && invoice.lines.length !== Number(invoice.netTotal)) torn.push(`${invoice.netTotal} with ${invoice.lines.length} lines`)
      }
      await Promise.all([writes, ...Array.from({ length: 3 }, async () => {
        while (writing) {
          check(await storage.invoices.get(company.id, 'torn'))
          check((await storage.invoices.list(company.id, { limit: 1, offset: 0 })).items[0])
        }
      })])
      assert.deepEqual(torn.slice(0, 3), [])
      await storage.close()
    })
  }

  describe('query plans of the invoice list', () => {
    let storage: Storage
    let plan: (query: { compile(): { sql: string; parameters: readonly unknown[] } }) => string[]
    let raw: BetterSqlite3.Database
    const builder = queryBuilder

    before(async () => {
      // Plans as production makes them: real schema and some data, no ANALYZE statistics.
      const filename = join(folder, 'plans.sqlite')
      storage = await createSqliteStorage({ filename })
      const company = aCompany()
      const customers = [aCustomer(company.id), aCustomer(company.id)]
      await storage.transaction(async (tx) => {
        await tx.companies.insert(company)
        for (const customer of customers) await tx.customers.insert(customer)
        for (let index = 0; index < 200; index++) {
          await tx.invoices.insert(invoiceFor(company.id, customers[index % 2]!.id, { issueDate: `2026-01-${String(1 + (index % 28)).padStart(2, '0')}` }))
        }
      })
      raw = new BetterSqlite3(filename, { readonly: true })
      plan = (query) => {
        const { sql, parameters } = query.compile()
        return (raw.prepare(`explain query plan ${sql}`).all(...parameters) as { detail: string }[]).map((step) => step.detail)
      }
    })
    after(async () => {
      raw.close()
      await storage.close()
    })

    // The last column: whether the count comes from the kept counts (the type alone is filtered,
    // the search, if any, is one or two characters).
    const filters: [string, Partial<InvoiceListQuery>, string, boolean][] = [
      ['no filter', {}, 'invoice_company_list', true],
      ['status', { status: 'SENT' }, 'invoice_status_list', false],
      ['documentType', { documentType: 'CREDIT_NOTE' }, 'invoice_type_list', true],
      ['customerId', { customerId: 'cu1' }, 'invoice_customer_list', false],
      ['documentCategoryId', { documentCategoryId: 'dc1' }, 'invoice_category_list', false],
      ['from', { from: '2026-01-15' }, 'invoice_company_list', false],
      ['to', { to: '2026-01-15' }, 'invoice_company_list', false],
      ['a search many invoices match', { search: 'ärzte' }, 'invoice_company_list', false],
      ['a search of two characters', { search: 'ä1' }, 'invoice_company_list', true],
      ['a search of one character and documentType', { search: 'ä', documentType: 'CREDIT_NOTE' }, 'invoice_type_list', true],
      ['payoutStatus of credit notes', { documentType: 'CREDIT_NOTE', payoutStatus: 'APPROVED' }, 'invoice_payout_list', false],
    ]
    for (const [name, filter, index, counted] of filters) {
      it(`reads a page filtered by ${name} through ${index}, in list order, with no sort`, () => {
        const needle = filter.search ? { text: filter.search, indexed: false } : undefined
        const { rows: page, total: count } = invoiceListQueries(sqliteQueryBuilder, 'co1', { limit: 50, offset: 0, ...filter }, needle)
        const pagePlan = plan(page)
        const invoiceSteps = pagePlan.filter((step) => / invoice\b/.test(step))
        assert.deepEqual(invoiceSteps.map((step) => step.replace(/ \(.*$/, '')), [`SEARCH invoice USING INDEX ${index}`], pagePlan.join('\n'))
        assert.ok(!pagePlan.some((step) => step.includes('TEMP B-TREE')), pagePlan.join('\n'))
        assertDocumentCountPlan(plan(count), 'invoice', { counted, searched: filter.search !== undefined })
      })
    }

    it('counts a search tested on each row on from a full page’s last invoice, by ranges of the customer index', () => {
      const { countAfter } = invoiceListQueries(sqliteQueryBuilder, 'co1', { limit: 50, offset: 0, search: 'ärzte' }, { text: 'ärzte', indexed: false })
      const last = { issue_date: '2026-01-15', created_at: '2026-01-15T10:00:00.000Z', seq: 7 } as never
      assertCountAfterPlan(plan(countAfter!(last)), 'invoice', ['issue_date<?', 'issue_date=? AND created_at<?', 'issue_date=? AND created_at=? AND seq<?'])
    })

    it('reads a search that the numbers’ stems decide from the stems’ index, each stem a range in list order, and counts it there', () => {
      const needle: DocumentNeedle = { text: 're-2024', indexed: false, stems: { whole: ['re-2024-'], tested: ['re-2025-'] } }
      // Unfiltered, and filtered by a column the stems' index holds.
      for (const filter of [{}, { status: 'SENT' }] as const) {
        const { rows: page, total: count } = invoiceListQueries(sqliteQueryBuilder, 'co1', { limit: 50, offset: 0, search: 're-2024', ...filter }, needle)
        // Each stem from the stems' index, the page's rows then by rowid: no other invoice is read.
        const stemParts = Array.from({ length: 2 }, () => 'SEARCH invoice USING COVERING INDEX invoice_stem_list (company_id=? AND number_stem=?)')
        const invoiceSteps = (steps: string[]) => steps.filter((step) => / invoice\b/.test(step))
        assert.deepEqual(invoiceSteps(plan(page)), ['SEARCH invoice USING INTEGER PRIMARY KEY (rowid=?)', ...stemParts], plan(page).join('\n'))
        assert.deepEqual(invoiceSteps(plan(count)), stemParts, plan(count).join('\n'))
        // Each stem's part comes in list order: only the merge of the parts' first rows is sorted, and the page's rows.
        assert.equal(plan(page).filter((step) => step.includes('TEMP B-TREE')).length, 2, plan(page).join('\n'))
      }
    })

    it('reads one stem’s page keys from the stems’ index, which holds the filter too, not from the filter’s index', () => {
      const needle: DocumentNeedle = { text: 're-2024', indexed: false, stems: { whole: ['re-2024-'], tested: [] } }
      const { rows: page } = invoiceListQueries(sqliteQueryBuilder, 'co1', { limit: 50, offset: 0, search: 're-2024', status: 'SENT' }, needle)
      assert.deepEqual(plan(page).filter((step) => / invoice\b/.test(step)), [
        'SEARCH invoice USING INTEGER PRIMARY KEY (rowid=?)',
        'SEARCH invoice USING COVERING INDEX invoice_stem_list (company_id=? AND number_stem=?)',
      ], plan(page).join('\n'))
    })

    it('reads the company’s stems one index lookup each, never the invoices between them', () => {
      const steps = plan(stemsQuery(sqliteQueryBuilder, 'invoice', 'co1', undefined))
      const invoiceSteps = steps.filter((step) => / invoice\b/.test(step))
      assert.deepEqual(invoiceSteps, [
        'SEARCH invoice USING COVERING INDEX invoice_stem_list (company_id=?)',
        'SEARCH invoice USING COVERING INDEX invoice_stem_list (company_id=? AND number_stem>?)',
      ], steps.join('\n'))
    })

    const indexedNeedle: Needle = { text: 'ärzte', indexed: true, indexQueries: new Map<SearchColumn, string>([['invoice.search_number', '"ärz"'], ['customer.search_name', '"ärz"']]) }

    it('starts a search few invoices match from the trigram indexes: the matching rows by rowid, the customers’ invoices by customer', () => {
      for (const filter of [{}, { status: 'SENT' }] as const) {
        for (const query of Object.values(invoiceListQueries(sqliteQueryBuilder, 'co1', { limit: 50, offset: 0, search: 'ärzte', ...filter }, indexedNeedle))) {
          const steps = plan(query)
          for (const step of [/^SCAN invoice_search_number_trigrams VIRTUAL TABLE/, /^SEARCH invoice USING COVERING INDEX invoice_customer_list/, /^SCAN customer_search_name_trigrams VIRTUAL TABLE/]) {
            assert.ok(steps.some((each) => step.test(each)), `${step}\n${steps.join('\n')}`)
          }
          assert.ok(!steps.some((each) => /^(SCAN|SEARCH) invoice USING (COVERING )?INDEX invoice_company_list/.test(each)), steps.join('\n'))
        }
      }
    })

    it('sorts the few invoices of a search filtered by type alone by the customer index’s columns, and reads only the page’s rows', () => {
      const { rows: page } = invoiceListQueries(sqliteQueryBuilder, 'co1', { limit: 50, offset: 0, search: 'ärzte' }, indexedNeedle)
      const steps = plan(page)
      // The page's rows by rowid from the sorted set of both parts; the customers' part from the index alone.
      assert.deepEqual(steps.slice(0, 3), ['SEARCH invoice USING INTEGER PRIMARY KEY (rowid=?)', 'LIST SUBQUERY 6', 'CO-ROUTINE held'], steps.join('\n'))
      assert.ok(steps.includes('SEARCH invoice USING COVERING INDEX invoice_customer_list (customer_id=?)'), steps.join('\n'))
      // Filtered by more, each found invoice is read and filtered, then sorted.
      const { rows: filtered } = invoiceListQueries(sqliteQueryBuilder, 'co1', { limit: 50, offset: 0, search: 'ärzte', status: 'SENT' }, indexedNeedle)
      assert.ok(!plan(filtered).includes('CO-ROUTINE held'), plan(filtered).join('\n'))
    })

    it('reads the search’s customers and the page’s lines through indexes', () => {
      const { rows: page } = invoiceListQueries(sqliteQueryBuilder, 'co1', { limit: 50, offset: 0, search: 'x' }, { text: 'x', indexed: false })
      assert.ok(plan(page).some((step) => /^SEARCH customer USING INDEX customer_company_created/.test(step)), plan(page).join('\n'))
      const linesPlan = plan(linesQuery(builder, ['a', 'b', 'c']))
      assert.equal(linesPlan.length, 1, linesPlan.join('\n'))
      assert.match(linesPlan[0]!, /^SEARCH invoice_line USING INDEX \w+ \(invoice_id=\?\)$/)
    })
  })
})
