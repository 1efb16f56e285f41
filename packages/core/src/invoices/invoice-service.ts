import type { Actor } from '../access'
import { requireCompany } from '../companies'
import { type Customer, requireCustomer } from '../customers'
import { InvoicingError } from '../errors'
import type { CoreDeps } from '../ports/deps'
import type { Page } from '../shared/pagination'
import { createUnitOfWork } from '../unit-of-work'
import { parseInput } from '../shared/validation'
import { createdByKey, type IdempotencyClaim } from '../idempotency'
import { returnMovedPayments } from './cancellation'
import { withDerivedDocuments, type WithDerived } from '../sales-documents'
import { createDocumentUpdate, type InvoiceUpdateResult } from './document-update'
import type { Invoice } from './invoice'
import {
  InvoiceCreateSchema, InvoiceListQuerySchema, InvoiceUpdateSchema,
  type InvoiceCreateInput, type InvoiceListQueryInput, type InvoiceUpdateInput,
} from './invoice-schemas'
import { balanceOf, type Payment } from '../payments'
import { assertNotBeingSent } from '../sending'
import { documentCustomerOf, requireInvoice } from './document-parts'
import { emitInvoiceEvent } from './invoice-events'
import { newInvoiceDraft } from './new-invoice'

export { DOCUMENT_TEXT_VERSION } from './document-text-version'

/** The customer as a detail read shows it: the recipient with address and VAT id. */
export type InvoiceCustomer = Pick<Customer, 'id' | 'customerNumber' | 'name' | 'email' | 'street' | 'zipCode' | 'city' | 'country' | 'vatId'>

export type InvoiceDetail = WithDerived<Invoice> & {
  customer: InvoiceCustomer
  /** Latest payment date first. */
  payments: Payment[]
  paidAmount: string
}

export const invoiceCustomerOf = ({ id, customerNumber, name, email, street, zipCode, city, country, vatId }: Customer): InvoiceCustomer =>
  ({ id, customerNumber, name, email, street, zipCode, city, country, vatId })

const detailOf = (invoice: WithDerived<Invoice>, customer: Customer, payments: Payment[] = []): InvoiceDetail =>
  ({ ...invoice, customer: invoiceCustomerOf(customer), payments, paidAmount: balanceOf(invoice.grossTotal, payments).totalPaid })

export function createInvoiceService(deps: CoreDeps) {
  const { storage, ids } = deps
  const inUnitOfWork = createUnitOfWork(deps)
  const updateDocument = createDocumentUpdate(deps)

  /** The document with its customer, lines and payments. */
  async function get(actor: Actor, id: string): Promise<InvoiceDetail> {
    const [invoice] = await withDerivedDocuments(storage, actor.companyId, [await requireInvoice(storage, actor, id)])
    const customer = await documentCustomerOf(storage, invoice!)
    return detailOf(invoice!, customer, await storage.payments.listByInvoice(actor.companyId, id))
  }

  return {
    /** Creates a draft invoice or proforma with a placeholder number. */
    async create(actor: Actor, input: InvoiceCreateInput, claim?: IdempotencyClaim<InvoiceDetail>): Promise<InvoiceDetail> {
      const fields = parseInput(InvoiceCreateSchema, input)
      return inUnitOfWork(actor, async (unit) => {
        const { tx, now } = unit
        const company = await requireCompany(tx, actor)
        const customer = await requireCustomer(tx, company.id, fields.customerId)
        const invoice = await newInvoiceDraft(tx, company, customer, fields, ids, now)
        await tx.invoices.insert(invoice)
        await unit.audit('INVOICE_CREATED_VIA_API', { type: 'invoice', id: invoice.id }, { invoiceType: invoice.documentType, grossTotal: invoice.grossTotal })
        await emitInvoiceEvent(unit, 'invoice.created', invoice)
        return detailOf({ ...invoice, derivedDocuments: [], sourceDocumentSummaries: [] }, customer)
      }, claim)
    },

    /** A page of the company's documents, newest issue date first. */
    async list(actor: Actor, query: InvoiceListQueryInput = {}): Promise<Page<WithDerived<Invoice>>> {
      const { categoryId, invoiceType, ...filters } = parseInput(InvoiceListQuerySchema, query)
      const page = await storage.invoices.list(actor.companyId, { ...filters, documentType: invoiceType, documentCategoryId: categoryId })
      return { ...page, items: await withDerivedDocuments(storage, actor.companyId, page.items) }
    },

    get,

    /**
     * The document an `Idempotency-Key` created, in its current state; 409
     * `idempotency_key_invoice_deleted` when it no longer exists.
     */
    getCreatedByKey: (actor: Actor, id: string): Promise<InvoiceDetail> => createdByKey(() => get(actor, id), 'invoice'),

    /**
     * Changes content and/or status (the transition table). Content changes only while the
     * document is a draft, or FINAL and not yet locked; content given unchanged never blocks a
     * status change.
     */
    async update(actor: Actor, id: string, input: InvoiceUpdateInput = {}): Promise<InvoiceUpdateResult> {
      const { status, ...content } = parseInput(InvoiceUpdateSchema, input ?? {})
      return updateDocument(actor, id, { status, content })
    },

    /**
     * Deletes a draft with its lines, and with them its link to the document it was made from
     * (a converted proforma can be converted again); an `Idempotency-Key` that created it may
     * create anew.
     */
    async delete(actor: Actor, id: string): Promise<void> {
      await inUnitOfWork(actor, async (unit) => {
        const { tx } = unit
        const invoice = await requireInvoice(tx, actor, id)
        await assertNotBeingSent(tx, invoice, unit.now)
        if (invoice.status !== 'DRAFT') {
          throw new InvoicingError('invoice_status', `Only drafts can be deleted; ${invoice.number} is ${invoice.status}. Cancel it instead`, {
            status: invoice.status,
          })
        }
        if (invoice.numberIssued) {
          throw new InvoicingError('invoice_number_issued', `${invoice.number} holds an issued number and cannot be deleted; send it or set it to CANCELLED`, {
            invoiceNumber: invoice.number,
          })
        }
        await returnMovedPayments(unit, invoice)
        await tx.invoices.delete(actor.companyId, id)
        await tx.idempotency.deleteForResource(actor.companyId, id)
        await unit.audit('INVOICE_DELETED_VIA_API', { type: 'invoice', id }, { invoiceNumber: invoice.number })
      })
    },
  }
}

export type InvoiceService = ReturnType<typeof createInvoiceService>
