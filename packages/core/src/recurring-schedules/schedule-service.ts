import type { Actor } from '../access'
import { type Company, requireCompany } from '../companies'
import { type Customer, requireCustomer } from '../customers'
import { InvoicingError, notFound } from '../errors'
import { createdByKey, type IdempotencyClaim } from '../idempotency'
import { type InvoiceCustomer, invoiceCustomerOf, requestedTaxValues } from '../invoices'
import type { CoreDeps } from '../ports/deps'
import type { StorageReader } from '../ports/storage'
import { draftLines, priceDocument, type Transitions } from '../sales-documents'
import { calendarDateOf, type CalendarDate } from '../shared/calendar-date'
import { withChanges } from '../shared/changes'
import type { Page } from '../shared/pagination'
import { parseInput } from '../shared/validation'
import { createUnitOfWork, type UnitOfWork } from '../unit-of-work'
import { intervalProblem, missedOccurrences, nextOccurrence, preview, type PreviewedOccurrence } from '../recurring'
import { createOccurrenceProcessing, recordOccurrence, type ScheduleRun } from './occurrence-processing'
import type { createOccurrenceSending } from './occurrence-sending'
import type { RecurringOccurrence, RecurringSchedule, ScheduleStatus } from './recurring-schedule'
import { emitScheduleEvent } from './schedule-events'
import {
  OccurrenceListQuerySchema, PreviewQuerySchema, ScheduleCreateSchema, ScheduleListQuerySchema, ScheduleUpdateSchema,
  type ScheduleCreateInput, type ScheduleUpdateInput,
} from './schedule-schemas'
import { inTemplate, parseTemplate } from './template'

/** The status changes a PUT may request. */
export const SCHEDULE_TRANSITIONS: Transitions<ScheduleStatus> = {
  ACTIVE: ['PAUSED', 'CANCELLED'],
  PAUSED: ['ACTIVE', 'CANCELLED'],
  COMPLETED: ['ACTIVE'],
  CANCELLED: [],
}

/** The fields that fix a schedule's dates: locked once it has occurrences, so its grid never moves. */
const RULE_FIELDS = ['startDate', 'intervalUnit', 'intervalCount', 'monthEnd'] as const

/**
 * A schedule as a read shows it: with its customer and its template priced at today's rates
 * (null when the template no longer prices, e.g. a product it names was deleted: its
 * occurrences then fail, and the schedule can still be read, changed and cancelled).
 */
export type ScheduleDetail = RecurringSchedule & { customer: InvoiceCustomer; netTotal: string | null; taxTotal: string | null; grossTotal: string | null }

async function requireSchedule(reader: Pick<StorageReader, 'recurringSchedules'>, companyId: string, id: string): Promise<RecurringSchedule> {
  const schedule = await reader.recurringSchedules.get(companyId, id)
  if (!schedule) throw notFound('Recurring schedule')
  return schedule
}

const conflict = (schedule: RecurringSchedule, action: string) =>
  new InvoicingError('status_conflict', `The schedule is ${schedule.status}; only an ACTIVE schedule can ${action}`, { status: schedule.status, allowedStatuses: ['ACTIVE'] })

/** 400 for a rule the dates cannot follow: interval out of range, monthEnd with days or weeks, an end before the start. */
function assertRule(schedule: Pick<RecurringSchedule, 'intervalUnit' | 'intervalCount' | 'monthEnd' | 'startDate' | 'endDate'>): void {
  const problem = intervalProblem(schedule)
  if (problem) throw new InvoicingError('validation_failed', `${problem.field}: ${problem.message}`, { field: problem.field })
  if (schedule.endDate !== null && schedule.endDate < schedule.startDate) {
    throw new InvoicingError('invalid_end_date', `endDate (${schedule.endDate}) must not be before startDate (${schedule.startDate})`, { field: 'endDate' })
  }
}

/** Occurrences as their resource shows them: with their invoice's current status. */
const withInvoiceStatus = (reader: Pick<StorageReader, 'invoices'>, companyId: string, occurrences: readonly RecurringOccurrence[]) =>
  Promise.all(occurrences.map(async (occurrence) => ({
    ...occurrence,
    invoiceStatus: occurrence.invoiceId ? (await reader.invoices.get(companyId, occurrence.invoiceId))?.status ?? null : null,
  })))

/** Recurring schedules: their records, status changes, preview, manual run and skip. */
export function createScheduleService(deps: CoreDeps, sending?: Pick<ReturnType<typeof createOccurrenceSending>, 'sendDue'>) {
  const { storage, ids } = deps
  const inUnitOfWork = createUnitOfWork(deps)
  const processing = createOccurrenceProcessing(deps)

  /** The template priced for `customer` today; errors named as template fields (what create and PUT refuse). */
  async function priceTemplate(reader: Pick<StorageReader, 'products'>, company: Company, customer: Customer, schedule: RecurringSchedule) {
    const template = parseTemplate(schedule.template)
    const today = calendarDateOf(deps.clock.now(), company.timeZone)
    try {
      return priceDocument(company, customer, today, requestedTaxValues(template), await draftLines(reader.products, company.id, template.lines), ids)
    } catch (error) {
      throw inTemplate(error)
    }
  }

  /** What a read shows; a template that no longer prices shows no totals rather than failing the read. */
  async function detailOf(reader: Pick<StorageReader, 'products' | 'customers'>, company: Company, schedule: RecurringSchedule, given?: Customer): Promise<ScheduleDetail> {
    const customer = given ?? await requireCustomer(reader, company.id, schedule.customerId)
    const priced = await priceTemplate(reader, company, customer, schedule).catch(() => null)
    return { ...schedule, customer: invoiceCustomerOf(customer), netTotal: priced?.netTotal ?? null, taxTotal: priced?.taxTotal ?? null, grossTotal: priced?.grossTotal ?? null }
  }

  /** An ACTIVE schedule must have a date left: an end before its first date is refused. */
  function assertHasDate(schedule: RecurringSchedule): void {
    if (schedule.status === 'ACTIVE' && !nextOccurrence(schedule, schedule)) {
      throw new InvoicingError('invalid_end_date', `No occurrence is left before endDate ${schedule.endDate ?? ''} (or maxOccurrences)`.trim(), { field: 'endDate' })
    }
  }

  async function get(actor: Actor, id: string): Promise<ScheduleDetail> {
    const company = await requireCompany(storage, actor)
    return detailOf(storage, company, await requireSchedule(storage, company.id, id))
  }

  /** A SEND schedule needs an address: its own, or its customer's. */
  function assertRecipient(schedule: RecurringSchedule, customer: Customer): void {
    if (schedule.issueMode === 'SEND' && !schedule.recipientEmail && !customer.email) {
      throw new InvoicingError('no_recipient', 'issueMode SEND needs recipientEmail, or a customer with an email address', { field: 'recipientEmail' })
    }
  }

  return {
    get,
    getCreatedByKey: (actor: Actor, id: string) => createdByKey(() => get(actor, id), 'recurring schedule'),

    async create(actor: Actor, input: ScheduleCreateInput, claim?: IdempotencyClaim<ScheduleDetail>): Promise<ScheduleDetail> {
      const fields = parseInput(ScheduleCreateSchema, input)
      const template = parseTemplate(fields.template)
      return inUnitOfWork(actor, async (unit) => {
        const { tx, now } = unit
        const company = await requireCompany(tx, actor)
        const customer = await requireCustomer(tx, company.id, fields.customerId)
        const today = calendarDateOf(now, company.timeZone)
        if (fields.startDate < today) {
          throw new InvoicingError('start_date_in_past', `startDate (${fields.startDate}) lies before today (${today}) in the company's time zone`, { field: 'startDate' })
        }
        const timestamp = now.toISOString()
        const status = fields.status ?? 'ACTIVE'
        let schedule: RecurringSchedule = {
          id: ids.next(), companyId: company.id, name: fields.name, customerId: customer.id, targetType: 'INVOICE', template,
          startDate: fields.startDate, intervalUnit: fields.intervalUnit ?? 'MONTH', intervalCount: fields.intervalCount ?? 1, monthEnd: fields.monthEnd ?? false,
          endDate: fields.endDate ?? null, maxOccurrences: fields.maxOccurrences ?? null,
          servicePeriodMode: fields.servicePeriodMode ?? 'CURRENT_PERIOD', issueMode: fields.issueMode ?? 'DRAFT',
          recipientEmail: fields.recipientEmail ?? null, cc: fields.cc ?? [], bcc: fields.bcc ?? [], catchUpMode: fields.catchUpMode ?? 'ALL',
          status, metadata: fields.metadata ?? {}, nextRunDate: null, lastRunAt: null, occurrencesCreated: 0, occurrencesSkipped: 0, lastError: null,
          lastOccurrenceDate: null, occurrenceCount: 0, createdAt: timestamp, updatedAt: timestamp,
        }
        assertRule(schedule)
        assertRecipient(schedule, customer)
        // The template must make a valid invoice now, not fail at its first run.
        await priceTemplate(tx, company, customer, schedule)
        assertHasDate(schedule)
        if (status === 'ACTIVE') schedule = { ...schedule, nextRunDate: nextOccurrence(schedule, schedule)?.date ?? null }
        const detail = await detailOf(tx, company, schedule, customer)
        await tx.recurringSchedules.insert(schedule)
        await unit.audit('RECURRING_SCHEDULE_CREATED_VIA_API', { type: 'recurring_schedule', id: schedule.id }, { name: schedule.name })
        await emitScheduleEvent(unit, 'created', schedule)
        return { ...detail, ...schedule }
      }, claim)
    },

    async list(actor: Actor, query: unknown = {}): Promise<Page<ScheduleDetail>> {
      const filters = parseInput(ScheduleListQuerySchema, query ?? {})
      const company = await requireCompany(storage, actor)
      const page = await storage.recurringSchedules.list(company.id, filters)
      return { ...page, items: await Promise.all(page.items.map((schedule) => detailOf(storage, company, schedule))) }
    },

    /**
     * Changes fields and/or `status`. The rule's fields are locked once an occurrence exists
     * (400 `field_locked`); changes affect future occurrences only.
     */
    async update(actor: Actor, id: string, input: ScheduleUpdateInput = {}): Promise<ScheduleDetail> {
      const { status, template: templateInput, ...fields } = parseInput(ScheduleUpdateSchema, input ?? {})
      const template = templateInput === undefined ? undefined : parseTemplate(templateInput)
      return inUnitOfWork(actor, async (unit) => {
        const { tx, now } = unit
        const company = await requireCompany(tx, actor)
        const current = await requireSchedule(tx, company.id, id)
        const customer = await requireCustomer(tx, company.id, current.customerId)
        const today = calendarDateOf(now, company.timeZone)
        const newStatus = status !== undefined && status !== current.status ? status : undefined
        if (newStatus && !(SCHEDULE_TRANSITIONS[current.status] ?? []).includes(newStatus)) {
          const allowedTransitions = [...SCHEDULE_TRANSITIONS[current.status] ?? []]
          throw new InvoicingError('invalid_status_transition', `${current.status} cannot change to ${newStatus}${allowedTransitions.length ? `; allowed: ${allowedTransitions.join(', ')}` : ''}`, { allowedTransitions })
        }
        if (current.occurrenceCount > 0) {
          const locked = RULE_FIELDS.find((field) => fields[field] !== undefined && fields[field] !== current[field])
          if (locked) throw new InvoicingError('field_locked', `${locked}: the schedule has occurrences; its dates cannot move`, { field: locked })
        }
        if (fields.startDate !== undefined && fields.startDate !== current.startDate && fields.startDate < today) {
          throw new InvoicingError('start_date_in_past', `startDate (${fields.startDate}) lies before today (${today})`, { field: 'startDate' })
        }
        const changed = withChanges(current, { ...fields, ...(template ? { template } : {}) })
        const changedFields = Object.keys(fields).filter((field) => JSON.stringify(fields[field as keyof typeof fields]) !== JSON.stringify(current[field as keyof RecurringSchedule]))
          .concat(template && JSON.stringify(template) !== JSON.stringify(current.template) ? ['template'] : [])
        assertRule(changed)
        assertRecipient(changed, customer)
        if (template) await priceTemplate(tx, company, customer, changed)
        if (changedFields.length === 0 && !newStatus) return detailOf(tx, company, current, customer)
        let next: RecurringSchedule = { ...changed, updatedAt: now.toISOString() }
        let verb: string | null = null
        if (newStatus === 'PAUSED') [next, verb] = [{ ...next, status: 'PAUSED', nextRunDate: null }, 'paused']
        if (newStatus === 'CANCELLED') [next, verb] = [{ ...next, status: 'CANCELLED', nextRunDate: null }, 'cancelled']
        if (newStatus === 'ACTIVE') {
          next = current.status === 'PAUSED' ? await skipPausedSpan(unit, company, next, today) : next
          if (!nextOccurrence(next, next)) {
            throw new InvoicingError('validation_failed', 'The schedule\'s end is reached; give a later endDate or a higher maxOccurrences to resume it', { field: 'endDate' })
          }
          ;[next, verb] = [{ ...next, status: 'ACTIVE' }, 'resumed']
        }
        if (next.status === 'ACTIVE' && current.occurrenceCount === 0) assertHasDate(next)
        if (next.status === 'ACTIVE') {
          const upcoming = nextOccurrence(next, next)
          next = upcoming ? { ...next, nextRunDate: upcoming.date } : { ...next, nextRunDate: null, status: 'COMPLETED' }
        }
        await tx.recurringSchedules.update(next)
        await unit.audit(newStatus ? 'RECURRING_SCHEDULE_STATUS_CHANGED_VIA_API' : 'RECURRING_SCHEDULE_UPDATED_VIA_API', { type: 'recurring_schedule', id }, {
          changedFields, ...(newStatus ? { fromStatus: current.status, toStatus: newStatus } : {}),
        })
        if (changedFields.length > 0) await emitScheduleEvent(unit, 'updated', next)
        if (verb) await emitScheduleEvent(unit, verb, next)
        if (next.status === 'COMPLETED' && current.status !== 'COMPLETED') await emitScheduleEvent(unit, 'completed', next)
        return detailOf(tx, company, next, customer)
      })
    },

    /** Deletes a schedule that never had an occurrence (else 409 `schedule_has_occurrences`: cancel it). */
    async delete(actor: Actor, id: string): Promise<void> {
      await inUnitOfWork(actor, async (unit) => {
        const schedule = await requireSchedule(unit.tx, actor.companyId, id)
        if (schedule.occurrenceCount > 0) {
          throw new InvoicingError('schedule_has_occurrences', `The schedule has ${schedule.occurrenceCount} occurrences; set its status to CANCELLED instead`, { occurrences: schedule.occurrenceCount })
        }
        await unit.tx.recurringSchedules.delete(actor.companyId, id)
        await unit.tx.idempotency.deleteForResource(actor.companyId, id)
        await unit.audit('RECURRING_SCHEDULE_DELETED_VIA_API', { type: 'recurring_schedule', id }, { name: schedule.name })
      })
    },

    async occurrences(actor: Actor, id: string, query: unknown = {}): Promise<Page<RecurringOccurrence & { invoiceStatus: string | null }>> {
      const page = parseInput(OccurrenceListQuerySchema, query ?? {})
      await requireSchedule(storage, actor.companyId, id)
      const found = await storage.recurringSchedules.listOccurrences(actor.companyId, id, page)
      return { ...found, items: await withInvoiceStatus(storage, actor.companyId, found.items) }
    },

    /** The next dates with their periods; no side effects. A PAUSED schedule shows what it would run if resumed today. */
    async preview(actor: Actor, id: string, query: unknown = {}): Promise<PreviewedOccurrence[]> {
      const { count } = parseInput(PreviewQuerySchema, query ?? {})
      const company = await requireCompany(storage, actor)
      const schedule = await requireSchedule(storage, company.id, id)
      if (schedule.status === 'COMPLETED' || schedule.status === 'CANCELLED') return []
      const today = calendarDateOf(deps.clock.now(), company.timeZone)
      return preview(schedule, schedule, { count, ...(schedule.status === 'PAUSED' ? { from: today } : {}) })
    },

    /**
     * POST …/run: what is due now, processed at once (ACTIVE only). Each date is its own
     * transaction; an `Idempotency-Key`'s answer is stored with the last, and a retry after a
     * crash between them finds the dates done already.
     */
    async run(actor: Actor, id: string, claim?: IdempotencyClaim<ScheduleRun>): Promise<ScheduleRun> {
      const schedule = await requireSchedule(storage, actor.companyId, id)
      if (schedule.status !== 'ACTIVE') throw conflict(schedule, 'run')
      const run = await processing.processDue(actor.companyId, id)
      // SEND schedules: the first send attempt now, after the occurrences committed.
      if (schedule.issueMode === 'SEND') await sending?.sendDue(actor.companyId, id)
      return inUnitOfWork(actor, async (unit) => {
        await unit.audit('RECURRING_SCHEDULE_RUN_VIA_API', { type: 'recurring_schedule', id }, { created: run.created.length, skipped: run.skipped.length })
        return {
          created: await withInvoiceStatus(unit.tx, actor.companyId, run.created),
          skipped: await withInvoiceStatus(unit.tx, actor.companyId, run.skipped),
        }
      }, claim)
    },

    /** POST …/skip: the occurrence of `nextRunDate` recorded SKIPPED (MANUAL), the schedule advanced. */
    async skip(actor: Actor, id: string, claim?: IdempotencyClaim<RecurringOccurrence>): Promise<RecurringOccurrence> {
      return inUnitOfWork(actor, async (unit) => {
        const company = await requireCompany(unit.tx, actor)
        const schedule = await requireSchedule(unit.tx, company.id, id)
        if (schedule.status !== 'ACTIVE') throw conflict(schedule, 'skip')
        const next = nextOccurrence(schedule, schedule)
        if (!next) throw conflict(schedule, 'skip')
        const skipped = await recordOccurrence(deps, unit, company, schedule, next, calendarDateOf(unit.now, company.timeZone), 'MANUAL')
        await unit.audit('RECURRING_SCHEDULE_SKIPPED_VIA_API', { type: 'recurring_schedule', id }, { occurrenceDate: next.date })
        return skipped!.occurrence
      }, claim)
    },
  }

  /** Resuming: every date missed while paused is recorded SKIPPED (PAUSED), so no invoice is ever made for it. */
  async function skipPausedSpan(unit: UnitOfWork, company: Company, schedule: RecurringSchedule, today: CalendarDate): Promise<RecurringSchedule> {
    let current = schedule
    for (const missed of missedOccurrences(schedule, schedule, { today })) {
      const recorded = await recordOccurrence(deps, unit, company, { ...current, status: 'ACTIVE' }, missed, today, 'PAUSED')
      if (recorded) current = recorded.schedule
    }
    return { ...current, status: schedule.status }
  }
}

export type ScheduleService = ReturnType<typeof createScheduleService>
