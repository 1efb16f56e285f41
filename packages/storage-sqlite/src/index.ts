export { createSqliteStorage, type SqliteStorageOptions } from './create-sqlite-storage'
export { backupSqliteDatabase } from './backup'
