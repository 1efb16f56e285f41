import { type RecurringScheduleListQuery, type RecurringScheduleRepository } from '@invoicing/core'
import { sql, type Kysely } from 'kysely'
import type { Database } from '../database'
import type { Executor, QueryBuilder } from '../executor'
import { needleOf, type Needle } from '../search'
import { customerNameContains } from './customer-names'
import { readPage } from './read-page'
import { occurrenceFromRow, occurrenceToRow, scheduleFromRow, scheduleToRow } from './recurring-schedule-rows'

/** Sorts schedules without a next run date after those with one (the list indexes hold the same expression). */
const withoutNextRun = sql<number>`next_run_date is null`

/**
 * The page and count queries of a company's schedule list: filters AND-combined, the search a
 * literal folded part of the schedule's name or its customer's current name. Each filter is
 * served by an index in list order (see migration 0014).
 */
export function scheduleListQueries({ db, dialect }: QueryBuilder, companyId: string, query: RecurringScheduleListQuery, needle?: Needle) {
  let filtered = db.selectFrom('recurring_schedule').where('company_id', '=', companyId)
  if (query.status) filtered = filtered.where('status', '=', query.status)
  if (query.customerId) filtered = filtered.where('customer_id', '=', query.customerId)
  if (needle) {
    filtered = filtered.where((eb) => eb.or([dialect.containsFolded(eb, 'recurring_schedule.search_name', needle), customerNameContains(dialect, eb, companyId, needle)]))
  }
  return {
    rows: filtered.selectAll('recurring_schedule')
      .orderBy(withoutNextRun).orderBy('next_run_date').orderBy('created_at').orderBy('seq')
      .limit(query.limit).offset(query.offset),
    total: filtered.select((eb) => eb.fn.countAll<number>().as('total')),
  }
}

/** A scheduler tick's page of due schedules: ACTIVE, due on or before the date, by id after `afterId`. */
export function dueSchedulesQuery(db: Kysely<Database>, onOrBefore: string, afterId: string, limit: number, companyId?: string) {
  let due = db.selectFrom('recurring_schedule').selectAll()
    .where('status', '=', 'ACTIVE').where('id', '>', afterId).where('next_run_date', '<=', onOrBefore)
  if (companyId !== undefined) due = due.where('company_id', '=', companyId)
  return due.orderBy('id').limit(limit)
}

/** The occurrences whose next send attempt is due, in the order they fell due. */
export function sendsDueQuery(db: Kysely<Database>, now: string, limit: number, companyId?: string, scheduleId?: string) {
  let due = db.selectFrom('recurring_occurrence').selectAll()
    .where('status', '=', 'PENDING_SEND').where('next_attempt_at', '<=', now)
  if (companyId !== undefined) due = due.where('company_id', '=', companyId)
  if (scheduleId !== undefined) due = due.where('schedule_id', '=', scheduleId)
  return due.orderBy('next_attempt_at').orderBy('seq').limit(limit)
}

/** A schedule's occurrences, latest sequence first. */
export const occurrenceListQueries = (db: Kysely<Database>, companyId: string, scheduleId: string, page: { limit: number; offset: number }) => {
  const ofSchedule = db.selectFrom('recurring_occurrence').where('company_id', '=', companyId).where('schedule_id', '=', scheduleId)
  return {
    rows: ofSchedule.selectAll().orderBy('sequence', 'desc').orderBy('seq', 'desc').limit(page.limit).offset(page.offset),
    total: ofSchedule.select((eb) => eb.fn.countAll<number>().as('total')),
  }
}

/**
 * Schedules in `recurring_schedule`, their occurrences in `recurring_occurrence` (deleted with
 * the schedule by the foreign key's cascade). The unique (schedule_id, occurrence_date) makes
 * `insertOccurrenceIfAbsent` one INSERT … ON CONFLICT DO NOTHING: of concurrent inserts, in one
 * process or several, exactly one stores its row (the write lock orders them; a later one finds
 * the row and inserts nothing), and RETURNING tells each whether it did.
 */
export function createRecurringScheduleRepository(executor: Executor): RecurringScheduleRepository {
  const { db, row, rows, write } = executor
  return {
    async get(companyId, id) {
      const found = await row(db.selectFrom('recurring_schedule').selectAll().where('id', '=', id).where('company_id', '=', companyId))
      return found && scheduleFromRow(found)
    },
    list: async (companyId, query) => {
      const needle = await needleOf(executor, query.search, ['recurring_schedule.search_name', 'customer.search_name'])
      return readPage(executor, scheduleListQueries(executor, companyId, query, needle), query, (found) => found.map(scheduleFromRow))
    },
    listOccurrences: (companyId, scheduleId, page) =>
      readPage(executor, occurrenceListQueries(db, companyId, scheduleId, page), page, (found) => found.map(occurrenceFromRow)),
    async getOccurrence(companyId, id) {
      const found = await row(db.selectFrom('recurring_occurrence').selectAll().where('id', '=', id).where('company_id', '=', companyId))
      return found && occurrenceFromRow(found)
    },
    listDue: async (onOrBefore, afterId, limit, companyId) =>
      (await rows(dueSchedulesQuery(db, onOrBefore, afterId, limit, companyId))).map(scheduleFromRow),
    listSendsDue: async (now, limit, companyId, scheduleId) => (await rows(sendsDueQuery(db, now, limit, companyId, scheduleId))).map(occurrenceFromRow),
    existsForCustomer: async (companyId, customerId) =>
      Boolean(await row(db.selectFrom('recurring_schedule').select(sql<number>`1`.as('found'))
        .where('customer_id', '=', customerId).where('company_id', '=', companyId).limit(1))),
    insert: (schedule) => write(db.insertInto('recurring_schedule').values(scheduleToRow(schedule))),
    async update(schedule) {
      const { id, company_id, ...fields } = scheduleToRow(schedule)
      await write(db.updateTable('recurring_schedule').set(fields).where('id', '=', id).where('company_id', '=', company_id))
    },
    delete: (companyId, id) => write(db.deleteFrom('recurring_schedule').where('id', '=', id).where('company_id', '=', companyId)),
    async insertOccurrenceIfAbsent(occurrence) {
      const inserted = await row(db.insertInto('recurring_occurrence').values(occurrenceToRow(occurrence))
        .onConflict((conflict) => conflict.columns(['schedule_id', 'occurrence_date']).doNothing())
        .returning('id'))
      return inserted !== undefined
    },
    async updateOccurrence(occurrence) {
      const { id, company_id, ...fields } = occurrenceToRow(occurrence)
      await write(db.updateTable('recurring_occurrence').set(fields).where('id', '=', id).where('company_id', '=', company_id))
    },
  }
}
