import type { DomainEvent, EventOutbox } from '@invoicing/core'
import type { Selectable } from 'kysely'
import type { EventOutboxTable } from '../database'
import type { Executor } from '../executor'
import { readPage } from './read-page'

const fromRow = (row: Selectable<EventOutboxTable>): DomainEvent => ({
  id: row.id,
  companyId: row.company_id,
  type: row.type as DomainEvent['type'],
  createdAt: row.created_at,
  data: JSON.parse(row.data),
})

/** The outbox: `sequence` (autoincrement) orders the events; `dispatched_at` is the delivery worker's. */
export function createEventOutbox(executor: Executor): EventOutbox {
  const { db, write } = executor
  return {
    list: (companyId, page) => {
      const ofCompany = db.selectFrom('event_outbox').where('company_id', '=', companyId)
      return readPage(executor, {
        rows: ofCompany.selectAll().orderBy('sequence').limit(page.limit).offset(page.offset),
        total: ofCompany.select((eb) => eb.fn.countAll<number>().as('total')),
      }, page, (found) => found.map(fromRow))
    },
    listUndispatched: async (limit) =>
      (await executor.rows(db.selectFrom('event_outbox').selectAll().where('dispatched_at', 'is', null).orderBy('sequence').limit(limit))).map(fromRow),
    markDispatched: async (eventId, at) => {
      await write(db.updateTable('event_outbox').set({ dispatched_at: at }).where('id', '=', eventId))
    },
    append: (event) => write(db.insertInto('event_outbox').values({
      id: event.id, company_id: event.companyId, type: event.type, created_at: event.createdAt, data: JSON.stringify(event.data),
    })),
  }
}
