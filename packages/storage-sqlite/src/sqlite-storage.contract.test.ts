import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import assert from 'node:assert/strict'
import { afterEach, beforeEach, describe, it } from 'node:test'
import type { Storage } from '@invoicing/core'
import { aBlogPost, claimsDueContract, storageContract, webhookDeliveryClaims } from '@invoicing/core/testing'
import { createSqliteStorage } from './create-sqlite-storage'

const folders = new WeakMap<Storage, string>()

// The production shape: a file in WAL mode, with its own read connection.
storageContract({
  name: 'sqlite file',
  async create() {
    const folder = mkdtempSync(join(tmpdir(), 'invoicing-contract-'))
    const storage = await createSqliteStorage({ filename: join(folder, 'contract.sqlite') })
    folders.set(storage, folder)
    return storage
  },
  async destroy(storage) {
    await storage.close()
    rmSync(folders.get(storage)!, { recursive: true, force: true })
  },
})

// One connection for reads and writes.
storageContract({
  name: 'sqlite :memory:',
  create: () => createSqliteStorage({ filename: ':memory:' }),
  destroy: (storage) => storage.close(),
})

// Two storages on one file, as two host processes have them: claims must not collide across connections.
describe('sqlite file, two connections', () => {
  let folder: string
  let first: Storage
  let second: Storage
  beforeEach(async () => {
    folder = mkdtempSync(join(tmpdir(), 'invoicing-claims-'))
    first = await createSqliteStorage({ filename: join(folder, 'shared.sqlite') })
    second = await createSqliteStorage({ filename: join(folder, 'shared.sqlite') })
  })
  afterEach(async () => {
    await first.close()
    await second.close()
    rmSync(folder, { recursive: true, force: true })
  })
  claimsDueContract('webhook deliveries', () => webhookDeliveryClaims(first, [first, second]))

  it('blog: of two processes racing for one slug, or to publish one due post, exactly one wins', async () => {
    const rivals = [aBlogPost({ slug: 'gleich' }), aBlogPost({ slug: 'gleich' })]
    const inserted = await Promise.all([first, second].map((storage, index) => storage.transaction((tx) => tx.blog.insertPost(rivals[index]!))))
    assert.deepEqual(inserted.sort(), [false, true])
    const due = aBlogPost({ status: 'SCHEDULED', publishAt: '2026-03-01T10:00:00.000Z' })
    await first.transaction((tx) => tx.blog.insertPost(due))
    const published = await Promise.all([first, second, first, second].map((storage) =>
      storage.transaction((tx) => tx.blog.publishDuePost(due.id, '2026-03-01T12:00:00.000Z', '2026-03-01T12:00:00.000Z'))))
    assert.equal(published.filter(Boolean).length, 1)
    assert.equal((await second.blog.getPost(due.id))?.publishedAt, '2026-03-01T10:00:00.000Z')
  })
})
