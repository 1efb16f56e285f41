import { sql, type Kysely, type Migration } from 'kysely'

/**
 * An `Idempotency-Key` is stored only with the answer of its request, in the transaction of
 * the request's effect: there are no claims pending beside a running request any more. Claims
 * left pending by an earlier version are dropped, which frees their keys. A send reservation
 * names the key its send runs under, so a retry meeting it knows it is its own.
 */
export const answeredKeys: Migration = {
  async up(db: Kysely<any>) {
    await sql`delete from idempotency_key where state <> 'completed' or response_status is null`.execute(db)
    await db.schema.alterTable('idempotency_key').dropColumn('state').dropColumn('claim_expires_at').execute()
    await db.schema.alterTable('send_reservation').addColumn('idempotency_key', 'text').execute()
  },
}
