import { companyActor } from '../access'
import { InvoicingError } from '../errors'
import type { CoreDeps } from '../ports/deps'
import type { createSendService } from '../sending'
import { createUnitOfWork } from '../unit-of-work'
import type { RecurringOccurrence } from './recurring-schedule'
import { emitOccurrenceEvent } from './schedule-events'

/** When a failed send is tried again, after the first attempt: 1, 10 and 60 minutes (4 attempts in all). */
export const DEFAULT_SEND_RETRY_DELAYS_MS = [60_000, 600_000, 3_600_000] as const

/** How long a claimed send is left to its process before another may try it (longer than any mail delivery). */
const SEND_CLAIM_MS = 5 * 60_000

/** Occurrences sent per batch. */
const BATCH = 50

type Sending = Pick<ReturnType<typeof createSendService>, 'send'>

/**
 * Mails the invoices of SEND schedules after their occurrence committed, through the normal
 * send (its reservation, number and lock). Each occurrence is claimed first in a transaction, so
 * two processes never mail it twice; one already sent is only recorded. A failure is tried again
 * after each of `retryDelaysMs`; after the last the occurrence is FAILED with the mail error.
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

  async function sendOne(occurrence: RecurringOccurrence): Promise<void> {
    const claimed = await claim(occurrence)
    if (!claimed) return
    const actor = companyActor(claimed.companyId)
    const schedule = await deps.storage.recurringSchedules.get(claimed.companyId, claimed.scheduleId)
    const invoice = claimed.invoiceId ? await deps.storage.invoices.get(claimed.companyId, claimed.invoiceId) : undefined
    let failure: { code: string; message: string } | null = null
    // Sent already (an attempt that mailed but was not recorded): recorded, not mailed again.
    if (invoice && invoice.sentAt === null) {
      try {
        await sending.send(actor, invoice.id, {
          ...(schedule?.recipientEmail ? { recipientEmail: schedule.recipientEmail } : {}), cc: schedule?.cc ?? [], bcc: schedule?.bcc ?? [],
        })
      } catch (error) {
        if (!(error instanceof InvoicingError)) throw error
        failure = { code: error.code, message: error.message }
      }
    } else if (!invoice) {
      failure = { code: 'not_found', message: 'The occurrence\'s invoice no longer exists' }
    }
    await inUnitOfWork(actor, async (unit) => {
      const { tx, now } = unit
      const current = await tx.recurringSchedules.getOccurrence(claimed.companyId, claimed.id)
      if (current?.status !== 'PENDING_SEND') return
      const attempts = current.attempts + 1
      const timestamp = now.toISOString()
      if (!failure) {
        await tx.recurringSchedules.updateOccurrence({ ...current, status: 'CREATED', attempts, nextAttemptAt: null, error: null, updatedAt: timestamp })
        return
      }
      const delay = retryDelaysMs[attempts - 1]
      // The address may be gone for good: retrying cannot help (no_recipient fails at once).
      const final = delay === undefined || failure.code === 'no_recipient'
      const next: RecurringOccurrence = {
        ...current, attempts, error: failure, updatedAt: timestamp,
        status: final ? 'FAILED' : 'PENDING_SEND', nextAttemptAt: final ? null : new Date(now.getTime() + delay).toISOString(),
      }
      await tx.recurringSchedules.updateOccurrence(next)
      const scheduleNow = await tx.recurringSchedules.get(claimed.companyId, claimed.scheduleId)
      if (scheduleNow) await tx.recurringSchedules.update({ ...scheduleNow, lastError: { ...failure, at: timestamp }, updatedAt: timestamp })
      if (final) await emitOccurrenceEvent(unit, 'occurrence_failed', next, invoice?.status ?? null)
    })
  }

  return {
    /** Sends what is due now (of one company, or all); answers how many it tried. */
    async sendDue(companyId?: string, scheduleId?: string): Promise<number> {
      const due = (await deps.storage.recurringSchedules.listSendsDue(deps.clock.now().toISOString(), BATCH, companyId))
        .filter((occurrence) => scheduleId === undefined || occurrence.scheduleId === scheduleId)
      for (const occurrence of due) await sendOne(occurrence)
      return due.length
    },
  }
}
