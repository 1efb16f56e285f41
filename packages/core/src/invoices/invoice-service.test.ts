import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { companyActor } from '../access/actor'
import type { CompanyCreateInput } from '../companies/company-schemas'
import { createInvoicing } from '../create-invoicing'
import type { DomainEvent } from '../events/domain-event'
import type { CustomerCreateInput } from '../customers/customer-schemas'
import { createManualClock, createMemoryStorage, failsWith } from '../testing'
import type { InvoiceCreateInput } from './invoice-schemas'

async function setup(company: Partial<CompanyCreateInput> = {}, customer: Partial<CustomerCreateInput> = {}) {
  // 23:30 UTC is already the next day in Berlin: "today" is the company's day.
  const clock = createManualClock('2026-03-15T23:30:00.000Z')
  const storage = createMemoryStorage()
  const invoicing = createInvoicing({ storage, clock })
  const actor = companyActor((await invoicing.companies.create({ name: 'Muster GmbH', vatId: 'DE123456789', ...company })).id)
  const { id: customerId } = await invoicing.customers.create(actor, { name: 'Kunde AG', country: 'DE', ...customer })
  const events: DomainEvent[] = []
  invoicing.events.on('*', (event) => events.push(event))
  const draft = (input: Partial<InvoiceCreateInput> = {}) =>
    invoicing.invoices.create(actor, { customerId, lines: [{ description: 'Beratung', quantity: 2, unitPrice: '100' }], ...input })
  return { clock, storage, invoicing, invoices: invoicing.invoices, actor, customerId, events, draft }
}

describe('creating a draft', () => {
  it('fills the defaults: today in the company zone, the company term, EUR, de, a placeholder number', async () => {
    const { draft } = await setup()
    const invoice = await draft()
    assert.equal(invoice.status, 'DRAFT')
    assert.equal(invoice.documentType, 'INVOICE')
    assert.match(invoice.number, /^ENTWURF-/)
    assert.equal(invoice.numberIssued, false)
    assert.equal(invoice.issueDate, '2026-03-16')
    assert.equal(invoice.dueDate, '2026-03-30')
    assert.equal(invoice.currency, 'EUR')
    assert.equal(invoice.documentLocale, 'de')
    assert.ok(invoice.documentTextVersion)
    assert.equal(invoice.customer.name, 'Kunde AG')
  })

  it('takes the due date from the customer term before the company term, and the locale from the customer', async () => {
    const { draft } = await setup({ paymentTermDays: 21, defaultLocale: 'de' }, { paymentTermDays: 7, defaultLocale: 'en' })
    const invoice = await draft({ issueDate: '2026-02-25' })
    assert.equal(invoice.dueDate, '2026-03-04')
    assert.equal(invoice.documentLocale, 'en')
    assert.equal((await draft({ documentLocale: 'de' })).documentLocale, 'de')
  })

  it('takes header and footer from the company texts of the locale and type', async () => {
    const { draft } = await setup({ texts: { de: { INVOICE: { headerText: 'Vielen Dank für Ihren Auftrag', footer: 'Zahlbar ohne Abzug' } } } })
    const invoice = await draft()
    assert.equal(invoice.headerText, 'Vielen Dank für Ihren Auftrag')
    assert.equal(invoice.footer, 'Zahlbar ohne Abzug')
    assert.equal((await draft({ footer: null })).footer, null)
  })

  it('computes exact totals per rate, and TEXT lines carry no amount', async () => {
    const { draft } = await setup()
    const invoice = await draft({
      lines: [
        { description: 'Beratung', quantity: 3, unitPrice: '33.335', discount: 0.01 },
        { description: 'Buch', quantity: 1, unitPrice: '10.10', taxRate: 7 },
        { lineType: 'TEXT', description: 'Lieferung frei Haus', quantity: 5, unitPrice: 99 },
      ],
    })
    // 3 × 33.335 − 0.01 = 99.995 → 100.00 (half-up); tax 19 % = 19.00; 7 % of 10.10 = 0.707 → 0.71
    assert.deepEqual(invoice.lines.map((line) => [line.netAmount, line.taxRate]), [['100.00', '19'], ['10.10', '7'], ['0', '0']])
    assert.equal(invoice.netTotal, '110.10')
    assert.equal(invoice.taxTotal, '19.71')
    assert.equal(invoice.grossTotal, '129.81')
    assert.deepEqual(invoice.taxBreakdown.map((entry) => [entry.taxRate, entry.netAmount, entry.taxAmount]), [['19', '100.00', '19.00'], ['7', '10.10', '0.71']])
  })

  it('fills a line from its product, and a missing product is 404 with the line index', async () => {
    const { invoicing, actor, draft } = await setup()
    const product = await invoicing.products.create(actor, { name: 'Wartung', unitPrice: '80', taxRate: '7', unit: 'h', lineType: 'SERVICE' })
    const invoice = await draft({ lines: [{ productId: product.id, quantity: 2 }] })
    assert.deepEqual(
      { ...invoice.lines[0], id: undefined },
      { id: undefined, lineType: 'SERVICE', productId: product.id, description: 'Wartung', quantity: '2', unit: 'h', unitPrice: '80', discount: '0', requestedTaxRate: '7', taxRate: '7', taxCategory: 'S', netAmount: '160.00', sourceLineId: null },
    )
    await assert.rejects(draft({ lines: [{ description: 'x' }, { productId: 'nope' }] }), failsWith('not_found', { lineIndex: 1 }))
  })

  it('refuses a discount larger than the line amount, naming the line', async () => {
    const { draft, invoices, actor } = await setup()
    await assert.rejects(draft({ lines: [{ description: 'a', unitPrice: 5 }, { description: 'b', unitPrice: 5, discount: 5.01 }] }), failsWith('validation_failed', { lineIndex: 1 }))
    assert.equal((await invoices.list(actor)).total, 0)
  })

  it('refuses credit notes, naming their endpoint, and bad input naming the field', async () => {
    const { draft } = await setup()
    await assert.rejects(draft({ invoiceType: 'CREDIT_NOTE' }), (error: Error) => error.message.includes('/api/v1/credit-notes'))
    await assert.rejects(draft({ issueDate: '2026-02-30' }), failsWith('validation_failed', { field: 'issueDate' }))
    await assert.rejects(draft({ lines: [] }), failsWith('validation_failed', { field: 'lines' }))
    await assert.rejects(draft({ lines: [{ quantity: -1 }] }), failsWith('validation_failed', { field: 'lines.0.quantity' }))
    await assert.rejects(draft({ taxExemptionReason: 'NOPE' as never }), failsWith('validation_failed', { field: 'taxExemptionReason' }))
    await assert.rejects(draft({ issueDate: '2026-03-10', dueDate: '2026-03-09' }), failsWith('validation_failed', { field: 'dueDate' }))
  })

  it('refuses unknown currencies, oversized metadata and amounts beyond exact cents', async () => {
    const { draft } = await setup()
    await assert.rejects(draft({ currency: 'XYZ' }), failsWith('validation_failed', { field: 'currency' }))
    assert.equal((await draft({ currency: 'chf' })).currency, 'CHF')
    await assert.rejects(draft({ metadata: { text: 'x'.repeat(20_000) } }), failsWith('validation_failed', { field: 'metadata' }))
    let nested: Record<string, unknown> = {}
    for (let level = 0; level < 20; level++) nested = { nested }
    await assert.rejects(draft({ metadata: nested }), failsWith('validation_failed', { field: 'metadata' }))
    await assert.rejects(draft({ lines: [{ quantity: 1_000_000, unitPrice: 1_000_000 }] }), failsWith('validation_failed', { lineIndex: 0 }))
  })

  it('answers 404 for an unknown customer or category', async () => {
    const { invoices, actor, draft } = await setup()
    await assert.rejects(invoices.create(actor, { customerId: 'nope', lines: [{ description: 'x' }] }), failsWith('not_found'))
    await assert.rejects(draft({ documentCategoryId: 'nope' }), failsWith('not_found'))
    await assert.rejects(draft({ documentCategoryId: '' }), failsWith('validation_failed', { field: 'documentCategoryId' }))
  })
})

describe('tax situation', () => {
  it('EU business customer with a VAT id: reverse charge at 0 %', async () => {
    const { draft } = await setup({}, { country: 'AT', vatId: 'ATU12345678' })
    const invoice = await draft()
    assert.equal(invoice.reverseCharge, true)
    assert.equal(invoice.taxExemptionReason, 'REVERSE_CHARGE_EU')
    assert.equal(invoice.taxTotal, '0.00')
    assert.equal(invoice.lines[0]!.taxCategory, 'AE')
  })

  it('EU consumer of an OSS-registered company: OSS with the customer country\'s rate', async () => {
    const { draft } = await setup({ ossRegistered: true }, { country: 'AT' })
    const invoice = await draft()
    assert.equal(invoice.ossApplicable, true)
    assert.equal(invoice.ossCountry, 'AT')
    assert.equal(invoice.taxCountry, 'AT')
    assert.equal(invoice.lines[0]!.taxRate, '20')
    assert.equal(invoice.taxTotal, '40.00')
  })

  it('customer outside the EU: third country at 0 %; small business: 0 % with SMALL_BUSINESS', async () => {
    assert.equal((await (await setup({}, { country: 'CH' })).draft()).taxExemptionReason, 'THIRD_COUNTRY')
    const small = await (await setup({ smallBusiness: true })).draft()
    assert.equal(small.taxExemptionReason, 'SMALL_BUSINESS')
    assert.equal(small.grossTotal, '200.00')
  })

  it('keeps explicit values', async () => {
    const { draft } = await setup({}, { country: 'AT', vatId: 'ATU12345678' })
    const invoice = await draft({ reverseCharge: false, taxExemptionReason: 'NONE' })
    assert.equal(invoice.reverseCharge, false)
    assert.equal(invoice.taxTotal, '38.00')
  })
})

describe('status changes', () => {
  it('issues gapless numbers per type when documents leave draft, also in parallel', async () => {
    const { invoices, actor, draft } = await setup()
    const drafts = await Promise.all(Array.from({ length: 20 }, () => draft()))
    const proforma = await draft({ invoiceType: 'PROFORMA' })
    const issued = await Promise.all(drafts.map((invoice, index) => invoices.update(actor, invoice.id, { status: index % 2 ? 'FINAL' : 'SENT' })))
    const numbers = issued.map(({ invoice }) => invoice.number).sort()
    assert.deepEqual(numbers, Array.from({ length: 20 }, (_, index) => `RE-2026-${String(index + 1).padStart(5, '0')}`))
    assert.equal((await invoices.update(actor, proforma.id, { status: 'FINAL' })).invoice.number, 'PF-2026-00001')
  })

  it('SENT sets sentAt and locks; PAID sets paidAt', async () => {
    const { invoices, actor, draft, clock } = await setup()
    const { id } = await draft()
    const sent = (await invoices.update(actor, id, { status: 'SENT' })).invoice
    assert.equal(sent.sentAt, clock.now().toISOString())
    assert.equal(sent.lockedAt, clock.now().toISOString())
    clock.advance(60_000)
    const paid = (await invoices.update(actor, id, { status: 'PAID' })).invoice
    assert.equal(paid.paidAt, clock.now().toISOString())
  })

  it('refuses a change the table does not allow, listing the allowed ones', async () => {
    const { invoices, actor, draft } = await setup()
    const { id } = await draft()
    await assert.rejects(invoices.update(actor, id, { status: 'PAID' }), failsWith('invalid_status_transition', { allowedTransitions: ['FINAL', 'SENT', 'CANCELLED'] }))
    await invoices.update(actor, id, { status: 'CANCELLED' })
    await assert.rejects(invoices.update(actor, id, { status: 'DRAFT' }), failsWith('invalid_status_transition', { allowedTransitions: [] }))
  })

  it('FINAL → DRAFT keeps the number; issuing again reuses it and does not count again', async () => {
    const { invoices, invoicing, actor, draft } = await setup({ documentQuota: 1 })
    const { id } = await draft()
    const first = (await invoices.update(actor, id, { status: 'FINAL' })).invoice
    const back = (await invoices.update(actor, id, { status: 'DRAFT' })).invoice
    assert.equal(back.number, first.number)
    assert.equal((await invoices.update(actor, id, { status: 'FINAL' })).invoice.number, first.number)
    assert.equal((await invoicing.access.usage(actor)).documents.used, 1)
  })

  it('refuses to issue beyond the document quota before taking a number; DRAFT → CANCELLED still works', async () => {
    const { invoices, invoicing, actor, draft } = await setup({ documentQuota: 1 })
    const [a, b] = [await draft(), await draft()]
    await invoices.update(actor, a.id, { status: 'FINAL' })
    await assert.rejects(invoices.update(actor, b.id, { status: 'SENT' }), failsWith('plan_limit_reached'))
    assert.equal((await invoices.get(actor, b.id)).status, 'DRAFT')
    assert.equal((await invoicing.companies.numberRanges(actor)).find((range) => range.type === 'INVOICE')?.nextNumber, 'RE-2026-00002')
    assert.equal((await invoices.update(actor, b.id, { status: 'CANCELLED' })).invoice.status, 'CANCELLED')
  })

  it('cancelling an issued invoice creates a FINAL cancellation credit note with negated amounts', async () => {
    const { invoices, actor, draft } = await setup()
    const { id } = await draft()
    const sent = (await invoices.update(actor, id, { status: 'SENT' })).invoice
    const { invoice, cancellationCreditNote } = await invoices.update(actor, id, { status: 'CANCELLED' })
    assert.equal(invoice.status, 'CANCELLED')
    assert.ok(cancellationCreditNote)
    const creditNote = await invoices.get(actor, cancellationCreditNote.id)
    assert.equal(creditNote.number, 'GS-2026-00001')
    assert.equal(creditNote.documentType, 'CREDIT_NOTE')
    assert.equal(creditNote.status, 'FINAL')
    assert.equal(creditNote.creditNoteReason, 'CANCELLATION')
    assert.deepEqual(creditNote.precedingDocument, { documentType: 'INVOICE', id })
    assert.equal(creditNote.grossTotal, `-${sent.grossTotal}`)
    assert.equal(creditNote.lines[0]!.quantity, '-2')
  })

  it('a cancellation credit note is locked: no content change, no way back to DRAFT', async () => {
    const { invoices, actor, draft } = await setup()
    const { id } = await draft()
    await invoices.update(actor, id, { status: 'FINAL' })
    const { cancellationCreditNote } = await invoices.update(actor, id, { status: 'CANCELLED' })
    const creditNoteId = cancellationCreditNote!.id
    await assert.rejects(invoices.update(actor, creditNoteId, { lines: [{ unitPrice: 500 }] }), failsWith('content_locked', { lockedFields: ['lines'] }))
    await assert.rejects(invoices.update(actor, creditNoteId, { status: 'DRAFT' }), failsWith('invalid_status_transition', { allowedTransitions: ['SENT'] }))
  })

  it('refuses with 409 a number range that would issue a number already held', async () => {
    const { invoices, invoicing, actor, draft } = await setup()
    const invoice = await draft()
    await invoices.update(actor, invoice.id, { status: 'FINAL' })
    await invoicing.companies.update(actor, { numberRanges: { PROFORMA: { format: 'RE-{YYYY}-{SEQ:5}' } } })
    const proforma = await draft({ invoiceType: 'PROFORMA' })
    await assert.rejects(invoices.update(actor, proforma.id, { status: 'FINAL' }), failsWith('invoice_number_taken', { invoiceNumber: 'RE-2026-00001' }))
    assert.equal((await invoices.get(actor, proforma.id)).status, 'DRAFT')
  })

  it('drafts, proformas and unissued documents are only set to CANCELLED', async () => {
    const { invoices, actor, draft } = await setup()
    const proforma = await draft({ invoiceType: 'PROFORMA' })
    await invoices.update(actor, proforma.id, { status: 'FINAL' })
    assert.equal((await invoices.update(actor, proforma.id, { status: 'CANCELLED' })).cancellationCreditNote, null)
    assert.equal((await invoices.update(actor, (await draft()).id, { status: 'CANCELLED' })).cancellationCreditNote, null)
    assert.equal((await invoices.list(actor, { invoiceType: 'CREDIT_NOTE' })).total, 0)
  })
})

describe('content edits', () => {
  it('change a draft and price it again', async () => {
    const { invoices, actor, draft } = await setup()
    const { id } = await draft()
    const { invoice } = await invoices.update(actor, id, { lines: [{ description: 'Neu', unitPrice: 50 }], orderNumber: 'PO-1' })
    assert.equal(invoice.netTotal, '50.00')
    assert.equal(invoice.orderNumber, 'PO-1')
  })

  it('are refused on a locked invoice with lockedFields, but unchanged content does not block a status change', async () => {
    const { invoices, actor, draft } = await setup()
    const { id } = await draft({ orderNumber: 'PO-1' })
    await invoices.update(actor, id, { status: 'SENT' })
    await assert.rejects(
      invoices.update(actor, id, { orderNumber: 'PO-2', footer: null, status: 'PAID' }),
      failsWith('content_locked', { lockedFields: ['orderNumber'], correctionEndpoint: `/api/v1/invoices/${id}/correct` }),
    )
    const repeated = await invoices.update(actor, id, { orderNumber: 'PO-1', lines: [{ description: 'Beratung', quantity: 2, unitPrice: 100 }], status: 'PAID' })
    assert.equal(repeated.invoice.status, 'PAID')
  })

  it('re-derive the tax situation when a tax field changes', async () => {
    const { invoices, actor, draft } = await setup({}, { country: 'AT', vatId: 'ATU12345678' })
    const { id } = await draft()
    const { invoice } = await invoices.update(actor, id, { reverseCharge: false })
    assert.equal(invoice.taxExemptionReason, 'NONE')
    assert.equal(invoice.taxTotal, '38.00')
  })
})

describe('deleting', () => {
  it('removes a draft; other statuses are 400 and a draft holding a number is 409', async () => {
    const { invoices, actor, draft } = await setup()
    const plain = await draft()
    await invoices.delete(actor, plain.id)
    await assert.rejects(invoices.get(actor, plain.id), failsWith('not_found'))

    const issued = await draft()
    await invoices.update(actor, issued.id, { status: 'FINAL' })
    await assert.rejects(invoices.delete(actor, issued.id), failsWith('invoice_status'))
    await invoices.update(actor, issued.id, { status: 'DRAFT' })
    await assert.rejects(invoices.delete(actor, issued.id), failsWith('invoice_number_issued', { invoiceNumber: 'RE-2026-00001' }))
  })

  it('releases the proforma a deleted draft was converted from', async () => {
    const { invoices, actor, draft } = await setup()
    const proforma = await draft({ invoiceType: 'PROFORMA', metadata: { keep: 1 } })
    const { invoice } = await invoices.convert(actor, proforma.id)
    assert.deepEqual((await invoices.get(actor, proforma.id)).derivedDocuments.map((each) => each.id), [invoice.id])
    await invoices.delete(actor, invoice.id)
    const released = await invoices.get(actor, proforma.id)
    assert.deepEqual([released.derivedDocuments, released.metadata], [[], { keep: 1 }])
    assert.equal((await invoices.convert(actor, proforma.id)).invoice.precedingDocument?.id, proforma.id, 'it can be converted again')
  })

  it('makes a customer with documents undeletable', async () => {
    const { invoicing, actor, customerId, draft } = await setup()
    await draft()
    await assert.rejects(invoicing.customers.delete(actor, customerId), failsWith('customer_in_use'))
  })
})

describe('events and audit', () => {
  it('records each event in the outbox and hands it to subscribers after the commit', async () => {
    const { invoices, actor, draft, events, storage } = await setup()
    const { id } = await draft()
    await invoices.update(actor, id, { orderNumber: 'PO-9' })
    await invoices.update(actor, id, { status: 'FINAL' })
    await invoices.update(actor, id, { status: 'SENT' })
    await invoices.update(actor, id, { status: 'CANCELLED' })
    const types = ['invoice.created', 'invoice.updated', 'invoice.updated', 'invoice.sent', 'credit_note.created', 'invoice.cancelled']
    assert.deepEqual(events.map((event) => event.type), types)
    const outbox = await storage.events.list(actor.companyId, { limit: 50, offset: 0 })
    assert.deepEqual(outbox.items.map((event) => event.id), events.map((event) => event.id))
  })

  it('records nothing of a change that fails', async () => {
    const { invoices, actor, draft, events, storage } = await setup({ documentQuota: 0 })
    const { id } = await draft()
    await assert.rejects(invoices.update(actor, id, { status: 'FINAL' }), failsWith('plan_limit_reached'))
    assert.deepEqual(events.map((event) => event.type), ['invoice.created'])
    assert.equal((await storage.events.list(actor.companyId, { limit: 50, offset: 0 })).total, 1)
  })

  it('writes audit entries for create, number issue, update and delete', async () => {
    const { invoices, actor, draft, storage } = await setup()
    const { id } = await draft()
    await invoices.update(actor, id, { status: 'FINAL' })
    await invoices.update(actor, id, { status: 'DRAFT' })
    const other = await draft()
    await invoices.delete(actor, other.id)
    const entries = await storage.audit.list(actor.companyId, { limit: 50, offset: 0 })
    assert.deepEqual(entries.items.map((entry) => entry.action).reverse(), [
      'CUSTOMER_CREATED_VIA_API', 'INVOICE_CREATED_VIA_API', 'INVOICE_NUMBER_ISSUED', 'INVOICE_UPDATED_VIA_API', 'INVOICE_UPDATED_VIA_API',
      'INVOICE_CREATED_VIA_API', 'INVOICE_DELETED_VIA_API',
    ])
  })
})

describe('files', () => {
  it('answer 409 naming the invoice for a proforma that was converted', async () => {
    const { invoices, actor, draft } = await setup()
    const proforma = await draft({ invoiceType: 'PROFORMA' })
    const { invoice } = await invoices.convert(actor, proforma.id)
    await assert.rejects(invoices.eInvoice(actor, proforma.id), failsWith('proforma_converted', {
      invoice_id: invoice.id, invoice_number: invoice.number, invoiceId: invoice.id, invoiceNumber: invoice.number,
    }))
  })

  it('record each download in the audit trail', async () => {
    const { invoices, actor, draft, storage } = await setup()
    const { id } = await draft()
    await invoices.eInvoice(actor, id, { profile: 'en16931' })
    const [entry] = (await storage.audit.list(actor.companyId, { limit: 1, offset: 0 })).items
    assert.equal(entry?.action, 'EINVOICE_XML_DOWNLOADED_VIA_API')
    assert.deepEqual(entry?.details.profile, 'EN16931')
  })
})

describe('list', () => {
  it('filters by status (any case), type, customer, search, dates and category', async () => {
    const { invoicing, invoices, actor, draft } = await setup()
    const category = await invoicing.documentCategories.create(actor, { name: 'Shop' })
    const other = await invoicing.customers.create(actor, { name: 'Österreich Handel' })
    const a = await draft({ issueDate: '2026-01-10' })
    await draft({ issueDate: '2026-02-10', invoiceType: 'PROFORMA', documentCategoryId: category.id })
    await draft({ issueDate: '2026-03-10', customerId: other.id })
    await invoices.update(actor, a.id, { status: 'FINAL' })
    const numbersOf = async (query: object) => (await invoices.list(actor, query)).items.map((invoice) => invoice.issueDate)
    assert.deepEqual(await numbersOf({}), ['2026-03-10', '2026-02-10', '2026-01-10'])
    assert.deepEqual(await numbersOf({ status: 'final' }), ['2026-01-10'])
    assert.deepEqual(await numbersOf({ invoice_type: 'PROFORMA' }), ['2026-02-10'])
    assert.deepEqual(await numbersOf({ customerId: other.id }), ['2026-03-10'])
    assert.deepEqual(await numbersOf({ search: 'österreich' }), ['2026-03-10'])
    assert.deepEqual(await numbersOf({ search: 're-2026' }), ['2026-01-10'])
    assert.deepEqual(await numbersOf({ from: '2026-02-01', to: '2026-02-28' }), ['2026-02-10'])
    assert.deepEqual(await numbersOf({ category_id: category.id }), ['2026-02-10'])
    await assert.rejects(invoices.list(actor, { status: 'nope' }), failsWith('validation_failed', { allowedValues: ['DRAFT', 'FINAL', 'SENT', 'PAID', 'OVERDUE', 'CANCELLED'] }))
  })
})
