/** In-memory adapters of the storage and files ports, for embedding and tests. Other features import from here, not from the files inside. */
export { createMemoryStorage } from './memory-storage'
export { createMemoryFileStore } from './memory-file-store'
