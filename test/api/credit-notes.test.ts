import assert from 'node:assert/strict'
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { after, before, describe, it } from 'node:test'
import { companyActor } from '@invoicing/core'
import { apiClient } from '../support/api-client'
import { documentedResponses } from '../support/documented'
import { createTenant, type Tenant } from '../support/tenant'
import { startTestApp, type TestApp } from '../support/test-app'

describe('credit notes', () => {
  let app: TestApp
  let tenant: Tenant
  let customerId: string
  let documented: ReturnType<typeof documentedResponses>
  before(async () => {
    app = await startTestApp({ access: { requestsPerMinute: 10_000 } })
    tenant = await createTenant(app, { name: 'Gutschrift GmbH', email: 'buero@gutschrift.example', vatId: 'DE123456789' })
    documented = documentedResponses((await tenant.api.get('/openapi.json')).body)
    customerId = (await tenant.api.post('/customers', { name: 'Partner KG', email: 'partner@example.de', iban: 'DE89 3704 0044 0532 0130 00' })).body.data.id
  })
  after(() => app.stop())

  const create = (body: unknown, headers?: Record<string, string>) => tenant.api.post('/credit-notes', body, headers)
  const standalone = async (lines: unknown[] = [{ description: 'Provision März', quantity: 2, unit_price: '50' }]) => {
    const response = await create({ recipient_id: customerId, reason: 'COMMISSION', lines })
    assert.equal(response.status, 201, response.text)
    return response.body.data
  }
  /** An invoice of 119.00 gross per line (100 net at 19 %), moved to `status`. */
  const invoice = async (status: 'SENT' | 'FINAL' | 'DRAFT' = 'SENT', lines: unknown[] = [{ description: 'Beratung', unitPrice: '100' }]) => {
    const created = (await tenant.api.post('/invoices', { customerId, lines })).body.data
    if (status !== 'DRAFT') await tenant.api.put(`/invoices/${created.id}`, { status })
    return created
  }

  it('creates a standalone draft: snake_case with camelCase aliases, negative amounts, a positive PENDING payout', async () => {
    const response = await create({ recipient_id: customerId, reason: 'COMMISSION', lines: [{ description: 'Provision März', quantity: 2, unit_price: '50' }] })
    assert.equal(response.status, 201, response.text)
    documented('POST', '/api/v1/credit-notes', response)
    const note = response.body.data
    assert.match(note.invoice_number, /^ENTWURF-/)
    assert.equal(note.invoiceNumber, note.invoice_number)
    assert.equal(note.numberIssued, false)
    assert.equal(note.credit_note_reason, 'COMMISSION')
    assert.equal(note.creditNoteReason, 'COMMISSION')
    assert.equal(note.status, 'DRAFT')
    assert.deepEqual([note.net_total, note.tax_total, note.gross_total, note.grossTotal], [-100, -19, -119, -119])
    assert.deepEqual([note.lines[0].quantity, note.lines[0].net_amount, note.lines[0].netAmount], [-2, -100, -100])
    assert.deepEqual({ status: note.payout.status, amount: note.payout.amount }, { status: 'PENDING', amount: 119 })
    assert.equal(note.recipient.name, 'Partner KG')
    assert.equal(note.recipient_id, customerId)
    assert.equal(note.parent_invoice_id, null)
    assert.equal(typeof note.created_at, 'string')
  })

  it('answers bad input with clear errors and nothing stored', async () => {
    const before = (await tenant.api.get('/credit-notes')).body.pagination.total
    const cases: [unknown, number, string, string?][] = [
      [{ recipient_id: customerId, lines: [{ description: 'x' }], reason: 'CANCELLATION' }, 400, 'validation_failed', 'reason'],
      [{ recipient_id: customerId, lines: [{ description: 'x' }], reason: 'GIFT' }, 400, 'validation_failed', 'reason'],
      [{ lines: [{ description: 'x' }] }, 400, 'validation_failed', 'recipient_id'],
      [{ recipient_id: customerId }, 400, 'validation_failed', 'lines'],
      [{ recipient_id: customerId, lines: [{ description: 'x', quantity: -1 }] }, 400, 'validation_failed', 'lines.0.quantity'],
      [{}, 400, 'validation_failed', 'recipient_id'],
      [{ recipient_id: 'missing', lines: [{ description: 'x' }] }, 404, 'not_found'],
      [{ parent_invoice_id: 'missing' }, 404, 'not_found'],
    ]
    for (const [body, status, code, field] of cases) {
      const response = await create(body)
      assert.equal(response.status, status, `${JSON.stringify(body)}: ${response.text}`)
      assert.equal(response.body.code, code, JSON.stringify(body))
      if (field) assert.equal(response.body.field, field, JSON.stringify(body))
    }
    assert.equal((await create({ recipient_id: customerId, lines: [{}], reason: 'X' })).body.allowedValues.includes('PAYOUT'), true)
    assert.equal((await tenant.api.get('/credit-notes')).body.pagination.total, before)
  })

  it('credits an invoice in part, only once it was SENT, PAID or OVERDUE, and never beyond its total', async () => {
    const draft = await invoice('DRAFT')
    const refused = await create({ parent_invoice_id: draft.id })
    assert.equal(refused.status, 409)
    assert.equal(refused.body.code, 'status_conflict')

    const source = await invoice('SENT', [{ description: 'Stühle', quantity: 4, unitPrice: '25', discount: '10' }, { description: 'Tisch', unitPrice: '200' }])
    const stored = (await tenant.api.get(`/invoices/${source.id}`)).body.data
    const partial = await create({ parentInvoiceId: stored.id, reason: 'RETURN', partial_lines: [{ line_id: stored.lines[0].id, quantity: 2 }] })
    assert.equal(partial.status, 201, partial.text)
    const note = partial.body.data
    assert.equal(note.parent_invoice_id, stored.id)
    assert.equal(note.recipient_id, customerId)
    assert.deepEqual(note.lines.map((line: any) => [line.description, line.quantity, line.discount, line.net_amount]), [['Stühle', -2, -5, -45]])
    assert.deepEqual([note.gross_total, note.payout.amount], [-53.55, 53.55])
    assert.deepEqual([note.lines[0].credited_line_id, note.lines[0].creditedLineId], [stored.lines[0].id, stored.lines[0].id])
    const twice = await create({ parent_invoice_id: stored.id, partial_lines: [{ line_id: stored.lines[0].id, quantity: 3 }] })
    assert.equal(twice.status, 409, twice.text)
    assert.deepEqual([twice.body.code, twice.body.lineId, twice.body.creditableQuantity], ['credit_exceeds_invoice', stored.lines[0].id, 2])
    // A correction keeps the credited line, and may not take away what is credited of it.
    const shrink = await tenant.api.post(`/invoices/${stored.id}/correct`, {
      change_reason: 'Nur ein Stuhl geliefert', lines: [{ description: 'Stühle', quantity: 1, unit_price: '25', tax_rate: 19 }, { description: 'Tisch', unit_price: '200', tax_rate: 19 }],
    })
    assert.equal(shrink.status, 409, shrink.text)
    assert.deepEqual([shrink.body.code, shrink.body.lineId, shrink.body.creditNoteIds], ['credit_exceeds_invoice', stored.lines[0].id, [note.id]])
    assert.equal((await tenant.api.post(`/invoices/${stored.id}/correct`, { change_reason: 'Bestellnummer nachgetragen', order_number: 'B-77' })).status, 200)
    assert.deepEqual((await tenant.api.get(`/invoices/${stored.id}`)).body.data.lines.map((line: any) => line.id), stored.lines.map((line: any) => line.id))

    // 345.10 gross invoiced, 53.55 credited: 291.55 is left.
    const beyond = await create({ parent_invoice_id: stored.id, lines: [{ description: 'Kulanz', unitPrice: '245.05' }] })
    assert.equal(beyond.status, 409)
    assert.equal(beyond.body.code, 'credit_exceeds_invoice')
    assert.equal(beyond.body.creditableAmount, 291.55)
    const exactRest = await create({ parent_invoice_id: stored.id, lines: [{ description: 'Rest', unitPrice: '245' }] })
    assert.equal(exactRest.status, 201, exactRest.text)
    assert.equal(exactRest.body.data.gross_total, -291.55)
    const wrongCurrency = await create({ parent_invoice_id: stored.id, currency: 'USD' })
    assert.equal(wrongCurrency.status, 400)
    assert.equal(wrongCurrency.body.field, 'currency')
  })

  it('lists credit notes with the payout filter applied before pagination, has_more and hasMore', async () => {
    const own = await createTenant(app, { name: 'Liste GmbH' })
    const recipient = (await own.api.post('/customers', { name: 'Empfänger' })).body.data.id
    const ids: string[] = []
    for (let index = 0; index < 4; index++) {
      ids.push((await own.api.post('/credit-notes', { recipient_id: recipient, lines: [{ description: `Nr. ${index}`, unitPrice: 10 }] })).body.data.id)
    }
    for (const id of ids.slice(0, 3)) assert.equal((await own.api.put(`/credit-notes/${id}/payout`, { status: 'APPROVED' })).status, 200)
    const page = await own.api.get('/credit-notes?payout_status=approved&limit=2')
    assert.equal(page.status, 200, page.text)
    documented('GET', '/api/v1/credit-notes', page)
    assert.deepEqual(page.body.pagination, { total: 3, limit: 2, offset: 0, hasMore: true, has_more: true })
    assert.ok(page.body.data.every((item: any) => item.payout.status === 'APPROVED'))
    const last = await own.api.get('/credit-notes?payout_status=APPROVED&limit=2&offset=2')
    assert.deepEqual([last.body.data.length, last.body.pagination.has_more], [1, false])
    assert.equal((await own.api.get(`/credit-notes?customer_id=${recipient}&status=draft`)).body.pagination.total, 4)
    assert.equal((await own.api.get('/credit-notes?payout_status=PENDING')).body.pagination.total, 1)
    for (const query of ['status=OPEN', 'payout_status=PAID']) {
      const bad = await own.api.get(`/credit-notes?${query}`)
      assert.equal(bad.status, 400, query)
      assert.ok(Array.isArray(bad.body.allowedValues), query)
    }
  })

  it('reads one credit note and answers 404 for invoices and other companies’ credit notes', async () => {
    const note = await standalone()
    const read = await tenant.api.get(`/credit-notes/${note.id}`)
    assert.equal(read.status, 200, read.text)
    documented('GET', '/api/v1/credit-notes/{id}', read)
    assert.equal(read.body.data.recipient.customer_number, read.body.data.recipient.customerNumber)
    assert.equal((await tenant.api.get(`/credit-notes/${(await invoice()).id}`)).status, 404)
    const stranger = await createTenant(app, { name: 'Fremd GmbH' })
    assert.equal((await stranger.api.get(`/credit-notes/${note.id}`)).status, 404)
    assert.equal((await stranger.api.put(`/credit-notes/${note.id}/payout`, { status: 'APPROVED' })).status, 404)
  })

  it('updates a draft, approves and executes the payout, which issues, locks and archives it', async () => {
    const note = await standalone()
    const updated = await tenant.api.put(`/credit-notes/${note.id}`, { reason: 'GOODWILL', lines: [{ description: 'Kulanz', quantity: 1, unit_price: 80 }], notes: 'intern' })
    assert.equal(updated.status, 200, updated.text)
    documented('PUT', '/api/v1/credit-notes/{id}', updated)
    assert.deepEqual([updated.body.data.credit_note_reason, updated.body.data.gross_total, updated.body.data.payout.amount], ['GOODWILL', -95.2, 95.2])

    const early = await tenant.api.post(`/credit-notes/${note.id}/execute`, {})
    assert.equal(early.status, 400)
    assert.equal(early.body.code, 'invalid_status_transition')
    assert.deepEqual(early.body.allowedTransitions, ['APPROVED', 'CANCELLED'])

    const approved = await tenant.api.put(`/credit-notes/${note.id}/payout`, { status: 'APPROVED', note: 'OK Chefin' })
    assert.equal(approved.status, 200, approved.text)
    documented('PUT', '/api/v1/credit-notes/{id}/payout', approved)
    assert.equal(approved.body.data.payout.status, 'APPROVED')

    const executed = await tenant.api.post(`/credit-notes/${note.id}/execute`, { reference: 'SEPA-4711' })
    assert.equal(executed.status, 200, executed.text)
    documented('POST', '/api/v1/credit-notes/{id}/execute', executed)
    const issued = executed.body.data
    assert.match(issued.invoice_number, /^GS-\d{4}-\d{5}$/)
    assert.deepEqual([issued.status, issued.number_issued, issued.payout.status, issued.payout.reference, issued.payout.note], ['FINAL', true, 'EXECUTED', 'SEPA-4711', 'OK Chefin'])
    assert.equal(issued.payout.executed_at, issued.locked_at)

    const versions = (await tenant.api.get(`/invoices/${note.id}/versions`)).body.data
    assert.deepEqual(versions.versions.map((version: any) => version.changeType), ['INITIAL'])
    const asInvoice = (await tenant.api.get(`/invoices/${note.id}`)).body.data
    assert.deepEqual([asInvoice.invoiceType, asInvoice.payout.status, asInvoice.payout.amount], ['CREDIT_NOTE', 'EXECUTED', 95.2])

    const locked = await tenant.api.put(`/credit-notes/${note.id}`, { notes: 'später' })
    assert.equal(locked.status, 400)
    assert.equal(locked.body.code, 'content_locked')
    const cancel = await tenant.api.post(`/invoices/${note.id}/cancel`, {})
    assert.equal(cancel.status, 409)
    assert.equal(cancel.body.code, 'status_conflict')
    const again = await tenant.api.put(`/credit-notes/${note.id}/payout`, { status: 'FAILED' })
    assert.equal(again.status, 400)
    assert.deepEqual(again.body.allowedTransitions, [])
  })

  it('executes a payout once when the same request arrives in parallel, taking one number', async () => {
    const note = await standalone()
    await tenant.api.put(`/credit-notes/${note.id}/payout`, { status: 'APPROVED' })
    const nextCreditNoteNumber = async () =>
      (await tenant.api.get('/company/number-ranges')).body.data.find((range: any) => range.type === 'CREDIT_NOTE').nextNumber
    const expected = await nextCreditNoteNumber()
    const responses = await Promise.all(Array.from({ length: 5 }, () => tenant.api.post(`/credit-notes/${note.id}/execute`, {})))
    assert.deepEqual(responses.map((response) => response.status).sort(), [200, 400, 400, 400, 400])
    assert.equal(responses.find((response) => response.status === 200)!.body.data.invoice_number, expected)
    assert.notEqual(await nextCreditNoteNumber(), expected)
    const issued = (await tenant.api.get('/credit-notes?status=FINAL&limit=100')).body.data.filter((item: any) => item.invoice_number === expected)
    assert.equal(issued.length, 1)
  })

  it('sends a credit note: its number from the credit-note range, the mail in the outbox', async () => {
    const note = await standalone()
    const sent = await tenant.api.post(`/credit-notes/${note.id}/send`, {})
    assert.equal(sent.status, 200, sent.text)
    documented('POST', '/api/v1/credit-notes/{id}/send', sent)
    assert.match(sent.body.data.invoice_number, /^GS-\d{4}-\d{5}$/)
    assert.deepEqual([sent.body.data.status, sent.body.data.sent_to], ['sent', 'partner@example.de'])
    assert.ok(readdirSync(join(app.dataDir, 'outbox')).some((file) => file.endsWith('.eml')))
    const read = (await tenant.api.get(`/credit-notes/${note.id}`)).body.data
    assert.deepEqual([read.status, read.invoice_number], ['SENT', sent.body.data.invoice_number])
    const cancelled = await tenant.api.put(`/credit-notes/${note.id}`, { status: 'CANCELLED' })
    assert.equal(cancelled.status, 200, cancelled.text)
    assert.deepEqual([cancelled.body.data.status, cancelled.body.data.payout.status], ['CANCELLED', 'CANCELLED'])
  })

  it('needs invoices:write to change and invoices:read to read', async () => {
    const reader = (await app.invoicing.apiKeys.create(companyActor(tenant.company.id), { scopes: ['invoices:read'] })).secret
    const api = apiClient(app.target, reader)
    const refused = await api.post('/credit-notes', { recipient_id: customerId, lines: [{ description: 'x' }] })
    assert.equal(refused.status, 403)
    assert.deepEqual(refused.body.requiredScopes, ['invoices:write'])
    assert.equal((await api.get('/credit-notes')).status, 200)
  })

  it('replays a creation with the same Idempotency-Key and emits one credit_note.created', async () => {
    const headers = { 'Idempotency-Key': 'credit-note-replay-1' }
    const body = { recipient_id: customerId, lines: [{ description: 'Einmal', unitPrice: 5 }] }
    const [first, second] = await Promise.all([create(body, headers), create(body, headers)])
    assert.deepEqual([first.status, second.status], [201, 201])
    assert.equal(first.body.data.id, second.body.data.id)
    const outbox = await app.storage.events.list(tenant.company.id, { limit: 100, offset: 0 })
    assert.equal(outbox.items.filter((event) => event.type === 'credit_note.created' && event.data.id === first.body.data.id).length, 1)
  })
})
