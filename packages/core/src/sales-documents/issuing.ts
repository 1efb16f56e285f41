import type { Company } from '../companies'
import { InvoicingError } from '../errors'
import { takeNumber, type NumberRangeType } from '../numbering'
import { monthAt } from '../shared/calendar-date'
import type { CalendarDate } from '../shared/calendar-date'
import type { UnitOfWork } from '../unit-of-work'
import type { DocumentKind } from './document-kind'
import { kindOf } from './document-kinds'
import type { SalesDocument } from './sales-document'

/**
 * The next number of a range. A range whose format was changed so that it produces a number
 * already issued (e.g. two types sharing one format) is refused with 409 before anything is
 * stored: the transaction rolls back and the sequence keeps its value.
 */
export async function takeDocumentNumber({ tx }: UnitOfWork, company: Company, range: NumberRangeType, date: CalendarDate): Promise<string> {
  const number = await takeNumber(tx.sequences, company.id, company.numberRanges, range, date)
  if (await tx.invoices.findByNumber(company.id, number) ?? await tx.orderDocuments.findByNumber(company.id, number)) {
    throw new InvoicingError('invoice_number_taken', `The ${range} number range would issue ${number}, which another document holds; change the range's format (invoicing company update)`, {
      invoiceNumber: number,
    })
  }
  return number
}

const quotaUsedUp = (documentQuota: number) =>
  new InvoicingError('plan_limit_reached', `The monthly document quota of ${documentQuota} is used up; drafts can still be created`, { documentQuota })

/**
 * Fails with 403 `plan_limit_reached` when the company's documents of this month are used up:
 * for writes that make a draft which counts only when it is issued (duplicate, convert).
 */
export async function assertDocumentQuota({ tx, now }: UnitOfWork, company: Company, quotaMonth = monthAt(now, company.timeZone)): Promise<void> {
  if (company.documentQuota === null) return
  const { documentsIssued } = await tx.usage.get(company.id, quotaMonth)
  if (documentsIssued >= company.documentQuota) throw quotaUsedUp(company.documentQuota)
}

/**
 * Counts one more document issued this month, and fails with 403 `plan_limit_reached` when that
 * goes beyond the quota: one increment, then the check, so two concurrent issues cannot both
 * take the last one; the failure rolls the increment back with the transaction.
 */
async function countDocumentIssued({ tx }: UnitOfWork, company: Company, documentType: string, quotaMonth: string): Promise<void> {
  const issued = await tx.usage.addDocumentIssued(company.id, quotaMonth, documentType)
  if (company.documentQuota !== null && issued > company.documentQuota) throw quotaUsedUp(company.documentQuota)
}

/** Leaving draft for anything but CANCELLED gives a document its number. */
export const issuesNumber = (from: string, to: string): boolean => from === 'DRAFT' && to !== 'DRAFT' && to !== 'CANCELLED'

/**
 * Gives a document its real number from its kind's range: counted against the quota of
 * `quotaMonth` (default this month; a replayed day counts in its own) first (for
 * kinds that count, so a refused document takes no number), all in the transaction that stores
 * it, so no gap and no duplicate can appear. A document that already holds its number (after a failed send, or
 * FINAL → DRAFT → FINAL) keeps it and is not counted again.
 */
export async function issueNumber<D extends SalesDocument>(
  unit: UnitOfWork, company: Company, document: D, kind: DocumentKind<D> = kindOf(document), quotaMonth = monthAt(unit.now, company.timeZone),
): Promise<D> {
  if (document.numberIssued) return document
  const { range, countsAgainstQuota, issuedAudit } = kind.numbering
  if (countsAgainstQuota) await countDocumentIssued(unit, company, document.documentType, quotaMonth)
  const number = await takeDocumentNumber(unit, company, range, document.issueDate)
  const details = issuedAudit.targetType === 'invoice' ? { invoiceNumber: number, invoiceType: document.documentType } : { number, documentType: document.documentType }
  await unit.audit(issuedAudit.action, { type: issuedAudit.targetType, id: document.id }, details)
  return { ...document, number, numberIssued: true }
}
