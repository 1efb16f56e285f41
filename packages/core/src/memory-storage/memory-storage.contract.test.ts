import { createMemoryStorage } from './memory-storage'
import { storageContract } from '../testing/storage-contract'

storageContract({
  name: 'memory',
  create: async () => createMemoryStorage(),
  destroy: (storage) => storage.close(),
})
