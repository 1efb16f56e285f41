import type { Actor } from '../access/actor'
import { requireCategory } from '../categories/require-category'
import type { Company } from '../companies/company'
import { requireCompany } from '../companies/require-company'
import type { Customer } from '../customers/customer'
import { requireCustomer } from '../customers/require-customer'
import { InvoicingError } from '../errors'
import type { CoreDeps } from '../ports/deps'
import type { StorageTx } from '../ports/storage'
import { addDays, calendarDateOf } from '../shared/calendar-date'
import type { Page } from '../shared/pagination'
import { createUnitOfWork, type UnitOfWork } from '../shared/unit-of-work'
import { parseInput } from '../shared/validation'
import { cancelDocument, returnMovedPayments } from './cancellation'
import { assertDateOrder } from './document-dates'
import { applyContentChanges, contentLocked } from './editing'
import type { Invoice, InvoiceStatus } from './invoice'
import { newDraftState } from './invoice'
import {
  InvoiceCreateSchema, InvoiceListQuerySchema, InvoiceUpdateSchema,
  type InvoiceCreateInput, type InvoiceListQueryInput, type InvoiceUpdateInput,
} from './invoice-schemas'
import { issueNumber } from './issuing'
import { draftLines, priceDocument } from './pricing'
import { balanceOf } from '../payments/balance'
import type { Payment } from '../payments/payment'
import { assertNotBeingSent } from '../sending/send-reservation'
import type { DocumentVersion } from '../versions/document-version'
import { createVersionArchive, takeInitialVersion } from '../versions/version-archive'
import { documentCustomerOf, loadDocumentParts, requireInvoice } from './document-parts'
import { allowedTransitionsOf, canTransition, isContentEditable } from './transitions'

/** The version of the built-in document texts a new document is written with. */
export const DOCUMENT_TEXT_VERSION = '2026-1'

/** The customer as a detail read shows it: the recipient with address and VAT id. */
export type InvoiceCustomer = Pick<Customer, 'id' | 'customerNumber' | 'name' | 'email' | 'street' | 'zipCode' | 'city' | 'country' | 'vatId'>

export interface InvoiceDetail extends Invoice {
  customer: InvoiceCustomer
  /** Latest payment date first. */
  payments: Payment[]
  paidAmount: string
}

export interface InvoiceUpdateResult {
  invoice: Invoice
  /** The cancellation credit note a change to CANCELLED created, if any. */
  cancellationCreditNote: Invoice | null
}

const customerOf = ({ id, customerNumber, name, email, street, zipCode, city, country, vatId }: Customer): InvoiceCustomer =>
  ({ id, customerNumber, name, email, street, zipCode, city, country, vatId })

const detailOf = (invoice: Invoice, customer: Customer, payments: Payment[] = []): InvoiceDetail =>
  ({ ...invoice, customer: customerOf(customer), payments, paidAmount: balanceOf(invoice.grossTotal, payments).totalPaid })

const EVENT_OF_STATUS: Partial<Record<InvoiceStatus, 'invoice.sent' | 'invoice.paid' | 'invoice.cancelled'>> = {
  SENT: 'invoice.sent',
  PAID: 'invoice.paid',
  CANCELLED: 'invoice.cancelled',
}

export function createInvoiceService(deps: CoreDeps) {
  const { storage, ids } = deps
  const inUnitOfWork = createUnitOfWork(deps)
  const archive = createVersionArchive(deps)



  /** Moves `invoice` to `status` with what the transition table says comes along. */
  async function transition(unit: UnitOfWork, company: Company, invoice: Invoice, status: InvoiceStatus): Promise<InvoiceUpdateResult> {
    const timestamp = unit.now.toISOString()
    let next: Invoice = { ...invoice, status }
    let cancellationCreditNote: Invoice | null = null
    if (invoice.status === 'DRAFT' && (status === 'FINAL' || status === 'SENT')) next = await issueNumber(unit, company, next)
    if (status === 'SENT') next = { ...next, sentAt: next.sentAt ?? timestamp, lockedAt: next.lockedAt ?? timestamp }
    if (status === 'PAID') next = { ...next, paidAt: timestamp }
    // Decided from the status before the change: a draft gets no cancellation credit note.
    if (status === 'CANCELLED') ({ invoice: next, cancellationCreditNote } = await cancelDocument(unit, company, invoice, ids, { createStorno: true }))
    return { invoice: next, cancellationCreditNote }
  }

  /** The document with its customer, lines and payments. */
  async function get(actor: Actor, id: string): Promise<InvoiceDetail> {
    const invoice = await requireInvoice(storage, actor, id)
    const customer = await documentCustomerOf(storage, invoice)
    return detailOf(invoice, customer, await storage.payments.listByInvoice(actor.companyId, id))
  }

  return {
    /** Creates a draft invoice or proforma with a placeholder number. */
    async create(actor: Actor, input: InvoiceCreateInput): Promise<InvoiceDetail> {
      const fields = parseInput(InvoiceCreateSchema, input)
      return inUnitOfWork(actor, async (unit) => {
        const { tx, now } = unit
        const company = await requireCompany(tx, actor)
        const customer = await requireCustomer(tx, company.id, fields.customerId)
        if (fields.documentCategoryId != null) await requireCategory(tx, company.id, fields.documentCategoryId)
        const issueDate = fields.issueDate ?? calendarDateOf(now, company.timeZone)
        const invoiceType = fields.invoiceType === 'PROFORMA' ? 'PROFORMA' : 'INVOICE'
        const documentLocale = fields.documentLocale ?? customer.defaultLocale ?? company.defaultLocale
        const shippingCountry = fields.useShippingAddress ? fields.shippingCountry ?? undefined : undefined
        const priced = priceDocument(company, customer, issueDate, {
          reverseCharge: fields.reverseCharge,
          taxExemptionReason: fields.taxExemptionReason,
          taxCountry: fields.taxCountry,
          deliveryCountry: fields.deliveryCountry ?? shippingCountry,
          ossApplicable: fields.ossApplicable,
          ossCountry: fields.ossCountry,
        }, await draftLines(tx.products, company.id, fields.lines), ids)
        const texts = company.texts[documentLocale]?.[invoiceType]
        const id = ids.next()
        const timestamp = now.toISOString()
        const invoice: Invoice = {
          ...newDraftState(id, timestamp),
          id,
          companyId: company.id,
          invoiceType,
          customerId: customer.id,
          documentCategoryId: fields.documentCategoryId ?? null,
          documentLocale,
          documentTextVersion: DOCUMENT_TEXT_VERSION,
          issueDate,
          dueDate: fields.dueDate ?? addDays(issueDate, customer.paymentTermDays ?? company.paymentTermDays),
          servicePeriodStart: fields.servicePeriodStart ?? null,
          servicePeriodEnd: fields.servicePeriodEnd ?? null,
          currency: fields.currency ?? 'EUR',
          ...priced,
          taxExemptionNote: fields.taxExemptionNote ?? null,
          notes: fields.notes ?? null,
          footer: fields.footer !== undefined ? fields.footer : texts?.footer ?? null,
          headerText: fields.headerText !== undefined ? fields.headerText : texts?.headerText ?? null,
          customTitle: fields.customTitle ?? null,
          pdfWithoutLetterhead: fields.pdfWithoutLetterhead ?? false,
          invoiceDateIsServiceDate: fields.invoiceDateIsServiceDate ?? false,
          useShippingAddress: fields.useShippingAddress ?? false,
          shippingName: fields.shippingName ?? null,
          shippingStreet: fields.shippingStreet ?? null,
          shippingZipCode: fields.shippingZipCode ?? null,
          shippingCity: fields.shippingCity ?? null,
          shippingCountry: fields.shippingCountry ?? null,
          orderNumber: fields.orderNumber ?? null,
          buyerReference: fields.buyerReference !== undefined ? fields.buyerReference : customer.buyerReference,
          eInvoiceAudit: fields.eInvoiceAudit ?? null,
          metadata: fields.metadata ?? {},
        }
        assertDateOrder(invoice)
        await tx.invoices.insert(invoice)
        await unit.audit('INVOICE_CREATED_VIA_API', { type: 'invoice', id }, { invoiceType, grossTotal: invoice.grossTotal })
        await unit.emit('invoice.created', invoice)
        await unit.completes(id)
        return detailOf(invoice, customer)
      })
    },

    /** A page of the company's documents, newest issue date first. */
    async list(actor: Actor, query: InvoiceListQueryInput = {}): Promise<Page<Invoice>> {
      const { categoryId, ...filters } = parseInput(InvoiceListQuerySchema, query)
      return storage.invoices.list(actor.companyId, { ...filters, documentCategoryId: categoryId })
    },

    get,

    /**
     * The document an `Idempotency-Key` created, in its current state; 409
     * `idempotency_key_invoice_deleted` when it no longer exists.
     */
    async getCreatedByKey(actor: Actor, id: string): Promise<InvoiceDetail> {
      try {
        return await get(actor, id)
      } catch (error) {
        if (error instanceof InvoicingError && error.code === 'not_found') {
          throw new InvoicingError('idempotency_key_invoice_deleted', 'The invoice this Idempotency-Key created has been deleted; use a new key')
        }
        throw error
      }
    },

    /**
     * Changes content and/or status (the transition table). Content changes only while the
     * document is editable (rule 2); content given unchanged never blocks a status change.
     */
    async update(actor: Actor, id: string, input: InvoiceUpdateInput = {}): Promise<InvoiceUpdateResult> {
      const { status, ...content } = parseInput(InvoiceUpdateSchema, input ?? {})
      const { invoice, cancellationCreditNote, versions } = await inUnitOfWork(actor, async (unit) => {
        const { tx, now } = unit
        const company = await requireCompany(tx, actor)
        const current = await requireInvoice(tx, actor, id)
        await assertNotBeingSent(tx, current, now)
        const newStatus = status !== undefined && status !== current.status ? status : undefined
        if (newStatus && !canTransition(current, newStatus)) {
          const allowedTransitions = [...allowedTransitionsOf(current)]
          throw new InvoicingError(
            'invalid_status_transition',
            `${current.status} cannot change to ${newStatus}${allowedTransitions.length ? `; allowed: ${allowedTransitions.join(', ')}` : ''}`,
            { allowedTransitions },
          )
        }
        const customer = await requireCustomer(tx, company.id, current.customerId)
        const edit = await applyContentChanges(tx, company, customer, current, content, ids)
        if (edit.changedFields.length > 0 && !isContentEditable(current)) throw contentLocked(current, edit.changedFields)
        if (edit.changedFields.length === 0 && !newStatus) return { invoice: current, cancellationCreditNote: null, versions: [] }

        const result = newStatus
          ? await transition(unit, company, edit.invoice, newStatus)
          : { invoice: edit.invoice, cancellationCreditNote: null }
        const invoice = { ...result.invoice, updatedAt: now.toISOString() }
        await tx.invoices.update(invoice)
        // A document locked by this change (SENT, or a cancellation credit note) is frozen as version 1.
        const versions: DocumentVersion[] = []
        for (const locked of [current.lockedAt ? null : invoice, result.cancellationCreditNote]) {
          if (!locked?.lockedAt) continue
          versions.push(await takeInitialVersion(unit, actor, await loadDocumentParts(tx, company, locked), ids))
        }
        const details = { changedFields: edit.changedFields, ...(newStatus ? { fromStatus: current.status, toStatus: newStatus } : {}) }
        if (newStatus === 'CANCELLED') {
          await unit.audit('INVOICE_CANCELLED_VIA_API', { type: 'invoice', id }, { ...details, cancellationCreditNoteId: result.cancellationCreditNote?.id ?? null })
        } else {
          await unit.audit('INVOICE_UPDATED_VIA_API', { type: 'invoice', id }, details)
        }
        // PUT emits invoice.sent, .paid or .cancelled on the matching status change, otherwise invoice.updated.
        await unit.emit((newStatus && EVENT_OF_STATUS[newStatus]) ?? 'invoice.updated', invoice)
        return { invoice, cancellationCreditNote: result.cancellationCreditNote, versions }
      })
      await archive.archiveAll(versions)
      return { invoice, cancellationCreditNote }
    },

    /**
     * Deletes a draft with its lines; its source document (e.g. a converted proforma) is
     * released, and an `Idempotency-Key` that created it may create anew.
     */
    async delete(actor: Actor, id: string): Promise<void> {
      await inUnitOfWork(actor, async (unit) => {
        const { tx } = unit
        const invoice = await requireInvoice(tx, actor, id)
        await assertNotBeingSent(tx, invoice, unit.now)
        if (invoice.status !== 'DRAFT') {
          throw new InvoicingError('invoice_status', `Only drafts can be deleted; ${invoice.invoiceNumber} is ${invoice.status}. Cancel it instead`, {
            status: invoice.status,
          })
        }
        if (invoice.numberIssued) {
          throw new InvoicingError('invoice_number_issued', `${invoice.invoiceNumber} holds an issued number and cannot be deleted; send it or set it to CANCELLED`, {
            invoiceNumber: invoice.invoiceNumber,
          })
        }
        await returnMovedPayments(unit, invoice)
        await tx.invoices.delete(actor.companyId, id)
        await releaseSource(tx, invoice)
        await tx.idempotency.deleteForResource(actor.companyId, id)
        await unit.audit('INVOICE_DELETED_VIA_API', { type: 'invoice', id }, { invoiceNumber: invoice.invoiceNumber })
      })
    },
  }
}

/** Frees the document an invoice was made from, so it can be converted again. */
async function releaseSource(tx: StorageTx, invoice: Invoice): Promise<void> {
  if (invoice.source?.type !== 'PROFORMA') return
  const proforma = await tx.invoices.get(invoice.companyId, invoice.source.id)
  if (!proforma || proforma.metadata.convertedToInvoiceId !== invoice.id) return
  const { convertedToInvoiceId: _, ...metadata } = proforma.metadata
  await tx.invoices.update({ ...proforma, metadata })
}

export type InvoiceService = ReturnType<typeof createInvoiceService>
