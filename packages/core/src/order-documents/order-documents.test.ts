import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { companyActor } from '../access/actor'
import { createInvoicing } from '../create-invoicing'
import type { DomainEvent } from '../events/domain-event'
import { createManualClock, createMemoryStorage, failsWith } from '../testing'
import type { OrderDocumentType } from './order-document'

async function setup(company: Record<string, unknown> = {}) {
  const clock = createManualClock('2026-03-16T09:00:00.000Z')
  const storage = createMemoryStorage()
  const invoicing = createInvoicing({ storage, clock })
  const actor = companyActor((await invoicing.companies.create({ name: 'Muster GmbH', vatId: 'DE123456789', ...company })).id)
  const { id: customerId } = await invoicing.customers.create(actor, { name: 'Kunde AG', country: 'DE' })
  const events: DomainEvent[] = []
  invoicing.events.on('*', (event) => events.push(event))
  const docs = invoicing.orderDocuments
  const create = (type: OrderDocumentType, input: Record<string, unknown> = {}) => docs.create(actor, type, {
    customerId,
    lines: [
      { description: 'Stuhl', quantity: 5, unitPrice: '100', lineType: 'PRODUCT' },
      { description: 'Montage', quantity: '2.5', unitPrice: '80', lineType: 'SERVICE', unit: 'HUR' },
      { description: 'Hinweis', lineType: 'TEXT' },
    ],
    ...input,
  })
  const opened = async (type: OrderDocumentType, input: Record<string, unknown> = {}) => {
    const draft = await create(type, input)
    return type === 'ORDER' ? draft : docs.update(actor, type, draft.id, { status: 'OPEN' })
  }
  const types = () => events.map((event) => event.type)
  return { clock, storage, invoicing, docs, actor, customerId, events, types, create, opened }
}

describe('order documents: creating and status changes', () => {
  it('creates a quote as a draft with a placeholder, a validUntil from the company setting and derived statuses', async () => {
    const { create, types } = await setup({ quoteValidityDays: 14 })
    const quote = await create('QUOTE')
    assert.equal(quote.status, 'DRAFT')
    assert.match(quote.number, /^ENTWURF-/)
    assert.equal(quote.validUntil, '2026-03-30')
    assert.equal(quote.deliveryStatus, 'NONE')
    assert.equal(quote.invoiceStatus, 'NONE')
    assert.equal(quote.lines[0]!.unit, 'H87')
    assert.equal(quote.lines[1]!.unit, 'HUR')
    assert.equal(quote.lines[2]!.unit, null)
    assert.equal(quote.grossTotal, '833.00')
    assert.deepEqual(types(), ['quote.created'])
  })

  it('numbers a quote when it leaves draft, from its own range, and counts it against the quota', async () => {
    const { docs, actor, create, types, invoicing } = await setup({ documentQuota: 1 })
    const quote = await create('QUOTE')
    const open = await docs.update(actor, 'QUOTE', quote.id, { status: 'OPEN' })
    assert.equal(open.number, 'AN-2026-00001')
    assert.equal(open.finalizedAt, '2026-03-16T09:00:00.000Z')
    assert.deepEqual(types().slice(-1), ['quote.finalized'])
    const second = await create('QUOTE')
    await assert.rejects(docs.update(actor, 'QUOTE', second.id, { status: 'OPEN' }), failsWith('plan_limit_reached'))
    assert.deepEqual((await invoicing.companies.numberRanges(actor)).find((range) => range.type === 'QUOTE')?.nextNumber, 'AN-2026-00002')
  })

  it('refuses a validUntil before the issue date', async () => {
    const { create } = await setup()
    await assert.rejects(create('QUOTE', { issueDate: '2026-03-10', validUntil: '2026-03-09' }), failsWith('invalid_valid_until'))
  })

  it('follows the quote table: accept with acceptedAt, reject with reason, no reopen without a new validUntil', async () => {
    const { docs, actor, opened, clock } = await setup()
    const quote = await opened('QUOTE')
    await assert.rejects(docs.update(actor, 'QUOTE', quote.id, { status: 'COMPLETED' }), failsWith('validation_failed'))
    const rejected = await docs.update(actor, 'QUOTE', quote.id, { status: 'REJECTED', rejectionReason: 'zu teuer' })
    assert.equal(rejected.rejectionReason, 'zu teuer')
    assert.equal(rejected.rejectedAt, '2026-03-16T09:00:00.000Z')
    await assert.rejects(docs.update(actor, 'QUOTE', quote.id, { status: 'ACCEPTED' }), failsWith('invalid_status_transition', { allowedTransitions: ['OPEN', 'CANCELLED'] }))
    clock.set('2026-05-01T09:00:00.000Z')
    await assert.rejects(docs.update(actor, 'QUOTE', quote.id, { status: 'OPEN' }), failsWith('validation_failed', { field: 'validUntil' }))
    const reopened = await docs.update(actor, 'QUOTE', quote.id, { status: 'OPEN', validUntil: '2026-05-31' })
    assert.equal(reopened.rejectedAt, null)
    assert.equal(reopened.rejectionReason, null)
    const accepted = await docs.update(actor, 'QUOTE', quote.id, { status: 'ACCEPTED', acceptedAt: '2026-05-01T10:00:00+02:00' })
    assert.equal(accepted.acceptedAt, '2026-05-01T08:00:00.000Z')
  })

  it('locks content outside draft, except the late fields of delivery notes', async () => {
    const { docs, actor, opened } = await setup()
    const quote = await opened('QUOTE')
    await assert.rejects(docs.update(actor, 'QUOTE', quote.id, { notes: 'neu' }), failsWith('content_locked', { lockedFields: ['notes'] }))
    const note = await opened('DELIVERY_NOTE')
    const tracked = await docs.update(actor, 'DELIVERY_NOTE', note.id, { trackingReference: 'DHL 1', status: 'DELIVERED' })
    assert.equal(tracked.trackingReference, 'DHL 1')
    assert.equal(tracked.status, 'DELIVERED')
    assert.equal(tracked.deliveredAt, '2026-03-16T09:00:00.000Z')
  })

  it('deletes only drafts without an issued number', async () => {
    const { docs, actor, create, opened } = await setup()
    const draft = await create('ORDER_CONFIRMATION')
    await docs.delete(actor, 'ORDER_CONFIRMATION', draft.id)
    await assert.rejects(docs.get(actor, 'ORDER_CONFIRMATION', draft.id), failsWith('not_found'))
    const open = await opened('ORDER_CONFIRMATION')
    await assert.rejects(docs.delete(actor, 'ORDER_CONFIRMATION', open.id), failsWith('status_conflict', { allowedStatuses: ['DRAFT'] }))
    await docs.update(actor, 'ORDER_CONFIRMATION', open.id, { status: 'DRAFT' })
    await assert.rejects(docs.delete(actor, 'ORDER_CONFIRMATION', open.id), failsWith('number_issued', { number: 'AB-2026-00001' }))
  })

  it('numbers orders at creation without counting them, and refuses a second externalId', async () => {
    const { create, invoicing, actor } = await setup({ documentQuota: 0 })
    const order = await create('ORDER', { externalId: 'shop-4711', source: 'shop' })
    assert.equal(order.status, 'OPEN')
    assert.equal(order.number, 'AU-2026-00001')
    await assert.rejects(create('ORDER', { externalId: 'shop-4711' }), failsWith('external_id_taken', { id: order.id, number: 'AU-2026-00001' }))
    assert.equal((await invoicing.orderDocuments.list(actor, 'ORDER')).total, 1)
  })
})

describe('order documents: conversions and derived statuses', () => {
  it('converts a quote into an order confirmation, accepting the quote', async () => {
    const { docs, actor, opened, types, events } = await setup()
    const quote = await opened('QUOTE')
    const result = await docs.convert(actor, 'QUOTE', quote.id, { target: 'ORDER_CONFIRMATION' })
    assert.equal(result.resource, 'order-document')
    const confirmation = result.resource === 'order-document' ? result.document : assert.fail()
    assert.equal(confirmation.status, 'DRAFT')
    assert.deepEqual(confirmation.lines.map((line) => line.sourceLineId), quote.lines.map((line) => line.id))
    assert.deepEqual(confirmation.precedingDocumentSummary, { documentType: 'QUOTE', id: quote.id, number: 'AN-2026-00001' })
    assert.deepEqual(confirmation.metadata, { convertedFrom: { documentType: 'QUOTE', id: quote.id, number: 'AN-2026-00001' } })
    const accepted = await docs.get(actor, 'QUOTE', quote.id)
    assert.equal(accepted.status, 'ACCEPTED')
    assert.deepEqual(accepted.convertedQuantities[quote.lines[0]!.id], { ORDER_CONFIRMATION: '5' })
    assert.deepEqual(accepted.derivedDocuments.map((each) => each.id), [confirmation.id])
    // A draft confirmation delivers and invoices nothing yet: no derived status of the quote changes.
    assert.deepEqual(types(), ['quote.created', 'quote.finalized', 'order_confirmation.created', 'quote.accepted', 'quote.converted'])
    const converted = events.find((event) => event.type === 'quote.converted')!
    assert.deepEqual(converted.data.target, { documentType: 'ORDER_CONFIRMATION', id: confirmation.id, number: confirmation.number })
  })

  it('refuses targets outside the matrix, wrong states, unknown lines and too much quantity', async () => {
    const { docs, actor, opened, create } = await setup()
    const note = await opened('DELIVERY_NOTE')
    await assert.rejects(docs.convert(actor, 'DELIVERY_NOTE', note.id, { target: 'ORDER_CONFIRMATION' }), failsWith('validation_failed', { allowedValues: ['INVOICE'] }))
    const draft = await create('ORDER_CONFIRMATION')
    await assert.rejects(docs.convert(actor, 'ORDER_CONFIRMATION', draft.id, { target: 'INVOICE' }), failsWith('status_conflict', { allowedStatuses: ['OPEN'] }))
    const confirmation = await opened('ORDER_CONFIRMATION')
    await assert.rejects(docs.convert(actor, 'ORDER_CONFIRMATION', confirmation.id, { target: 'DELIVERY_NOTE', partialLines: [{ lineId: 'nope', quantity: 1 }] }),
      failsWith('unknown_line', { lineIndex: 0 }))
    await assert.rejects(docs.convert(actor, 'ORDER_CONFIRMATION', confirmation.id, { target: 'DELIVERY_NOTE', partialLines: [{ lineId: confirmation.lines[2]!.id, quantity: 1 }] }),
      failsWith('unknown_line', { lineIndex: 0 }))
    const stuhl = confirmation.lines[0]!.id
    await docs.convert(actor, 'ORDER_CONFIRMATION', confirmation.id, { target: 'DELIVERY_NOTE', partialLines: [{ lineId: stuhl, quantity: '3.5' }] })
    await assert.rejects(docs.convert(actor, 'ORDER_CONFIRMATION', confirmation.id, { target: 'DELIVERY_NOTE', partialLines: [{ lineId: stuhl, quantity: 2 }] }),
      failsWith('quantity_exceeds_remaining', { lineIndex: 0, remaining: 1.5 }))
    // A failed conversion leaves nothing: still one delivery note made from it.
    assert.equal((await docs.get(actor, 'ORDER_CONFIRMATION', confirmation.id)).derivedDocuments.length, 1)
  })

  it('follows quantities through the chain, completes automatically, and reopens on release', async () => {
    const { docs, actor, opened, invoicing, types } = await setup()
    const confirmation = await opened('ORDER_CONFIRMATION')
    const [stuhl] = confirmation.lines
    const note = (await docs.convert(actor, 'ORDER_CONFIRMATION', confirmation.id, { target: 'DELIVERY_NOTE', partialLines: [{ lineId: stuhl!.id, quantity: 2 }] }))
    const noteId = note.resource === 'order-document' ? note.document.id : assert.fail()
    // A draft delivery note holds the quantity but delivers nothing yet.
    let current = await docs.get(actor, 'ORDER_CONFIRMATION', confirmation.id)
    assert.deepEqual(current.convertedQuantities[stuhl!.id], { DELIVERY_NOTE: '2' })
    assert.equal(current.deliveryStatus, 'NONE')
    await docs.update(actor, 'DELIVERY_NOTE', noteId, { status: 'OPEN' })
    current = await docs.get(actor, 'ORDER_CONFIRMATION', confirmation.id)
    assert.equal(current.deliveryStatus, 'PARTIAL')
    // The delivery note's invoice counts as invoiced for the confirmation too.
    const fromNote = await docs.convert(actor, 'DELIVERY_NOTE', noteId, { target: 'INVOICE', issue: true })
    const noteInvoice = fromNote.resource === 'invoice' ? fromNote.invoice : assert.fail()
    assert.equal(noteInvoice.status, 'FINAL')
    assert.equal(noteInvoice.number, 'RE-2026-00001')
    current = await docs.get(actor, 'ORDER_CONFIRMATION', confirmation.id)
    assert.equal(current.invoiceStatus, 'PARTIAL')
    assert.deepEqual(current.convertedQuantities[stuhl!.id], { DELIVERY_NOTE: '2', INVOICE: '2' })
    // The rest: delivered on a second note, and invoiced directly from the confirmation (only what no invoice covers).
    const rest = await docs.convert(actor, 'ORDER_CONFIRMATION', confirmation.id, { target: 'DELIVERY_NOTE' })
    const restId = rest.resource === 'order-document' ? rest.document.id : assert.fail()
    assert.deepEqual(rest.resource === 'order-document' && rest.document.lines.filter((line) => line.lineType !== 'TEXT').map((line) => [line.description, line.quantity]),
      [['Stuhl', '3'], ['Montage', '2.5']])
    await docs.update(actor, 'DELIVERY_NOTE', restId, { status: 'OPEN' })
    const direct = await docs.convert(actor, 'ORDER_CONFIRMATION', confirmation.id, { target: 'INVOICE', issue: true })
    const directInvoice = direct.resource === 'invoice' ? direct.invoice : assert.fail()
    assert.deepEqual(directInvoice.lines.filter((line) => line.lineType !== 'TEXT').map((line) => [line.description, line.quantity]), [['Stuhl', '3'], ['Montage', '2.5']])
    current = await docs.get(actor, 'ORDER_CONFIRMATION', confirmation.id)
    assert.equal(current.status, 'COMPLETED')
    assert.equal(current.deliveryStatus, 'FULL')
    assert.equal(current.invoiceStatus, 'FULL')
    assert.ok(types().includes('order_confirmation.completed'))
    await assert.rejects(docs.convert(actor, 'ORDER_CONFIRMATION', confirmation.id, { target: 'INVOICE' }), failsWith('status_conflict'))
    // Cancelling an invoice releases its quantities and reopens what it completed.
    await invoicing.invoices.update(actor, directInvoice.id, { status: 'CANCELLED' })
    current = await docs.get(actor, 'ORDER_CONFIRMATION', confirmation.id)
    assert.equal(current.status, 'OPEN')
    assert.equal(current.completedAt, null)
    assert.equal(current.invoiceStatus, 'PARTIAL')
    assert.deepEqual(current.convertedQuantities[stuhl!.id], { DELIVERY_NOTE: '5', INVOICE: '2' })
    assert.equal(types().at(-1), 'order_confirmation.updated')
  })

  it('a manual close stays closed when quantities are released', async () => {
    const { docs, actor, opened, invoicing } = await setup()
    const order = await opened('ORDER')
    const converted = await docs.convert(actor, 'ORDER', order.id, { target: 'INVOICE' })
    const invoice = converted.resource === 'invoice' ? converted.invoice : assert.fail()
    await docs.update(actor, 'ORDER', order.id, { status: 'COMPLETED' })
    await invoicing.invoices.delete(actor, invoice.id)
    const current = await docs.get(actor, 'ORDER', order.id)
    assert.equal(current.status, 'COMPLETED')
    assert.deepEqual(current.convertedQuantities, {})
  })

  it('deleting a draft invoice releases its quantities', async () => {
    const { docs, actor, opened, invoicing } = await setup()
    const quote = await opened('QUOTE')
    const first = await docs.convert(actor, 'QUOTE', quote.id, { target: 'INVOICE' })
    await assert.rejects(docs.convert(actor, 'QUOTE', quote.id, { target: 'INVOICE' }), failsWith('nothing_to_convert'))
    await invoicing.invoices.delete(actor, first.resource === 'invoice' ? first.invoice.id : assert.fail())
    const again = await docs.convert(actor, 'QUOTE', quote.id, { target: 'INVOICE' })
    assert.equal(again.resource, 'invoice')
  })

  it('never converts more than a line holds when ten partial conversions run at once', async () => {
    const { docs, actor, opened } = await setup()
    const order = await opened('ORDER', { lines: [{ description: 'Schraube', quantity: '5', unitPrice: '1', lineType: 'PRODUCT' }] })
    const lineId = order.lines[0]!.id
    const results = await Promise.allSettled(Array.from({ length: 10 }, () =>
      docs.convert(actor, 'ORDER', order.id, { target: 'DELIVERY_NOTE', partialLines: [{ lineId, quantity: 1 }] })))
    assert.equal(results.filter((result) => result.status === 'fulfilled').length, 5)
    for (const result of results) if (result.status === 'rejected') failsWith('quantity_exceeds_remaining', { remaining: 0 })(result.reason)
    assert.deepEqual((await docs.get(actor, 'ORDER', order.id)).convertedQuantities[lineId], { DELIVERY_NOTE: '5' })
  })

  it('issues and pays an invoice made from an order in one step', async () => {
    const { docs, actor, opened } = await setup()
    const order = await opened('ORDER', { lines: [{ description: 'Paket', quantity: 1, unitPrice: '100', lineType: 'SERVICE' }] })
    const result = await docs.convert(actor, 'ORDER', order.id, { target: 'INVOICE', issue: true, payment: { amount: '119.00', paymentDate: '2026-03-16' } })
    const invoice = result.resource === 'invoice' ? result.invoice : assert.fail()
    assert.equal(invoice.status, 'PAID')
    assert.equal(invoice.payments.length, 1)
    const current = await docs.get(actor, 'ORDER', order.id)
    assert.equal(current.status, 'COMPLETED')
    assert.equal(current.deliveryStatus, 'NOT_APPLICABLE')
  })

  it('makes one collective invoice from several delivery notes, and refuses incompatible ones', async () => {
    const { docs, actor, opened, invoicing } = await setup()
    const a = await opened('DELIVERY_NOTE', { deliveryDate: '2026-03-12', lines: [{ description: 'A', quantity: 1, unitPrice: '10', lineType: 'PRODUCT' }] })
    const b = await opened('DELIVERY_NOTE', { deliveryDate: '2026-03-05', lines: [{ description: 'B', quantity: 2, unitPrice: '10', lineType: 'PRODUCT' }] })
    const result = await docs.collectiveInvoice(actor, { deliveryNoteIds: [a.id, b.id] })
    const invoice = result.resource === 'invoice' ? result.invoice : assert.fail()
    assert.deepEqual(invoice.lines.map((line) => line.description), [`Lieferschein ${b.number} vom 05.03.2026`, 'B', `Lieferschein ${a.number} vom 12.03.2026`, 'A'])
    assert.deepEqual(invoice.sourceDocuments.map((each) => each.id), [b.id, a.id])
    assert.deepEqual([invoice.servicePeriodStart, invoice.servicePeriodEnd], ['2026-03-05', '2026-03-12'])
    assert.deepEqual((await docs.get(actor, 'DELIVERY_NOTE', a.id)).derivedDocuments.map((each) => each.id), [invoice.id])
    assert.deepEqual((await invoicing.invoices.related(actor, invoice.id)).documents.map((each) => each.id).sort(), [b.id, invoice.id].sort())
    const other = await invoicing.customers.create(actor, { name: 'Andere GmbH', country: 'DE' })
    const c = await opened('DELIVERY_NOTE', { lines: [{ description: 'C', quantity: 1, unitPrice: '10', lineType: 'PRODUCT' }] })
    const d = await opened('DELIVERY_NOTE', { customerId: other.id, lines: [{ description: 'D', quantity: 1, unitPrice: '10', lineType: 'PRODUCT' }] })
    await assert.rejects(docs.collectiveInvoice(actor, { deliveryNoteIds: [c.id, d.id] }), failsWith('incompatible_sources', { field: 'customerId' }))
  })

  it('counts a collective invoice for the quote whichever depth its delivery notes sit at', async () => {
    const { docs, actor, opened } = await setup()
    const quote = await opened('QUOTE', { lines: [{ description: 'Stuhl', quantity: 4, unitPrice: '10', lineType: 'PRODUCT' }] })
    const lineId = quote.lines[0]!.id
    const direct = await docs.convert(actor, 'QUOTE', quote.id, { target: 'DELIVERY_NOTE', partialLines: [{ lineId, quantity: 1 }] })
    const confirmation = await docs.convert(actor, 'QUOTE', quote.id, { target: 'ORDER_CONFIRMATION' })
    const confirmationId = confirmation.resource === 'order-document' ? confirmation.document.id : assert.fail()
    await docs.update(actor, 'ORDER_CONFIRMATION', confirmationId, { status: 'OPEN' })
    const deeper = await docs.convert(actor, 'ORDER_CONFIRMATION', confirmationId, { target: 'DELIVERY_NOTE', partialLines: [{ lineId: (await docs.get(actor, 'ORDER_CONFIRMATION', confirmationId)).lines[0]!.id, quantity: 3 }] })
    const noteIds = [direct, deeper].map((result) => result.resource === 'order-document' ? result.document.id : assert.fail())
    for (const id of noteIds) await docs.update(actor, 'DELIVERY_NOTE', id, { status: 'OPEN' })
    await docs.collectiveInvoice(actor, { deliveryNoteIds: noteIds, issue: true })
    const read = await docs.get(actor, 'QUOTE', quote.id)
    assert.deepEqual(read.convertedQuantities[lineId], { DELIVERY_NOTE: '4', ORDER_CONFIRMATION: '4', INVOICE: '4' })
    assert.deepEqual([read.deliveryStatus, read.invoiceStatus], ['FULL', 'FULL'])
    await assert.rejects(docs.convert(actor, 'QUOTE', quote.id, { target: 'INVOICE' }), failsWith('nothing_to_convert'))
  })

  it('expires OPEN quotes past their validUntil, once', async () => {
    const { docs, actor, opened, types } = await setup()
    const quote = await opened('QUOTE', { validUntil: '2026-03-20' })
    assert.equal(await docs.expireQuotes(actor.companyId, '2026-03-20'), 0)
    assert.equal(await docs.expireQuotes(actor.companyId, '2026-03-21'), 1)
    assert.equal(await docs.expireQuotes(actor.companyId, '2026-03-22'), 0)
    const expired = await docs.get(actor, 'QUOTE', quote.id)
    assert.equal(expired.status, 'EXPIRED')
    assert.equal(types().filter((type) => type === 'quote.expired').length, 1)
  })
})
