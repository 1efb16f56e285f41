export { createPostgresStorage, type PostgresStorageOptions } from './create-postgres-storage'
