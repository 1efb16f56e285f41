import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { Storage } from '@invoicing/core'
import { aCompany, aCustomer, anInvoice, anInvoiceLine, aProduct } from '@invoicing/core/testing'
import pg from 'pg'
import { createPostgresStorage } from './create-postgres-storage'
import { postgresTypes } from './postgres-types'
import { migratedTestDatabase, type TestDatabase } from './testing'

// Values cross the database boundary as PostgreSQL's own types (numeric, timestamptz, date,
// jsonb, boolean) and come back exactly as the engine wrote them: money never as a float.
describe('postgres: values at the database boundary', () => {
  let database: TestDatabase
  let storage: Storage
  let pool: pg.Pool
  before(async () => {
    database = await migratedTestDatabase()
    storage = await createPostgresStorage({ url: database.url })
    pool = new pg.Pool({ connectionString: database.url, types: postgresTypes, max: 1 })
  })
  after(async () => {
    await pool.end()
    await storage.close()
    await database.drop()
  })

  const columnType = async (table: string, column: string) =>
    (await pool.query('select data_type from information_schema.columns where table_name = $1 and column_name = $2', [table, column])).rows[0]?.data_type

  it('stores money, instants, dates and metadata in native types', async () => {
    assert.equal(await columnType('product', 'unit_price'), 'numeric')
    assert.equal(await columnType('invoice', 'gross_total'), 'numeric')
    assert.equal(await columnType('invoice', 'created_at'), 'timestamp with time zone')
    assert.equal(await columnType('invoice', 'issue_date'), 'date')
    assert.equal(await columnType('invoice', 'metadata'), 'jsonb')
  })

  it('reads sums of decimals as exact decimal text: 0.1 + 0.2 is 0.3, not 0.30000000000000004', async () => {
    const { rows } = await pool.query(`select 0.1::numeric + 0.2::numeric as sum, 12345678901234567890.123456789::numeric * 1 as large, 0.30::numeric as scaled`)
    assert.deepEqual(rows[0], { sum: '0.3', large: '12345678901234567890.123456789', scaled: '0.30' })
  })

  it('round-trips amounts beyond a float’s precision, their scale, instants, dates and JSON unchanged through the storage', async () => {
    const company = aCompany()
    const customer = aCustomer(company.id)
    const product = aProduct(company.id, { unitPrice: '0.10' })
    const invoice = anInvoice(company.id, customer.id, {
      netTotal: '12345678901234567.89', taxTotal: '0.30', grossTotal: '12345678901234568.19',
      lines: [anInvoiceLine({ quantity: '0.1', unitPrice: '0.2', netAmount: '0.02' }), anInvoiceLine({ quantity: '3', unitPrice: '33.333333', netAmount: '99.999999' })],
      metadata: { order: 'A-1', 'ä': 'ü', nested: '{"x":1}' },
      createdAt: '2026-03-01T10:00:00.120Z',
    })
    await storage.transaction(async (tx) => {
      await tx.companies.insert(company)
      await tx.customers.insert(customer)
      await tx.products.insert(product)
      await tx.invoices.insert(invoice)
    })
    assert.deepEqual(await storage.products.get(company.id, product.id), product)
    const read = await storage.invoices.get(company.id, invoice.id)
    assert.deepEqual(read, invoice)
    assert.equal(read?.netTotal, '12345678901234567.89')
    assert.equal(read?.createdAt, '2026-03-01T10:00:00.120Z')
    // What PostgreSQL holds is the number itself, not text that looks like one.
    const { rows } = await pool.query('select gross_total * 2 as doubled, issue_date + 1 as next_day from invoice where id = $1', [invoice.id])
    assert.deepEqual(rows[0], { doubled: '24691357802469136.38', next_day: '2026-02-11' })
  })
})
