import { storageContract } from '@invoicing/core/testing'
import { createSqliteStorage } from './create-sqlite-storage'

storageContract({
  name: 'sqlite',
  create: () => createSqliteStorage({ filename: ':memory:' }),
  destroy: (storage) => storage.close(),
})
