import assert from 'node:assert/strict'
import { it } from 'node:test'

// The other tests run from the sources; this one loads what `npm install` builds (dist/),
// which is what embedders and `npx invoicing` get.
const built = (path: string) => import(new URL(`../packages/${path}`, import.meta.url).href)

it('the built packages load and export their entry points', async () => {
  const core = await built('core/dist/index.js')
  const testing = await built('core/dist/testing/index.js')
  const sqlite = await built('storage-sqlite/dist/index.js')
  const sql = await built('storage-sql/dist/index.js')
  const postgres = await built('storage-postgres/dist/index.js')
  const postgresTesting = await built('storage-postgres/dist/testing/index.js')
  const http = await built('http/dist/index.js')
  const mail = await built('mail/dist/index.js')
  const files = await built('files/dist/index.js')
  assert.equal(typeof core.createInvoicing, 'function')
  assert.equal(typeof core.createMemoryStorage, 'function')
  assert.equal(typeof testing.storageContract, 'function')
  assert.equal(typeof testing.failsWith, 'function')
  assert.equal(typeof testing.fileStoreContract, 'function')
  assert.equal(typeof sqlite.createSqliteStorage, 'function')
  assert.equal(typeof sql.repositoriesOf, 'function')
  assert.equal(typeof postgres.createPostgresStorage, 'function')
  assert.equal(typeof postgresTesting.testDatabase, 'function')
  assert.equal(typeof http.createApp, 'function')
  assert.equal(typeof http.startHost, 'function')
  assert.equal(typeof mail.createSmtpTransport, 'function')
  assert.equal(typeof mail.createFileOutbox, 'function')
  assert.equal(typeof files.createFsFileStore, 'function')
  assert.equal(typeof files.createS3FileStore, 'function')
})

it('the built PDF worker pool draws in its workers (dist/render-worker.js)', async () => {
  const core = await built('core/dist/index.js')
  const pdf = await built('pdf/dist/index.js')
  const pool = pdf.createPdfWorkerPool({ size: 1 })
  try {
    const invoicing = core.createInvoicing({ storage: core.createMemoryStorage(), pdf: pool })
    const actor = core.companyActor((await invoicing.companies.create({ name: 'Muster GmbH', vatId: 'DE123456789' })).id)
    const customer = await invoicing.customers.create(actor, { name: 'Kunde AG' })
    const draft = await invoicing.invoices.create(actor, { customerId: customer.id, lines: [{ description: 'Beratung', unitPrice: '100' }] })
    const file = await invoicing.invoices.pdf(actor, draft.id)
    assert.equal(Buffer.from(file.content.subarray(0, 5)).toString('latin1'), '%PDF-')
    assert.deepEqual(pool.stats(), { workers: 1, drawing: 0, queued: 0 })
  } finally {
    await pool.close()
  }
})
