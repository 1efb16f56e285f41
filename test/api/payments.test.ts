import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { documentedResponses } from '../support/documented'
import { createTenant, type Tenant } from '../support/tenant'
import { startTestApp, type TestApp } from '../support/test-app'

describe('payments', () => {
  let app: TestApp
  let tenant: Tenant
  let customerId: string
  let documented: ReturnType<typeof documentedResponses>
  before(async () => {
    app = await startTestApp({ access: { requestsPerMinute: 10_000 } })
    tenant = await createTenant(app, { name: 'Zahlungen GmbH' })
    documented = documentedResponses((await tenant.api.get('/openapi.json')).body)
    customerId = (await tenant.api.post('/customers', { name: 'Kunde AG' })).body.data.id
  })
  after(() => app.stop())

  /** An issued invoice of 119.00 gross (100 net at 19 %). */
  async function issued(status: 'FINAL' | 'SENT' = 'SENT', lines: unknown[] = [{ description: 'Beratung', unitPrice: '100' }]) {
    const created = (await tenant.api.post('/invoices', { customerId, lines })).body.data
    await tenant.api.put(`/invoices/${created.id}`, { status })
    return created.id as string
  }
  const pay = (id: string, body: unknown) => tenant.api.post(`/invoices/${id}/payments`, body)

  it('records partial payments that sum to the gross total and then marks the invoice PAID', async () => {
    const id = await issued()
    const first = await pay(id, { amount: 19, payment_method: 'bank-transfer', payment_date: '2026-03-01', reference: 'TX-1' })
    assert.equal(first.status, 201, first.text)
    documented('POST', '/api/v1/invoices/{id}/payments', first)
    assert.equal(first.body.data.invoice_status, 'sent')
    assert.equal(first.body.data.invoiceStatus, 'sent')
    assert.equal(first.body.data.total_paid, 19)
    assert.equal(first.body.data.amount_due, 100)
    assert.equal(first.body.data.payment_method, 'BANK_TRANSFER')
    assert.equal(first.body.data.paymentDate, '2026-03-01')

    const second = await pay(id, { amount: '100.00', paymentMethod: 'Credit-Card', paymentDate: '2026-03-05' })
    assert.equal(second.status, 201, second.text)
    assert.equal(second.body.data.invoice_status, 'paid')
    assert.equal(second.body.data.amount_due, 0)
    const invoice = (await tenant.api.get(`/invoices/${id}`)).body.data
    assert.equal(invoice.status, 'PAID')
    assert.equal(invoice.paidAt, '2026-03-05T00:00:00.000Z')
    assert.equal(invoice.paidAmount, 119)
    assert.equal(invoice.payments.length, 2)

    const listed = await tenant.api.get(`/invoices/${id}/payments`)
    documented('GET', '/api/v1/invoices/{id}/payments', listed)
    assert.deepEqual({ ...listed.body.data, payments: listed.body.data.payments.map((payment: any) => payment.payment_date) }, {
      invoice_id: id, invoiceId: id, invoice_number: invoice.invoiceNumber, invoiceNumber: invoice.invoiceNumber,
      gross_total: 119, grossTotal: 119, total_paid: 119, totalPaid: 119, amount_due: 0, amountDue: 0, currency: 'EUR', payments: ['2026-03-05', '2026-03-01'],
    })
  })

  it('accepts up to 0.01 more than outstanding and refuses 0.02 with 409 amount_exceeds_remaining', async () => {
    const id = await issued()
    const over = await pay(id, { amount: 119.02 })
    assert.equal(over.status, 409)
    assert.equal(over.body.code, 'amount_exceeds_remaining')
    const tolerated = await pay(id, { amount: 119.01 })
    assert.equal(tolerated.status, 201, tolerated.text)
    assert.equal(tolerated.body.data.invoice_status, 'paid')
    assert.equal(tolerated.body.data.amount_due, 0)
  })

  it('takes the invoice back to SENT when a payment of a PAID invoice is deleted or reduced, and PAID again on PUT', async () => {
    const id = await issued()
    const payment = (await pay(id, { amount: 119 })).body.data
    const reduced = await tenant.api.put(`/invoices/${id}/payments/${payment.id}`, { amount: 100 })
    assert.equal(reduced.status, 200, reduced.text)
    documented('PUT', '/api/v1/invoices/{id}/payments/{paymentId}', reduced)
    assert.equal(reduced.body.data.invoice_status, 'sent')
    let invoice = (await tenant.api.get(`/invoices/${id}`)).body.data
    assert.equal(invoice.status, 'SENT')
    assert.equal(invoice.paidAt, null)

    const completed = await tenant.api.put(`/invoices/${id}/payments/${payment.id}`, { amount: 119, payment_date: '2026-04-01' })
    assert.equal(completed.body.data.invoice_status, 'paid')
    assert.equal((await tenant.api.get(`/invoices/${id}`)).body.data.paidAt, '2026-04-01T00:00:00.000Z')

    const deleted = await tenant.api.delete(`/invoices/${id}/payments/${payment.id}`)
    assert.equal(deleted.status, 200, deleted.text)
    documented('DELETE', '/api/v1/invoices/{id}/payments/{paymentId}', deleted)
    const number = invoice.invoiceNumber
    assert.deepEqual(deleted.body, { data: {
      id: payment.id, deleted: true,
      invoice_id: id, invoiceId: id, invoice_number: number, invoiceNumber: number, invoice_status: 'sent', invoiceStatus: 'sent',
      total_paid: 0, totalPaid: 0, amount_due: 119, amountDue: 119,
    } })
    invoice = (await tenant.api.get(`/invoices/${id}`)).body.data
    assert.equal(invoice.status, 'SENT')
    assert.equal(invoice.paidAt, null)
    assert.equal(invoice.paidAmount, 0)
  })

  it('answers every bad input with a JSON error', async () => {
    const id = await issued()
    for (const body of [{}, { amount: 0 }, { amount: -5 }, { amount: 'viel' }, { amount: 1.001 }, { amount: 5, payment_date: '2026-02-30' }]) {
      const response = await pay(id, body)
      assert.equal(response.status, 400, JSON.stringify(body))
      assert.equal(response.body.code, 'validation_failed')
    }
    const method = await pay(id, { amount: 5, payment_method: 'bitcoin' })
    assert.equal(method.status, 400)
    assert.deepEqual(method.body.allowedValues, ['BANK_TRANSFER', 'CASH', 'CREDIT_CARD', 'PAYPAL', 'OTHER'])

    const draft = (await tenant.api.post('/invoices', { customerId, lines: [{ description: 'x', unitPrice: '1' }] })).body.data
    const onDraft = await pay(draft.id, { amount: 1 })
    assert.equal(onDraft.status, 400)
    assert.equal(onDraft.body.code, 'invoice_status')
    assert.equal((await pay('missing', { amount: 1 })).status, 404)
    assert.equal((await tenant.api.put(`/invoices/${id}/payments/missing`, { amount: 1 })).status, 404)
    assert.equal((await tenant.api.delete(`/invoices/${id}/payments/missing`)).status, 404)
    const foreign = await createTenant(app, { name: 'Fremd GmbH' })
    assert.equal((await foreign.api.get(`/invoices/${id}/payments`)).status, 404)
  })

  it('pays a FINAL invoice straight to PAID, freezes the payments of a cancelled one and still lets them be deleted', async () => {
    const id = await issued('FINAL')
    const payment = (await pay(id, { amount: 50 })).body.data
    await tenant.api.post(`/invoices/${id}/cancel`, {})
    const frozen = await tenant.api.put(`/invoices/${id}/payments/${payment.id}`, { amount: 40 })
    assert.equal(frozen.status, 409)
    assert.equal(frozen.body.code, 'invoice_cancelled')
    assert.equal((await pay(id, { amount: 1 })).body.code, 'invoice_status')
    const deleted = await tenant.api.delete(`/invoices/${id}/payments/${payment.id}`)
    assert.equal(deleted.status, 200, deleted.text)
    documented('DELETE', '/api/v1/invoices/{id}/payments/{paymentId}', deleted)
    assert.equal(deleted.body.data.id, payment.id)
    assert.equal(deleted.body.data.deleted, true)
    assert.equal(deleted.body.data.invoice_status, 'cancelled')
    assert.equal(deleted.body.data.totalPaid, 0)
    assert.deepEqual((await tenant.api.get(`/invoices/${id}/payments`)).body.data.payments, [])
    assert.equal((await tenant.api.get(`/invoices/${id}`)).body.data.status, 'CANCELLED')

    const direct = await issued('FINAL')
    assert.equal((await pay(direct, { amount: 119 })).body.data.invoice_status, 'paid')
  })

  it('counts every one of concurrent payments exactly once and never overpays', async () => {
    const id = await issued()
    const responses = await Promise.all(Array.from({ length: 6 }, () => pay(id, { amount: 40 })))
    assert.deepEqual(responses.map((response) => response.status).sort(), [201, 201, 409, 409, 409, 409])
    const listed = (await tenant.api.get(`/invoices/${id}/payments`)).body.data
    assert.equal(listed.total_paid, 80)
    assert.equal(listed.amount_due, 39)
  })
})
