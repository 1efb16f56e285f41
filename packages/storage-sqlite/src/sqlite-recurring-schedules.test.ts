import assert from 'node:assert/strict'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, afterEach, before, beforeEach, describe, it } from 'node:test'
import type { RecurringScheduleListQuery, Storage } from '@invoicing/core'
import { aCompany, aCustomer, anOccurrence, aRecurringSchedule } from '@invoicing/core/testing'
import BetterSqlite3 from 'better-sqlite3'
import { createSqliteStorage } from './create-sqlite-storage'
import { planOf, queryBuilder, sqliteQueryBuilder } from './testing/query-plans'
import { dueSchedulesQuery, occurrenceListQueries, scheduleListQueries, sendsDueQuery } from '@invoicing/storage-sql/queries'

/** A stored company, customer and schedule. */
async function storedSchedule(storage: Storage) {
  const company = aCompany()
  const customer = aCustomer(company.id)
  const schedule = aRecurringSchedule(company.id, customer.id)
  await storage.transaction(async (tx) => {
    await tx.companies.insert(company)
    await tx.customers.insert(customer)
    await tx.recurringSchedules.insert(schedule)
  })
  return { company, customer, schedule }
}

describe('sqlite recurring schedules', () => {
  let folder: string
  let filename: string
  let storage: Storage
  beforeEach(async () => {
    folder = mkdtempSync(join(tmpdir(), 'invoicing-recurring-'))
    filename = join(folder, 'recurring.sqlite')
    storage = await createSqliteStorage({ filename })
  })
  afterEach(async () => {
    await storage.close()
    rmSync(folder, { recursive: true, force: true })
  })

  it('refuses to delete a customer that still has a schedule, and deletes occurrences with their schedule', async () => {
    const { company, customer, schedule } = await storedSchedule(storage)
    await storage.transaction((tx) => tx.recurringSchedules.insertOccurrenceIfAbsent(anOccurrence(company.id, schedule.id)))
    await assert.rejects(storage.transaction((tx) => tx.customers.delete(company.id, customer.id)), /FOREIGN KEY constraint failed/)
    await storage.transaction((tx) => tx.recurringSchedules.delete(company.id, schedule.id))
    const raw = new BetterSqlite3(filename, { readonly: true })
    assert.deepEqual(raw.prepare('select count(*) as occurrences from recurring_occurrence').get(), { occurrences: 0 })
    raw.close()
    await storage.transaction((tx) => tx.customers.delete(company.id, customer.id))
  })

  it('lets exactly one of concurrent transactions on two connections to one file store the occurrence of a date', async () => {
    const second = await createSqliteStorage({ filename })
    try {
      const { company, schedule } = await storedSchedule(storage)
      // Each waits for the other connection's write lock (the busy timeout), as two processes do.
      const answers = await Promise.all(Array.from({ length: 10 }, (_, index) =>
        (index % 2 ? second : storage).transaction((tx) =>
          tx.recurringSchedules.insertOccurrenceIfAbsent(anOccurrence(company.id, schedule.id, { occurrenceDate: '2026-03-31', sequence: index + 1 })))))
      assert.equal(answers.filter(Boolean).length, 1, `answers: ${answers.join(', ')}`)
      for (const reader of [storage, second]) {
        assert.equal((await reader.recurringSchedules.listOccurrences(company.id, schedule.id, { limit: 50, offset: 0 })).total, 1)
      }
    } finally {
      await second.close()
    }
  })
})

describe('query plans of recurring schedules', () => {
  let folder: string
  let storage: Storage
  let raw: BetterSqlite3.Database
  const plan = (query: Parameters<typeof planOf>[1]) => planOf(raw, query)
  /** The plan's steps that read `table`, without their search terms. */
  const reads = (steps: string[], table: string) => steps.filter((step) => new RegExp(` ${table}\\b`).test(step))
  const builder = queryBuilder

  before(async () => {
    // Plans as production makes them: real schema and some data, no ANALYZE statistics.
    folder = mkdtempSync(join(tmpdir(), 'invoicing-recurring-plans-'))
    const filename = join(folder, 'plans.sqlite')
    storage = await createSqliteStorage({ filename })
    const company = aCompany()
    const customers = [aCustomer(company.id), aCustomer(company.id)]
    await storage.transaction(async (tx) => {
      await tx.companies.insert(company)
      for (const customer of customers) await tx.customers.insert(customer)
      for (let index = 0; index < 200; index++) {
        const schedule = aRecurringSchedule(company.id, customers[index % 2]!.id, {
          status: index % 3 ? 'ACTIVE' : 'PAUSED', nextRunDate: index % 5 ? `2026-01-${String(1 + (index % 28)).padStart(2, '0')}` : null,
        })
        await tx.recurringSchedules.insert(schedule)
        await tx.recurringSchedules.insertOccurrenceIfAbsent(anOccurrence(company.id, schedule.id, { status: index % 2 ? 'CREATED' : 'PENDING_SEND' }))
      }
    })
    raw = new BetterSqlite3(filename, { readonly: true })
  })
  after(async () => {
    raw.close()
    await storage.close()
    rmSync(folder, { recursive: true, force: true })
  })

  const filters: [string, Partial<RecurringScheduleListQuery>, string][] = [
    ['no filter', {}, 'recurring_schedule_list'],
    ['status', { status: 'ACTIVE' }, 'recurring_schedule_status_list'],
    ['customerId', { customerId: 'cu1' }, 'recurring_schedule_customer_list'],
    ['search', { search: 'wartung' }, 'recurring_schedule_list'],
  ]
  for (const [name, filter, index] of filters) {
    it(`reads a list page filtered by ${name} through ${index}, in list order (nulls last), with no sort`, () => {
      const { rows: page, total: count } = scheduleListQueries(sqliteQueryBuilder, 'co1', { limit: 50, offset: 0, ...filter })
      const pagePlan = plan(page)
      assert.deepEqual(reads(pagePlan, 'recurring_schedule').map((step) => step.replace(/ \(.*$/, '')), [`SEARCH recurring_schedule USING INDEX ${index}`], pagePlan.join('\n'))
      assert.ok(!pagePlan.some((step) => step.includes('TEMP B-TREE')), pagePlan.join('\n'))
      const countPlan = reads(plan(count), 'recurring_schedule')
      assert.equal(countPlan.length, 1, countPlan.join('\n'))
      assert.match(countPlan[0]!, /^SEARCH recurring_schedule USING COVERING INDEX /)
    })
  }

  it('walks the due schedules by id through an index, stopping after a page, across companies and in one', () => {
    const across = plan(dueSchedulesQuery(builder, '2026-01-15', 'rs0', 100))
    assert.deepEqual(across, ['SEARCH recurring_schedule USING INDEX recurring_schedule_due (status=? AND id>?)'])
    const inOne = plan(dueSchedulesQuery(builder, '2026-01-15', 'rs0', 100, 'co1'))
    assert.deepEqual(inOne, ['SEARCH recurring_schedule USING INDEX recurring_schedule_company_due (company_id=? AND status=? AND id>?)'])
  })

  it('reads the sends due and a schedule’s occurrences through indexes, in order, with no sort', () => {
    assert.deepEqual(plan(sendsDueQuery(builder, '2026-01-15T00:00:00.000Z', 100)),
      ['SEARCH recurring_occurrence USING INDEX recurring_occurrence_sends_due (status=? AND next_attempt_at<?)'])
    const { rows: page, total: count } = occurrenceListQueries(builder, 'co1', 'rs1', { limit: 50, offset: 0 })
    assert.deepEqual(plan(page), ['SEARCH recurring_occurrence USING INDEX recurring_occurrence_list (company_id=? AND schedule_id=?)'])
    assert.deepEqual(plan(count), ['SEARCH recurring_occurrence USING COVERING INDEX recurring_occurrence_list (company_id=? AND schedule_id=?)'])
  })
})
