import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { aCompany, aCustomer } from '@invoicing/core/testing'
import pg from 'pg'
import { createPostgresStorage } from './create-postgres-storage'
import { migratedTestDatabase } from './testing'

const NO_TRIGRAMS = 'pg_trgm is not installed in the database: searches scan the rows instead of reading trigram indexes'

describe('postgres: search without pg_trgm', () => {
  it('opens, says so once, and finds by scanning what the trigram index would have found', async () => {
    const [without, withTrigrams] = await Promise.all([migratedTestDatabase(), migratedTestDatabase()])
    const admin = new pg.Client({ connectionString: without.url })
    await admin.connect()
    await admin.query('drop extension pg_trgm cascade')
    await admin.end()
    const warnings: string[] = []
    const storages = [
      await createPostgresStorage({ url: without.url, onWarning: (message) => warnings.push(message) }),
      await createPostgresStorage({ url: withTrigrams.url, onWarning: (message) => warnings.push(message) }),
    ]
    try {
      assert.deepEqual(warnings, [NO_TRIGRAMS], 'only the database without the extension warns')
      for (const storage of storages) {
        const company = aCompany()
        const customer = aCustomer(company.id, { name: 'Müller 100% _Bau_ GmbH' })
        await storage.transaction(async (tx) => {
          await tx.companies.insert(company)
          await tx.customers.insert(customer)
          await tx.customers.insert(aCustomer(company.id, { name: 'Müller 100x Bau GmbH' }))
        })
        const found = await storage.customers.list(company.id, { limit: 10, offset: 0, search: 'MÜLLER 100% _bau_' })
        assert.deepEqual(found.items.map((each) => each.id), [customer.id], '% and _ are literal, case folded')
      }
    } finally {
      for (const storage of storages) await storage.close()
      await Promise.all([without.drop(), withTrigrams.drop()])
    }
  })
})
