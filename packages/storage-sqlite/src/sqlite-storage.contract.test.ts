import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Storage } from '@invoicing/core'
import { storageContract } from '@invoicing/core/testing'
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
