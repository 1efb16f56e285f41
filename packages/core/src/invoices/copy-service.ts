import * as v from 'valibot'
import type { Actor } from '../access'
import { requireCompany } from '../companies'
import { requireCustomer } from '../customers'
import { InvoicingError } from '../errors'
import type { CoreDeps } from '../ports/deps'
import { addDays, calendarDateOf, daysBetween } from '../shared/calendar-date'
import { requiredText } from '../shared/fields'
import { createUnitOfWork } from '../unit-of-work'
import { aliased, parseInput } from '../shared/validation'
import { Exact } from '../tax'
import { documentCustomerOf, refuseConvertedProforma, requireInvoice } from './document-parts'
import { givenTaxValues } from './editing'
import { newDraftState, type Invoice } from './invoice'
import { DOCUMENT_TEXT_VERSION } from './invoice-service'
import { assertDocumentQuota, isOpen, draftsOf, linkedDraftsOf, priceDocument, kindOf, refOf } from '../sales-documents'
import { emitInvoiceEvent } from './invoice-events'
import type { IdempotencyClaim } from '../idempotency'

export const DuplicateRequestSchema = aliased(v.object({
  customerId: v.optional(v.pipe(requiredText(100), v.description('Another customer of the company; default the source\'s'))),
  adjustDates: v.optional(v.pipe(v.boolean(), v.description('Default true: issue date today, the payment term length kept')), true),
}))
export type DuplicateRequest = v.InferInput<typeof DuplicateRequestSchema>

export interface DuplicateResult {
  invoice: Invoice
  sourceInvoiceId: string
}

export interface ConvertResult {
  invoice: Invoice
  proforma: Invoice
}

const positive = (decimal: string) => new Exact(decimal).abs().toFixed()

/** A new draft made from `source`: its content, nothing of its life (number, status, dates sent, paid, locked). */
function draftFrom(source: Invoice, fields: Pick<Invoice, 'id' | 'customerId' | 'issueDate' | 'dueDate' | 'createdAt'> & Partial<Invoice>): Invoice {
  return {
    ...source,
    ...newDraftState(fields.id, fields.createdAt),
    documentType: 'INVOICE',
    documentTextVersion: DOCUMENT_TEXT_VERSION,
    servicePeriodStart: null,
    servicePeriodEnd: null,
    eInvoiceAudit: null,
    metadata: {},
    ...fields,
  }
}

/** New drafts from existing documents: `duplicate` and proforma `convert`. */
export function createCopyService(deps: CoreDeps) {
  const { ids } = deps
  const inUnitOfWork = createUnitOfWork(deps)

  return {
    /**
     * A regular invoice draft with the source's content: positive amounts even from a credit
     * note, no service period, a placeholder number. Emits no event.
     */
    async duplicate(actor: Actor, id: string, input: DuplicateRequest = {}, claim?: IdempotencyClaim<DuplicateResult>): Promise<DuplicateResult> {
      const request = parseInput(DuplicateRequestSchema, input ?? {})
      return inUnitOfWork(actor, async (unit) => {
        const { tx, now } = unit
        const company = await requireCompany(tx, actor)
        const source = await requireInvoice(tx, actor, id)
        const customerId = request.customerId ?? source.customerId
        const customer = await requireCustomer(tx, company.id, customerId)
        await assertDocumentQuota(unit, company)
        const today = calendarDateOf(now, company.timeZone)
        const issueDate = request.adjustDates ? today : source.issueDate
        const dueDate = request.adjustDates ? addDays(today, daysBetween(source.issueDate, source.dueDate)) : source.dueDate
        const drafts = draftsOf(source.lines).map((line) => ({ ...line, quantity: positive(line.quantity), discount: positive(line.discount), sourceLineId: null }))
        const sameCustomer = customerId === source.customerId
        const invoice = draftFrom(source, {
          id: ids.next(), customerId, issueDate, dueDate, createdAt: now.toISOString(),
          buyerReference: sameCustomer ? source.buyerReference : customer.buyerReference,
          // The same customer keeps the source's tax decisions; another customer's are derived anew.
          ...priceDocument(company, customer, issueDate, sameCustomer ? givenTaxValues(source, {}) : {}, drafts, ids),
        })
        await tx.invoices.insert(invoice)
        await unit.audit('INVOICE_DUPLICATED_VIA_API', { type: 'invoice', id: invoice.id }, { sourceInvoiceId: id, sourceInvoiceNumber: source.number })
        return { invoice, sourceInvoiceId: id }
      }, claim)
    },

    /**
     * Converts a proforma into a regular invoice draft with the company's invoice texts, which
     * names the proforma as its preceding document. The proforma keeps its number, type and
     * status; its payments move to the invoice (they return if the invoice is cancelled).
     */
    async convert(actor: Actor, id: string, claim?: IdempotencyClaim<ConvertResult>): Promise<ConvertResult> {
      return inUnitOfWork(actor, async (unit) => {
        const { tx, now } = unit
        const company = await requireCompany(tx, actor)
        const proforma = await requireInvoice(tx, actor, id)
        if (!kindOf(proforma).convertibleTo.includes('INVOICE')) {
          throw new InvoicingError('invoice_status', `${proforma.number} is not a proforma; only proformas are converted`, { invoiceType: proforma.documentType })
        }
        await refuseConvertedProforma(tx, proforma)
        if (!isOpen(proforma)) {
          throw new InvoicingError('status_conflict', `${proforma.number} is ${proforma.status}; only DRAFT, FINAL, SENT or OVERDUE proformas can be converted`, { status: proforma.status })
        }
        const customer = await documentCustomerOf(tx, proforma)
        await assertDocumentQuota(unit, company)
        const issueDate = calendarDateOf(now, company.timeZone)
        const texts = company.texts[proforma.documentLocale]?.INVOICE
        const timestamp = now.toISOString()
        const invoice = draftFrom(proforma, {
          id: ids.next(), customerId: customer.id, issueDate, createdAt: timestamp,
          dueDate: addDays(issueDate, customer.paymentTermDays ?? company.paymentTermDays),
          headerText: texts?.headerText ?? null,
          footer: texts?.footer ?? null,
          customTitle: null,
          precedingDocument: refOf(proforma),
          ...priceDocument(company, customer, issueDate, givenTaxValues(proforma, {}), linkedDraftsOf(proforma.lines), ids),
        })
        await tx.invoices.insert(invoice)
        const converted = { ...proforma, updatedAt: timestamp }
        await tx.invoices.update(converted)
        for (const payment of await tx.payments.listByInvoice(company.id, id)) {
          await tx.payments.update({ ...payment, invoiceId: invoice.id, movedFromInvoiceId: id, updatedAt: timestamp })
        }
        await unit.audit('CONVERT_TO_INVOICE', { type: 'invoice', id }, { invoiceId: invoice.id })
        await unit.audit('CREATE_FROM_PROFORMA', { type: 'invoice', id: invoice.id }, { proformaInvoiceId: id, proformaInvoiceNumber: proforma.number })
        await emitInvoiceEvent(unit, 'invoice.created', invoice)
        return { invoice, proforma: converted }
      }, claim)
    },
  }
}
