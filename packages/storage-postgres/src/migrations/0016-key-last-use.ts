import type { Kysely, Migration } from 'kysely'

/** When each API key last made a request (`GET /meta/key`); null for keys not used since. */
export const keyLastUse: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('api_key').addColumn('last_used_at', 'timestamptz').execute()
  },
}
