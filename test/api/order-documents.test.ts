import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { apiClient } from '../support/api-client'
import { documentedResponses } from '../support/documented'
import { createTenant, type Tenant } from '../support/tenant'
import { startTestApp, type TestApp } from '../support/test-app'

const GROUPS = ['quotes', 'order-confirmations', 'delivery-notes', 'orders'] as const

describe('quotes, order confirmations, delivery notes and orders', () => {
  let app: TestApp
  let tenant: Tenant
  let customerId: string
  let documented: ReturnType<typeof documentedResponses>
  before(async () => {
    app = await startTestApp({ access: { requestsPerMinute: 100_000 } })
    tenant = await createTenant(app, { name: 'Auftrag GmbH', vatId: 'DE123456789', quoteValidityDays: 10, email: 'buero@auftrag.example' })
    documented = documentedResponses((await tenant.api.get('/openapi.json')).body)
    customerId = (await tenant.api.post('/customers', { name: 'Kunde AG', email: 'kunde@example.com' })).body.data.id
  })
  after(() => app.stop())

  const lines = [
    { description: 'Stuhl', quantity: 4, unit_price: '100', line_type: 'PRODUCT' },
    { description: 'Montage', quantity: 1.5, unitPrice: '80', lineType: 'SERVICE', unit: 'HUR' },
  ]
  const create = async (group: string, body: Record<string, unknown> = {}) => {
    const response = await tenant.api.post(`/${group}`, { customer_id: customerId, lines, ...body })
    assert.equal(response.status, 201, response.text)
    documented('POST', `/api/v1/${group}`, response)
    return response.body.data
  }
  const opened = async (group: string, body: Record<string, unknown> = {}) => {
    const created = await create(group, body)
    if (group === 'orders') return created
    const response = await tenant.api.put(`/${group}/${created.id}`, { status: 'OPEN' })
    assert.equal(response.status, 200, response.text)
    return response.body.data
  }

  it('creates each group with its defaults, in camelCase only, as documented', async () => {
    for (const group of GROUPS) {
      const created = await create(group)
      assert.equal(created.status, group === 'orders' ? 'OPEN' : 'DRAFT')
      assert.equal(created.customer.name, 'Kunde AG')
      assert.deepEqual(created.lines.map((line: { unit: string; position: number }) => [line.position, line.unit]), [[1, 'H87'], [2, 'HUR']])
      assert.equal(created.grossTotal, 618.8)
      assert.equal(created.invoiceStatus, 'NONE')
      assert.ok(!('customer_id' in created))
      const read = await tenant.api.get(`/${group}/${created.id}`)
      documented('GET', `/api/v1/${group}/{id}`, read)
      const listed = await tenant.api.get(`/${group}?status=${created.status.toLowerCase()}&limit=1`)
      assert.equal(listed.status, 200, listed.text)
      documented('GET', `/api/v1/${group}`, listed)
      assert.equal(listed.body.data[0].id, created.id)
    }
    const quote = await create('quotes', { issueDate: '2026-04-01' })
    assert.equal(quote.validUntil, '2026-04-11')
    const order = await create('orders', { orderDate: '2026-04-02', externalId: 'shop-1' })
    assert.equal(order.orderDate, '2026-04-02')
    assert.match(order.number, /^AU-2026-\d{5}$/)
    const again = await tenant.api.post('/orders', { customerId, lines, externalId: 'shop-1' })
    assert.equal(again.status, 409)
    assert.deepEqual([again.body.code, again.body.id, again.body.number], ['external_id_taken', order.id, order.number])
  })

  it('refuses fields of other kinds and validation errors with the field name', async () => {
    const response = await tenant.api.post('/order-confirmations', { customerId, lines, validUntil: '2026-05-01' })
    assert.equal(response.status, 201)
    assert.match(response.headers.get('invoicing-ignored-fields') ?? '', /validUntil/)
    const early = await tenant.api.post('/quotes', { customerId, lines, issueDate: '2026-05-02', validUntil: '2026-05-01' })
    assert.deepEqual([early.status, early.body.code], [400, 'invalid_valid_until'])
    const unknown = await tenant.api.post('/quotes', { customerId: 'missing', lines })
    assert.equal(unknown.status, 404)
    const badLine = await tenant.api.post('/delivery-notes', { customerId, lines: [{ quantity: -1 }] })
    assert.equal(badLine.status, 400)
    assert.match(badLine.body.error, /lines\.0\.quantity/)
  })

  it('walks the quote table through PUT, with the errors the contract names', async () => {
    const quote = await opened('quotes')
    assert.match(quote.number, /^AN-\d{4}-\d{5}$/)
    const bad = await tenant.api.put(`/quotes/${quote.id}`, { status: 'delivered' })
    assert.equal(bad.status, 400)
    const locked = await tenant.api.put(`/quotes/${quote.id}`, { notes: 'later' })
    assert.deepEqual([locked.status, locked.body.code, locked.body.lockedFields], [400, 'content_locked', ['notes']])
    const rejected = await tenant.api.put(`/quotes/${quote.id}`, { status: 'REJECTED', rejection_reason: 'zu teuer' })
    assert.deepEqual([rejected.body.data.status, rejected.body.data.rejectionReason], ['REJECTED', 'zu teuer'])
    const toAccepted = await tenant.api.put(`/quotes/${quote.id}`, { status: 'ACCEPTED' })
    assert.deepEqual([toAccepted.status, toAccepted.body.code, toAccepted.body.allowedTransitions], [400, 'invalid_status_transition', ['OPEN', 'CANCELLED']])
    const cancelled = await tenant.api.put(`/quotes/${quote.id}`, { status: 'CANCELLED' })
    assert.equal(cancelled.body.data.status, 'CANCELLED')
    const deleted = await tenant.api.delete(`/quotes/${quote.id}`)
    assert.deepEqual([deleted.status, deleted.body.code], [409, 'status_conflict'])
    const draft = await create('quotes')
    const gone = await tenant.api.delete(`/quotes/${draft.id}`)
    assert.deepEqual([gone.status, gone.body], [200, { success: true }])
  })

  it('converts down to the invoice with both scopes, and the invoice names where it came from', async () => {
    const confirmation = await opened('order-confirmations')
    const { secret } = await app.invoicing.apiKeys.create({ companyId: tenant.company.id, apiKeyId: null }, { scopes: ['order-confirmations:write', 'order-confirmations:read'] })
    const limited = apiClient(app.target, secret)
    const refused = await limited.post(`/order-confirmations/${confirmation.id}/convert`, { target: 'INVOICE' })
    assert.deepEqual([refused.status, refused.body.code], [403, 'insufficient_scope'])
    assert.ok(refused.body.requiredScopes.includes('invoices:write'))
    const toNote = await tenant.api.post(`/order-confirmations/${confirmation.id}/convert`, {
      target: 'delivery_note'.toUpperCase(), partial_lines: [{ line_id: confirmation.lines[0].id, quantity: 3 }],
    })
    assert.equal(toNote.status, 201, toNote.text)
    documented('POST', '/api/v1/order-confirmations/{id}/convert', toNote)
    const note = toNote.body.data
    assert.deepEqual([note.documentType, note.precedingDocument.id, note.lines.length], ['DELIVERY_NOTE', confirmation.id, 1])
    const listed = (await tenant.api.get('/delivery-notes?limit=100')).body.data.find((each: { id: string }) => each.id === note.id)
    assert.deepEqual(listed.precedingDocument, { documentType: 'ORDER_CONFIRMATION', id: confirmation.id, number: confirmation.number })
    const tooMuch = await tenant.api.post(`/order-confirmations/${confirmation.id}/convert`, { target: 'DELIVERY_NOTE', partialLines: [{ lineId: confirmation.lines[0].id, quantity: 2 }] })
    assert.deepEqual([tooMuch.status, tooMuch.body.code, tooMuch.body.lineIndex, tooMuch.body.remaining], [400, 'quantity_exceeds_remaining', 0, 1])
    const wrongTarget = await tenant.api.post(`/delivery-notes/${note.id}/convert`, { target: 'ORDER_CONFIRMATION' })
    assert.deepEqual([wrongTarget.status, wrongTarget.body.allowedValues], [400, ['INVOICE']])
    // A target outside the matrix is a bad request whatever the key's scopes.
    const noteKey = (await app.invoicing.apiKeys.create({ companyId: tenant.company.id, apiKeyId: null }, { scopes: ['delivery-notes:write'] })).secret
    const outsideMatrix = await apiClient(app.target, noteKey).post(`/delivery-notes/${note.id}/convert`, { target: 'ORDER_CONFIRMATION' })
    assert.deepEqual([outsideMatrix.status, outsideMatrix.body.code], [400, 'validation_failed'])
    await tenant.api.put(`/delivery-notes/${note.id}`, { status: 'OPEN' })
    const invoiced = await tenant.api.post(`/delivery-notes/${note.id}/convert`, { target: 'INVOICE', issue: true })
    assert.equal(invoiced.status, 201, invoiced.text)
    documented('POST', '/api/v1/delivery-notes/{id}/convert', invoiced)
    const invoice = invoiced.body.data
    assert.equal(invoice.status, 'FINAL')
    assert.deepEqual(invoice.precedingDocument, { documentType: 'DELIVERY_NOTE', id: note.id, number: note.number.startsWith('ENTWURF') ? (await tenant.api.get(`/delivery-notes/${note.id}`)).body.data.number : note.number })
    assert.equal(invoice.sourceDocuments.length, 1)
    const read = (await tenant.api.get(`/order-confirmations/${confirmation.id}`)).body.data
    assert.deepEqual([read.deliveryStatus, read.invoiceStatus], ['PARTIAL', 'PARTIAL'])
    assert.deepEqual(read.lines[0].convertedQuantities, { DELIVERY_NOTE: 3, INVOICE: 3 })
    const related = await tenant.api.get(`/invoices/${invoice.id}/related`)
    assert.equal(related.status, 200)
    documented('GET', '/api/v1/invoices/{id}/related', related)
    assert.equal(related.body.data.rootId, confirmation.id)
    assert.deepEqual(related.body.data.documents.map((each: { documentType: string }) => each.documentType), ['ORDER_CONFIRMATION', 'DELIVERY_NOTE', 'INVOICE'])
    const fromGroup = await tenant.api.get(`/delivery-notes/${note.id}/related`)
    assert.deepEqual(fromGroup.body.data, related.body.data)
  })

  it('replays a conversion sent again with the same Idempotency-Key, and creates anew without one', async () => {
    const order = await opened('orders', { lines: [{ description: 'Paket', quantity: 10, unitPrice: '5', lineType: 'PRODUCT' }] })
    const body = { target: 'DELIVERY_NOTE', partialLines: [{ lineId: order.lines[0].id, quantity: 1 }] }
    const first = await tenant.api.post(`/orders/${order.id}/convert`, body, { 'Idempotency-Key': 'convert-order-0001' })
    const second = await tenant.api.post(`/orders/${order.id}/convert`, body, { 'Idempotency-Key': 'convert-order-0001' })
    assert.equal(second.headers.get('idempotent-replayed'), 'true')
    assert.equal(second.body.data.id, first.body.data.id)
    const third = await tenant.api.post(`/orders/${order.id}/convert`, body)
    assert.notEqual(third.body.data.id, first.body.data.id)
    const read = (await tenant.api.get(`/orders/${order.id}`)).body.data
    assert.deepEqual(read.lines[0].convertedQuantities, { DELIVERY_NOTE: 2 })
    const reused = await tenant.api.post(`/orders/${order.id}/convert`, { ...body, target: 'INVOICE' }, { 'Idempotency-Key': 'convert-order-0001' })
    assert.deepEqual([reused.status, reused.body.code], [422, 'idempotency_key_reused'])
  })

  it('makes a collective invoice from delivery notes', async () => {
    const a = await opened('delivery-notes', { deliveryDate: '2026-02-03' })
    const b = await opened('delivery-notes', { deliveryDate: '2026-02-01' })
    const response = await tenant.api.post('/delivery-notes/convert', { deliveryNoteIds: [a.id, b.id] })
    assert.equal(response.status, 201, response.text)
    documented('POST', '/api/v1/delivery-notes/convert', response)
    const invoice = response.body.data
    assert.deepEqual(invoice.sourceDocuments.map((each: { id: string }) => each.id), [b.id, a.id])
    assert.equal(invoice.lines[0].description, `Lieferschein ${b.number} vom 01.02.2026`)
    const again = await tenant.api.post('/delivery-notes/convert', { deliveryNoteIds: [a.id] })
    assert.deepEqual([again.status, again.body.code], [409, 'nothing_to_convert'])
    // Together more lines than one document may hold: refused, nothing converted.
    const long = Array.from({ length: 600 }, (_, index) => ({ description: `Teil ${index}`, quantity: 1, unitPrice: '1', lineType: 'PRODUCT' }))
    const big = [await opened('delivery-notes', { lines: long }), await opened('delivery-notes', { lines: long })]
    const tooMany = await tenant.api.post('/delivery-notes/convert', { deliveryNoteIds: big.map((each) => each.id) })
    assert.deepEqual([tooMany.status, tooMany.body.code, tooMany.body.field], [400, 'validation_failed', 'deliveryNoteIds'])
    assert.deepEqual((await tenant.api.get(`/delivery-notes/${big[0].id}`)).body.data.derivedDocuments, [])
  })

  it('duplicates a quote, keeping the validity distance', async () => {
    const quote = await create('quotes', { issueDate: '2026-01-10', validUntil: '2026-01-25' })
    const copy = await tenant.api.post(`/quotes/${quote.id}/duplicate`, {})
    assert.equal(copy.status, 201, copy.text)
    documented('POST', '/api/v1/quotes/{id}/duplicate', copy)
    const { issueDate, validUntil } = copy.body.data
    assert.equal((Date.parse(validUntil) - Date.parse(issueDate)) / 86_400_000, 15)
    const noDuplicate = await tenant.api.post(`/orders/${quote.id}/duplicate`, {})
    assert.equal(noDuplicate.status, 404)
  })

  it('draws and mails quotes, order confirmations and delivery notes; orders have neither', async () => {
    const quote = await create('quotes')
    const pdf = await tenant.api.get(`/quotes/${quote.id}/pdf`)
    assert.equal(pdf.status, 200)
    assert.equal(pdf.headers.get('content-type'), 'application/pdf')
    assert.equal(pdf.headers.get('x-pdf-source'), 'generated')
    const sent = await tenant.api.post(`/quotes/${quote.id}/send`, {})
    assert.equal(sent.status, 200, sent.text)
    documented('POST', '/api/v1/quotes/{id}/send', sent)
    assert.deepEqual([sent.body.data.status, sent.body.data.sentTo], ['OPEN', 'kunde@example.com'])
    assert.match(sent.body.data.number, /^AN-/)
    const rejected = await tenant.api.put(`/quotes/${quote.id}`, { status: 'REJECTED' })
    assert.equal(rejected.status, 200)
    const refused = await tenant.api.post(`/quotes/${quote.id}/send`, {})
    assert.deepEqual([refused.status, refused.body.code], [409, 'status_conflict'])
    const order = await create('orders')
    assert.equal((await tenant.api.get(`/orders/${order.id}/pdf`)).status, 404)
    assert.equal((await tenant.api.post(`/orders/${order.id}/send`, {})).status, 404)
  })

  it('lists the new number ranges and refuses to delete a customer that has quotes', async () => {
    const ranges = (await tenant.api.get('/company/number-ranges')).body.data.map((range: { type: string }) => range.type)
    for (const type of ['QUOTE', 'ORDER_CONFIRMATION', 'DELIVERY_NOTE', 'ORDER']) assert.ok(ranges.includes(type), type)
    const usage = await tenant.api.get('/company/usage')
    documented('GET', '/api/v1/company/usage', usage)
    const { used, byDocumentType } = usage.body.data.documents
    assert.ok(byDocumentType.QUOTE >= 1 && byDocumentType.ORDER_CONFIRMATION >= 1 && byDocumentType.DELIVERY_NOTE >= 1, JSON.stringify(byDocumentType))
    assert.equal(byDocumentType.ORDER, undefined, 'orders never count')
    assert.equal(Object.values(byDocumentType as Record<string, number>).reduce((sum, count) => sum + count, 0), used)
    const customer = (await tenant.api.post('/customers', { name: 'Nur Angebot' })).body.data
    await tenant.api.post('/quotes', { customerId: customer.id, lines })
    const deleted = await tenant.api.delete(`/customers/${customer.id}`)
    assert.deepEqual([deleted.status, deleted.body.code], [409, 'customer_in_use'])
  })
})
