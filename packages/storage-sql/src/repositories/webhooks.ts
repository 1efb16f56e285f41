import type {
  ClaimsDue, EventType, WebhookAttempt, WebhookDelivery, WebhookDeliveryRepository, WebhookEndpoint, WebhookEndpointRepository,
} from '@invoicing/core'
import { sql } from 'kysely'
import { columnsOf } from '../columns'
import type { WebhookAttemptTable, WebhookDeliveryTable, WebhookEndpointTable } from '../database'
import type { Executor } from '../executor'
import { readPage } from './read-page'

const endpointColumns = columnsOf<WebhookEndpoint>(['id', 'companyId', 'url', 'description', 'secret', 'createdAt', 'updatedAt'])

const endpointToRow = (endpoint: WebhookEndpoint): WebhookEndpointTable => endpointColumns.toRow(endpoint, {
  events: JSON.stringify(endpoint.events),
  active: Number(endpoint.active),
}) as unknown as WebhookEndpointTable

const endpointFromRow = (row: WebhookEndpointTable): WebhookEndpoint => endpointColumns.fromRow(row, {
  events: JSON.parse(row.events) as (EventType | '*')[],
  active: row.active === 1,
})

export function createWebhookEndpointRepository({ db, dialect: { insertionOrder }, row, rows, write }: Executor): WebhookEndpointRepository {
  return {
    async get(companyId, id) {
      const found = await row(db.selectFrom('webhook_endpoint').selectAll().where('id', '=', id).where('company_id', '=', companyId))
      return found && endpointFromRow(found)
    },
    async list(companyId) {
      return (await rows(db.selectFrom('webhook_endpoint').selectAll().where('company_id', '=', companyId)
        .orderBy('created_at').orderBy(insertionOrder))).map(endpointFromRow)
    },
    insert: (endpoint) => write(db.insertInto('webhook_endpoint').values(endpointToRow(endpoint))),
    async update(endpoint) {
      const { id, company_id, ...fields } = endpointToRow(endpoint)
      await write(db.updateTable('webhook_endpoint').set(fields).where('id', '=', id).where('company_id', '=', company_id))
    },
    // Deliveries and attempts go with it (ON DELETE CASCADE).
    delete: (companyId, id) => write(db.deleteFrom('webhook_endpoint').where('id', '=', id).where('company_id', '=', companyId)),
  }
}

const deliveryColumns = columnsOf<WebhookDelivery>([
  'id', 'companyId', 'endpointId', 'messageId', 'eventType', 'payload', 'status', 'attempts', 'nextAttemptAt', 'leasedUntil', 'createdAt', 'updatedAt',
])
const attemptColumns = columnsOf<WebhookAttempt>([
  'id', 'companyId', 'endpointId', 'deliveryId', 'messageId', 'eventType', 'attempt', 'statusCode', 'error', 'responseBody',
  'durationMs', 'attemptedAt', 'nextAttemptAt',
])

const deliveryToRow = (delivery: WebhookDelivery) => deliveryColumns.toRow(delivery) as unknown as WebhookDeliveryTable
const deliveryFromRow = (found: WebhookDeliveryTable): WebhookDelivery => deliveryColumns.fromRow(found)

export function createWebhookDeliveryRepository(executor: Executor): WebhookDeliveryRepository {
  const { db, dialect: { insertionOrder }, row, write } = executor
  return {
    async get(id) {
      const found = await row(db.selectFrom('webhook_delivery').selectAll().where('id', '=', id))
      return found && deliveryFromRow(found)
    },
    listAttempts(companyId, endpointId, page) {
      const ofEndpoint = db.selectFrom('webhook_attempt').where('company_id', '=', companyId).where('endpoint_id', '=', endpointId)
      return readPage(executor, {
        rows: ofEndpoint.selectAll().orderBy('attempted_at', 'desc').orderBy(insertionOrder, 'desc').limit(page.limit).offset(page.offset),
        total: ofEndpoint.select((eb) => eb.fn.countAll<number>().as('total')),
      }, page, (found) => found.map((attempt) => attemptColumns.fromRow(attempt, { succeeded: attempt.succeeded === 1 })))
    },
    insert: (delivery) => write(db.insertInto('webhook_delivery').values(deliveryToRow(delivery))),
    async update(delivery) {
      const { id, ...fields } = deliveryToRow(delivery)
      await write(db.updateTable('webhook_delivery').set(fields).where('id', '=', id))
    },
    appendAttempt: (attempt) => write(db.insertInto('webhook_attempt').values(attemptColumns.toRow(attempt, {
      succeeded: Number(attempt.succeeded),
    }) as unknown as WebhookAttemptTable)),
  }
}

/**
 * The claim of due deliveries, one statement: no other writer can take a row, or lease another
 * of its endpoint's, between finding it due and leasing it. The earliest due delivery of each
 * endpoint without a running lease, earliest first. Where claims overlap (`skipLocked`), the
 * rows are locked as they are taken and rows another claim holds are passed over.
 */
export function claimDueDeliveries({ db, dialect: { insertionOrder, skipLocked }, rows }: Executor): ClaimsDue<WebhookDelivery>['claimDue'] {
  return async (now, limit, leaseMs) => {
    const running = (alias: string) => sql`${sql.ref(alias)}.leased_until is not null and ${sql.ref(alias)}.leased_until > ${now}`
    const candidates = db.selectFrom('webhook_delivery as d')
      .select((eb) => [
        'd.id', 'd.next_attempt_at', insertionOrder.as('seq'),
        eb.fn.agg<number>('row_number').over((over) => over.partitionBy('d.endpoint_id').orderBy('d.next_attempt_at').orderBy(insertionOrder)).as('place'),
      ])
      .where('d.status', '=', 'PENDING').where('d.next_attempt_at', '<=', now)
      .where(sql<boolean>`not (${running('d')})`)
      .where((eb) => eb.not(eb.exists(eb.selectFrom('webhook_delivery as busy').select(sql`1`.as('one'))
        .whereRef('busy.endpoint_id', '=', 'd.endpoint_id').where(sql<boolean>`${running('busy')}`))))
    const due = db.selectFrom(candidates.as('c')).select('c.id').where('c.place', '=', 1).orderBy('c.next_attempt_at').orderBy('c.seq').limit(limit)
    // A query with a window function cannot lock rows: the lock is taken by a plain select of
    // them. It repeats what makes a row due: PostgreSQL checks the locking query's own
    // conditions again on a row another claim changed meanwhile (leased, or delivered and its
    // lease cleared), not the subquery that picked it.
    const stillDue = sql<boolean>`status = 'PENDING' and next_attempt_at <= ${now} and not (leased_until is not null and leased_until > ${now})`
    const taken = skipLocked ? db.selectFrom('webhook_delivery').select('id').where('id', 'in', due).where(stillDue).forUpdate().skipLocked() : due
    const leasedUntil = new Date(Date.parse(now) + leaseMs).toISOString()
    return (await rows(db.updateTable('webhook_delivery')
      .set((eb) => ({ attempts: eb('attempts', '+', 1), leased_until: leasedUntil }))
      .where('id', 'in', taken).returningAll())).map(deliveryFromRow)
  }
}
