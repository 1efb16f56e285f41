import { companyActor } from '../access'
import { InvoicingError } from '../errors'
import type { CoreDeps } from '../ports/deps'
import type { createSendService } from '../sending'
import { createUnitOfWork } from '../unit-of-work'
import type { RecurringOccurrence, ScheduleError } from './recurring-schedule'
import { emitOccurrenceEvent } from './schedule-events'

/** When a failed send is tried again, after the first attempt: 1, 10 and 60 minutes (4 attempts in all). */
export const DEFAULT_SEND_RETRY_DELAYS_MS = [60_000, 600_000, 3_600_000] as const

/**
 * How long a claimed send is left to its process before another may look at it: longer than
 * the send reservation (10 minutes), so a look after a crash finds that reservation expired.
 */
const SEND_CLAIM_MS = 11 * 60_000

/** Another send of the invoice is running (someone sent it by hand): looked at again after this, without counting an attempt. */
const BUSY_RETRY_MS = 60_000

/** Occurrences claimed per batch. */
const BATCH = 50

type Sending = Pick<ReturnType<typeof createSendService>, 'send'>

/** What one look at a claimed occurrence decides. */
type Outcome = { sent: true } | { sent: false; failure: ScheduleError; final: boolean } | { retryAfterMs: number }

/**
 * Mails the invoices of SEND schedules after their occurrence committed, through the normal
 * send (its reservation, number and lock). Each occurrence is claimed first in a transaction, so
 * two processes never mail it twice. Never mailed: an invoice already sent (only recorded), one
 * cancelled meanwhile, one of a cancelled schedule, and one whose earlier send may have reached
 * the mail server before its process died (its reservation was never released): that one is
 * FAILED as `delivery_unknown` for a person to check. A failure is tried again after each of
 * `retryDelaysMs`; after the last the occurrence is FAILED with the mail error.
 */
export function createOccurrenceSending(deps: CoreDeps, sending: Sending, retryDelaysMs: readonly number[] = DEFAULT_SEND_RETRY_DELAYS_MS) {
  const inUnitOfWork = createUnitOfWork(deps)

  /** Claims the occurrence for this process, unless another claimed or finished it. */
  const claim = (occurrence: RecurringOccurrence) => inUnitOfWork(companyActor(occurrence.companyId), async ({ tx, now }) => {
    const current = await tx.recurringSchedules.getOccurrence(occurrence.companyId, occurrence.id)
    if (current?.status !== 'PENDING_SEND' || current.nextAttemptAt === null || current.nextAttemptAt > now.toISOString()) return undefined
    const claimed = { ...current, nextAttemptAt: new Date(now.getTime() + SEND_CLAIM_MS).toISOString(), updatedAt: now.toISOString() }
    await tx.recurringSchedules.updateOccurrence(claimed)
    return claimed
  })

  async function attempt(claimed: RecurringOccurrence): Promise<Outcome> {
    const { storage } = deps
    const schedule = await storage.recurringSchedules.get(claimed.companyId, claimed.scheduleId)
    const invoice = claimed.invoiceId ? await storage.invoices.get(claimed.companyId, claimed.invoiceId) : undefined
    const final = (code: string, message: string): Outcome => ({ sent: false, failure: { code, message }, final: true })
    if (!invoice) return final('not_found', 'The occurrence\'s invoice no longer exists')
    if (invoice.sentAt !== null) return { sent: true }
    if (invoice.status === 'CANCELLED') return final('status_conflict', `${invoice.number} was cancelled before it was sent`)
    if (!schedule || schedule.status === 'CANCELLED') return final('status_conflict', 'The schedule was cancelled before the invoice was sent')
    const reservation = await storage.sendReservations.get(claimed.companyId, invoice.id)
    if (reservation && reservation.expiresAt <= deps.clock.now().toISOString()) {
      return final('delivery_unknown', `An earlier send of ${invoice.number} ended without being recorded; it may have reached the customer. Check, then send it by hand`)
    }
    try {
      await sending.send(companyActor(claimed.companyId), invoice.id, {
        ...(schedule.recipientEmail ? { recipientEmail: schedule.recipientEmail } : {}), cc: schedule.cc, bcc: schedule.bcc,
      })
      return { sent: true }
    } catch (error) {
      if (error instanceof InvoicingError && error.code === 'send_in_progress') return { retryAfterMs: BUSY_RETRY_MS }
      const failure = error instanceof InvoicingError
        ? { code: error.code, message: error.message }
        : { code: 'internal_error', message: `The send failed unexpectedly: ${(error as Error)?.message ?? String(error)}` }
      // The address may be gone for good: retrying cannot help.
      return { sent: false, failure, final: failure.code === 'no_recipient' }
    }
  }

  async function sendOne(occurrence: RecurringOccurrence): Promise<void> {
    const claimed = await claim(occurrence)
    if (!claimed) return
    const outcome = await attempt(claimed)
    await inUnitOfWork(companyActor(claimed.companyId), async (unit) => {
      const { tx, now } = unit
      const current = await tx.recurringSchedules.getOccurrence(claimed.companyId, claimed.id)
      if (current?.status !== 'PENDING_SEND') return
      const timestamp = now.toISOString()
      if ('retryAfterMs' in outcome) {
        await tx.recurringSchedules.updateOccurrence({ ...current, nextAttemptAt: new Date(now.getTime() + outcome.retryAfterMs).toISOString(), updatedAt: timestamp })
        return
      }
      const attempts = current.attempts + 1
      if (outcome.sent) {
        await tx.recurringSchedules.updateOccurrence({ ...current, status: 'CREATED', attempts, nextAttemptAt: null, error: null, updatedAt: timestamp })
        return
      }
      const delay = retryDelaysMs[attempts - 1]
      const final = outcome.final || delay === undefined
      const next: RecurringOccurrence = {
        ...current, attempts, error: outcome.failure, updatedAt: timestamp,
        status: final ? 'FAILED' : 'PENDING_SEND', nextAttemptAt: final ? null : new Date(now.getTime() + delay).toISOString(),
      }
      await tx.recurringSchedules.updateOccurrence(next)
      const schedule = await tx.recurringSchedules.get(claimed.companyId, claimed.scheduleId)
      if (schedule) await tx.recurringSchedules.update({ ...schedule, lastError: { ...outcome.failure, at: timestamp }, updatedAt: timestamp })
      if (final) {
        const invoice = current.invoiceId ? await tx.invoices.get(current.companyId, current.invoiceId) : undefined
        await emitOccurrenceEvent(unit, 'occurrence_failed', next, invoice?.status ?? null)
      }
    })
  }

  return {
    /** Sends everything due now (of one company or schedule, or all), page by page; answers how many it looked at. */
    async sendDue(companyId?: string, scheduleId?: string): Promise<number> {
      let looked = 0
      for (let page = 0; page < 10_000; page++) {
        const due = await deps.storage.recurringSchedules.listSendsDue(deps.clock.now().toISOString(), BATCH, companyId, scheduleId)
        for (const occurrence of due) await sendOne(occurrence)
        looked += due.length
        // Each one claimed leaves the due list (sent, retried later or failed): the next page holds new ones.
        if (due.length < BATCH) break
      }
      return looked
    },
  }
}
