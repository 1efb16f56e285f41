import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { DomainEvent } from '@invoicing/core'
import type { ApiResponse } from '../support/api-client'
import { createTenant, type Tenant } from '../support/tenant'
import { startTestApp, type TestApp } from '../support/test-app'

/**
 * Every row of the state tables of quotes, order confirmations, delivery notes and orders,
 * walked through the API: the change, what comes along (timestamps, numbers, events), and the
 * answer where a row's condition fails.
 */
describe('order document state tables', () => {
  let app: TestApp
  let tenant: Tenant
  let customerId: string
  const events: DomainEvent[] = []
  before(async () => {
    app = await startTestApp({ access: { requestsPerMinute: 100_000 } })
    tenant = await createTenant(app, { name: 'Zustand GmbH', vatId: 'DE123456789', email: 'buero@zustand.example' })
    customerId = (await tenant.api.post('/customers', { name: 'Kunde AG', email: 'kunde@example.com' })).body.data.id
    app.invoicing.events.on('*', (event) => events.push(event))
  })
  after(() => app.stop())

  const lines = [{ description: 'Stuhl', quantity: 2, unitPrice: '100', lineType: 'PRODUCT' }]
  const ok = (response: ApiResponse, status = 200) => {
    assert.equal(response.status, status, response.text)
    return response.body.data
  }
  const refused = (response: ApiResponse, status: number, code: string) => {
    assert.deepEqual([response.status, response.body.code], [status, code], response.text)
    return response.body
  }
  const create = async (group: string, body: Record<string, unknown> = {}) => ok(await tenant.api.post(`/${group}`, { customerId, lines, ...body }), 201)
  const put = (group: string, id: string, body: Record<string, unknown>) => tenant.api.put(`/${group}/${id}`, body)
  const inState = async (group: string, ...statuses: string[]) => {
    let document = await create(group)
    for (const status of statuses) document = ok(await put(group, document.id, { status }))
    return document
  }
  const convert = (group: string, id: string, body: Record<string, unknown>) => tenant.api.post(`/${group}/${id}/convert`, body)
  const eventsOf = async (id: string, action: () => Promise<unknown>) => {
    const before = events.length
    await action()
    return events.slice(before).filter((event) => event.data.id === id || (event.data.source as { id?: string } | undefined)?.id === id).map((event) => event.type)
  }

  it('carries each group\'s resource in its events: the same fields a read shows', async () => {
    for (const group of ['quotes', 'order-confirmations', 'delivery-notes', 'orders']) {
      const before = events.length
      const created = await create(group)
      const event = events.slice(before).find((each) => each.type.endsWith('.created') && each.data.id === created.id)!
      const { customer: _, ...read } = ok(await tenant.api.get(`/${group}/${created.id}`))
      assert.deepEqual(Object.keys(event.data).sort(), Object.keys(read).sort(), group)
      assert.deepEqual(Object.keys((event.data.lines as object[])[0]!).sort(), Object.keys(read.lines[0]).sort(), `${group} lines`)
    }
  })

  describe('quotes', () => {
    it('DRAFT → OPEN takes the number and finalizes; DRAFT → CANCELLED', async () => {
      const draft = await create('quotes')
      let opened: any
      assert.deepEqual(await eventsOf(draft.id, async () => { opened = ok(await put('quotes', draft.id, { status: 'OPEN' })) }), ['quote.finalized'])
      assert.match(opened.number, /^AN-\d{4}-\d{5}$/)
      assert.ok(opened.finalizedAt)
      const other = await create('quotes')
      assert.deepEqual(await eventsOf(other.id, async () => ok(await put('quotes', other.id, { status: 'CANCELLED' }))), ['quote.cancelled'])
    })

    it('OPEN → DRAFT keeps the number, and is refused once anything was made from it', async () => {
      const open = await inState('quotes', 'OPEN')
      const back = ok(await put('quotes', open.id, { status: 'DRAFT' }))
      assert.deepEqual([back.status, back.number], ['DRAFT', open.number])
      ok(await put('quotes', open.id, { status: 'OPEN' }))
      const derived = ok(await convert('quotes', open.id, { target: 'DELIVERY_NOTE' }), 201)
      ok(await put('delivery-notes', derived.id, { status: 'CANCELLED' }))
      ok(await put('quotes', open.id, { status: 'OPEN' }))
      // Cancelled derived documents count too: OPEN → DRAFT needs none at all.
      refused(await put('quotes', open.id, { status: 'DRAFT' }), 409, 'has_derived_documents')
    })

    it('OPEN and EXPIRED → ACCEPTED with acceptedAt; OPEN → REJECTED with its reason', async () => {
      const open = await inState('quotes', 'OPEN')
      assert.deepEqual(await eventsOf(open.id, async () => {
        const accepted = ok(await put('quotes', open.id, { status: 'ACCEPTED', acceptedAt: '2026-01-05T10:00:00Z' }))
        assert.equal(accepted.acceptedAt, '2026-01-05T10:00:00.000Z')
      }), ['quote.accepted'])
      const expired = await inState('quotes', 'OPEN')
      await app.invoicing.orderDocuments.expireQuotes(tenant.company.id, '2099-01-01')
      assert.equal(ok(await tenant.api.get(`/quotes/${expired.id}`)).status, 'EXPIRED')
      ok(await put('quotes', expired.id, { status: 'ACCEPTED' }))
      const rejected = await inState('quotes', 'OPEN')
      assert.deepEqual(await eventsOf(rejected.id, async () => {
        const done = ok(await put('quotes', rejected.id, { status: 'REJECTED', rejectionReason: 'Budget' }))
        assert.deepEqual([done.rejectionReason, Boolean(done.rejectedAt)], ['Budget', true])
      }), ['quote.rejected'])
    })

    it('the scheduler expires OPEN quotes past validUntil; EXPIRED and REJECTED reopen only with a new validUntil', async () => {
      const quote = await inState('quotes', 'OPEN')
      assert.deepEqual(await eventsOf(quote.id, () => app.invoicing.orderDocuments.expireQuotes(tenant.company.id, '2099-01-01')), ['quote.expired'])
      const expired = ok(await tenant.api.get(`/quotes/${quote.id}`))
      assert.deepEqual([expired.status, Boolean(expired.expiredAt)], ['EXPIRED', true])
      refused(await put('quotes', quote.id, { status: 'OPEN' }), 400, 'validation_failed')
      refused(await put('quotes', quote.id, { status: 'OPEN', validUntil: '2020-01-01' }), 400, 'invalid_valid_until')
      const future = '2099-12-31'
      let reopened: any
      assert.deepEqual(await eventsOf(quote.id, async () => { reopened = ok(await put('quotes', quote.id, { status: 'OPEN', validUntil: future })) }), ['quote.updated'])
      assert.deepEqual([reopened.status, reopened.validUntil, reopened.expiredAt], ['OPEN', future, null])
      const rejected = await inState('quotes', 'OPEN', 'REJECTED')
      const again = ok(await put('quotes', rejected.id, { status: 'OPEN', validUntil: future }))
      assert.deepEqual([again.status, again.rejectedAt, again.rejectionReason], ['OPEN', null, null])
    })

    it('ACCEPTED → OPEN only without derived documents that are not cancelled', async () => {
      const accepted = await inState('quotes', 'OPEN', 'ACCEPTED')
      const reopened = ok(await put('quotes', accepted.id, { status: 'OPEN' }))
      assert.deepEqual([reopened.status, reopened.acceptedAt], ['OPEN', null])
      const converted = ok(await convert('quotes', accepted.id, { target: 'ORDER_CONFIRMATION' }), 201)
      refused(await put('quotes', accepted.id, { status: 'OPEN' }), 409, 'has_derived_documents')
      refused(await put('quotes', accepted.id, { status: 'CANCELLED' }), 409, 'has_derived_documents')
      ok(await put('order-confirmations', converted.id, { status: 'CANCELLED' }))
      ok(await put('quotes', accepted.id, { status: 'OPEN' }))
    })

    it('converting an OPEN or EXPIRED quote accepts it; an ACCEPTED one stays ACCEPTED', async () => {
      const open = await inState('quotes', 'OPEN')
      assert.deepEqual(await eventsOf(open.id, async () => ok(await convert('quotes', open.id, { target: 'PROFORMA', partialLines: [{ lineId: open.lines[0].id, quantity: 1 }] }), 201)),
        ['quote.accepted', 'quote.converted'])
      assert.deepEqual(await eventsOf(open.id, async () => ok(await convert('quotes', open.id, { target: 'PROFORMA' }), 201)), ['quote.converted'])
      assert.equal(ok(await tenant.api.get(`/quotes/${open.id}`)).status, 'ACCEPTED')
      refused(await convert('quotes', open.id, { target: 'PROFORMA' }), 409, 'nothing_to_convert')
      const expired = await inState('quotes', 'OPEN')
      await app.invoicing.orderDocuments.expireQuotes(tenant.company.id, '2099-01-01')
      ok(await convert('quotes', expired.id, { target: 'INVOICE' }), 201)
      assert.equal(ok(await tenant.api.get(`/quotes/${expired.id}`)).status, 'ACCEPTED')
      const rejected = await inState('quotes', 'OPEN', 'REJECTED')
      const conflict = refused(await convert('quotes', rejected.id, { target: 'INVOICE' }), 409, 'status_conflict')
      assert.deepEqual(conflict.allowedStatuses, ['OPEN', 'ACCEPTED', 'EXPIRED'])
    })

    it('OPEN, ACCEPTED, EXPIRED and REJECTED → CANCELLED; CANCELLED is final', async () => {
      for (const path of [['OPEN'], ['OPEN', 'ACCEPTED'], ['OPEN', 'REJECTED']]) {
        const quote = await inState('quotes', ...path)
        ok(await put('quotes', quote.id, { status: 'CANCELLED' }))
      }
      const expired = await inState('quotes', 'OPEN')
      await app.invoicing.orderDocuments.expireQuotes(tenant.company.id, '2099-01-01')
      const cancelled = ok(await put('quotes', expired.id, { status: 'CANCELLED' }))
      assert.deepEqual(refused(await put('quotes', cancelled.id, { status: 'OPEN' }), 400, 'invalid_status_transition').allowedTransitions, [])
    })

    it('sends again from OPEN, ACCEPTED and EXPIRED with the status unchanged; REJECTED and CANCELLED answer 409', async () => {
      const open = await inState('quotes', 'OPEN')
      assert.deepEqual(await eventsOf(open.id, async () => assert.equal(ok(await tenant.api.post(`/quotes/${open.id}/send`, {})).status, 'OPEN')), ['quote.sent'])
      const accepted = await inState('quotes', 'OPEN', 'ACCEPTED')
      assert.equal(ok(await tenant.api.post(`/quotes/${accepted.id}/send`, {})).status, 'ACCEPTED')
      const expired = await inState('quotes', 'OPEN')
      await app.invoicing.orderDocuments.expireQuotes(tenant.company.id, '2099-01-01')
      assert.equal(ok(await tenant.api.post(`/quotes/${expired.id}/send`, {})).status, 'EXPIRED')
      for (const path of [['OPEN', 'REJECTED'], ['CANCELLED']]) {
        const quote = await inState('quotes', ...path)
        refused(await tenant.api.post(`/quotes/${quote.id}/send`, {}), 409, 'status_conflict')
      }
      const draft = await create('quotes')
      assert.deepEqual(await eventsOf(draft.id, async () => assert.equal(ok(await tenant.api.post(`/quotes/${draft.id}/send`, {})).status, 'OPEN')), ['quote.finalized', 'quote.sent'])
    })
  })

  describe('order confirmations', () => {
    it('DRAFT → OPEN, DRAFT → CANCELLED, OPEN → DRAFT without derived documents', async () => {
      const open = await inState('order-confirmations', 'OPEN')
      assert.match(open.number, /^AB-\d{4}-\d{5}$/)
      ok(await put('order-confirmations', open.id, { status: 'DRAFT' }))
      ok(await put('order-confirmations', (await create('order-confirmations')).id, { status: 'CANCELLED' }))
      ok(await put('order-confirmations', open.id, { status: 'OPEN' }))
      ok(await convert('order-confirmations', open.id, { target: 'PROFORMA' }), 201)
      refused(await put('order-confirmations', open.id, { status: 'DRAFT' }), 409, 'has_derived_documents')
      refused(await put('order-confirmations', open.id, { status: 'CANCELLED' }), 409, 'has_derived_documents')
    })

    it('completes automatically when delivered and invoiced, and reopens when that is undone; a manual close stays', async () => {
      const open = await inState('order-confirmations', 'OPEN')
      const note = ok(await convert('order-confirmations', open.id, { target: 'DELIVERY_NOTE' }), 201)
      ok(await put('delivery-notes', note.id, { status: 'OPEN' }))
      assert.deepEqual(await eventsOf(open.id, async () => ok(await convert('delivery-notes', note.id, { target: 'INVOICE', issue: true }), 201)), ['order_confirmation.completed'])
      const completed = ok(await tenant.api.get(`/order-confirmations/${open.id}`))
      assert.deepEqual([completed.status, completed.deliveryStatus, completed.invoiceStatus, Boolean(completed.completedAt)], ['COMPLETED', 'FULL', 'FULL', true])
      // Set back to OPEN by request, it stays OPEN although all is done, until what was made from it changes.
      assert.equal(ok(await put('order-confirmations', open.id, { status: 'OPEN' })).status, 'OPEN')
      assert.deepEqual(ok(await tenant.api.get(`/order-confirmations/${open.id}`)).status, 'OPEN')
      ok(await put('order-confirmations', open.id, { status: 'COMPLETED' }))
      const invoiceId = completed.derivedDocuments[0].id === note.id ? (await tenant.api.get(`/delivery-notes/${note.id}`)).body.data.derivedDocuments[0].id : undefined
      // Closed by request this time: cancelling the invoice leaves it COMPLETED.
      assert.deepEqual(await eventsOf(open.id, async () => ok(await tenant.api.post(`/invoices/${invoiceId}/cancel`, {}))), ['order_confirmation.updated'])
      const manual = ok(await tenant.api.get(`/order-confirmations/${open.id}`))
      assert.deepEqual([manual.status, manual.invoiceStatus], ['COMPLETED', 'NONE'])
      assert.equal(ok(await tenant.api.post(`/order-confirmations/${open.id}/send`, {})).status, 'COMPLETED')
      refused(await convert('order-confirmations', open.id, { target: 'INVOICE' }), 409, 'status_conflict')
    })
  })

  describe('automatic completion', () => {
    it('reopens a confirmation it completed when the invoice is cancelled', async () => {
      const open = await inState('order-confirmations', 'OPEN')
      const note = ok(await convert('order-confirmations', open.id, { target: 'DELIVERY_NOTE' }), 201)
      ok(await put('delivery-notes', note.id, { status: 'OPEN' }))
      const invoice = ok(await convert('order-confirmations', open.id, { target: 'INVOICE', issue: true }), 201)
      assert.equal(ok(await tenant.api.get(`/order-confirmations/${open.id}`)).status, 'COMPLETED')
      assert.deepEqual(await eventsOf(open.id, async () => ok(await tenant.api.post(`/invoices/${invoice.id}/cancel`, {}))), ['order_confirmation.updated'])
      const reopened = ok(await tenant.api.get(`/order-confirmations/${open.id}`))
      assert.deepEqual([reopened.status, reopened.invoiceStatus, reopened.deliveryStatus, reopened.completedAt], ['OPEN', 'NONE', 'FULL', null])
    })
  })

  describe('delivery notes', () => {
    it('keeps a deliveredAt given at creation when the note is opened', async () => {
      const note = await create('delivery-notes', { deliveredAt: '2026-02-02T09:00:00Z' })
      assert.equal(ok(await put('delivery-notes', note.id, { status: 'OPEN' })).deliveredAt, '2026-02-02T09:00:00.000Z')
    })

    it('OPEN ↔ DELIVERED with deliveredAt; OPEN → DRAFT only without a derived invoice', async () => {
      const open = await inState('delivery-notes', 'OPEN')
      assert.match(open.number, /^LS-\d{4}-\d{5}$/)
      let delivered: any
      assert.deepEqual(await eventsOf(open.id, async () => { delivered = ok(await put('delivery-notes', open.id, { status: 'DELIVERED', deliveredAt: '2026-02-01T08:00:00Z' })) }), ['delivery_note.delivered'])
      assert.equal(delivered.deliveredAt, '2026-02-01T08:00:00.000Z')
      const back = ok(await put('delivery-notes', open.id, { status: 'OPEN' }))
      assert.equal(back.deliveredAt, null)
      ok(await put('delivery-notes', open.id, { status: 'DRAFT' }))
      ok(await put('delivery-notes', open.id, { status: 'OPEN' }))
      ok(await convert('delivery-notes', open.id, { target: 'INVOICE' }), 201)
      refused(await put('delivery-notes', open.id, { status: 'DRAFT' }), 409, 'has_derived_documents')
    })

    it('OPEN or DELIVERED → CANCELLED only without an invoice that is not cancelled, releasing the source', async () => {
      const confirmation = await inState('order-confirmations', 'OPEN')
      const note = ok(await convert('order-confirmations', confirmation.id, { target: 'DELIVERY_NOTE' }), 201)
      ok(await put('delivery-notes', note.id, { status: 'OPEN' }))
      ok(await put('delivery-notes', note.id, { status: 'DELIVERED' }))
      assert.equal(ok(await tenant.api.get(`/order-confirmations/${confirmation.id}`)).deliveryStatus, 'FULL')
      const invoice = ok(await convert('delivery-notes', note.id, { target: 'INVOICE' }), 201)
      refused(await put('delivery-notes', note.id, { status: 'CANCELLED' }), 409, 'has_derived_documents')
      ok(await tenant.api.delete(`/invoices/${invoice.id}`))
      assert.deepEqual(await eventsOf(confirmation.id, async () => ok(await put('delivery-notes', note.id, { status: 'CANCELLED' }))), ['order_confirmation.updated'])
      const released = ok(await tenant.api.get(`/order-confirmations/${confirmation.id}`))
      assert.deepEqual([released.deliveryStatus, released.lines[0].convertedQuantities], ['NONE', {}])
      ok(await convert('order-confirmations', confirmation.id, { target: 'DELIVERY_NOTE' }), 201)
    })
  })

  describe('orders', () => {
    it('OPEN at creation with its number; completes automatically; manual close and reopen; cancel without active derived documents', async () => {
      const order = await create('orders')
      assert.deepEqual([order.status, /^AU-\d{4}-\d{5}$/.test(order.number)], ['OPEN', true])
      // Issued at once, the invoice changes the order's invoiceStatus: order.updated after order.converted.
      assert.deepEqual(await eventsOf(order.id, async () => ok(await convert('orders', order.id, { target: 'INVOICE', issue: true }), 201)), ['order.converted', 'order.updated'])
      // Invoiced but not delivered: products still to deliver keep it OPEN.
      assert.deepEqual(ok(await tenant.api.get(`/orders/${order.id}`)).deliveryStatus, 'NONE')
      const note = ok(await convert('orders', order.id, { target: 'DELIVERY_NOTE' }), 201)
      assert.deepEqual(await eventsOf(order.id, async () => ok(await put('delivery-notes', note.id, { status: 'OPEN' }))), ['order.completed'])
      refused(await put('orders', order.id, { notes: 'später' }), 400, 'content_locked')
      const other = await create('orders')
      ok(await put('orders', other.id, { notes: 'geht' }))
      ok(await put('orders', other.id, { status: 'COMPLETED' }))
      ok(await put('orders', other.id, { status: 'OPEN' }))
      const derived = ok(await convert('orders', other.id, { target: 'ORDER_CONFIRMATION' }), 201)
      refused(await put('orders', other.id, { status: 'CANCELLED' }), 409, 'has_derived_documents')
      ok(await tenant.api.delete(`/order-confirmations/${derived.id}`))
      const cancelled = ok(await put('orders', other.id, { status: 'CANCELLED' }))
      assert.deepEqual(refused(await put('orders', cancelled.id, { status: 'OPEN' }), 400, 'invalid_status_transition').allowedTransitions, [])
      refused(await put('orders', cancelled.id, { notes: 'zu spät' }), 400, 'content_locked')
      assert.equal((await tenant.api.delete(`/orders/${order.id}`)).status, 405)
    })
  })
})
