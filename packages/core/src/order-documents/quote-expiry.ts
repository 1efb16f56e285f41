import type { CoreDeps } from '../ports/deps'
import { createUnitOfWork } from '../unit-of-work'
import { companyActor } from '../access'
import { calendarDateOf, type CalendarDate } from '../shared/calendar-date'
import { requireCompany } from '../companies'
import { emitOrderDocumentEvent } from './order-document-events'

/** How many quotes one transaction expires, so a backlog never holds the database long. */
const EXPIRY_BATCH = 100

/**
 * Expires the company's OPEN quotes whose `validUntil` lies before `today` (default: today in
 * the company's time zone): EXPIRED, `expiredAt`, `quote.expired`, audit `QUOTE_EXPIRED` by the
 * system. Safe to run again and from two processes at once: each quote is re-read in the
 * transaction that expires it. Returns how many it expired.
 */
export function createQuoteExpiry(deps: CoreDeps) {
  const inUnitOfWork = createUnitOfWork(deps)
  return async function expireQuotes(companyId: string, today?: CalendarDate): Promise<number> {
    const actor = companyActor(companyId)
    let expired = 0
    for (;;) {
      const count = await inUnitOfWork(actor, async (unit) => {
        const company = await requireCompany(unit.tx, actor)
        const day = today ?? calendarDateOf(unit.now, company.timeZone)
        const { items: due } = await unit.tx.orderDocuments.list(companyId, { documentType: 'QUOTE', status: 'OPEN', validUntilBefore: day, limit: EXPIRY_BATCH, offset: 0 })
        for (const quote of due) {
          const next = { ...quote, status: 'EXPIRED' as const, expiredAt: unit.now.toISOString(), updatedAt: unit.now.toISOString() }
          await unit.tx.orderDocuments.update(next)
          await unit.audit('QUOTE_EXPIRED', { type: 'quote', id: quote.id }, { validUntil: quote.validUntil, today: day })
          await emitOrderDocumentEvent(unit, next, 'expired')
        }
        return due.length
      })
      expired += count
      if (count < EXPIRY_BATCH) return expired
    }
  }
}
