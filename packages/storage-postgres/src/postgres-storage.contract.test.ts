import assert from 'node:assert/strict'
import { afterEach, beforeEach, describe, it } from 'node:test'
import { TransactionConflict, type Storage, type StorageTx } from '@invoicing/core'
import { aBlogPost, claimsDueContract, storageContract, webhookDeliveryClaims } from '@invoicing/core/testing'
import { createPostgresStorage } from './create-postgres-storage'
import { migratedTestDatabase, type TestDatabase } from './testing'

const databases = new WeakMap<Storage, TestDatabase>()

/** `work` in a transaction, run again after a conflict, as the engine runs it. */
async function committed<T>(storage: Storage, work: (tx: StorageTx) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await storage.transaction(work)
    } catch (error) {
      if (!(error instanceof TransactionConflict) || attempt === 10) throw error
    }
  }
}

storageContract({
  name: 'postgres',
  async create() {
    const database = await migratedTestDatabase()
    const storage = await createPostgresStorage({ url: database.url })
    databases.set(storage, database)
    return storage
  },
  async destroy(storage) {
    await storage.close()
    await databases.get(storage)!.drop()
  },
})

// Two storages on one database, as two hosts have them: claims must not collide across pools.
describe('postgres, two hosts on one database', () => {
  let database: TestDatabase
  let first: Storage
  let second: Storage
  beforeEach(async () => {
    database = await migratedTestDatabase()
    first = await createPostgresStorage({ url: database.url })
    second = await createPostgresStorage({ url: database.url })
  })
  afterEach(async () => {
    await first.close()
    await second.close()
    await database.drop()
  })
  claimsDueContract('webhook deliveries', () => webhookDeliveryClaims(first, [first, second]))

  it('blog: of two hosts racing for one slug, or to publish one due post, exactly one wins', async () => {
    const rivals = [aBlogPost({ slug: 'gleich' }), aBlogPost({ slug: 'gleich' })]
    const inserted = await Promise.all([first, second].map((storage, index) => committed(storage, (tx) => tx.blog.insertPost(rivals[index]!))))
    assert.deepEqual(inserted.sort(), [false, true])
    const due = aBlogPost({ status: 'SCHEDULED', publishAt: '2026-03-01T10:00:00.000Z' })
    await first.transaction((tx) => tx.blog.insertPost(due))
    const published = await Promise.all([first, second, first, second].map((storage) =>
      committed(storage, (tx) => tx.blog.publishDuePost(due.id, '2026-03-01T12:00:00.000Z', '2026-03-01T12:00:00.000Z'))))
    assert.equal(published.filter(Boolean).length, 1)
    assert.equal((await second.blog.getPost(due.id))?.publishedAt, '2026-03-01T10:00:00.000Z')
  })
})
