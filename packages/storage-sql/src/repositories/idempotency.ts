import type { IdempotencyRecord, IdempotencyRepository } from '@invoicing/core'
import { columnsOf } from '../columns'
import type { IdempotencyKeyTable } from '../database'
import type { Executor } from '../executor'

const columns = columnsOf<IdempotencyRecord>([
  'companyId', 'key', 'fingerprint', 'responseStatus', 'resourceId', 'createdAt',
])

const toRow = (record: IdempotencyRecord): IdempotencyKeyTable => columns.toRow(record, {
  response_body: JSON.stringify(record.responseBody ?? null),
}) as unknown as IdempotencyKeyTable

const fromRow = (row: IdempotencyKeyTable): IdempotencyRecord => columns.fromRow(row, {
  responseBody: JSON.parse(row.response_body),
})

/**
 * Keys by (company_id, key), the primary key. `insertIfAbsent` is one INSERT … ON CONFLICT DO
 * NOTHING: the primary key lets exactly one of concurrent answers insert its row (a rival finds
 * the row and inserts nothing), and RETURNING tells each whether it did.
 */
export function createIdempotencyRepository({ db, row, rows, write }: Executor): IdempotencyRepository {
  return {
    async get(companyId, key) {
      const found = await row(db.selectFrom('idempotency_key').selectAll().where('company_id', '=', companyId).where('key', '=', key))
      return found && fromRow(found)
    },
    async insertIfAbsent(record) {
      const inserted = await row(db.insertInto('idempotency_key').values(toRow(record))
        .onConflict((conflict) => conflict.columns(['company_id', 'key']).doNothing())
        .returning('key'))
      return inserted !== undefined
    },
    async update(record) {
      const { company_id, key, ...fields } = toRow(record)
      await write(db.updateTable('idempotency_key').set(fields).where('company_id', '=', company_id).where('key', '=', key))
    },
    deleteForResource: (companyId, resourceId) =>
      write(db.deleteFrom('idempotency_key').where('company_id', '=', companyId).where('resource_id', '=', resourceId)),
    async deleteCreatedBefore(cutoff, limit) {
      const oldest = db.selectFrom('idempotency_key').select(['company_id', 'key'])
        .where('created_at', '<', cutoff).orderBy('created_at').limit(Math.max(0, Math.floor(limit)))
      const deleted = await rows(db.deleteFrom('idempotency_key')
        .where((eb) => eb(eb.refTuple('company_id', 'key'), 'in', oldest.$asTuple('company_id', 'key'))).returning('key'))
      return deleted.length
    },
  }
}
