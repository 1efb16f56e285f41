import * as v from 'valibot'
import type { Actor } from '../access'
import { ownerAttribution } from '../audit'
import { requireCompany } from '../companies'
import { InvoicingError } from '../errors'
import type { CoreDeps } from '../ports/deps'
import { emailAddress } from '../shared/fields'
import { createUnitOfWork } from '../unit-of-work'
import { aliased, parseInput } from '../shared/validation'
import { assertNotBeingSent, type createSendService } from '../sending'
import { type DocumentVersion, createVersionArchive, takeInitialVersion } from '../versions'
import { cancelDocument, createCancellationCreditNote } from './cancellation'
import { loadDocumentParts, refuseConvertedProforma, requireInvoice } from './document-parts'
import type { Invoice } from './invoice'
import { canTransition, kindOf } from '../sales-documents'
import { creditNotesOf } from '../credit-notes'
import { emitInvoiceEvent } from './invoice-events'
import { claimOf, restateClaim, type IdempotencyClaim } from '../idempotency'

export const CancelRequestSchema = aliased(v.object({
  createStorno: v.optional(v.pipe(v.boolean(), v.description('Default true: an issued invoice gets its cancellation credit note')), true),
  sendStornoToCustomer: v.optional(v.pipe(v.boolean(), v.description('Default false: mail the cancellation credit note')), false),
  recipientEmail: v.optional(emailAddress),
}))
export type CancelRequest = v.InferInput<typeof CancelRequestSchema>

export const StornoRequestSchema = aliased(v.object({
  sendToCustomer: v.optional(v.pipe(v.boolean(), v.description('Default false: mail the cancellation credit note')), false),
  recipientEmail: v.optional(emailAddress),
}))
export type StornoRequest = v.InferInput<typeof StornoRequestSchema>

/** Whether the cancellation credit note was mailed; a failed mail is a warning, never an error. */
export interface StornoDelivery {
  stornoEmailSent: boolean
  warning?: string
}

export interface CancelResult extends StornoDelivery {
  invoice: Invoice
  cancellationCreditNote: Invoice | null
}

export interface StornoResult extends StornoDelivery {
  creditNote: Invoice
}

/** Cancelling documents (`POST cancel`) and the late cancellation credit note (`POST storno`). */
export function createCancelService(deps: CoreDeps, sending: ReturnType<typeof createSendService>) {
  const { ids } = deps
  const inUnitOfWork = createUnitOfWork(deps)
  const archive = createVersionArchive(deps)

  /** Mails the credit note after its transaction committed; a failure is reported, not thrown. */
  async function deliver(actor: Actor, creditNote: Invoice | null, wanted: boolean, recipientEmail: string | undefined): Promise<StornoDelivery> {
    if (!wanted || !creditNote) return { stornoEmailSent: false }
    try {
      await sending.send(actor, creditNote.id, recipientEmail ? { recipientEmail } : {})
      return { stornoEmailSent: true }
    } catch (error) {
      return { stornoEmailSent: false, warning: `The cancellation credit note ${creditNote.number} was created but not mailed: ${error instanceof Error ? error.message : String(error)}` }
    }
  }

  /**
   * The answer stored with the cancellation says the credit note was not mailed (the mail goes
   * out after the commit); once it was tried, the stored answer says what this request answers.
   */
  async function restate<R extends StornoDelivery>(actor: Actor, claim: IdempotencyClaim<R> | undefined, answered: R, mailed: boolean): Promise<R> {
    if (claim && mailed) await inUnitOfWork(actor, ({ tx, now }) => restateClaim(tx, claim, answered, now)).catch(() => undefined)
    return answered
  }

  return {
    /**
     * Cancels a DRAFT, FINAL, SENT or OVERDUE document in one transaction: its status, the
     * cancellation credit note of an issued invoice, and payments returned to their proforma.
     */
    async cancel(actor: Actor, id: string, input: CancelRequest = {}, claim?: IdempotencyClaim<CancelResult>): Promise<CancelResult> {
      const request = parseInput(CancelRequestSchema, input ?? {})
      const { result, versions } = await inUnitOfWork(actor, async (unit) => {
        const { tx, now } = unit
        const company = await requireCompany(tx, actor)
        const current = await requireInvoice(tx, actor, id)
        await refuseConvertedProforma(tx, current)
        // The transition table decides, as for PUT status CANCELLED.
        if (!canTransition(current, 'CANCELLED')) {
          const why = current.creditNoteReason === 'CANCELLATION' ? 'a cancellation credit note cannot be cancelled'
            : current.payout?.status === 'EXECUTED' ? 'its payout was executed'
              : 'only DRAFT, FINAL, SENT or OVERDUE documents can be cancelled'
          throw new InvoicingError('status_conflict', `${current.number} is ${current.status}; ${why}`, { status: current.status })
        }
        await assertNotBeingSent(tx, current, now)
        const cancelled = await cancelDocument(unit, company, current, ids, { createStorno: request.createStorno })
        const invoice = { ...cancelled.invoice, updatedAt: now.toISOString() }
        await tx.invoices.update(invoice)
        const versions: DocumentVersion[] = []
        if (cancelled.cancellationCreditNote) {
          versions.push(await takeInitialVersion(unit, actor, await loadDocumentParts(tx, company, cancelled.cancellationCreditNote), deps))
        }
        await unit.audit('INVOICE_CANCELLED_VIA_API', { type: 'invoice', id }, {
          fromStatus: current.status, cancellationCreditNoteId: cancelled.cancellationCreditNote?.id ?? null, ...(await ownerAttribution(tx, company.id)),
        })
        await emitInvoiceEvent(unit, 'invoice.cancelled', invoice)
        return { result: { invoice, cancellationCreditNote: cancelled.cancellationCreditNote }, versions }
      }, claimOf(claim, (done: { result: Omit<CancelResult, keyof StornoDelivery>; versions: DocumentVersion[] }) => ({ ...done.result, stornoEmailSent: false })))
      await archive.archiveAll(versions)
      const delivery = await deliver(actor, result.cancellationCreditNote, request.sendStornoToCustomer, request.recipientEmail)
      return restate(actor, claim, { ...result, ...delivery }, request.sendStornoToCustomer && result.cancellationCreditNote !== null)
    },

    /** The cancellation credit note of an invoice cancelled without one. The invoice stays as it is. */
    async storno(actor: Actor, id: string, input: StornoRequest = {}, claim?: IdempotencyClaim<StornoResult>): Promise<StornoResult> {
      const request = parseInput(StornoRequestSchema, input ?? {})
      const { creditNote, versions } = await inUnitOfWork(actor, async (unit) => {
        const { tx } = unit
        const company = await requireCompany(tx, actor)
        const invoice = await requireInvoice(tx, actor, id)
        const getsCreditNote = kindOf(invoice).cancellation === 'credit-note'
        if (!getsCreditNote || !invoice.numberIssued) {
          throw new InvoicingError('invoice_status', `${invoice.number} is ${getsCreditNote ? 'a draft that was never issued' : `a ${invoice.documentType}`}; only issued invoices get a cancellation credit note`, {
            status: invoice.status,
          })
        }
        if (invoice.status !== 'CANCELLED') {
          throw new InvoicingError('status_conflict', `${invoice.number} is ${invoice.status}; cancel it first (POST /api/v1/invoices/${id}/cancel)`, { status: invoice.status })
        }
        const existing = (await creditNotesOf(tx, invoice)).find((note) => note.creditNoteReason === 'CANCELLATION')
        if (existing) {
          throw new InvoicingError('storno_exists', `${invoice.number} already has its cancellation credit note ${existing.number}`, {
            stornoInvoiceId: existing.id, stornoInvoiceNumber: existing.number,
          })
        }
        const creditNote = await createCancellationCreditNote(unit, company, invoice, ids)
        const version = await takeInitialVersion(unit, actor, await loadDocumentParts(tx, company, creditNote), deps)
        return { creditNote, versions: [version] }
      }, claimOf(claim, (done: { creditNote: Invoice; versions: DocumentVersion[] }) => ({ creditNote: done.creditNote, stornoEmailSent: false })))
      await archive.archiveAll(versions)
      const delivery = await deliver(actor, creditNote, request.sendToCustomer, request.recipientEmail)
      return restate(actor, claim, { creditNote, ...delivery }, request.sendToCustomer)
    },
  }
}
