import { sql, type Kysely, type Migration } from 'kysely'

/**
 * A webhook delivery in flight holds a lease of its own (`leased_until`), apart from when it is
 * due, so that a claim can skip every endpoint that has an attempt running. The partial index
 * keeps that check to the few leased rows.
 */
export const deliveryLeases: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('webhook_delivery').addColumn('leased_until', 'timestamptz').execute()
    await sql`create index webhook_delivery_leased on webhook_delivery (endpoint_id, leased_until) where leased_until is not null`.execute(db)
  },
}
