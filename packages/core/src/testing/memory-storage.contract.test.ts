import { createMemoryStorage } from './memory-storage'
import { storageContract } from './storage-contract'

storageContract({
  name: 'memory',
  create: async () => createMemoryStorage(),
  destroy: (storage) => storage.close(),
})
