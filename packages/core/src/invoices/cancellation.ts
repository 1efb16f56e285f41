import type { Company } from '../companies'
import { InvoicingError } from '../errors'
import type { IdGenerator } from '../ports/ids'
import { calendarDateOf } from '../shared/calendar-date'
import { negated } from '../shared/decimal-text'
import type { UnitOfWork } from '../unit-of-work'
import { liveCreditNotesOf } from '../credit-notes'
import { DOCUMENT_KINDS, kindOf, takeDocumentNumber, refOf } from '../sales-documents'
import type { Invoice } from './invoice'
import { emitInvoiceEvent } from './invoice-events'

/** Whether cancelling this document creates a cancellation credit note: issued documents of a kind that gets one (invoices). */
export const needsCancellationCreditNote = (invoice: Invoice): boolean =>
  kindOf(invoice).cancellation === 'credit-note' && invoice.numberIssued && invoice.status !== 'DRAFT'

/**
 * The cancellation credit note (Stornorechnung) of an issued invoice: the same lines with
 * negated quantities and amounts, its own number from the CREDIT_NOTE range, FINAL and locked
 * at once. It is neither checked against nor counted in the document quota: cancelling an
 * issued invoice must always be possible.
 */
export async function createCancellationCreditNote(unit: UnitOfWork, company: Company, invoice: Invoice, ids: IdGenerator): Promise<Invoice> {
  const today = calendarDateOf(unit.now, company.timeZone)
  const timestamp = unit.now.toISOString()
  const creditNote: Invoice = {
    ...invoice,
    id: ids.next(),
    number: await takeDocumentNumber(unit, company, DOCUMENT_KINDS.CREDIT_NOTE.numbering.range, today),
    numberIssued: true,
    documentType: 'CREDIT_NOTE',
    status: 'FINAL',
    creditNoteReason: 'CANCELLATION',
    precedingDocument: refOf(invoice),
    payout: null,
    issueDate: today,
    dueDate: today,
    netTotal: negated(invoice.netTotal),
    taxTotal: negated(invoice.taxTotal),
    grossTotal: negated(invoice.grossTotal),
    taxBreakdown: invoice.taxBreakdown.map((entry) => ({ ...entry, netAmount: negated(entry.netAmount), taxAmount: negated(entry.taxAmount) })),
    lines: invoice.lines.map((line) => ({
      ...line,
      id: ids.next(),
      quantity: negated(line.quantity),
      discount: negated(line.discount),
      netAmount: negated(line.netAmount),
      sourceLineId: line.id,
    })),
    notes: null,
    headerText: null,
    footer: null,
    customTitle: null,
    metadata: {},
    eInvoiceAudit: null,
    sentAt: null,
    paidAt: null,
    // Issued and final at once: its content is frozen like a sent invoice's.
    lockedAt: timestamp,
    dunningPaused: false,
    dunningPausedAt: null,
    dunningPausedReason: null,
    createdAt: timestamp,
    updatedAt: timestamp,
  }
  await unit.tx.invoices.insert(creditNote)
  await unit.audit('INVOICE_STORNO_CREATED_VIA_API', { type: 'invoice', id: creditNote.id }, { invoiceNumber: creditNote.number, cancelledInvoiceId: invoice.id })
  await emitInvoiceEvent(unit, 'credit_note.created', creditNote)
  return creditNote
}

/**
 * Payments moved here from a proforma when it was converted go back to that proforma
 * when this invoice is cancelled (or deleted). If the proforma is gone or cancelled there is
 * nowhere to return them: 409, and the caller's transaction writes nothing.
 */
export async function returnMovedPayments(unit: UnitOfWork, invoice: Invoice): Promise<void> {
  const moved = (await unit.tx.payments.listByInvoice(invoice.companyId, invoice.id)).filter((payment) => payment.movedFromInvoiceId !== null)
  for (const payment of moved) {
    const proforma = await unit.tx.invoices.get(invoice.companyId, payment.movedFromInvoiceId!)
    if (!proforma || proforma.status === 'CANCELLED') {
      throw new InvoicingError('payments_block_cancellation', `${invoice.number} holds payments moved from a proforma that is ${proforma ? 'cancelled' : 'gone'}; delete those payments first`, {
        paymentIds: moved.map((each) => each.id),
      })
    }
    await unit.tx.payments.update({ ...payment, invoiceId: proforma.id, movedFromInvoiceId: null, updatedAt: unit.now.toISOString() })
  }
}

/**
 * Cancels a document: moved payments return to their proforma, an issued invoice
 * gets its cancellation credit note unless `createStorno` is false, and a credit note's
 * payout is cancelled with it (an executed payout forbids the cancellation: transitions).
 */
export async function cancelDocument(
  unit: UnitOfWork, company: Company, invoice: Invoice, ids: IdGenerator, { createStorno }: { createStorno: boolean },
): Promise<{ invoice: Invoice; cancellationCreditNote: Invoice | null }> {
  const credits = kindOf(invoice).creditable ? await liveCreditNotesOf(unit.tx, invoice) : []
  if (credits.length > 0) {
    // Its cancellation credit note would credit again what they credit.
    throw new InvoicingError('status_conflict', `${invoice.number} has credit notes (${credits.map((note) => note.number).join(', ')}); cancel them first, or credit the rest with another credit note`, {
      status: invoice.status, creditNoteIds: credits.map((note) => note.id),
    })
  }
  await returnMovedPayments(unit, invoice)
  const cancellationCreditNote = createStorno && needsCancellationCreditNote(invoice)
    ? await createCancellationCreditNote(unit, company, invoice, ids)
    : null
  const payout = invoice.payout && { ...invoice.payout, status: 'CANCELLED' as const, updatedAt: unit.now.toISOString() }
  return { invoice: { ...invoice, status: 'CANCELLED', payout }, cancellationCreditNote }
}
