import type { Actor } from '../access'
import { requireCategory } from '../categories'
import { requireCompany } from '../companies'
import { requireCustomer } from '../customers'
import { InvoicingError, notFound } from '../errors'
import { documentCustomerOf, loadDocumentParts, createDocumentUpdate, type InvoiceUpdateResult, requestedFieldsOf, requestedTaxValues, newDraftState, type Invoice, DOCUMENT_TEXT_VERSION, invoiceCustomerOf, type InvoiceCustomer, givenTaxValues, emitInvoiceEvent } from '../invoices'
import { assertDateOrder, issueNumber, linkedDraftsOf, draftLines, priceDocument, signedFor, refOf, DOCUMENT_KINDS } from '../sales-documents'
import type { CoreDeps } from '../ports/deps'
import type { StorageReader } from '../ports/storage'
import { addDays, calendarDateOf } from '../shared/calendar-date'
import type { Page } from '../shared/pagination'
import { createUnitOfWork } from '../unit-of-work'
import { parseInput } from '../shared/validation'
import { createdByKey, claimOf, type IdempotencyClaim } from '../idempotency'
import { type SendRequest, type createSendService, type SendResult, assertNotBeingSent } from '../sending'
import { type DocumentVersion, createVersionArchive, takeInitialVersion } from '../versions'
import {
  CreditNoteCreateSchema, CreditNoteListQuerySchema, CreditNoteUpdateSchema, PayoutChangeSchema, PayoutExecuteSchema,
  type CreditNoteCreateInput, type CreditNoteListQueryInput, type CreditNoteUpdateInput, type PayoutChangeInput, type PayoutExecuteInput,
} from './credit-note-schemas'
import { assertCreditsAnAmount, assertCreditWithinInvoice, isCreditNote, partialDrafts, refuseInheritedChanges, requireCreditableInvoice } from './linked-credit'
import { assertPayoutTransition, newPayout, type PayoutStatus } from './payout'

export interface CreditNoteDetail extends Invoice {
  recipient: InvoiceCustomer
}

const invalid = (field: string, problem: string) => new InvoicingError('validation_failed', `${field}: ${problem}`, { field })

/** Only credit notes are reached through the credit-note routes: 404 for anything else, invoices and proformas included. */
const admitCreditNote = (invoice: Invoice | undefined): Invoice => {
  if (!invoice || !isCreditNote(invoice)) throw notFound('Credit note')
  return invoice
}

/** A credit note of the actor's company. */
const requireCreditNote = async (reader: Pick<StorageReader, 'invoices'>, actor: Actor, id: string): Promise<Invoice> =>
  admitCreditNote(await reader.invoices.get(actor.companyId, id))

/**
 * Credit notes (Gutschriften): created as drafts, standalone for a recipient or linked to an
 * invoice they credit in full or in part; issued by a status change, a send or the payout's
 * execution. Their quantities and amounts are stored negative; the payout owes |grossTotal|.
 */
export function createCreditNoteService(deps: CoreDeps, sending: ReturnType<typeof createSendService>) {
  const { storage, ids } = deps
  const inUnitOfWork = createUnitOfWork(deps)
  const updateDocument = createDocumentUpdate(deps)
  const archive = createVersionArchive(deps)

  async function detailOf(reader: Pick<StorageReader, 'customers'>, creditNote: Invoice): Promise<CreditNoteDetail> {
    return { ...creditNote, recipient: invoiceCustomerOf(await documentCustomerOf(reader, creditNote)) }
  }

  /** Moves the payout by its transition table; EXECUTED also issues and locks the credit note. */
  async function movePayout(
    actor: Actor, id: string, to: PayoutStatus, details: { reference?: string | null | undefined; note?: string | null | undefined },
    claim?: IdempotencyClaim<CreditNoteDetail>,
  ): Promise<CreditNoteDetail> {
    const { detail, versions } = await inUnitOfWork(actor, async (unit) => {
      const { tx, now } = unit
      const company = await requireCompany(tx, actor)
      const current = await requireCreditNote(tx, actor, id)
      if (!current.payout) {
        throw new InvoicingError('status_conflict', `${current.number} cancels an invoice and has no payout`, { status: current.status })
      }
      await assertNotBeingSent(tx, current, now)
      assertPayoutTransition(current.payout.status, to)
      const timestamp = now.toISOString()
      let next: Invoice = current
      const versions: DocumentVersion[] = []
      if (to === 'EXECUTED') {
        // Money leaves on this document: it is issued and frozen as it was paid out.
        if (current.status === 'DRAFT') next = { ...(await issueNumber(unit, company, current)), status: 'FINAL' }
        if (!next.lockedAt) next = { ...next, lockedAt: timestamp }
      }
      next = {
        ...next,
        payout: {
          status: to,
          reference: details.reference !== undefined ? details.reference : current.payout.reference,
          note: details.note !== undefined ? details.note : current.payout.note,
          executedAt: to === 'EXECUTED' ? timestamp : current.payout.executedAt,
          updatedAt: timestamp,
        },
        updatedAt: timestamp,
      }
      await tx.invoices.update(next)
      if (next.lockedAt && !current.lockedAt) versions.push(await takeInitialVersion(unit, actor, await loadDocumentParts(tx, company, next), deps))
      const change = { fromPayoutStatus: current.payout.status, toPayoutStatus: to, ...(next.status !== current.status ? { fromStatus: current.status, toStatus: next.status } : {}) }
      await unit.audit(to === 'EXECUTED' ? 'CREDIT_NOTE_EXECUTED_VIA_API' : 'CREDIT_NOTE_PAYOUT_CHANGED_VIA_API', { type: 'invoice', id }, change)
      return { detail: await detailOf(tx, next), versions }
    }, claimOf(claim, (done: { detail: CreditNoteDetail; versions: DocumentVersion[] }) => done.detail))
    await archive.archiveAll(versions)
    return detail
  }

  return {
    /**
     * A draft credit note with a placeholder number. Standalone it needs a recipient and lines;
     * linked (`parentInvoiceId`) it credits the invoice's lines in full, the `partialLines`
     * named, or the `lines` given, under the invoice's tax details, currency and category.
     */
    async create(actor: Actor, input: CreditNoteCreateInput = {}, claim?: IdempotencyClaim<CreditNoteDetail>): Promise<CreditNoteDetail> {
      const fields = parseInput(CreditNoteCreateSchema, input ?? {})
      if (fields.partialLines && (!fields.parentInvoiceId || fields.lines)) {
        throw invalid('partial_lines', fields.parentInvoiceId ? 'give either lines or partial_lines, not both' : 'needs parent_invoice_id')
      }
      if (!fields.parentInvoiceId && !fields.recipientId) throw invalid('recipient_id', 'is required unless parent_invoice_id is given')
      if (!fields.parentInvoiceId && !fields.lines) throw invalid('lines', 'is required unless parent_invoice_id is given')
      return inUnitOfWork(actor, async (unit) => {
        const { tx, now } = unit
        const company = await requireCompany(tx, actor)
        const source = fields.parentInvoiceId ? await requireCreditableInvoice(tx, actor, fields.parentInvoiceId) : null
        if (source) refuseInheritedChanges(fields, source)
        if (source && fields.recipientId !== undefined && fields.recipientId !== source.customerId) {
          throw invalid('recipient_id', `a credit for ${source.number} goes to its customer ${source.customerId}; leave recipient_id out`)
        }
        const recipient = await requireCustomer(tx, company.id, fields.recipientId ?? source!.customerId)
        if (fields.documentCategoryId != null) await requireCategory(tx, company.id, fields.documentCategoryId)
        const issueDate = fields.issueDate ?? calendarDateOf(now, company.timeZone)
        const requested = fields.lines ? await draftLines(tx.products, company.id, fields.lines) : null
        const drafts = signedFor(DOCUMENT_KINDS.CREDIT_NOTE.sign, requested ?? (fields.partialLines ? partialDrafts(source!, fields.partialLines) : linkedDraftsOf(source!.lines)))
        // A credit for an invoice corrects that supply: its tax details and the rates of its date.
        const priced = source
          ? priceDocument(company, recipient, source.issueDate, givenTaxValues(source, {}), drafts, ids)
          : priceDocument(company, recipient, issueDate, requestedTaxValues(fields), drafts, ids)
        const documentLocale = fields.documentLocale ?? source?.documentLocale ?? recipient.defaultLocale ?? company.defaultLocale
        const texts = company.texts[documentLocale]?.CREDIT_NOTE
        const id = ids.next()
        const timestamp = now.toISOString()
        const creditNote: Invoice = {
          ...newDraftState(id, timestamp),
          id,
          companyId: company.id,
          documentType: 'CREDIT_NOTE',
          creditNoteReason: fields.reason,
          precedingDocument: source ? refOf(source) : null,
          payout: newPayout(timestamp),
          customerId: recipient.id,
          documentCategoryId: source ? source.documentCategoryId : fields.documentCategoryId ?? null,
          documentLocale,
          documentTextVersion: DOCUMENT_TEXT_VERSION,
          issueDate,
          dueDate: fields.dueDate ?? addDays(issueDate, recipient.paymentTermDays ?? company.paymentTermDays),
          servicePeriodStart: fields.servicePeriodStart !== undefined ? fields.servicePeriodStart : source?.servicePeriodStart ?? null,
          servicePeriodEnd: fields.servicePeriodEnd !== undefined ? fields.servicePeriodEnd : source?.servicePeriodEnd ?? null,
          currency: source?.currency ?? fields.currency ?? 'EUR',
          ...priced,
          taxExemptionNote: fields.taxExemptionNote !== undefined ? fields.taxExemptionNote : source?.taxExemptionNote ?? null,
          ...requestedFieldsOf(fields, texts),
          orderNumber: fields.orderNumber !== undefined ? fields.orderNumber : source?.orderNumber ?? null,
          buyerReference: fields.buyerReference !== undefined ? fields.buyerReference : recipient.id === source?.customerId ? source.buyerReference : recipient.buyerReference,
        }
        assertDateOrder(creditNote)
        assertCreditsAnAmount(creditNote)
        if (source) await assertCreditWithinInvoice(tx, creditNote, source)
        await tx.invoices.insert(creditNote)
        await unit.audit('CREDIT_NOTE_CREATED_VIA_API', { type: 'invoice', id }, {
          reason: creditNote.creditNoteReason, parentInvoiceId: source?.id ?? null, grossTotal: creditNote.grossTotal,
        })
        await emitInvoiceEvent(unit, 'credit_note.created', creditNote)
        return { ...creditNote, recipient: invoiceCustomerOf(recipient) }
      }, claim)
    },

    /** The company's credit notes, newest issue date first; the payout filter applies before paging. */
    async list(actor: Actor, query: CreditNoteListQueryInput = {}): Promise<Page<Invoice>> {
      const { recipientId, customerId, categoryId, ...filters } = parseInput(CreditNoteListQuerySchema, query ?? {})
      if (recipientId !== undefined && customerId !== undefined && recipientId !== customerId) {
        return { items: [], total: 0, limit: filters.limit, offset: filters.offset }
      }
      return storage.invoices.list(actor.companyId, {
        ...filters, documentType: 'CREDIT_NOTE', customerId: recipientId ?? customerId, documentCategoryId: categoryId,
      })
    },

    async get(actor: Actor, id: string): Promise<CreditNoteDetail> {
      return detailOf(storage, await requireCreditNote(storage, actor, id))
    },

    /** The credit note an `Idempotency-Key` created, in its current state (409 if since deleted). */
    getCreatedByKey: (actor: Actor, id: string): Promise<CreditNoteDetail> =>
      createdByKey(async () => detailOf(storage, await requireCreditNote(storage, actor, id)), 'credit note'),

    /** Content and status as PUT of an invoice changes them (content only while editable, status by the transition table), plus the reason. */
    async update(actor: Actor, id: string, input: CreditNoteUpdateInput = {}): Promise<InvoiceUpdateResult> {
      const { status, reason, ...content } = parseInput(CreditNoteUpdateSchema, input ?? {})
      return updateDocument(actor, id, { status, content: { ...content, creditNoteReason: reason } }, admitCreditNote)
    },

    /** Mails the credit note as `invoices.send` does; a draft gets its number from the credit-note range. */
    async send(actor: Actor, id: string, input: SendRequest = {}, claim?: IdempotencyClaim<SendResult>): Promise<SendResult> {
      await requireCreditNote(storage, actor, id)
      return sending.send(actor, id, input, claim)
    },

    /** Moves the payout (PENDING → APPROVED → EXECUTED, FAILED or CANCELLED; FAILED → APPROVED). */
    async changePayout(actor: Actor, id: string, input: PayoutChangeInput): Promise<CreditNoteDetail> {
      const { status, ...details } = parseInput(PayoutChangeSchema, input ?? {})
      return movePayout(actor, id, status, details)
    },

    /** Records the approved payout as paid out: a draft is issued (its number, FINAL) and the credit note locked. */
    async execute(actor: Actor, id: string, input: PayoutExecuteInput = {}, claim?: IdempotencyClaim<CreditNoteDetail>): Promise<CreditNoteDetail> {
      return movePayout(actor, id, 'EXECUTED', parseInput(PayoutExecuteSchema, input ?? {}), claim)
    },
  }
}

export type CreditNoteService = ReturnType<typeof createCreditNoteService>
