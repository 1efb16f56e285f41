import assert from 'node:assert/strict'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, afterEach, before, beforeEach, describe, it } from 'node:test'
import type { FileDocumentListQuery, Storage } from '@invoicing/core'
import { aCompany, aCustomer, aFileDocument, anInvoice } from '@invoicing/core/testing'
import { createSqliteStorage } from './create-sqlite-storage'
import { planTestDatabase, queryBuilder, sqliteQueryBuilder, type CompilableQuery, type PlanTestDatabase } from './testing/query-plans'
import { attachmentsQuery, documentListQueries, fileDeletionsDueQuery, pendingCreatedBeforeQuery } from '@invoicing/storage-sql/queries'

describe('sqlite documents (files), two connections to one file', () => {
  let folder: string
  let first: Storage
  let second: Storage
  beforeEach(async () => {
    folder = mkdtempSync(join(tmpdir(), 'invoicing-files-'))
    first = await createSqliteStorage({ filename: join(folder, 'shared.sqlite') })
    second = await createSqliteStorage({ filename: join(folder, 'shared.sqlite') })
  })
  afterEach(async () => {
    await first.close()
    await second.close()
    rmSync(folder, { recursive: true, force: true })
  })
  /** A stored company with a pending document without links. */
  const storedDocument = async () => {
    const company = aCompany()
    const document = aFileDocument(company.id, { status: 'PENDING_UPLOAD', links: [] })
    await first.transaction(async (tx) => {
      await tx.companies.insert(company)
      await tx.fileDocuments.insert(document)
    })
    return { company, document }
  }
  // Each transaction waits for the other connection's write lock (the busy timeout), as two processes do.
  const onBoth = <T>(count: number, work: (storage: Storage, index: number) => Promise<T>) =>
    Promise.all(Array.from({ length: count }, (_, index) => work(index % 2 ? second : first, index)))

  it('lets exactly one of concurrent transactions add the same link', async () => {
    const { company, document } = await storedDocument()
    const answers = await onBoth(10, (storage, index) => storage.transaction((tx) => tx.fileDocuments.insertLinkIfAbsent(company.id, document.id, {
      id: `fl-${index}`, type: 'INVOICE', targetId: 'in-1', sendWithDocument: true, createdAt: '2026-03-01T10:00:00.000Z',
    })))
    assert.equal(answers.filter(Boolean).length, 1, `answers: ${answers.join(', ')}`)
    for (const reader of [first, second]) {
      assert.deepEqual((await reader.fileDocuments.get(company.id, document.id))!.links.map((link) => link.id), [`fl-${answers.indexOf(true)}`])
    }
  })

  it('gives the upload right to exactly one of concurrent claims', async () => {
    const { company, document } = await storedDocument()
    const answers = await onBoth(10, (storage) => storage.transaction((tx) => tx.fileDocuments.claimUpload(company.id, document.id)))
    assert.equal(answers.filter(Boolean).length, 1, `answers: ${answers.join(', ')}`)
  })

  it('answers every caller on either connection the same upload signing key', async () => {
    const keys = await onBoth(10, (storage, index) => storage.transaction((tx) => tx.fileDocuments.uploadSigningKey(`candidate-${index}`)))
    assert.equal(new Set(keys).size, 1, `keys: ${keys.join(', ')}`)
    assert.equal(await second.transaction((tx) => tx.fileDocuments.uploadSigningKey('late')), keys[0])
  })
})

describe('query plans of documents (files)', () => {
  let database: PlanTestDatabase
  const plan = (query: CompilableQuery) => database.plan(query)
  const builder = queryBuilder

  before(async () => {
    const company = aCompany()
    const customer = aCustomer(company.id)
    database = await planTestDatabase('files', async (tx) => {
      await tx.companies.insert(company)
      await tx.customers.insert(customer)
      for (let index = 0; index < 200; index++) {
        const invoice = anInvoice(company.id, customer.id)
        await tx.invoices.insert(invoice)
        await tx.fileDocuments.insert(aFileDocument(company.id, {
          status: index % 7 ? 'AVAILABLE' : 'PENDING_UPLOAD', category: index % 2 ? 'RECEIPT' : 'CONTRACT',
          createdAt: new Date(Date.UTC(2026, 0, 1 + (index % 28), index % 24)).toISOString(),
          links: [
            { id: `fl-c${index}`, type: 'CUSTOMER', targetId: customer.id, sendWithDocument: false, createdAt: '2026-02-01T00:00:00.000Z' },
            { id: `fl-i${index}`, type: 'INVOICE', targetId: invoice.id, sendWithDocument: true, createdAt: '2026-02-01T00:00:00.000Z' },
          ],
        }))
      }
    })
  })
  after(() => database.close())

  /** The plan's steps that read `table`, without their search terms. */
  const reads = (steps: string[], table: string) => steps.filter((step) => new RegExp(` ${table}\\b`).test(step)).map((step) => step.replace(/ \(.*$/, ''))

  const filters: [string, Partial<FileDocumentListQuery>][] = [
    ['no filter', {}],
    ['category', { category: 'RECEIPT' }],
    ['search', { search: 'vertrag' }],
    ['creation instant', { createdFrom: '2026-01-10T00:00:00.000Z', createdBefore: '2026-01-20T00:00:00.000Z' }],
    ['link', { link: { type: 'INVOICE', targetId: 'in1' } }],
    ['customer', { customerId: 'cu1' }],
  ]
  for (const [name, filter] of filters) {
    it(`reads a list page filtered by ${name} through the list index, in list order, with no sort, and counts through an index alone`, () => {
      const { rows: page, total: count } = documentListQueries(sqliteQueryBuilder, 'co1', { limit: 50, offset: 0, status: 'AVAILABLE', ...filter })
      const pagePlan = plan(page)
      assert.deepEqual(reads(pagePlan, 'file_document'), ['SEARCH file_document USING INDEX file_document_list'], pagePlan.join('\n'))
      assert.ok(!pagePlan.some((step) => step.includes('TEMP B-TREE')), pagePlan.join('\n'))
      const countPlan = plan(count)
      assert.deepEqual(reads(countPlan, 'file_document'), ['SEARCH file_document USING COVERING INDEX file_document_list'], countPlan.join('\n'))
      // The links are looked up by their record, and the customer's records by their customer.
      for (const step of reads([...pagePlan, ...countPlan], 'file_document_link')) assert.equal(step, 'SEARCH file_document_link USING COVERING INDEX file_document_link_target')
      for (const table of ['invoice', 'order_document', 'recurring_schedule']) {
        for (const step of reads(pagePlan, table)) assert.match(step, /^SEARCH .* USING (COVERING )?INDEX \w+_customer_list$/)
      }
    })
  }

  it('reads the attachments of a record through the link index in link order, the pending uploads and due deletions through their indexes, with no sort', () => {
    const attachments = plan(attachmentsQuery(builder, 'co1', 'INVOICE', 'in1', 100))
    assert.deepEqual(attachments.map((step) => step.replace(/ \(.*$/, '')), [
      'SEARCH file_document_link USING INDEX file_document_link_target',
      'SEARCH file_document USING INDEX sqlite_autoindex_file_document_1',
    ])
    assert.deepEqual(plan(pendingCreatedBeforeQuery(builder, '2026-01-10T00:00:00.000Z', 100)),
      ['SEARCH file_document USING INDEX file_document_pending (status=? AND created_at<?)'])
    assert.deepEqual(plan(fileDeletionsDueQuery(builder, '2026-01-10T00:00:00.000Z', 100)), ['SEARCH file_deletion USING INDEX file_deletion_due (at<?)'])
  })
})
