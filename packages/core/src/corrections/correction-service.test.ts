import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { companyActor } from '../access/actor'
import { createInvoicing } from '../create-invoicing'
import type { DomainEvent } from '../events/domain-event'
import { createManualClock, createMemoryStorage, createRecordingRenderer, failsWith, readRecordedPdf } from '../testing'

async function setup() {
  const clock = createManualClock('2026-03-16T09:00:00.000Z')
  const storage = createMemoryStorage()
  const invoicing = createInvoicing({ storage, clock, pdf: createRecordingRenderer() })
  const company = await invoicing.companies.create({ name: 'Muster GmbH', vatId: 'DE123456789' })
  const actor = companyActor(company.id)
  const customer = await invoicing.customers.create(actor, { name: 'Kunde AG', country: 'DE', buyerReference: '04011000-12345-34' })
  const events: DomainEvent[] = []
  invoicing.events.on('*', (event) => events.push(event))
  const sentInvoice = async () => {
    const created = await invoicing.invoices.create(actor, { customerId: customer.id, lines: [{ description: 'Beratung', quantity: 2, unitPrice: '100' }] })
    return (await invoicing.invoices.update(actor, created.id, { status: 'SENT' })).invoice
  }
  return { clock, storage, invoicing, actor, company, customer, events, sentInvoice }
}

const REASON = 'Falscher Stundensatz berechnet'

describe('correcting a locked document', () => {
  it('keeps the number, recalculates, stores a CORRECTION version with its PDF and leaves version 1 as it was', async () => {
    const { invoicing, actor, sentInvoice, events, clock } = await setup()
    const invoice = await sentInvoice()
    const before = await invoicing.versions.pdf(actor, invoice.id, { version: 1 })
    clock.advance(60_000)

    const result = await invoicing.invoices.correct(actor, invoice.id, {
      changeReason: REASON,
      lines: [{ description: 'Beratung', quantity: 2, unitPrice: '120', taxRate: '19' }, { description: 'Fahrtkosten', unitPrice: '30' }],
    })
    assert.deepEqual(result, { invoiceId: invoice.id, invoiceNumber: invoice.number, versionNumber: 2, changeReason: REASON, lazyInitialVersion: false })

    const corrected = await invoicing.invoices.get(actor, invoice.id)
    assert.equal(corrected.number, invoice.number)
    assert.equal(corrected.status, 'SENT')
    // 240 at 19 % and 30 at the correction default of 0 %.
    assert.equal(corrected.netTotal, '270.00')
    assert.equal(corrected.taxTotal, '45.60')
    assert.equal(corrected.grossTotal, '315.60')
    assert.equal(corrected.lines[1]!.taxRate, '0')

    const { versions, currentVersion } = await invoicing.versions.list(actor, invoice.id)
    assert.equal(currentVersion, 2)
    assert.deepEqual(versions.map((version) => [version.versionNumber, version.changeType, version.changeReason, version.hasPdf]), [
      [2, 'CORRECTION', REASON, true],
      [1, 'INITIAL', null, true],
    ])
    assert.deepEqual((await invoicing.versions.pdf(actor, invoice.id, { version: 1 })).content, before.content)
    assert.equal(readRecordedPdf((await invoicing.versions.pdf(actor, invoice.id, { version: 2 })).content).total, '315,60\u00a0€')
    assert.equal(events.at(-1)!.type, 'invoice.updated')
  })

  it('refuses documents that are not locked with not_locked', async () => {
    const { invoicing, actor, customer } = await setup()
    const draft = await invoicing.invoices.create(actor, { customerId: customer.id, lines: [{ description: 'x', unitPrice: '1' }] })
    await assert.rejects(invoicing.invoices.correct(actor, draft.id, { changeReason: REASON, notes: 'x' }), failsWith('not_locked'))
    await invoicing.invoices.update(actor, draft.id, { status: 'FINAL' })
    await assert.rejects(invoicing.invoices.correct(actor, draft.id, { changeReason: REASON, notes: 'x' }), failsWith('not_locked'))
  })

  it('needs a change_reason of at least 10 characters, lines with descriptions, and a change', async () => {
    const { invoicing, actor, sentInvoice } = await setup()
    const invoice = await sentInvoice()
    await assert.rejects(invoicing.invoices.correct(actor, invoice.id, { notes: 'x' } as never), failsWith('validation_failed', { field: 'changeReason' }))
    await assert.rejects(invoicing.invoices.correct(actor, invoice.id, { changeReason: ' too short ' }), failsWith('validation_failed', { field: 'changeReason' }))
    await assert.rejects(invoicing.invoices.correct(actor, invoice.id, { changeReason: REASON, lines: [] }), failsWith('validation_failed', { field: 'lines' }))
    await assert.rejects(invoicing.invoices.correct(actor, invoice.id, { changeReason: REASON, lines: [{ unitPrice: '1' } as never] }), failsWith('validation_failed', { field: 'lines.0.description' }))
    await assert.rejects(invoicing.invoices.correct(actor, invoice.id, { changeReason: REASON }), failsWith('validation_failed'))
    await assert.rejects(invoicing.invoices.correct(actor, invoice.id, { change_reason: REASON, tax_exemption_reason: 'NOPE' } as never), failsWith('validation_failed'))
    assert.equal((await invoicing.versions.list(actor, invoice.id)).currentVersion, 1)
  })

  it('accepts snake_case and changes the recipient, re-deriving the tax situation from the new customer', async () => {
    const { invoicing, actor, sentInvoice } = await setup()
    const invoice = await sentInvoice()
    const austrian = await invoicing.customers.create(actor, { name: 'Wiener GmbH', country: 'AT', vatId: 'ATU12345678' })
    await invoicing.invoices.correct(actor, invoice.id, { change_reason: REASON, customer_id: austrian.id, order_number: 'PO-7' } as never)
    const corrected = await invoicing.invoices.get(actor, invoice.id)
    assert.equal(corrected.customer.name, 'Wiener GmbH')
    assert.equal(corrected.orderNumber, 'PO-7')
    assert.equal(corrected.buyerReference, null, 'the new recipient\'s routing id, not the old one')
    assert.equal(corrected.reverseCharge, true)
    assert.equal(corrected.taxTotal, '0.00')
    await assert.rejects(invoicing.invoices.correct(actor, invoice.id, { changeReason: REASON, customerId: 'missing' }), failsWith('not_found'))
  })

  it('settles the status against the payments: a higher total reopens a PAID invoice, payments above the new total are refused', async () => {
    const { invoicing, actor, sentInvoice } = await setup()
    const invoice = await sentInvoice()
    await invoicing.payments.record(actor, invoice.id, { amount: '238', paymentDate: '2026-03-20' })
    assert.equal((await invoicing.invoices.get(actor, invoice.id)).status, 'PAID')
    await invoicing.invoices.correct(actor, invoice.id, { changeReason: REASON, lines: [{ description: 'Beratung', quantity: 3, unitPrice: '100', taxRate: '19' }] })
    let corrected = await invoicing.invoices.get(actor, invoice.id)
    assert.equal(corrected.status, 'SENT')
    assert.equal(corrected.paidAt, null)
    await assert.rejects(
      invoicing.invoices.correct(actor, invoice.id, { changeReason: REASON, lines: [{ description: 'Beratung', unitPrice: '100', taxRate: '19' }] }),
      failsWith('amount_exceeds_remaining'),
    )
    await invoicing.invoices.correct(actor, invoice.id, { changeReason: REASON, lines: [{ description: 'Beratung', quantity: 2, unitPrice: '100', taxRate: '19' }] })
    corrected = await invoicing.invoices.get(actor, invoice.id)
    assert.equal(corrected.status, 'PAID')
    assert.equal(corrected.paidAt, '2026-03-20T00:00:00.000Z')
  })

  it('takes version 1 retroactively for a document locked without one', async () => {
    const { invoicing, actor, storage, customer, company } = await setup()
    const created = await invoicing.invoices.create(actor, { customerId: customer.id, lines: [{ description: 'Alt', unitPrice: '50' }] })
    // A document locked before versions existed: no version 1 was ever archived.
    await storage.transaction(async (tx) => {
      const stored = (await tx.invoices.get(company.id, created.id))!
      await tx.invoices.update({ ...stored, status: 'SENT', number: 'RE-ALT-1', numberIssued: true, sentAt: '2025-01-01T00:00:00.000Z', lockedAt: '2025-01-01T00:00:00.000Z' })
    })
    const result = await invoicing.invoices.correct(actor, created.id, { changeReason: REASON, footer: 'Neu' })
    assert.equal(result.lazyInitialVersion, true)
    assert.equal(result.versionNumber, 2)
    const first = await storage.documentVersions.get(company.id, created.id, 1)
    assert.equal(first!.snapshot.invoice.footer, null, 'version 1 is the state before the correction')
    assert.equal(readRecordedPdf((await invoicing.versions.pdf(actor, created.id, { version: 1 })).content).reference, 'Rechnung RE-ALT-1')
  })

  it('refuses cancelled documents and credit notes with invoice_status', async () => {
    const { invoicing, actor, sentInvoice } = await setup()
    const invoice = await sentInvoice()
    const { cancellationCreditNote } = await invoicing.invoices.update(actor, invoice.id, { status: 'CANCELLED' })
    await assert.rejects(invoicing.invoices.correct(actor, invoice.id, { changeReason: REASON, notes: 'x' }), failsWith('invoice_status'))
    await assert.rejects(invoicing.invoices.correct(actor, cancellationCreditNote!.id, { changeReason: REASON, notes: 'x' }), failsWith('invoice_status'))
  })
})

describe('correcting an invoice that credit notes credit', () => {
  const creditedInvoice = async () => {
    const context = await setup()
    const { invoicing, actor, customer } = context
    const created = await invoicing.invoices.create(actor, {
      customerId: customer.id, lines: [{ description: 'Stunden', quantity: 3, unitPrice: '100' }, { description: 'Lizenz', unitPrice: '1000' }],
    })
    const { invoice } = await invoicing.invoices.update(actor, created.id, { status: 'SENT' })
    const hours = invoice.lines[0]!
    const credit = await invoicing.creditNotes.create(actor, { parentInvoiceId: invoice.id, partialLines: [{ lineId: hours.id, quantity: 2 }] })
    return { ...context, invoice, hours, credit }
  }

  it('keeps the lines it does not replace, so what was credited of them still counts', async () => {
    const { invoicing, actor, invoice, hours } = await creditedInvoice()
    await invoicing.invoices.correct(actor, invoice.id, { changeReason: REASON, notes: 'Danke für den Auftrag' })
    const corrected = await invoicing.invoices.get(actor, invoice.id)
    assert.deepEqual(corrected.lines.map((line) => line.id), invoice.lines.map((line) => line.id))
    await assert.rejects(
      invoicing.creditNotes.create(actor, { parentInvoiceId: invoice.id, partialLines: [{ lineId: hours.id, quantity: 2 }] }),
      failsWith('credit_exceeds_invoice', { lineId: hours.id, creditableQuantity: 1 }),
    )
  })

  it('refuses to replace or shrink credited lines until their credit notes are cancelled', async () => {
    const { invoicing, actor, invoice, credit } = await creditedInvoice()
    const fewerHours = { changeReason: REASON, lines: [{ description: 'Stunden', quantity: 1, unitPrice: '100' }, { description: 'Lizenz', unitPrice: '1000' }] }
    await assert.rejects(invoicing.invoices.correct(actor, invoice.id, fewerHours), failsWith('credit_exceeds_invoice', { creditNoteIds: [credit.id] }))
    assert.equal((await invoicing.versions.list(actor, invoice.id)).currentVersion, 1, 'nothing was written')
    await invoicing.invoices.update(actor, credit.id, { status: 'CANCELLED' })
    const { versionNumber } = await invoicing.invoices.correct(actor, invoice.id, fewerHours)
    assert.equal(versionNumber, 2)
  })

  it('refuses a corrected total below what credit notes credit', async () => {
    const { invoicing, actor, customer } = await setup()
    const created = await invoicing.invoices.create(actor, { customerId: customer.id, lines: [{ description: 'Projekt', unitPrice: '1000' }] })
    const { invoice } = await invoicing.invoices.update(actor, created.id, { status: 'SENT' })
    const credit = await invoicing.creditNotes.create(actor, { parentInvoiceId: invoice.id, lines: [{ description: 'Kulanz', unitPrice: '500' }] })
    // Reverse charge drops the VAT: 1,000.00 instead of 1,190.00 still covers the 595.00 credited.
    const other = await invoicing.customers.create(actor, { name: 'Kunde Wien', country: 'AT', vatId: 'ATU12345678' })
    await invoicing.invoices.correct(actor, invoice.id, { changeReason: REASON, customerId: other.id })
    await assert.rejects(
      invoicing.invoices.correct(actor, invoice.id, { changeReason: REASON, lines: [{ description: 'Projekt', unitPrice: '500' }] }),
      failsWith('credit_exceeds_invoice', { creditNoteIds: [credit.id], creditedAmount: 595 }),
    )
  })
})

describe('reading versions', () => {
  it('lists none for a document never locked, and checks the version number', async () => {
    const { invoicing, actor, customer, sentInvoice } = await setup()
    const draft = await invoicing.invoices.create(actor, { customerId: customer.id, lines: [{ description: 'x', unitPrice: '1' }] })
    assert.deepEqual(await invoicing.versions.list(actor, draft.id), { invoiceId: draft.id, currentVersion: null, versions: [] })
    await assert.rejects(invoicing.versions.list(actor, 'missing'), failsWith('not_found'))

    const invoice = await sentInvoice()
    for (const version of [0, -1, 1.5, '1.5', 'abc', '']) {
      await assert.rejects(invoicing.versions.pdf(actor, invoice.id, { version }), failsWith('validation_failed'), String(version))
    }
    await assert.rejects(invoicing.versions.pdf(actor, invoice.id, { version: '1', queryVersion: '2' }), failsWith('validation_failed'))
    assert.ok((await invoicing.versions.pdf(actor, invoice.id, { version: '1', queryVersion: '1' })).content.length > 0)
    await assert.rejects(invoicing.versions.pdf(actor, invoice.id, { version: 2 }), failsWith('not_found'))
    await assert.rejects(invoicing.versions.pdf(actor, draft.id, { version: 1 }), failsWith('not_found'))
  })
})
