import type { Actor } from '../access'
import { ownerAttribution } from '../audit'
import { type Company, requireCompany } from '../companies'
import { requireCustomer } from '../customers'
import type { CoreDeps } from '../ports/deps'
import { createUnitOfWork, type UnitOfWork } from '../unit-of-work'
import { assertNotBeingSent } from '../sending'
import { assertHybridPdfWithinLimit } from '../einvoice'
import { type DocumentVersion, createVersionArchive, takeInitialVersion } from '../versions'
import { cancelDocument } from './cancellation'
import { loadDocumentParts, requireInvoice } from './document-parts'
import { applyContentChanges, contentLocked, type ContentChanges } from './editing'
import type { Invoice, InvoiceStatus } from './invoice'
import { assertTransition, changeStatus, isContentEditable, issuesNumber } from '../sales-documents'
import { emitInvoiceEvent } from './invoice-events'

export interface InvoiceUpdateResult {
  invoice: Invoice
  /** The cancellation credit note a change to CANCELLED created, if any. */
  cancellationCreditNote: Invoice | null
}

export interface DocumentChanges {
  status?: InvoiceStatus | undefined
  content: ContentChanges
}

const EVENT_OF_STATUS: Partial<Record<InvoiceStatus, 'invoice.sent' | 'invoice.paid' | 'invoice.cancelled'>> = {
  SENT: 'invoice.sent',
  PAID: 'invoice.paid',
  CANCELLED: 'invoice.cancelled',
}

/**
 * The one way a document's content and status change by request (PUT of an invoice or a
 * credit note): the transition table, content only while editable, the number on leaving
 * draft, the lock and version 1 on SENT, and the cancellation credit note on CANCELLED. A
 * document is issued or locked only if its PDF stays within the page cap (400 `document_too_large`).
 */
export function createDocumentUpdate(deps: CoreDeps) {
  const { ids } = deps
  const inUnitOfWork = createUnitOfWork(deps)
  const archive = createVersionArchive(deps)

  /** Moves `invoice` to `status` with what the transition table says comes along. */
  async function transition(unit: UnitOfWork, company: Company, invoice: Invoice, status: InvoiceStatus): Promise<InvoiceUpdateResult> {
    const timestamp = unit.now.toISOString()
    let next = await changeStatus(unit, company, invoice, status)
    let cancellationCreditNote: Invoice | null = null
    if (status === 'SENT') next = { ...next, sentAt: next.sentAt ?? timestamp, lockedAt: next.lockedAt ?? timestamp }
    if (status === 'PAID') next = { ...next, paidAt: timestamp }
    // Decided from the status before the change: a draft gets no cancellation credit note.
    if (status === 'CANCELLED') ({ invoice: next, cancellationCreditNote } = await cancelDocument(unit, company, invoice, ids, { createStorno: true }))
    return { invoice: next, cancellationCreditNote }
  }

  /**
   * Applies `changes` to the document `id`. `admit` sees the stored document first and may
   * refuse it (e.g. 404 for an invoice asked for as a credit note).
   */
  return async function updateDocument(
    actor: Actor, id: string, { status, content }: DocumentChanges, admit: (invoice: Invoice) => unknown = () => {},
  ): Promise<InvoiceUpdateResult> {
    const { invoice, cancellationCreditNote, versions } = await inUnitOfWork(actor, async (unit) => {
      const { tx, now } = unit
      const company = await requireCompany(tx, actor)
      const current = await requireInvoice(tx, actor, id)
      admit(current)
      await assertNotBeingSent(tx, current, now)
      const newStatus = status !== undefined && status !== current.status ? status : undefined
      if (newStatus) assertTransition(current, newStatus)
      const customer = await requireCustomer(tx, company.id, current.customerId)
      const edit = await applyContentChanges(tx, company, customer, current, content, ids)
      if (edit.changedFields.length > 0 && !isContentEditable(current)) throw contentLocked(current, edit.changedFields)
      if (edit.changedFields.length === 0 && !newStatus) return { invoice: current, cancellationCreditNote: null, versions: [] }

      const result = newStatus
        ? await transition(unit, company, edit.invoice, newStatus)
        : { invoice: edit.invoice, cancellationCreditNote: null }
      const invoice = { ...result.invoice, updatedAt: now.toISOString() }
      // Issued without being locked (FINAL): its PDF must be drawable too. A lock is checked with its version.
      if (deps.pdf && issuesNumber(current.status, invoice.status) && !invoice.lockedAt) {
        await assertHybridPdfWithinLimit(deps.pdf, await loadDocumentParts(tx, company, invoice))
      }
      await tx.invoices.update(invoice)
      // A document locked by this change (SENT, or a cancellation credit note) is frozen as version 1.
      const versions: DocumentVersion[] = []
      for (const locked of [current.lockedAt ? null : invoice, result.cancellationCreditNote]) {
        if (!locked?.lockedAt) continue
        versions.push(await takeInitialVersion(unit, actor, await loadDocumentParts(tx, company, locked), deps))
      }
      const details = { changedFields: edit.changedFields, ...(newStatus ? { fromStatus: current.status, toStatus: newStatus } : {}) }
      if (newStatus === 'CANCELLED') {
        await unit.audit('INVOICE_CANCELLED_VIA_API', { type: 'invoice', id }, {
          ...details, cancellationCreditNoteId: result.cancellationCreditNote?.id ?? null, ...(await ownerAttribution(tx, company.id)),
        })
      } else {
        await unit.audit('INVOICE_UPDATED_VIA_API', { type: 'invoice', id }, details)
      }
      // PUT emits invoice.sent, .paid or .cancelled on the matching status change, otherwise invoice.updated.
      await emitInvoiceEvent(unit, (newStatus && EVENT_OF_STATUS[newStatus]) ?? 'invoice.updated', invoice)
      return { invoice, cancellationCreditNote: result.cancellationCreditNote, versions }
    })
    await archive.archiveAll(versions)
    return { invoice, cancellationCreditNote }
  }
}
