import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe } from 'node:test'
import type { Storage } from '@invoicing/core'
import { claimsDueContract, storageContract, webhookDeliveryClaims } from '@invoicing/core/testing'
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
})
