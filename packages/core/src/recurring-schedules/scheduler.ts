import type { JobDefinition } from '../jobs'
import type { CoreDeps } from '../ports/deps'
import { calendarDateOf, type CalendarDate } from '../shared/calendar-date'
import { DUE_OCCURRENCES_PER_TICK } from '../recurring'
import type { createOccurrenceProcessing } from './occurrence-processing'
import type { createOccurrenceSending } from './occurrence-sending'

export const SCHEDULER_JOB = 'scheduler'

/** The latest calendar date anywhere (UTC+14): no company's "today" lies after it. */
const LATEST_ZONE = 'Pacific/Kiritimati'

/** Schedules (and companies with quotes to expire) read per page. */
const PAGE = 100

/** What one tick did. */
export interface TickReport {
  /** Schedules that had dates due. */
  due: number
  created: number
  skipped: number
  failed: number
  /** Send attempts of SEND schedules. */
  sendAttempts: number
  expiredQuotes: number
  /** SCHEDULED blog posts published. */
  publishedPosts: number
  /** Schedules or sends that failed unexpectedly (told to `onError`), left to the next tick. */
  errors: number
  durationMs: number
}

const emptyReport = (): TickReport => ({ due: 0, created: 0, skipped: 0, failed: 0, sendAttempts: 0, expiredQuotes: 0, publishedPosts: 0, errors: 0, durationMs: 0 })

/** "Today" of each company (`asOf` for all when given), its zone read once per tick. */
function companyTodays(deps: CoreDeps, asOf: CalendarDate | undefined) {
  const todays = new Map<string, CalendarDate>()
  return async (companyId: string): Promise<CalendarDate> => {
    if (asOf) return asOf
    let today = todays.get(companyId)
    if (today === undefined) {
      const company = await deps.storage.companies.get(companyId)
      today = calendarDateOf(deps.clock.now(), company?.timeZone ?? LATEST_ZONE)
      todays.set(companyId, today)
    }
    return today
  }
}

export interface TickOptions {
  /** "Today" for this tick in every company (invoices are dated it); default each company's own today. */
  asOf?: CalendarDate | undefined
  /** Only this company's schedules and quotes (scheduled blog posts belong to no company: they are published regardless). */
  companyId?: string | undefined
  signal?: AbortSignal | undefined
  /** Told after each schedule processed, with the counts so far (progress of a long run). */
  onProgress?: ((report: TickReport) => void) | undefined
  /** Told of a schedule (or the sends) that failed unexpectedly; the tick goes on. */
  onError?: ((error: unknown, scheduleId: string | undefined) => void) | undefined
}

type Processing = ReturnType<typeof createOccurrenceProcessing>
type Sending = ReturnType<typeof createOccurrenceSending>
type ExpireQuotes = (companyId: string, today?: CalendarDate) => Promise<number>
type PublishDuePosts = (asOf?: Date) => Promise<number>

/** The instant `asOf` stands for where no company's zone applies (the blog): the end of that day in UTC. */
const endOfDayUtc = (asOf: CalendarDate) => new Date(`${asOf}T23:59:59.000Z`)

/**
 * One scheduler tick: the due occurrences of every ACTIVE schedule (at most 24 dates per
 * schedule), the sends of SEND schedules that are due, and the quotes past their validUntil.
 * Every step is safe when two processes tick at once: occurrences are recorded once per date,
 * sends are claimed, quotes re-read in the transaction that expires them, blog posts published
 * by a conditional update.
 */
export function createScheduler(deps: CoreDeps, processing: Processing, sending: Sending, expireQuotes: ExpireQuotes, publishDuePosts: PublishDuePosts) {
  async function tick({ asOf, companyId, signal, onProgress, onError }: TickOptions = {}): Promise<TickReport> {
    const started = Date.now()
    const report = emptyReport()
    const latest = asOf ?? calendarDateOf(deps.clock.now(), LATEST_ZONE)
    const todayOf = companyTodays(deps, asOf)
    for (let after = ''; !signal?.aborted;) {
      const due = await deps.storage.recurringSchedules.listDue(latest, after, PAGE, companyId)
      for (const schedule of due) {
        if (signal?.aborted) break
        // Due somewhere on Earth but not yet in its company's zone: no transaction spent on it.
        if (schedule.nextRunDate! > await todayOf(schedule.companyId)) continue
        try {
          const run = await processing.processDue(schedule.companyId, schedule.id, { asOf })
          if (run.created.length + run.skipped.length > 0) report.due++
          report.created += run.created.filter((occurrence) => occurrence.status !== 'FAILED').length
          report.failed += run.created.filter((occurrence) => occurrence.status === 'FAILED').length
          report.skipped += run.skipped.length
        } catch (error) {
          // One schedule that cannot be processed must not hold up the others.
          report.errors++
          onError?.(error, schedule.id)
        }
        onProgress?.(report)
      }
      if (due.length < PAGE) break
      after = due.at(-1)!.id
    }
    if (!signal?.aborted) {
      try {
        report.sendAttempts = await sending.sendDue(companyId)
      } catch (error) {
        report.errors++
        onError?.(error, undefined)
      }
    }
    for (let after = ''; !signal?.aborted;) {
      const companies = companyId ? [companyId] : await deps.storage.orderDocuments.companiesWithOpenQuotesBefore(latest, after, PAGE)
      for (const id of companies) report.expiredQuotes += await expireQuotes(id, asOf)
      if (companyId || companies.length < PAGE) break
      after = companies.at(-1)!
    }
    if (!signal?.aborted) {
      try {
        report.publishedPosts = await publishDuePosts(asOf ? endOfDayUtc(asOf) : deps.clock.now())
      } catch (error) {
        report.errors++
        onError?.(error, undefined)
      }
    }
    report.durationMs = Date.now() - started
    return report
  }

  return {
    tick,
    /**
     * Ticks until nothing is due (`invoicing scheduler run-once`): the 24 dates per schedule and
     * tick only keep one tick short. The first send attempt of SEND occurrences is made; retries
     * are left to later ticks.
     */
    async runOnce({ onProgress, ...options }: Omit<TickOptions, 'signal'> = {}): Promise<TickReport> {
      const total = emptyReport()
      const started = Date.now()
      for (let round = 0; round < 10_000; round++) {
        const report = await tick({ ...options, onProgress: onProgress && ((progress) => onProgress({ ...progress, created: total.created + progress.created, due: total.due + progress.due })) })
        for (const key of ['due', 'created', 'skipped', 'failed', 'sendAttempts', 'expiredQuotes', 'publishedPosts', 'errors'] as const) total[key] += report[key]
        if (report.created + report.skipped + report.failed === 0) break
      }
      total.durationMs = Date.now() - started
      return total
    },
    /** The scheduler as a job of the jobs runner (`invoicing serve`), ticking every `intervalMs`. */
    job(intervalMs: number, onTick?: (report: TickReport) => void, onError?: TickOptions['onError']): JobDefinition {
      return {
        name: SCHEDULER_JOB,
        intervalMs,
        deadlineMs: 10 * 60_000,
        async run(signal) {
          const report = await tick({ signal, onError })
          onTick?.(report)
          // As many dates as one schedule may take per tick were made: more may be due, tick again at once.
          return report.created + report.failed >= DUE_OCCURRENCES_PER_TICK
        },
      }
    },
  }
}

export type Scheduler = ReturnType<typeof createScheduler>
