import { createMemoryFileStore } from './memory-file-store'
import { fileStoreContract } from '../testing/file-store-contract'

fileStoreContract('memory', createMemoryFileStore)
