import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { apiClient } from '../support/api-client'
import { createTenant, type Tenant } from '../support/tenant'
import { startTestApp, type TestApp } from '../support/test-app'

/**
 * Conversions check what remains of a line in the transaction that stores the new document:
 * ten partial conversions at once, spread over two engines on one database (two hosts), never
 * convert more than the line holds.
 */
describe('concurrent conversions of one source', () => {
  let app: TestApp
  let second: TestApp
  let tenant: Tenant
  before(async () => {
    app = await startTestApp({ access: { requestsPerMinute: 100_000 } })
    second = await app.startAnother()
    tenant = await createTenant(app, { name: 'Parallel GmbH' })
  })
  after(async () => {
    await second.stop()
    await app.stop()
  })

  it('ten parallel partial conversions of 3 from a line of 20 leave 6 converted and 4 refused with what remains', async () => {
    const hosts = [tenant.api, apiClient(second.target, tenant.key)]
    const customerId = (await tenant.api.post('/customers', { name: 'Kunde AG' })).body.data.id
    const order = (await tenant.api.post('/orders', { customerId, lines: [{ description: 'Schraube', quantity: 20, unitPrice: '0.5', lineType: 'PRODUCT' }] })).body.data
    const lineId = order.lines[0].id
    const answers = await Promise.all(Array.from({ length: 10 }, (_, index) =>
      hosts[index % 2]!.post(`/orders/${order.id}/convert`, { target: 'DELIVERY_NOTE', partialLines: [{ lineId, quantity: 3 }] })))
    const created = answers.filter((answer) => answer.status === 201)
    const refused = answers.filter((answer) => answer.status !== 201)
    assert.equal(created.length, 6, answers.map((answer) => answer.status).join(','))
    for (const answer of refused) {
      assert.deepEqual([answer.status, answer.body.code, answer.body.remaining], [400, 'quantity_exceeds_remaining', 2], answer.text)
    }
    const read = (await hosts[1]!.get(`/orders/${order.id}`)).body.data
    assert.deepEqual(read.lines[0].convertedQuantities, { DELIVERY_NOTE: 18 })
    assert.equal(read.derivedDocuments.length, 6)
    const rest = await tenant.api.post(`/orders/${order.id}/convert`, { target: 'DELIVERY_NOTE' })
    assert.equal(rest.body.data.lines[0].quantity, 2)
  })
})
