import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { companyActor } from '../access/actor'
import type { CompanyCreateInput } from '../companies/company-schemas'
import { createInvoicing } from '../create-invoicing'
import type { CustomerCreateInput } from '../customers/customer-schemas'
import type { DomainEvent } from '../events/domain-event'
import type { InvoiceCreateInput } from '../invoices/invoice-schemas'
import { createMemoryMailbox } from '../mail/memory-mailbox'
import { createManualClock, createMemoryStorage, createRecordingRenderer, failsWith } from '../testing'
import { negated } from '../shared/decimal-text'
import type { CreditNoteCreateInput } from './credit-note-schemas'

async function setup(company: Partial<CompanyCreateInput> = {}, customer: Partial<CustomerCreateInput> = {}) {
  const clock = createManualClock('2026-03-16T09:00:00.000Z')
  const storage = createMemoryStorage()
  const mailbox = createMemoryMailbox()
  const invoicing = createInvoicing({ storage, clock, pdf: createRecordingRenderer(), mail: { transport: mailbox } })
  const { id: companyId } = await invoicing.companies.create({ name: 'Muster GmbH', email: 'buero@muster.de', vatId: 'DE123456789', ...company })
  const actor = companyActor(companyId)
  const { id: customerId } = await invoicing.customers.create(actor, { name: 'Kunde AG', country: 'DE', email: 'kunde@example.de', ...customer })
  const events: DomainEvent[] = []
  invoicing.events.on('*', (event) => events.push(event))
  const { creditNotes, invoices } = invoicing
  /** An invoice moved to `status` by PUT (SENT by default). */
  const invoice = async (input: Partial<InvoiceCreateInput> = {}, status: 'DRAFT' | 'FINAL' | 'SENT' = 'SENT') => {
    const created = await invoices.create(actor, { customerId, lines: [{ description: 'Beratung', quantity: 2, unitPrice: '100' }], ...input })
    return status === 'DRAFT' ? created : (await invoices.update(actor, created.id, { status })).invoice
  }
  const standalone = (input: Partial<CreditNoteCreateInput> = {}) =>
    creditNotes.create(actor, { recipientId: customerId, lines: [{ description: 'Provision März', unitPrice: '50' }], ...input })
  const auditActions = async (id: string) =>
    (await storage.audit.list(companyId, { targetId: id, limit: 100, offset: 0 })).items.map((entry) => entry.action).sort()
  return { clock, storage, mailbox, invoicing, creditNotes, invoices, actor, companyId, customerId, events, invoice, standalone, auditActions }
}

describe('creating a credit note', () => {
  it('stores a standalone draft with negative quantities and amounts, a PENDING payout and reason PAYOUT', async () => {
    const { standalone, events, auditActions } = await setup()
    const note = await standalone({ lines: [{ description: 'Provision', quantity: 2, unitPrice: '50', discount: '10' }] })
    assert.equal(note.documentType, 'CREDIT_NOTE')
    assert.equal(note.status, 'DRAFT')
    assert.match(note.number, /^ENTWURF-/)
    assert.equal(note.creditNoteReason, 'PAYOUT')
    assert.equal(note.precedingDocument, null)
    assert.deepEqual([note.lines[0]!.quantity, note.lines[0]!.discount, note.lines[0]!.netAmount], ['-2', '-10', '-90.00'])
    assert.deepEqual([note.netTotal, note.taxTotal, note.grossTotal], ['-90.00', '-17.10', '-107.10'])
    assert.equal(note.payout?.status, 'PENDING')
    assert.equal(note.recipient.name, 'Kunde AG')
    assert.deepEqual(events.map((event) => [event.type, event.data.id]), [['credit_note.created', note.id]])
    assert.deepEqual(await auditActions(note.id), ['CREDIT_NOTE_CREATED_VIA_API'])
  })

  it('needs a recipient and lines when standalone, refuses reason CANCELLATION and partial lines without an invoice', async () => {
    const { creditNotes, actor, customerId } = await setup()
    const lines = [{ description: 'x', unitPrice: 1 }]
    await assert.rejects(creditNotes.create(actor, { lines }), failsWith('validation_failed', { field: 'recipient_id' }))
    await assert.rejects(creditNotes.create(actor, { recipientId: customerId }), failsWith('validation_failed', { field: 'lines' }))
    await assert.rejects(creditNotes.create(actor, { recipientId: customerId, lines, reason: 'CANCELLATION' }), failsWith('validation_failed', { field: 'reason' }))
    await assert.rejects(creditNotes.create(actor, { recipientId: customerId, lines, partialLines: [{ lineId: 'x', quantity: 1 }] }), failsWith('validation_failed', { field: 'partial_lines' }))
    await assert.rejects(creditNotes.create(actor, { recipientId: 'nobody', lines }), failsWith('not_found'))
  })

  it('credits a whole invoice as its exact mirror, with its tax details, currency, category and language', async () => {
    const { invoicing, creditNotes, actor, invoice, customerId } = await setup({}, { country: 'AT', vatId: 'ATU12345678', defaultLocale: 'en' })
    const category = await invoicing.documentCategories.create(actor, { name: 'Shop' })
    const source = await invoice({
      currency: 'CHF', documentCategoryId: category.id,
      lines: [
        { description: 'A', quantity: 3, unitPrice: '33.333', discount: '0.01' },
        { lineType: 'DISCOUNT_PERCENT', description: '10 %', unitPrice: 10 },
        { lineType: 'SHIPPING', description: 'Versand', unitPrice: '4.90' },
      ],
    })
    assert.equal(source.taxExemptionReason, 'REVERSE_CHARGE_EU')
    const note = await creditNotes.create(actor, { parentInvoiceId: source.id, reason: 'RETURN' })
    assert.equal(note.customerId, customerId)
    assert.deepEqual(note.precedingDocument, { documentType: 'INVOICE', id: source.id })
    assert.deepEqual([note.netTotal, note.taxTotal, note.grossTotal], [source.netTotal, source.taxTotal, source.grossTotal].map(negated))
    assert.deepEqual(note.lines.map((line) => line.netAmount), source.lines.map((line) => (line.netAmount.startsWith('-') ? line.netAmount.slice(1) : `-${line.netAmount}`)))
    for (const field of ['reverseCharge', 'taxExemptionReason', 'taxCountry', 'currency', 'documentCategoryId', 'documentLocale'] as const) {
      assert.equal(note[field], source[field], field)
    }
    await assert.rejects(creditNotes.create(actor, { parentInvoiceId: source.id, currency: 'EUR' }), failsWith('validation_failed', { field: 'currency' }))
    await assert.rejects(creditNotes.create(actor, { parentInvoiceId: source.id, reverseCharge: false }), failsWith('validation_failed', { field: 'reverseCharge' }))
  })

  it('credits only SENT, PAID or OVERDUE invoices', async () => {
    const { creditNotes, invoices, actor, invoice, customerId } = await setup()
    for (const status of ['DRAFT', 'FINAL'] as const) {
      const source = await invoice({}, status)
      await assert.rejects(creditNotes.create(actor, { parentInvoiceId: source.id }), failsWith('status_conflict', { status }))
    }
    const cancelled = await invoice()
    await invoices.cancel(actor, cancelled.id)
    await assert.rejects(creditNotes.create(actor, { parentInvoiceId: cancelled.id }), failsWith('status_conflict', { status: 'CANCELLED' }))
    const proforma = await invoices.create(actor, { customerId, invoiceType: 'PROFORMA', lines: [{ description: 'x', unitPrice: 1 }] })
    await invoices.update(actor, proforma.id, { status: 'SENT' })
    await assert.rejects(creditNotes.create(actor, { parentInvoiceId: proforma.id }), failsWith('validation_failed', { field: 'parent_invoice_id' }))
    await assert.rejects(creditNotes.create(actor, { parentInvoiceId: 'missing' }), failsWith('not_found'))
  })

  it('credits part of the lines: the quantity given, the line discount in proportion, never more than invoiced', async () => {
    const { creditNotes, actor, invoice } = await setup()
    const source = await invoice({ lines: [{ description: 'A', quantity: 4, unitPrice: '25', discount: '10' }, { description: 'B', unitPrice: '50' }] })
    const [a, b] = source.lines
    const note = await creditNotes.create(actor, { parentInvoiceId: source.id, partialLines: [{ lineId: a!.id, quantity: 2 }] })
    assert.deepEqual(note.lines.map((line) => [line.description, line.quantity, line.discount, line.netAmount]), [['A', '-2', '-5.00', '-45.00']])
    assert.deepEqual([note.netTotal, note.grossTotal], ['-45.00', '-53.55'])
    const refused = [
      [[{ lineId: a!.id, quantity: 5 }], 'partial_lines.0.quantity'],
      [[{ lineId: 'other', quantity: 1 }], 'partial_lines.0.line_id'],
      [[{ lineId: b!.id, quantity: 1 }, { lineId: b!.id, quantity: 1 }], 'partial_lines.1.line_id'],
    ] as const
    for (const [partialLines, field] of refused) {
      await assert.rejects(creditNotes.create(actor, { parentInvoiceId: source.id, partialLines: [...partialLines] }), failsWith('validation_failed', { field }))
    }
    await assert.rejects(
      creditNotes.create(actor, { parentInvoiceId: source.id, partialLines: [{ lineId: b!.id, quantity: 1 }], lines: [{ description: 'x', unitPrice: 1 }] }),
      failsWith('validation_failed', { field: 'partial_lines' }),
    )
  })

  it('never credits more than the invoice across its credit notes; a cancelled credit note frees its amount', async () => {
    const { creditNotes, invoices, actor, invoice } = await setup()
    const source = await invoice() // 238.00 gross
    const first = await creditNotes.create(actor, { parentInvoiceId: source.id, lines: [{ description: 'Kulanz', unitPrice: '150' }] }) // 178.50
    await assert.rejects(
      creditNotes.create(actor, { parentInvoiceId: source.id, lines: [{ description: 'Mehr', unitPrice: '50.05' }] }),
      failsWith('credit_exceeds_invoice', { creditableAmount: 59.5 }),
    )
    const rest = await creditNotes.create(actor, { parentInvoiceId: source.id, lines: [{ description: 'Rest', unitPrice: '50' }] })
    assert.equal(rest.grossTotal, '-59.50')
    await assert.rejects(
      creditNotes.update(actor, rest.id, { lines: [{ description: 'Rest', unitPrice: '50.05' }] }),
      failsWith('credit_exceeds_invoice'),
    )
    await invoices.cancel(actor, first.id)
    const again = await creditNotes.create(actor, { parentInvoiceId: source.id, lines: [{ description: 'Neu', unitPrice: '150' }] })
    assert.equal(again.grossTotal, '-178.50')
  })

  it('prices a credit for an invoice with the rates of the invoice’s date', async () => {
    const { creditNotes, actor, invoice } = await setup()
    // Germany charged 16 % from July to December 2020.
    const source = await invoice({ issueDate: '2020-08-03', dueDate: '2020-08-17', lines: [{ description: 'Alt', unitPrice: '100' }] })
    assert.equal(source.taxTotal, '16.00')
    const note = await creditNotes.create(actor, { parentInvoiceId: source.id })
    assert.equal(note.issueDate, '2026-03-16')
    assert.deepEqual([note.taxTotal, note.lines[0]!.taxRate], ['-16.00', '16'])
  })
})

describe('changing a credit note', () => {
  it('takes lines positive and stores them negative, changes the reason, and answers 404 for invoices', async () => {
    const { creditNotes, actor, standalone, invoice } = await setup()
    const note = await standalone()
    const { invoice: changed } = await creditNotes.update(actor, note.id, { lines: [{ description: 'Neu', quantity: 3, unitPrice: '10' }], reason: 'GOODWILL' })
    assert.deepEqual([changed.lines[0]!.quantity, changed.grossTotal, changed.creditNoteReason], ['-3', '-35.70', 'GOODWILL'])
    await assert.rejects(creditNotes.update(actor, note.id, { reason: 'CANCELLATION' }), failsWith('validation_failed', { field: 'reason' }))
    const other = await invoice()
    await assert.rejects(creditNotes.update(actor, other.id, { notes: 'x' }), failsWith('not_found'))
    await assert.rejects(creditNotes.get(actor, other.id), failsWith('not_found'))
  })

  it('keeps the tax details of the credited invoice', async () => {
    const { creditNotes, actor, invoice } = await setup()
    const note = await creditNotes.create(actor, { parentInvoiceId: (await invoice()).id })
    await assert.rejects(creditNotes.update(actor, note.id, { taxExemptionReason: 'SMALL_BUSINESS' }), failsWith('validation_failed', { field: 'taxExemptionReason' }))
  })

  it('follows the credit-note transitions: never PAID or OVERDUE; cancelling cancels the payout', async () => {
    const { creditNotes, actor, standalone } = await setup()
    const note = await standalone()
    const { invoice: sent } = await creditNotes.update(actor, note.id, { status: 'SENT' })
    assert.match(sent.number, /^GS-2026-\d{5}$/)
    await assert.rejects(creditNotes.update(actor, note.id, { status: 'PAID' }), failsWith('invalid_status_transition', { allowedTransitions: ['CANCELLED'] }))
    const { invoice: cancelled } = await creditNotes.update(actor, note.id, { status: 'CANCELLED' })
    assert.equal(cancelled.payout?.status, 'CANCELLED')
    await assert.rejects(creditNotes.changePayout(actor, note.id, { status: 'APPROVED' }), failsWith('invalid_status_transition', { allowedTransitions: [] }))
  })
})

describe('the payout', () => {
  it('moves only by its table: execute needs an approval', async () => {
    const { creditNotes, actor, standalone } = await setup()
    const note = await standalone()
    await assert.rejects(creditNotes.execute(actor, note.id), failsWith('invalid_status_transition', { allowedTransitions: ['APPROVED', 'CANCELLED'] }))
    await creditNotes.changePayout(actor, note.id, { status: 'APPROVED' })
    const failed = await creditNotes.changePayout(actor, note.id, { status: 'FAILED', note: 'IBAN unknown' })
    assert.deepEqual([failed.payout?.status, failed.payout?.note], ['FAILED', 'IBAN unknown'])
    await assert.rejects(creditNotes.execute(actor, note.id), failsWith('invalid_status_transition', { allowedTransitions: ['APPROVED', 'CANCELLED'] }))
    await creditNotes.changePayout(actor, note.id, { status: 'APPROVED' })
    const executed = await creditNotes.execute(actor, note.id, { reference: 'SEPA-0815' })
    assert.deepEqual([executed.payout?.status, executed.payout?.reference, executed.payout?.note], ['EXECUTED', 'SEPA-0815', 'IBAN unknown'])
  })

  it('execute issues a draft from the credit-note range, locks it with version 1, and then it cannot be edited or cancelled', async () => {
    const { creditNotes, invoices, invoicing, actor, standalone, events, auditActions, clock } = await setup()
    const note = await standalone()
    await creditNotes.changePayout(actor, note.id, { status: 'APPROVED' })
    clock.advance(60_000)
    const executed = await creditNotes.execute(actor, note.id)
    assert.equal(executed.status, 'FINAL')
    assert.equal(executed.number, 'GS-2026-00001')
    assert.equal(executed.numberIssued, true)
    assert.equal(executed.lockedAt, '2026-03-16T09:01:00.000Z')
    assert.equal(executed.payout?.executedAt, '2026-03-16T09:01:00.000Z')
    const versions = await invoicing.versions.list(actor, note.id)
    assert.deepEqual(versions.versions.map((version) => version.changeType), ['INITIAL'])
    assert.deepEqual(events.map((event) => event.type), ['credit_note.created'])
    assert.deepEqual(await auditActions(note.id), ['CREDIT_NOTE_CREATED_VIA_API', 'CREDIT_NOTE_EXECUTED_VIA_API', 'CREDIT_NOTE_PAYOUT_CHANGED_VIA_API', 'INVOICE_NUMBER_ISSUED'])

    await assert.rejects(creditNotes.update(actor, note.id, { notes: 'später' }), failsWith('content_locked'))
    await assert.rejects(creditNotes.update(actor, note.id, { status: 'CANCELLED' }), failsWith('invalid_status_transition', { allowedTransitions: ['SENT'] }))
    await assert.rejects(invoices.cancel(actor, note.id), failsWith('status_conflict'))
    const { invoice: sent } = await creditNotes.update(actor, note.id, { status: 'SENT' })
    assert.equal(sent.status, 'SENT')
  })

  it('execute refuses a draft when the document quota is used up, and changes nothing', async () => {
    const { creditNotes, actor, standalone } = await setup({ documentQuota: 0 })
    const note = await standalone()
    await creditNotes.changePayout(actor, note.id, { status: 'APPROVED' })
    await assert.rejects(creditNotes.execute(actor, note.id), failsWith('plan_limit_reached'))
    const unchanged = await creditNotes.get(actor, note.id)
    assert.deepEqual([unchanged.status, unchanged.payout?.status, unchanged.numberIssued], ['DRAFT', 'APPROVED', false])
  })

  it('does not exist on cancellation credit notes, which cannot be cancelled either', async () => {
    const { creditNotes, invoices, actor, invoice } = await setup()
    const source = await invoice()
    const { cancellationCreditNote } = await invoices.cancel(actor, source.id)
    const storno = await creditNotes.get(actor, cancellationCreditNote!.id)
    assert.deepEqual([storno.creditNoteReason, storno.payout], ['CANCELLATION', null])
    await assert.rejects(creditNotes.changePayout(actor, storno.id, { status: 'APPROVED' }), failsWith('status_conflict'))
    await assert.rejects(invoices.cancel(actor, storno.id), failsWith('status_conflict', { status: 'FINAL' }))
  })
})

describe('listing and sending credit notes', () => {
  it('lists credit notes only, filtering by payout status before the page is cut', async () => {
    const { creditNotes, actor, standalone, invoice } = await setup()
    await invoice()
    const notes = []
    for (let index = 0; index < 5; index++) notes.push(await standalone())
    for (const note of notes.slice(0, 3)) await creditNotes.changePayout(actor, note.id, { status: 'APPROVED' })
    const page = await creditNotes.list(actor, { payoutStatus: 'approved', limit: 2 })
    assert.equal(page.total, 3)
    assert.equal(page.items.length, 2)
    assert.ok(page.items.every((item) => item.payout?.status === 'APPROVED'))
    assert.equal((await creditNotes.list(actor, {})).total, 5)
    await assert.rejects(creditNotes.list(actor, { payoutStatus: 'PAID' }), failsWith('validation_failed', { field: 'payoutStatus' }))
  })

  it('sends a draft: its number comes from the credit-note range and the mail carries the credit-note text', async () => {
    const { creditNotes, actor, standalone, mailbox, invoice } = await setup()
    const note = await standalone()
    const result = await creditNotes.send(actor, note.id)
    assert.deepEqual([result.status, result.invoiceNumber, result.sentTo], ['SENT', 'GS-2026-00001', 'kunde@example.de'])
    assert.match(mailbox.sent[0]!.subject, /GS-2026-00001/)
    assert.match(mailbox.sent[0]!.text, /Gutschrift/)
    await assert.rejects(creditNotes.send(actor, (await invoice({}, 'DRAFT')).id), failsWith('not_found'))
  })
})

describe('what a credit note may never do', () => {
  it('changes no tax detail of a linked credit note, even when given one equal to the invoice’s', async () => {
    const { creditNotes, actor, invoice } = await setup({}, { country: 'AT', vatId: 'ATU12345678' })
    const source = await invoice({ taxExemptionReason: 'INTRA_COMMUNITY', invoiceDateIsServiceDate: true, lines: [{ description: 'Ware', unitPrice: '100' }] })
    const note = await creditNotes.create(actor, { parentInvoiceId: source.id })
    const { invoice: changed } = await creditNotes.update(actor, note.id, { reverseCharge: false, notes: 'x' })
    assert.deepEqual([changed.taxExemptionReason, changed.grossTotal, changed.notes], ['INTRA_COMMUNITY', '-100.00', 'x'])
  })

  it('keeps an invoice with credit notes from being cancelled until they are', async () => {
    const { creditNotes, invoices, actor, invoice } = await setup()
    const source = await invoice()
    const note = await creditNotes.create(actor, { parentInvoiceId: source.id, lines: [{ description: 'Kulanz', unitPrice: '10' }] })
    await assert.rejects(invoices.cancel(actor, source.id), failsWith('status_conflict', { creditNoteIds: [note.id] }))
    await assert.rejects(invoices.update(actor, source.id, { status: 'CANCELLED' }), failsWith('status_conflict'))
    await invoices.cancel(actor, note.id)
    assert.equal((await invoices.cancel(actor, source.id)).invoice.status, 'CANCELLED')
  })

  it('freezes the content while the payout is approved, until the approval is withdrawn', async () => {
    const { creditNotes, actor, standalone } = await setup()
    const note = await standalone()
    await creditNotes.changePayout(actor, note.id, { status: 'APPROVED' })
    await assert.rejects(creditNotes.update(actor, note.id, { lines: [{ description: 'Mehr', unitPrice: '10000' }] }), failsWith('content_locked'))
    await creditNotes.changePayout(actor, note.id, { status: 'PENDING' })
    const { invoice: changed } = await creditNotes.update(actor, note.id, { lines: [{ description: 'Mehr', unitPrice: '100' }] })
    assert.equal(changed.grossTotal, '-119.00')
  })

  it('must credit an amount: no positive or zero total', async () => {
    const { creditNotes, actor, standalone, invoice } = await setup()
    await assert.rejects(standalone({ lines: [{ lineType: 'CREDIT', description: 'Gegenrechnung', unitPrice: '100' }] }), failsWith('validation_failed', { field: 'lines' }))
    const note = await standalone()
    await assert.rejects(creditNotes.update(actor, note.id, { lines: [{ description: 'Nichts', unitPrice: '0' }] }), failsWith('validation_failed', { field: 'lines' }))
    const source = await invoice({ lines: [{ description: 'A', unitPrice: '100' }, { lineType: 'DISCOUNT_PERCENT', description: '10 %', unitPrice: '10' }] })
    await assert.rejects(
      creditNotes.create(actor, { parentInvoiceId: source.id, partialLines: [{ lineId: source.lines[1]!.id, quantity: 1 }] }),
      failsWith('validation_failed', { field: 'lines' }),
    )
  })

  it('credits no invoice line beyond its quantity across credit notes, even where the total would allow it', async () => {
    const { creditNotes, invoices, actor, invoice } = await setup()
    const source = await invoice({ lines: [{ description: 'Stunden', quantity: 3, unitPrice: '100' }, { description: 'Lizenz', unitPrice: '1000' }] })
    const [hours, licence] = source.lines
    const first = await creditNotes.create(actor, { parentInvoiceId: source.id, partialLines: [{ lineId: hours!.id, quantity: 2 }] })
    assert.deepEqual(first.lines.map((line) => [line.sourceLineId, line.quantity]), [[hours!.id, '-2']])
    await assert.rejects(
      creditNotes.create(actor, { parentInvoiceId: source.id, partialLines: [{ lineId: hours!.id, quantity: 2 }] }),
      failsWith('credit_exceeds_invoice', { lineId: hours!.id, lineIndex: 0, creditableQuantity: 1, creditNoteIds: [first.id] }),
    )
    await creditNotes.create(actor, { parentInvoiceId: source.id, partialLines: [{ lineId: hours!.id, quantity: 1 }, { lineId: licence!.id, quantity: 1 }] })
    await creditNotes.update(actor, first.id, { status: 'CANCELLED' })
    const again = await creditNotes.create(actor, { parentInvoiceId: source.id, partialLines: [{ lineId: hours!.id, quantity: 2 }] })
    assert.equal(again.grossTotal, '-238.00')
    await assert.rejects(creditNotes.create(actor, { parentInvoiceId: source.id, partialLines: [{ lineId: hours!.id, quantity: '0.5' }] }), failsWith('credit_exceeds_invoice'))

    const whole = await invoice()
    const mirror = await creditNotes.create(actor, { parentInvoiceId: whole.id })
    assert.deepEqual(mirror.lines.map((line) => line.sourceLineId), whole.lines.map((line) => line.id))
    const cancelled = await invoice()
    const { cancellationCreditNote } = await invoices.cancel(actor, cancelled.id)
    assert.deepEqual(cancellationCreditNote!.lines.map((line) => line.sourceLineId), cancelled.lines.map((line) => line.id))
    const { invoice: copy } = await invoices.duplicate(actor, mirror.id)
    assert.deepEqual(copy.lines.map((line) => line.sourceLineId), [null])
  })

  it('credits part of an invoice less its percent discount, and lets rounding of partial credits reach the whole', async () => {
    const { creditNotes, actor, invoice, invoicing } = await setup()
    const discounted = await invoice({ lines: [{ description: 'Stühle', quantity: 10, unitPrice: '100' }, { lineType: 'DISCOUNT_PERCENT', description: '10 %', unitPrice: '10' }] })
    assert.equal(discounted.grossTotal, '1071.00')
    const half = await creditNotes.create(actor, { parentInvoiceId: discounted.id, partialLines: [{ lineId: discounted.lines[0]!.id, quantity: 5 }] })
    assert.equal(half.grossTotal, '-535.50')

    const small = await invoice({ lines: [{ description: 'Schraube', quantity: 3, unitPrice: '0.35' }] })
    assert.equal(small.grossTotal, '1.25')
    for (let unit = 0; unit < 3; unit++) {
      const note = await creditNotes.create(actor, { parentInvoiceId: small.id, partialLines: [{ lineId: small.lines[0]!.id, quantity: 1 }] })
      assert.equal(note.grossTotal, '-0.42')
    }
    await assert.rejects(
      creditNotes.create(actor, { parentInvoiceId: small.id, partialLines: [{ lineId: small.lines[0]!.id, quantity: 1 }] }),
      failsWith('credit_exceeds_invoice'),
    )
    const { id: other } = await invoicing.customers.create(actor, { name: 'Dritter', country: 'DE' })
    await assert.rejects(creditNotes.create(actor, { parentInvoiceId: small.id, recipientId: other }), failsWith('validation_failed', { field: 'recipient_id' }))
  })
})
