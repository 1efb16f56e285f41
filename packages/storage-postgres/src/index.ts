export { createPostgresStorage, type PostgresStorageOptions } from './create-postgres-storage'
export { openPostgresDatabase, type OpenPostgresDatabaseOptions } from './open-postgres-database'
export type { PostgresPoolOptions } from './postgres-pool'
