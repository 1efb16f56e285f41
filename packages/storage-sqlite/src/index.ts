export { createSqliteStorage, type SqliteStorageOptions } from './create-sqlite-storage'
export { backupSqliteDatabase } from './backup'
export { openSqliteDatabase, type OpenSqliteDatabaseOptions } from './open-sqlite-database'
