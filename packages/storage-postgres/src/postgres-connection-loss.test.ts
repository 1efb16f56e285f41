import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { setTimeout as sleep } from 'node:timers/promises'
import { StorageUnavailable, type Storage } from '@invoicing/core'
import { aCompany } from '@invoicing/core/testing'
import pg from 'pg'
import { createPostgresStorage } from './create-postgres-storage'
import { migratedTestDatabase, type TestDatabase } from './testing'

describe('postgres: a connection the server ends', () => {
  let database: TestDatabase
  let storage: Storage
  let admin: pg.Client
  const warnings: string[] = []
  before(async () => {
    database = await migratedTestDatabase()
    storage = await createPostgresStorage({ url: database.url, onWarning: (message) => warnings.push(message) })
    admin = new pg.Client({ connectionString: database.url })
    await admin.connect()
  })
  after(async () => {
    await admin.end()
    await storage.close()
    await database.drop()
  })

  it('fails the transaction holding it with StorageUnavailable, and the process and the storage go on', async () => {
    const company = aCompany()
    await assert.rejects(storage.transaction(async (tx) => {
      await tx.companies.insert(company)
      // The transaction's connection waits between two statements while the server ends it.
      await admin.query(`select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and application_name = 'invoicing' and state = 'idle in transaction'`)
      await sleep(200)
      await tx.companies.get(company.id)
    }), (error) => error instanceof StorageUnavailable)
    assert.ok(warnings.includes('a database connection was lost'), 'the loss is told')
    assert.equal(await storage.companies.get(company.id), undefined, 'nothing of it was applied')
    await storage.transaction((tx) => tx.companies.insert(company))
    assert.deepEqual(await storage.companies.get(company.id), company)
  })
})
