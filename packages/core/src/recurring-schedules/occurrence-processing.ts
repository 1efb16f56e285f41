import { companyActor } from '../access'
import { type Company, requireCompany } from '../companies'
import { requireCustomer } from '../customers'
import { InvoicingError } from '../errors'
import { copyFlaggedLinks } from '../file-documents'
import { emitInvoiceEvent, type Invoice } from '../invoices'
import type { CoreDeps } from '../ports/deps'
import { assertDocumentQuota, changeStatus } from '../sales-documents'
import { calendarDateOf, type CalendarDate } from '../shared/calendar-date'
import { createUnitOfWork, type UnitOfWork } from '../unit-of-work'
import { DUE_OCCURRENCES_PER_TICK, dueOccurrences, latestDueOccurrence, nextOccurrence, type Occurrence, servicePeriodOf } from '../recurring'
import type { RecurringOccurrence, RecurringSchedule, ScheduleError, SkipReason } from './recurring-schedule'
import { emitOccurrenceEvent, emitScheduleEvent } from './schedule-events'
import { invoiceFromTemplate, parseTemplate } from './template'

/** Dates one call records as skipped (MISSED) at most; the rest follow in the next call. */
const MAX_SKIPPED_PER_RUN = 1000

/** What one run of a schedule made (with each invoice's current status, where the answer shows it). */
export interface ScheduleRun {
  created: (RecurringOccurrence & { invoiceStatus?: string | null })[]
  skipped: (RecurringOccurrence & { invoiceStatus?: string | null })[]
}

const failureOf = (error: unknown): ScheduleError | null =>
  error instanceof InvoicingError ? { code: error.code, message: error.message } : null

/**
 * Records one date of `schedule` as an occurrence row, unless another run recorded it already
 * (then nothing happens and the answer is null), in `unit`'s transaction: the invoice made from
 * the template (issued for FINALIZE and SEND when the quota allows), the schedule advanced to its
 * next date, or COMPLETED when none is left. A template that no longer makes a valid invoice,
 * or a used-up quota, makes the occurrence FAILED; the schedule goes on.
 */
export async function recordOccurrence(
  deps: CoreDeps, unit: UnitOfWork, company: Company, schedule: RecurringSchedule, occurrence: Occurrence, issueDate: CalendarDate, skipReason: SkipReason | null,
): Promise<{ occurrence: RecurringOccurrence; schedule: RecurringSchedule } | null> {
  const { tx, now } = unit
  const timestamp = now.toISOString()
  const period = servicePeriodOf(schedule, occurrence.index, schedule.servicePeriodMode)
  let row: RecurringOccurrence = {
    id: deps.ids.next(), companyId: company.id, scheduleId: schedule.id, sequence: occurrence.index + 1, occurrenceDate: occurrence.date,
    periodStart: period?.periodStart ?? null, periodEnd: period?.periodEnd ?? null, status: skipReason ? 'SKIPPED' : 'CREATED', skipReason,
    invoiceId: null, invoiceNumber: null, attempts: 0, nextAttemptAt: null, error: null, createdAt: timestamp, updatedAt: timestamp,
  }
  if (!await tx.recurringSchedules.insertOccurrenceIfAbsent(row)) return null
  let invoice: Invoice | null = null
  let failure: ScheduleError | null = null
  if (!skipReason) {
    try {
      const customer = await requireCustomer(tx, company.id, schedule.customerId)
      invoice = await invoiceFromTemplate(tx, company, customer, parseTemplate(schedule.template), {
        issueDate, occurrenceDate: occurrence.date, periodStart: row.periodStart, periodEnd: row.periodEnd, scheduleId: schedule.id,
      }, deps.ids, now)
    } catch (error) {
      failure = failureOf(error)
      if (!failure) throw error
    }
    if (invoice && schedule.issueMode !== 'DRAFT') {
      // The invoice counts in the month of its date: a day replayed with `run-once --date` in its own month.
      const quotaMonth = issueDate.slice(0, 7)
      try {
        // Checked before anything is counted or numbered: a used-up quota leaves the invoice a draft.
        await assertDocumentQuota(unit, company, quotaMonth)
      } catch (error) {
        failure = failureOf(error)
        if (!failure) throw error
      }
      // Any other failure of issuing (after it counted or took a number) rolls the whole date back.
      if (!failure) invoice = await changeStatus(unit, company, invoice, 'FINAL', undefined, quotaMonth)
    }
    if (invoice) {
      await tx.invoices.insert(invoice)
      await emitInvoiceEvent(unit, 'invoice.created', invoice)
      // The schedule's files to send go with each of its invoices, also one left a draft.
      await copyFlaggedLinks(unit, deps.ids, company.id, { type: 'RECURRING_SCHEDULE', id: schedule.id }, { type: 'INVOICE', id: invoice.id })
    }
    row = {
      ...row, invoiceId: invoice?.id ?? null, invoiceNumber: invoice?.number ?? null, error: failure,
      status: failure ? 'FAILED' : schedule.issueMode === 'SEND' ? 'PENDING_SEND' : 'CREATED',
      nextAttemptAt: !failure && schedule.issueMode === 'SEND' ? timestamp : null,
    }
    await tx.recurringSchedules.updateOccurrence(row)
  }
  const progress = { lastOccurrenceDate: occurrence.date, occurrenceCount: schedule.occurrenceCount + 1 }
  const next = nextOccurrence(schedule, progress)
  const advanced: RecurringSchedule = {
    ...schedule, ...progress,
    nextRunDate: next?.date ?? null,
    status: next ? schedule.status : 'COMPLETED',
    lastRunAt: timestamp,
    occurrencesCreated: schedule.occurrencesCreated + (invoice ? 1 : 0),
    occurrencesSkipped: schedule.occurrencesSkipped + (skipReason ? 1 : 0),
    lastError: failure ? { ...failure, at: timestamp } : schedule.lastError,
    updatedAt: timestamp,
  }
  await tx.recurringSchedules.update(advanced)
  await unit.audit('RECURRING_OCCURRENCE_CREATED', { type: 'recurring_schedule', id: schedule.id }, {
    occurrenceDate: occurrence.date, status: row.status, invoiceId: row.invoiceId, ...(failure ? { error: failure.code } : {}),
  })
  if (!skipReason) await emitOccurrenceEvent(unit, failure ? 'occurrence_failed' : 'occurrence_created', row, invoice?.status ?? null)
  if (advanced.status === 'COMPLETED') await emitScheduleEvent(unit, 'completed', advanced)
  return { occurrence: row, schedule: advanced }
}

/** Turns a schedule's due dates into occurrences: `POST …/run` and every scheduler tick. */
export function createOccurrenceProcessing(deps: CoreDeps) {
  const inUnitOfWork = createUnitOfWork(deps)

  /**
   * Processes what is due of one schedule now (`asOf` moves "today", for `run-once --date`), in
   * date order, one transaction per date, at most `limit` dates: the rest are due at the next
   * tick. Under catch-up LATEST every due date but the last is recorded SKIPPED (MISSED). Safe
   * to run in two processes at once: each date is recorded once.
   */
  async function processDue(companyId: string, scheduleId: string, { asOf, limit = DUE_OCCURRENCES_PER_TICK }: { asOf?: CalendarDate; limit?: number } = {}): Promise<ScheduleRun> {
    const run: ScheduleRun = { created: [], skipped: [] }
    // Dates skipped under LATEST do not count toward the limit, so the one invoice LATEST makes
    // comes in this call however long the outage was; they are bounded by MAX_SKIPPED_PER_RUN.
    for (let attempt = 0; attempt < (limit + MAX_SKIPPED_PER_RUN) * 2 && run.created.length < limit && run.skipped.length < MAX_SKIPPED_PER_RUN; attempt++) {
      const step = await inUnitOfWork(companyActor(companyId), async (unit) => {
        const company = await requireCompany(unit.tx, companyActor(companyId))
        const schedule = await unit.tx.recurringSchedules.get(companyId, scheduleId)
        if (schedule?.status !== 'ACTIVE') return 'done' as const
        const today = asOf ?? calendarDateOf(unit.now, company.timeZone)
        const [due] = dueOccurrences(schedule, schedule, { today, limit: 1 })
        if (!due) return 'done' as const
        const latest = schedule.catchUpMode === 'LATEST' ? latestDueOccurrence(schedule, schedule, today) : null
        const skip = latest !== null && due.index < latest.index
        const recorded = await recordOccurrence(deps, unit, company, schedule, due, today, skip ? 'MISSED' : null)
        if (!recorded) return 'raced' as const
        // Whether another date is due: if not, no transaction is spent to find out.
        const { nextRunDate, status } = recorded.schedule
        return { occurrence: recorded.occurrence, more: status === 'ACTIVE' && nextRunDate !== null && nextRunDate <= today }
      })
      if (step === 'done') break
      if (step === 'raced') continue
      ;(step.occurrence.status === 'SKIPPED' ? run.skipped : run.created).push(step.occurrence)
      if (!step.more) break
    }
    return run
  }

  return { processDue }
}
