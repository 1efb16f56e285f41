export { createSqliteStorage, type SqliteStorageOptions } from './create-sqlite-storage'
export { createFileBlobStore } from './file-blob-store'
