import { createMemoryBlobStore } from './memory-blob-store'
import { blobStoreContract } from '../testing/blob-store-contract'

blobStoreContract('memory', createMemoryBlobStore)
