import assert from 'node:assert/strict'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, it } from 'node:test'
import type { OrderDocumentListQuery, Storage } from '@invoicing/core'
import { aCompany, aCustomer, anInvoice, anOrderDocument } from '@invoicing/core/testing'
import BetterSqlite3 from 'better-sqlite3'
import { createSqliteStorage } from './create-sqlite-storage'
import { assertCountAfterPlan, assertDocumentCountPlan, planOf, queryBuilder, sqliteQueryBuilder } from './testing/query-plans'
import { derivedFromQuery } from '@invoicing/storage-sql/queries'
import { orderDocumentLinesQuery, orderDocumentListQueries, stemsQuery, type DocumentNeedle } from '@invoicing/storage-sql/queries'
import type { Needle, SearchColumn } from '@invoicing/storage-sql'

describe('sqlite order documents', () => {
  it('refuses to delete a customer or a category that still has order documents, and deletes lines with their document', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'invoicing-order-references-'))
    const filename = join(folder, 'references.sqlite')
    const storage = await createSqliteStorage({ filename })
    const company = aCompany()
    const customer = aCustomer(company.id)
    const category = { id: 'cat1', companyId: company.id, name: 'Shop', createdAt: '2026-01-01T00:00:00.000Z' }
    const quote = anOrderDocument(company.id, customer.id, { documentType: 'QUOTE', documentCategoryId: category.id })
    await storage.transaction(async (tx) => {
      await tx.companies.insert(company)
      await tx.customers.insert(customer)
      await tx.documentCategories.insert(category)
      await tx.orderDocuments.insert(quote)
    })
    await assert.rejects(storage.transaction((tx) => tx.customers.delete(company.id, customer.id)), /FOREIGN KEY constraint failed/)
    await assert.rejects(storage.transaction((tx) => tx.documentCategories.delete(company.id, category.id)), /FOREIGN KEY constraint failed/)
    await storage.transaction((tx) => tx.orderDocuments.delete(company.id, quote.id))
    const raw = new BetterSqlite3(filename, { readonly: true })
    assert.deepEqual(raw.prepare('select count(*) as lines from order_document_line').get(), { lines: 0 })
    raw.close()
    await storage.transaction((tx) => tx.customers.delete(company.id, customer.id))
    await storage.close()
    rmSync(folder, { recursive: true, force: true })
  })
})

describe('query plans of order documents and of the documents made from them', () => {
  let folder: string
  let storage: Storage
  let raw: BetterSqlite3.Database
  const plan = (query: Parameters<typeof planOf>[1]) => planOf(raw, query)
  const builder = queryBuilder

  before(async () => {
    // Plans as production makes them: real schema and some data, no ANALYZE statistics.
    folder = mkdtempSync(join(tmpdir(), 'invoicing-order-plans-'))
    const filename = join(folder, 'plans.sqlite')
    storage = await createSqliteStorage({ filename })
    const company = aCompany()
    const customers = [aCustomer(company.id), aCustomer(company.id)]
    await storage.transaction(async (tx) => {
      await tx.companies.insert(company)
      for (const customer of customers) await tx.customers.insert(customer)
      for (let index = 0; index < 200; index++) {
        const customerId = customers[index % 2]!.id
        const issueDate = `2026-01-${String(1 + (index % 28)).padStart(2, '0')}`
        await tx.orderDocuments.insert(anOrderDocument(company.id, customerId, { documentType: index % 2 ? 'QUOTE' : 'DELIVERY_NOTE', issueDate }))
        await tx.invoices.insert(anInvoice(company.id, customerId, { issueDate }))
      }
    })
    raw = new BetterSqlite3(filename, { readonly: true })
  })
  after(async () => {
    raw.close()
    await storage.close()
    rmSync(folder, { recursive: true, force: true })
  })

  // The last column: whether the count comes from the kept counts (no filter besides the list's
  // type; the search, if any, is one or two characters).
  const filters: [string, Partial<OrderDocumentListQuery>, string, boolean][] = [
    ['no filter', {}, 'order_document_list', true],
    ['status', { status: 'OPEN' }, 'order_document_status_list', false],
    ['customerId', { customerId: 'cu1' }, 'order_document_customer_list', false],
    ['documentCategoryId', { documentCategoryId: 'dc1' }, 'order_document_category_list', false],
    ['invoiceStatus', { invoiceStatus: 'PARTIAL' }, 'order_document_invoice_status_list', false],
    ['deliveryStatus', { deliveryStatus: 'NONE' }, 'order_document_delivery_status_list', false],
    ['from', { from: '2026-01-15' }, 'order_document_list', false],
    ['to', { to: '2026-01-15' }, 'order_document_list', false],
    ['a search many documents match', { search: 'ärzte' }, 'order_document_list', false],
    ['a search of two characters', { search: 'ä1' }, 'order_document_list', true],
  ]
  for (const [name, filter, index, counted] of filters) {
    it(`reads a page filtered by ${name} through ${index}, in list order, with no sort`, () => {
      const needle = filter.search ? { text: filter.search, indexed: false } : undefined
      const { rows: page, total: count } = orderDocumentListQueries(sqliteQueryBuilder, 'co1', { limit: 50, offset: 0, documentType: 'QUOTE', ...filter }, needle)
      const pagePlan = plan(page)
      const steps = pagePlan.filter((step) => / order_document\b/.test(step))
      assert.deepEqual(steps.map((step) => step.replace(/ \(.*$/, '')), [`SEARCH order_document USING INDEX ${index}`], pagePlan.join('\n'))
      assert.ok(!pagePlan.some((step) => step.includes('TEMP B-TREE')), pagePlan.join('\n'))
      assertDocumentCountPlan(plan(count), 'order_document', { counted, searched: filter.search !== undefined })
    })
  }

  it('counts a search tested on each row on from a full page’s last document, by ranges of the customer index', () => {
    const { countAfter } = orderDocumentListQueries(sqliteQueryBuilder, 'co1', { limit: 50, offset: 0, documentType: 'QUOTE', search: 'ärzte' }, { text: 'ärzte', indexed: false })
    const last = { issue_date: '2026-01-15', number: 'AN-0007' } as never
    assertCountAfterPlan(plan(countAfter!(last)), 'order_document', ['document_type=? AND issue_date<?', 'document_type=? AND issue_date=? AND number<?'])
  })

  it('reads a search that the numbers’ stems decide from the stems’ index, each stem a range of the type in list order, and counts it there', () => {
    const needle: DocumentNeedle = { text: 'an-2024', indexed: false, stems: { whole: ['an-2024-'], tested: ['an-2025-'] } }
    const { rows: page, total: count } = orderDocumentListQueries(sqliteQueryBuilder, 'co1', { limit: 50, offset: 0, documentType: 'QUOTE', search: 'an-2024' }, needle)
    const stemParts = Array.from({ length: 2 }, () => 'SEARCH order_document USING COVERING INDEX order_document_stem_list (company_id=? AND document_type=? AND number_stem=?)')
    const documentSteps = (steps: string[]) => steps.filter((step) => / order_document\b/.test(step))
    assert.deepEqual(documentSteps(plan(page)), ['SEARCH order_document USING INTEGER PRIMARY KEY (rowid=?)', ...stemParts], plan(page).join('\n'))
    assert.deepEqual(documentSteps(plan(count)), stemParts, plan(count).join('\n'))
    assert.equal(plan(page).filter((step) => step.includes('TEMP B-TREE')).length, 2, plan(page).join('\n'))
  })

  it('reads the company’s stems of one type one index lookup each, never the documents between them', () => {
    const steps = plan(stemsQuery(sqliteQueryBuilder, 'order_document', 'co1', 'QUOTE'))
    assert.deepEqual(steps.filter((step) => / order_document\b/.test(step)), [
      'SEARCH order_document USING COVERING INDEX order_document_stem_list (company_id=? AND document_type=?)',
      'SEARCH order_document USING COVERING INDEX order_document_stem_list (company_id=? AND document_type=? AND number_stem>?)',
    ], steps.join('\n'))
  })

  const indexedNeedle: Needle = { text: 'ärzte', indexed: true, indexQueries: new Map<SearchColumn, string>([['order_document.search_number', '"ärz"'], ['customer.search_name', '"ärz"']]) }

  it('starts a search few documents match from the trigram indexes, not from the company’s list', () => {
    for (const filter of [{}, { status: 'OPEN' }] as const) {
      for (const query of Object.values(orderDocumentListQueries(sqliteQueryBuilder, 'co1', { limit: 50, offset: 0, documentType: 'QUOTE', search: 'ärzte', ...filter }, indexedNeedle))) {
        const steps = plan(query)
        assert.ok(steps.some((each) => /^SCAN order_document_search_number_trigrams VIRTUAL TABLE/.test(each)), steps.join('\n'))
        assert.ok(steps.some((each) => /^SEARCH order_document USING COVERING INDEX order_document_customer_list/.test(each)), steps.join('\n'))
        assert.ok(!steps.some((each) => /order_document USING (COVERING )?INDEX order_document_list/.test(each)), steps.join('\n'))
      }
    }
  })

  it('sorts the few documents of a search filtered by type alone by the customer index’s columns, and reads only the page’s rows', () => {
    const { rows: page } = orderDocumentListQueries(sqliteQueryBuilder, 'co1', { limit: 50, offset: 0, documentType: 'QUOTE', search: 'ärzte' }, indexedNeedle)
    const steps = plan(page)
    // The page's rows by rowid from the sorted set of both parts; the customers' part from the index alone.
    assert.deepEqual(steps.slice(0, 3), ['SEARCH order_document USING INTEGER PRIMARY KEY (rowid=?)', 'LIST SUBQUERY 6', 'CO-ROUTINE held'], steps.join('\n'))
    assert.ok(steps.includes('SEARCH order_document USING COVERING INDEX order_document_customer_list (customer_id=?)'), steps.join('\n'))
    const { rows: filtered } = orderDocumentListQueries(sqliteQueryBuilder, 'co1', { limit: 50, offset: 0, documentType: 'QUOTE', search: 'ärzte', status: 'OPEN' }, indexedNeedle)
    assert.ok(!plan(filtered).includes('CO-ROUTINE held'), plan(filtered).join('\n'))
  })

  it('reads the open quotes past their validity through order_document_validity, sorting only those', () => {
    const { rows: page, total: count } = orderDocumentListQueries(sqliteQueryBuilder, 'co1', { limit: 100, offset: 0, documentType: 'QUOTE', status: 'OPEN', validUntilBefore: '2026-01-15' })
    assert.deepEqual(plan(page).filter((step) => / order_document\b/.test(step)),
      ['SEARCH order_document USING INDEX order_document_validity (company_id=? AND document_type=? AND status=? AND valid_until<?)'])
    assert.deepEqual(plan(count), ['SEARCH order_document USING COVERING INDEX order_document_validity (company_id=? AND document_type=? AND status=? AND valid_until<?)'])
  })

  it('reads the page’s lines and a document by external id through indexes', () => {
    const linesPlan = plan(orderDocumentLinesQuery(builder, ['a', 'b', 'c']))
    assert.equal(linesPlan.length, 1, linesPlan.join('\n'))
    assert.match(linesPlan[0]!, /^SEARCH order_document_line USING INDEX \w+ \(order_document_id=\?\)$/)
    const byExternalId = plan(builder.selectFrom('order_document').selectAll().where('company_id', '=', 'co1').where('external_id', '=', 'shop-1'))
    assert.deepEqual(byExternalId, ['SEARCH order_document USING INDEX order_document_external_id (company_id=? AND external_id=?)'])
  })

  it('finds the invoices made from a document by their preceding and source documents through indexes only', () => {
    const steps = plan(derivedFromQuery(builder, 'co1', ['ls1', 'ls2']).selectAll())
    const reads = steps.filter((step) => /^(SCAN|SEARCH) /.test(step))
    assert.equal(reads.length, 3, steps.join('\n'))
    for (const read of reads) {
      assert.match(read, /^SEARCH \w+ USING (COVERING )?INDEX \w+ \((id|company_id=\? AND (preceding_document_id|source_id))=\?\)$/, steps.join('\n'))
    }
  })
})
