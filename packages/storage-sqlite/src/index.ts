export { createSqliteStorage, type SqliteStorageOptions } from './create-sqlite-storage'
