import {
  buildDocumentView, companyActor, createInvoicing, createMemoryStorage, type Actor, type Company, type CompanyCreateInput, type Customer,
  type CustomerCreateInput, type DocumentView, type Invoice, type InvoiceCreateInput, type Invoicing,
} from '@invoicing/core'
import { createManualClock } from '@invoicing/core/testing'

export interface DocumentFixture {
  invoicing: Invoicing
  actor: Actor
  company: Company
  /** A customer in Munich, unless `input` says otherwise. */
  customer(input?: Partial<CustomerCreateInput>): Promise<Customer>
  /** An issued document (FINAL) for `customerId`, unless `draft`. */
  issue(customerId: string, input?: Partial<InvoiceCreateInput>, draft?: boolean): Promise<Invoice>
  viewOf(invoice: Invoice, parentInvoice?: Invoice | null): Promise<DocumentView>
  /** Cancels an issued invoice; returns the cancellation credit note and the cancelled invoice. */
  cancel(invoice: Invoice): Promise<{ creditNote: Invoice; cancelled: Invoice }>
}

/**
 * Real documents for the renderer's tests: made by the engine in memory (numbers, tax,
 * totals as in production), then turned into views.
 */
export async function documentFixture(company: Partial<CompanyCreateInput> = {}): Promise<DocumentFixture> {
  const invoicing = createInvoicing({ storage: createMemoryStorage(), clock: createManualClock('2026-11-20T09:00:00.000Z') })
  const companyRecord = await invoicing.companies.create({
    name: 'Muster GmbH', street: 'Hauptstraße 5', zipCode: '10115', city: 'Berlin', country: 'DE',
    email: 'rechnung@muster.de', phone: '+49 30 1234567', vatId: 'DE123456789', taxNumber: '30/123/45678',
    iban: 'DE89370400440532013000', bic: 'COBADEFFXXX', bankName: 'Commerzbank', ...company,
  })
  const actor = companyActor(companyRecord.id)

  const customer = (input: Partial<CustomerCreateInput> = {}) =>
    invoicing.customers.create(actor, { name: 'Kunde AG', street: 'Marktplatz 1', zipCode: '80331', city: 'München', country: 'DE', ...input })

  async function issue(customerId: string, input: Partial<InvoiceCreateInput> = {}, draft = false): Promise<Invoice> {
    const created = await invoicing.invoices.create(actor, { customerId, lines: [{ description: 'Beratung', quantity: 2, unitPrice: '100' }], ...input })
    return draft ? created : (await invoicing.invoices.update(actor, created.id, { status: 'FINAL' })).invoice
  }

  async function viewOf(invoice: Invoice, parentInvoice?: Invoice | null): Promise<DocumentView> {
    const customerRecord = await invoicing.customers.get(actor, invoice.customerId)
    return buildDocumentView({ document: invoice, company: companyRecord, customer: customerRecord, parentInvoice: parentInvoice ?? null })
  }

  async function cancel(invoice: Invoice): Promise<{ creditNote: Invoice; cancelled: Invoice }> {
    const { invoice: cancelled, cancellationCreditNote } = await invoicing.invoices.update(actor, invoice.id, { status: 'CANCELLED' })
    return { creditNote: cancellationCreditNote!, cancelled }
  }

  return { invoicing, actor, company: companyRecord, customer, issue, viewOf, cancel }
}
