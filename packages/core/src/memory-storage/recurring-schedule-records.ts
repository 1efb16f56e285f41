import type { Customer } from '../customers'
import type { RecurringScheduleRepository } from '../ports/storage'
import type { RecurringOccurrence, RecurringSchedule } from '../recurring-schedules'
import { foldForSearch } from '../shared/search'
import { compareText, sliceOf, type Table } from './memory-table'

/** Schedules and their occurrences; one occurrence per schedule and date, as the database's unique index has it. */
export function recurringScheduleRecords(
  schedules: Table<RecurringSchedule>, occurrences: Table<RecurringOccurrence>, customers: Table<Customer>,
): RecurringScheduleRepository {
  const ofCompany = (companyId: string) => [...schedules.rows()].filter((row) => row.value.companyId === companyId)
  const stored = (companyId: string, id: string) => {
    const schedule = schedules.get(id)
    return schedule?.companyId === companyId ? schedule : undefined
  }
  return {
    get: async (companyId, id) => stored(companyId, id),
    list: async (companyId, query) => {
      const needle = query.search ? foldForSearch(query.search) : ''
      const named = new Set([...customers.rows()].filter(({ value }) => value.companyId === companyId && needle && foldForSearch(value.name).includes(needle)).map(({ value }) => value.id))
      const matching = ofCompany(companyId).filter(({ value }) =>
        (!query.status || value.status === query.status) && (!query.customerId || value.customerId === query.customerId) &&
        (!needle || foldForSearch(value.name).includes(needle) || named.has(value.customerId)))
      matching.sort((a, b) =>
        (a.value.nextRunDate === null ? 1 : 0) - (b.value.nextRunDate === null ? 1 : 0) ||
        compareText(a.value.nextRunDate ?? '', b.value.nextRunDate ?? '') || compareText(a.value.createdAt, b.value.createdAt) || a.seq - b.seq)
      return sliceOf(matching, query)
    },
    listOccurrences: async (companyId, scheduleId, page) => sliceOf(
      [...occurrences.rows()].filter(({ value }) => value.companyId === companyId && value.scheduleId === scheduleId)
        .sort((a, b) => b.value.sequence - a.value.sequence || b.seq - a.seq), page),
    getOccurrence: async (companyId, id) => {
      const occurrence = occurrences.get(id)
      return occurrence?.companyId === companyId ? occurrence : undefined
    },
    listDue: async (onOrBefore, afterId, limit, companyId) => [...schedules.rows()]
      .filter(({ value }) => value.status === 'ACTIVE' && value.nextRunDate !== null && value.nextRunDate <= onOrBefore && value.id > afterId &&
        (companyId === undefined || value.companyId === companyId))
      .sort((a, b) => compareText(a.value.id, b.value.id)).slice(0, limit).map((row) => structuredClone(row.value)),
    listSendsDue: async (now, limit, companyId, scheduleId) => [...occurrences.rows()]
      .filter(({ value }) => value.status === 'PENDING_SEND' && value.nextAttemptAt !== null && value.nextAttemptAt <= now &&
        (companyId === undefined || value.companyId === companyId) && (scheduleId === undefined || value.scheduleId === scheduleId))
      .sort((a, b) => compareText(a.value.nextAttemptAt!, b.value.nextAttemptAt!) || a.seq - b.seq).slice(0, limit).map((row) => structuredClone(row.value)),
    existsForCustomer: async (companyId, customerId) => ofCompany(companyId).some((row) => row.value.customerId === customerId),
    insert: async (schedule) => {
      if (schedules.get(schedule.id)) throw new Error(`schedule ${schedule.id} already exists`)
      schedules.set(schedule.id, schedule)
    },
    update: async (schedule) => {
      if (stored(schedule.companyId, schedule.id)) schedules.set(schedule.id, schedule)
    },
    delete: async (companyId, id) => {
      if (!stored(companyId, id)) return
      schedules.delete(id)
      for (const { value } of [...occurrences.rows()]) if (value.scheduleId === id) occurrences.delete(value.id)
    },
    insertOccurrenceIfAbsent: async (occurrence) => {
      // Only the (schedule, date) may be taken: an id used by another row is a caller's error, as the database's unique id has it.
      if (occurrences.get(occurrence.id)) throw new Error(`occurrence ${occurrence.id} already exists`)
      const taken = [...occurrences.rows()].some(({ value }) => value.scheduleId === occurrence.scheduleId && value.occurrenceDate === occurrence.occurrenceDate)
      if (taken) return false
      occurrences.set(occurrence.id, occurrence)
      return true
    },
    updateOccurrence: async (occurrence) => {
      const current = occurrences.get(occurrence.id)
      if (current?.companyId === occurrence.companyId) occurrences.set(occurrence.id, occurrence)
    },
  }
}
