import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import type { Company } from '../companies'
import type { Customer } from '../customers'
import type { RecurringScheduleListQuery, Storage, StorageTx } from '../ports/storage'
import type { RecurringOccurrence, RecurringSchedule } from '../recurring-schedules'
import { anAuditEntry, anOccurrence, aRecurringSchedule } from './fixtures'

/** What the storage contract hands its recurring-schedule cases: the storage under test and its helpers. */
export interface RecurringScheduleContractContext {
  storage(): Storage
  storedCustomers(customers: Partial<Customer>[]): Promise<{ company: Company; customers: Customer[] }>
  concurrently<T>(count: number, work: (tx: StorageTx, index: number) => Promise<T>): Promise<PromiseSettledResult<T>[]>
}

const page = { limit: 50, offset: 0 }

/** A schedule with the defaults and empties a new one has: the other end of what must round-trip. */
const bareSchedule: Partial<RecurringSchedule> = {
  template: {}, startDate: '2026-05-01', intervalUnit: 'MONTH', intervalCount: 1, monthEnd: false, endDate: null, maxOccurrences: null,
  servicePeriodMode: 'NONE', issueMode: 'DRAFT', recipientEmail: null, cc: [], bcc: [], catchUpMode: 'ALL', status: 'PAUSED',
  metadata: {}, nextRunDate: null, lastRunAt: null, occurrencesCreated: 0, occurrencesSkipped: 0, lastOccurrenceDate: null,
  occurrenceCount: 0, lastError: null,
}

/** An occurrence with the empties a skipped one has. */
const bareOccurrence: Partial<RecurringOccurrence> = {
  sequence: 1, occurrenceDate: '2026-01-31', periodStart: null, periodEnd: null, status: 'SKIPPED', skipReason: null,
  invoiceId: null, invoiceNumber: null, attempts: 0, nextAttemptAt: null, error: null,
}

/** The recurring-schedule cases of the storage contract: schedules, their occurrences, and the scheduler's queries. */
export function recurringScheduleContract(context: RecurringScheduleContractContext): void {
  const { storedCustomers, concurrently } = context
  const stored = (...schedules: RecurringSchedule[]) =>
    context.storage().transaction(async (tx) => {
      for (const schedule of schedules) await tx.recurringSchedules.insert(schedule)
    })
  const storedOccurrences = (...occurrences: RecurringOccurrence[]) =>
    context.storage().transaction(async (tx) => {
      for (const occurrence of occurrences) assert.equal(await tx.recurringSchedules.insertOccurrenceIfAbsent(occurrence), true)
    })
  /** A stored company with one customer and a stored schedule of it. */
  const storedSchedule = async (overrides: Partial<RecurringSchedule> = {}) => {
    const { company, customers: [customer] } = await storedCustomers([{}])
    const schedule = aRecurringSchedule(company.id, customer!.id, overrides)
    await stored(schedule)
    return { company, customer: customer!, schedule }
  }
  const ids = (records: { id: string }[]) => records.map((record) => record.id)
  /** The ids of a list page, in list order. */
  const listed = async (companyId: string, query: Partial<RecurringScheduleListQuery> = {}) =>
    ids((await context.storage().recurringSchedules.list(companyId, { ...page, ...query })).items)

  describe('recurring schedules', () => {
    it('round-trips every field of schedules and occurrences, by id and in the lists, also inside a transaction', async () => {
      const storage = context.storage()
      const { company, customer, schedule } = await storedSchedule()
      const bare = aRecurringSchedule(company.id, customer.id, bareSchedule)
      await stored(bare)
      const occurrence = anOccurrence(company.id, schedule.id)
      const skipped = anOccurrence(company.id, schedule.id, bareOccurrence)
      await storedOccurrences(occurrence, skipped)
      assert.deepEqual(await storage.recurringSchedules.get(company.id, schedule.id), schedule)
      assert.deepEqual(await storage.recurringSchedules.get(company.id, bare.id), bare)
      assert.deepEqual(await storage.recurringSchedules.list(company.id, page), { items: [schedule, bare], total: 2, limit: 50, offset: 0 })
      assert.deepEqual(await storage.recurringSchedules.getOccurrence(company.id, occurrence.id), occurrence)
      assert.deepEqual(await storage.recurringSchedules.getOccurrence(company.id, skipped.id), skipped)
      assert.deepEqual(await storage.recurringSchedules.listOccurrences(company.id, schedule.id, page), { items: [occurrence, skipped], total: 2, limit: 50, offset: 0 })
      assert.equal(await storage.recurringSchedules.get(company.id, 'missing'), undefined)
      assert.equal(await storage.recurringSchedules.getOccurrence(company.id, 'missing'), undefined)
      assert.deepEqual(await storage.transaction((tx) => tx.recurringSchedules.get(company.id, schedule.id)), schedule)
      assert.deepEqual(await storage.transaction((tx) => tx.recurringSchedules.getOccurrence(company.id, occurrence.id)), occurrence)
    })

    it('hands out copies: changing a returned schedule or occurrence changes nothing stored', async () => {
      const storage = context.storage()
      const { company, schedule } = await storedSchedule()
      const occurrence = anOccurrence(company.id, schedule.id)
      await storedOccurrences(occurrence)
      const read = (await storage.recurringSchedules.get(company.id, schedule.id))!
      read.cc.push('x@example.de')
      ;(read.template.lines as unknown[]).pop()
      read.metadata.crm = 'changed'
      const readOccurrence = (await storage.recurringSchedules.getOccurrence(company.id, occurrence.id))!
      readOccurrence.error!.code = 'changed'
      assert.deepEqual(await storage.recurringSchedules.get(company.id, schedule.id), schedule)
      assert.deepEqual(await storage.recurringSchedules.getOccurrence(company.id, occurrence.id), occurrence)
    })

    it('replaces every field of a schedule and an occurrence on update', async () => {
      const storage = context.storage()
      const { company, customers: [customer, other] } = await storedCustomers([{}, {}])
      const schedule = aRecurringSchedule(company.id, customer!.id)
      await stored(schedule)
      const occurrence = anOccurrence(company.id, schedule.id)
      await storedOccurrences(occurrence)
      const changed: RecurringSchedule = { ...aRecurringSchedule(company.id, other!.id, bareSchedule), id: schedule.id, name: 'Neu', createdAt: schedule.createdAt }
      const sent: RecurringOccurrence = {
        ...anOccurrence(company.id, schedule.id, { status: 'CREATED', attempts: 3, nextAttemptAt: null, error: null, skipReason: null }),
        id: occurrence.id, occurrenceDate: occurrence.occurrenceDate,
      }
      await storage.transaction(async (tx) => {
        await tx.recurringSchedules.update(changed)
        await tx.recurringSchedules.updateOccurrence(sent)
      })
      assert.deepEqual(await storage.recurringSchedules.get(company.id, schedule.id), changed)
      assert.deepEqual(await storage.recurringSchedules.getOccurrence(company.id, occurrence.id), sent)
    })

    it('keeps companies apart: another company’s schedules and occurrences are invisible and untouchable', async () => {
      const storage = context.storage()
      const { company, customer, schedule } = await storedSchedule()
      const { company: other } = await storedCustomers([])
      const occurrence = anOccurrence(company.id, schedule.id)
      await storedOccurrences(occurrence)
      assert.equal(await storage.recurringSchedules.get(other.id, schedule.id), undefined)
      assert.deepEqual(await storage.recurringSchedules.list(other.id, page), { items: [], total: 0, limit: 50, offset: 0 })
      assert.deepEqual(await storage.recurringSchedules.list(other.id, { ...page, customerId: customer.id }), { items: [], total: 0, limit: 50, offset: 0 })
      assert.equal(await storage.recurringSchedules.getOccurrence(other.id, occurrence.id), undefined)
      assert.deepEqual(await storage.recurringSchedules.listOccurrences(other.id, schedule.id, page), { items: [], total: 0, limit: 50, offset: 0 })
      assert.equal(await storage.recurringSchedules.existsForCustomer(other.id, customer.id), false)
      assert.deepEqual(ids(await storage.recurringSchedules.listDue('2099-12-31', '', 10, other.id)), [])
      assert.deepEqual(ids(await storage.recurringSchedules.listSendsDue('2099-12-31T00:00:00.000Z', 10, other.id)), [])
      await storage.transaction(async (tx) => {
        await tx.recurringSchedules.update({ ...schedule, companyId: other.id, status: 'CANCELLED' })
        await tx.recurringSchedules.updateOccurrence({ ...occurrence, companyId: other.id, status: 'FAILED' })
        await tx.recurringSchedules.delete(other.id, schedule.id)
      })
      assert.deepEqual(await storage.recurringSchedules.get(company.id, schedule.id), schedule)
      assert.deepEqual(await storage.recurringSchedules.getOccurrence(company.id, occurrence.id), occurrence)
      assert.equal(await storage.recurringSchedules.get(other.id, schedule.id), undefined)
    })

    it('lists by next run date ascending, schedules without one last, then oldest created first, with the total before paging', async () => {
      const storage = context.storage()
      const { company, customers: [customer] } = await storedCustomers([{}])
      const at = (nextRunDate: string | null, createdAt: string) => aRecurringSchedule(company.id, customer!.id, { nextRunDate, createdAt })
      const march = at('2026-03-01', '2026-01-01T00:00:00.000Z')
      const laterFebruary = at('2026-02-01', '2026-01-03T00:00:00.000Z')
      const earlyFebruary = at('2026-02-01', '2026-01-02T00:00:00.000Z')
      const sameInstant = at('2026-02-01', '2026-01-03T00:00:00.000Z')
      const unscheduledLate = at(null, '2026-01-09T00:00:00.000Z')
      const unscheduledEarly = at(null, '2025-12-01T00:00:00.000Z')
      const january = at('2026-01-15', '2026-01-10T00:00:00.000Z')
      await stored(unscheduledLate, march, laterFebruary, unscheduledEarly, earlyFebruary, sameInstant, january)
      const order = [january, earlyFebruary, laterFebruary, sameInstant, march, unscheduledEarly, unscheduledLate]
      assert.deepEqual(await listed(company.id), ids(order))
      const second = await storage.recurringSchedules.list(company.id, { limit: 3, offset: 3 })
      assert.deepEqual({ ...second, items: ids(second.items) }, { items: ids(order.slice(3, 6)), total: 7, limit: 3, offset: 3 })
      assert.deepEqual((await storage.recurringSchedules.list(company.id, { limit: 3, offset: 7 })).items, [])
    })

    it('filters by status and customer, alone and combined, in list order', async () => {
      const storage = context.storage()
      const { company, customers: [c1, c2] } = await storedCustomers([{}, {}])
      const { company: other, customers: [stranger] } = await storedCustomers([{}])
      const s = (customer: Customer, status: RecurringSchedule['status'], nextRunDate: string | null) =>
        aRecurringSchedule(company.id, customer.id, { status, nextRunDate })
      const a = s(c1!, 'ACTIVE', '2026-02-01')
      const b = s(c2!, 'ACTIVE', '2026-01-01')
      const c = s(c1!, 'PAUSED', null)
      const d = s(c1!, 'COMPLETED', null)
      const e = s(c2!, 'CANCELLED', null)
      const f = s(c1!, 'ACTIVE', '2026-01-20')
      await stored(a, b, c, d, e, f, aRecurringSchedule(other.id, stranger!.id, { status: 'ACTIVE' }))
      const cases: [Partial<RecurringScheduleListQuery>, RecurringSchedule[]][] = [
        [{}, [b, f, a, c, d, e]],
        [{ status: 'ACTIVE' }, [b, f, a]],
        [{ status: 'PAUSED' }, [c]],
        [{ status: 'CANCELLED' }, [e]],
        [{ customerId: c1!.id }, [f, a, c, d]],
        [{ customerId: c2!.id, status: 'ACTIVE' }, [b]],
        [{ customerId: c2!.id, status: 'PAUSED' }, []],
        [{ customerId: stranger!.id }, []],
      ]
      for (const [query, expected] of cases) {
        const found = await storage.recurringSchedules.list(company.id, { ...page, ...query })
        assert.deepEqual([ids(found.items), found.total], [ids(expected), expected.length], JSON.stringify(query))
      }
      const paged = await storage.recurringSchedules.list(company.id, { limit: 1, offset: 1, customerId: c1!.id })
      assert.deepEqual([ids(paged.items), paged.total], [[a.id], 4])
    })

    it('searches the name and the customer’s current name, ignoring case beyond ASCII, with % and _ taken literally', async () => {
      const storage = context.storage()
      const { company, customers: [umlaut, percent, plain] } = await storedCustomers([
        { name: 'ÄRZTEHAUS Öst', customerNumber: 'KD-ÄRZTE', email: 'arzt@praxis.de' },
        { name: '100% Bio_Laden', customerNumber: 'KD-BIO', email: null },
        { name: 'Plain', customerNumber: 'KD-PLAIN', email: 'kontakt@firma.de' },
      ])
      const { company: other, customers: [namesake] } = await storedCustomers([{ name: 'ÄRZTEHAUS Öst' }])
      const named = (customer: Customer, name: string, nextRunDate: string) => aRecurringSchedule(company.id, customer.id, { name, nextRunDate })
      const ofUmlaut = named(umlaut!, 'Wartung monatlich', '2026-01-01')
      const ofPercent = named(percent!, 'Abo Gemüse', '2026-01-02')
      const ofPlain = named(plain!, 'Hosting ÜBERSEE', '2026-01-03')
      const oddName = named(plain!, 'Rabatt 50%_Aktion', '2026-01-04')
      await stored(ofUmlaut, ofPercent, ofPlain, oddName, aRecurringSchedule(other.id, namesake!.id, { name: 'Wartung monatlich' }))
      const search = (text: string, query: Partial<RecurringScheduleListQuery> = {}) => listed(company.id, { ...query, search: text })
      assert.deepEqual(await search('ärzte'), [ofUmlaut.id])
      assert.deepEqual(await search('öST'), [ofUmlaut.id])
      assert.deepEqual(await search('übersee'), [ofPlain.id])
      assert.deepEqual(await search('WARTUNG'), [ofUmlaut.id])
      assert.deepEqual(await search('%'), [ofPercent.id, oddName.id])
      assert.deepEqual(await search('_'), [ofPercent.id, oddName.id])
      assert.deepEqual(await search('o_l'), [ofPercent.id])
      assert.deepEqual(await search('50%_a'), [oddName.id])
      assert.deepEqual(await search('plain'), [ofPlain.id, oddName.id])
      // The customer's number and email are not searched, only the name.
      assert.deepEqual(await search('kd-'), [])
      assert.deepEqual(await search('firma.de'), [])
      assert.deepEqual(await search('a', { customerId: percent!.id }), [ofPercent.id])
      const counted = await storage.recurringSchedules.list(company.id, { limit: 1, offset: 0, search: 'plain' })
      assert.deepEqual([ids(counted.items), counted.total], [[ofPlain.id], 2])
      await storage.transaction((tx) => tx.customers.update({ ...plain!, name: 'Zebra Öl AG' }))
      assert.deepEqual(await search('plain'), [])
      assert.deepEqual(await search('zebra öl'), [ofPlain.id, oddName.id])
    })

    it('lists a schedule’s occurrences by sequence descending, paged, without those of other schedules', async () => {
      const storage = context.storage()
      const { company, customer, schedule } = await storedSchedule()
      const sibling = aRecurringSchedule(company.id, customer.id)
      await stored(sibling)
      const occurrences = [3, 1, 4, 2].map((sequence) => anOccurrence(company.id, schedule.id, { sequence, occurrenceDate: `2026-0${sequence}-01` }))
      await storedOccurrences(...occurrences, anOccurrence(company.id, sibling.id, { sequence: 9 }))
      const bySequence = [...occurrences].sort((a, b) => b.sequence - a.sequence)
      assert.deepEqual(await storage.recurringSchedules.listOccurrences(company.id, schedule.id, page), { items: bySequence, total: 4, limit: 50, offset: 0 })
      assert.deepEqual(await storage.recurringSchedules.listOccurrences(company.id, schedule.id, { limit: 2, offset: 1 }),
        { items: bySequence.slice(1, 3), total: 4, limit: 2, offset: 1 })
      assert.deepEqual((await storage.recurringSchedules.listOccurrences(company.id, schedule.id, { limit: 2, offset: 4 })).items, [])
      assert.deepEqual(await storage.recurringSchedules.listOccurrences(company.id, 'missing', page), { items: [], total: 0, limit: 50, offset: 0 })
    })

    it('finds the due ACTIVE schedules of every company by id, a page at a time after an id, or of one company', async () => {
      const storage = context.storage()
      const { company, customers: [customer] } = await storedCustomers([{}])
      const { company: other, customers: [otherCustomer] } = await storedCustomers([{}])
      const mine = (overrides: Partial<RecurringSchedule>) => aRecurringSchedule(company.id, customer!.id, overrides)
      // Ids in an order unlike the dates and the insertion order, so only ordering by id lists them so.
      const due = [
        mine({ id: 'rs-due-c', nextRunDate: '2026-03-01' }),
        aRecurringSchedule(other.id, otherCustomer!.id, { id: 'rs-due-a', nextRunDate: '2026-03-15' }),
        mine({ id: 'rs-due-d', nextRunDate: '2025-01-01' }),
        mine({ id: 'rs-due-b', nextRunDate: '2026-02-28' }),
      ]
      const notDue = [
        mine({ id: 'rs-due-e', nextRunDate: '2026-03-16' }),
        mine({ id: 'rs-due-f', nextRunDate: null }),
        mine({ id: 'rs-due-g', status: 'PAUSED', nextRunDate: '2026-01-01' }),
        mine({ id: 'rs-due-h', status: 'COMPLETED', nextRunDate: '2026-01-01' }),
        aRecurringSchedule(other.id, otherCustomer!.id, { id: 'rs-due-i', status: 'CANCELLED', nextRunDate: '2026-01-01' }),
      ]
      await stored(...due, ...notDue)
      const recurring = storage.recurringSchedules
      assert.deepEqual(await recurring.listDue('2026-03-15', '', 100), [due[1], due[3], due[0], due[2]])
      assert.deepEqual(ids(await recurring.listDue('2026-03-15', '', 2)), ['rs-due-a', 'rs-due-b'])
      assert.deepEqual(ids(await recurring.listDue('2026-03-15', 'rs-due-b', 2)), ['rs-due-c', 'rs-due-d'])
      assert.deepEqual(ids(await recurring.listDue('2026-03-15', 'rs-due-d', 2)), [])
      assert.deepEqual(ids(await recurring.listDue('2026-03-14', '', 100)), ['rs-due-b', 'rs-due-c', 'rs-due-d'])
      assert.deepEqual(ids(await recurring.listDue('2026-03-15', '', 100, company.id)), ['rs-due-b', 'rs-due-c', 'rs-due-d'])
      assert.deepEqual(ids(await recurring.listDue('2026-03-15', 'rs-due-b', 1, company.id)), ['rs-due-c'])
      assert.deepEqual(ids(await recurring.listDue('2026-03-15', '', 100, other.id)), ['rs-due-a'])
      assert.deepEqual(ids(await recurring.listDue('2024-12-31', '', 100)), [])
    })

    it('finds the occurrences of every company whose next send attempt is due, oldest due first, or of one company', async () => {
      const storage = context.storage()
      const { company, schedule } = await storedSchedule()
      const { company: other, schedule: otherSchedule } = await storedSchedule()
      let day = 0
      const send = (nextAttemptAt: string | null, overrides: Partial<RecurringOccurrence> = {}) =>
        anOccurrence(company.id, schedule.id, { occurrenceDate: `2026-01-${String(++day).padStart(2, '0')}`, nextAttemptAt, ...overrides })
      const late = send('2026-03-01T10:00:00.000Z')
      const early = send('2026-03-01T09:00:00.000Z')
      const exactlyNow = send('2026-03-01T12:00:00.000Z')
      const sameTimeLater = send('2026-03-01T09:00:00.000Z')
      const elsewhere = anOccurrence(other.id, otherSchedule.id, { nextAttemptAt: '2026-03-01T09:30:00.000Z' })
      const notYet = send('2026-03-01T12:00:00.001Z')
      const created = send(null, { status: 'CREATED' })
      const failed = send('2026-02-01T00:00:00.000Z', { status: 'FAILED' })
      const skipped = send('2026-02-01T00:00:00.000Z', { status: 'SKIPPED' })
      await storedOccurrences(late, early, exactlyNow, sameTimeLater, notYet, created, failed, skipped, elsewhere)
      const now = '2026-03-01T12:00:00.000Z'
      assert.deepEqual(await storage.recurringSchedules.listSendsDue(now, 100), [early, sameTimeLater, elsewhere, late, exactlyNow])
      assert.deepEqual(ids(await storage.recurringSchedules.listSendsDue(now, 2)), ids([early, sameTimeLater]))
      assert.deepEqual(ids(await storage.recurringSchedules.listSendsDue(now, 100, company.id)), ids([early, sameTimeLater, late, exactlyNow]))
      assert.deepEqual(ids(await storage.recurringSchedules.listSendsDue(now, 100, other.id)), ids([elsewhere]))
      assert.deepEqual(ids(await storage.recurringSchedules.listSendsDue('2026-03-01T08:59:59.999Z', 100)), [])
    })

    it('stores one occurrence per schedule and date: a second insert answers false and leaves the first unchanged', async () => {
      const storage = context.storage()
      const { company, schedule } = await storedSchedule()
      const { schedule: otherSchedule } = await storedSchedule()
      const first = anOccurrence(company.id, schedule.id, { occurrenceDate: '2026-04-30', sequence: 5 })
      const rival = anOccurrence(company.id, schedule.id, { ...bareOccurrence, occurrenceDate: '2026-04-30', sequence: 6 })
      const answers = await storage.transaction(async (tx) => [
        await tx.recurringSchedules.insertOccurrenceIfAbsent(first),
        await tx.recurringSchedules.insertOccurrenceIfAbsent(rival),
        await tx.recurringSchedules.insertOccurrenceIfAbsent(anOccurrence(company.id, schedule.id, { occurrenceDate: '2026-05-31' })),
        await tx.recurringSchedules.insertOccurrenceIfAbsent(anOccurrence(otherSchedule.companyId, otherSchedule.id, { occurrenceDate: '2026-04-30' })),
      ])
      assert.deepEqual(answers, [true, false, true, true])
      assert.equal(await storage.transaction((tx) => tx.recurringSchedules.insertOccurrenceIfAbsent({ ...rival, id: 'another-id' })), false)
      // Its id is taken too: another date under it is refused, not stored over it.
      await assert.rejects(storage.transaction((tx) => tx.recurringSchedules.insertOccurrenceIfAbsent({ ...first, occurrenceDate: '2026-07-31', sequence: 7 })))
      assert.deepEqual(await storage.recurringSchedules.getOccurrence(company.id, first.id), first)
      assert.equal(await storage.recurringSchedules.getOccurrence(company.id, rival.id), undefined)
      assert.equal((await storage.recurringSchedules.listOccurrences(company.id, schedule.id, page)).total, 2)
    })

    it('MUST let exactly one of concurrent transactions store the occurrence of a schedule and date', async () => {
      const { company, schedule } = await storedSchedule()
      const rivals = Array.from({ length: 10 }, (_, index) => anOccurrence(company.id, schedule.id, { occurrenceDate: '2026-06-30', sequence: index + 1 }))
      const settled = await concurrently(10, (tx, index) => tx.recurringSchedules.insertOccurrenceIfAbsent(rivals[index]!))
      const answers = settled.map((result) => {
        if (result.status === 'rejected') throw result.reason
        return result.value
      })
      assert.equal(answers.filter(Boolean).length, 1, `answers: ${answers.join(', ')}`)
      const winner = rivals[answers.indexOf(true)]!
      assert.deepEqual(await context.storage().recurringSchedules.listOccurrences(company.id, schedule.id, page), { items: [winner], total: 1, limit: 50, offset: 0 })
    })

    it('deletes a schedule with its occurrences, only in its company', async () => {
      const storage = context.storage()
      const { company, customer, schedule } = await storedSchedule()
      const kept = aRecurringSchedule(company.id, customer.id)
      await stored(kept)
      const occurrence = anOccurrence(company.id, schedule.id)
      const keptOccurrence = anOccurrence(company.id, kept.id)
      await storedOccurrences(occurrence, keptOccurrence)
      await storage.transaction((tx) => tx.recurringSchedules.delete(company.id, schedule.id))
      assert.equal(await storage.recurringSchedules.get(company.id, schedule.id), undefined)
      assert.equal(await storage.recurringSchedules.getOccurrence(company.id, occurrence.id), undefined)
      assert.deepEqual(await listed(company.id), [kept.id])
      assert.deepEqual(await storage.recurringSchedules.getOccurrence(company.id, keptOccurrence.id), keptOccurrence)
      // Stored again under the same id, it has no occurrences: its date is free again.
      await stored(schedule)
      assert.equal((await storage.recurringSchedules.listOccurrences(company.id, schedule.id, page)).total, 0)
      assert.equal(await storage.transaction((tx) => tx.recurringSchedules.insertOccurrenceIfAbsent({ ...occurrence, id: 'again' })), true)
    })

    it('tells whether a customer has schedules in the company', async () => {
      const storage = context.storage()
      const { company, customers: [used, unused] } = await storedCustomers([{}, {}])
      await stored(aRecurringSchedule(company.id, used!.id, { status: 'CANCELLED' }))
      assert.equal(await storage.recurringSchedules.existsForCustomer(company.id, used!.id), true)
      assert.equal(await storage.recurringSchedules.existsForCustomer(company.id, unused!.id), false)
      assert.equal(await storage.invoices.existsForCustomer(company.id, used!.id), false, 'a schedule is no invoice')
      assert.equal(await storage.transaction((tx) => tx.recurringSchedules.existsForCustomer(company.id, used!.id)), true)
    })

    it('rolls back inserts, updates and deletes of schedules and occurrences with the transaction, and reads its own writes inside it', async () => {
      const storage = context.storage()
      const { company, customer, schedule: kept } = await storedSchedule()
      const removed = aRecurringSchedule(company.id, customer.id)
      await stored(removed)
      const keptOccurrence = anOccurrence(company.id, kept.id)
      const removedOccurrence = anOccurrence(company.id, removed.id)
      await storedOccurrences(keptOccurrence, removedOccurrence)
      const created = aRecurringSchedule(company.id, customer.id)
      const createdOccurrence = anOccurrence(company.id, created.id)
      const newDate = anOccurrence(company.id, kept.id, { occurrenceDate: '2026-12-31' })
      const failure = new Error('boom')
      await assert.rejects(storage.transaction(async (tx) => {
        await tx.recurringSchedules.insert(created)
        assert.equal(await tx.recurringSchedules.insertOccurrenceIfAbsent(createdOccurrence), true)
        assert.equal(await tx.recurringSchedules.insertOccurrenceIfAbsent(newDate), true)
        await tx.recurringSchedules.update({ ...kept, status: 'CANCELLED', nextRunDate: null })
        await tx.recurringSchedules.updateOccurrence({ ...keptOccurrence, status: 'FAILED' })
        await tx.recurringSchedules.delete(company.id, removed.id)
        await tx.audit.append(anAuditEntry(company.id))
        assert.deepEqual(await tx.recurringSchedules.get(company.id, created.id), created)
        assert.equal((await tx.recurringSchedules.listOccurrences(company.id, kept.id, page)).total, 2)
        assert.equal(await tx.recurringSchedules.getOccurrence(company.id, removedOccurrence.id), undefined)
        throw failure
      }), (error) => error === failure)
      assert.equal(await storage.recurringSchedules.get(company.id, created.id), undefined)
      assert.equal(await storage.recurringSchedules.getOccurrence(company.id, createdOccurrence.id), undefined)
      assert.deepEqual(await storage.recurringSchedules.get(company.id, kept.id), kept)
      assert.deepEqual(await storage.recurringSchedules.get(company.id, removed.id), removed)
      assert.deepEqual(await storage.recurringSchedules.listOccurrences(company.id, kept.id, page), { items: [keptOccurrence], total: 1, limit: 50, offset: 0 })
      assert.deepEqual(await storage.recurringSchedules.getOccurrence(company.id, removedOccurrence.id), removedOccurrence)
      assert.equal((await storage.audit.list(company.id, page)).total, 0)
      // The date whose insert was rolled back is free.
      assert.equal(await storage.transaction((tx) => tx.recurringSchedules.insertOccurrenceIfAbsent(newDate)), true)
    })
  })
}
