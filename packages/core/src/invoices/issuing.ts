import type { Company } from '../companies/company'
import { InvoicingError } from '../errors'
import { takeNumber } from '../numbering/number-ranges'
import { monthAt } from '../shared/calendar-date'
import type { UnitOfWork } from '../unit-of-work/unit-of-work'
import type { CalendarDate } from '../shared/calendar-date'
import type { Invoice, InvoiceType } from './invoice'

/**
 * The next number of the document type's range. A range whose format was changed so that it
 * produces a number already issued (e.g. two types sharing one format) is refused with 409
 * before anything is stored: the transaction rolls back and the sequence keeps its value.
 */
export async function takeDocumentNumber({ tx }: UnitOfWork, company: Company, type: InvoiceType, date: CalendarDate): Promise<string> {
  const invoiceNumber = await takeNumber(tx.sequences, company.id, company.numberRanges, type, date)
  if (await tx.invoices.findByNumber(company.id, invoiceNumber)) {
    throw new InvoicingError('invoice_number_taken', `The ${type} number range would issue ${invoiceNumber}, which another document holds; change the range's format (invoicing company update)`, {
      invoiceNumber,
    })
  }
  return invoiceNumber
}

/**
 * Fails with 403 `plan_limit_reached` when the company's documents of this month are used up.
 * It runs before a number is taken, in the same transaction, so a refused document takes none.
 */
export async function assertDocumentQuota({ tx, now }: UnitOfWork, company: Company): Promise<void> {
  if (company.documentQuota === null) return
  const { documentsIssued } = await tx.usage.get(company.id, monthAt(now, company.timeZone))
  if (documentsIssued >= company.documentQuota) {
    throw new InvoicingError('plan_limit_reached', `The monthly document quota of ${company.documentQuota} is used up; drafts can still be created`, {
      documentQuota: company.documentQuota,
    })
  }
}

/**
 * Gives a draft its real number when it leaves draft: the quota is checked, the next number of
 * the document type's range is taken and the document counted, all in the transaction that
 * stores the document, so no gap and no duplicate can appear. A document that already holds
 * its number (after a failed send, or FINAL → DRAFT → FINAL) keeps it and is not counted again.
 */
export async function issueNumber(unit: UnitOfWork, company: Company, invoice: Invoice): Promise<Invoice> {
  if (invoice.numberIssued) return invoice
  await assertDocumentQuota(unit, company)
  const invoiceNumber = await takeDocumentNumber(unit, company, invoice.invoiceType, invoice.issueDate)
  await unit.tx.usage.addDocumentIssued(company.id, monthAt(unit.now, company.timeZone))
  await unit.audit('INVOICE_NUMBER_ISSUED', { type: 'invoice', id: invoice.id }, { invoiceNumber, invoiceType: invoice.invoiceType })
  return { ...invoice, invoiceNumber, numberIssued: true }
}
