import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { createTenant, type Tenant } from '../support/tenant'
import { startTestApp, type TestApp } from '../support/test-app'

// PostgreSQL cannot store U+0000 in text or jsonb; every database refuses it alike, as a 400.
describe('strings with the character U+0000', () => {
  let app: TestApp
  let tenant: Tenant
  let customerId: string
  before(async () => {
    app = await startTestApp()
    tenant = await createTenant(app, { plan: 'ENTERPRISE' })
    customerId = (await tenant.api.post('/customers', { name: 'Kunde AG' })).body.data.id
  })
  after(() => app.stop())

  const refused = (response: { status: number; body: any; text: string }, field: string) => {
    assert.equal(response.status, 400, response.text)
    assert.equal(response.body.code, 'validation_failed')
    assert.equal(response.body.field, field)
    assert.match(response.body.error, /must not contain the character U\+0000/)
  }

  it('are refused in a JSON body at any depth, naming the field, and nothing is written', async () => {
    refused(await tenant.api.post('/customers', { name: 'Kunde\u0000AG' }), 'name')
    refused(await tenant.api.put(`/customers/${customerId}`, { city: 'Berlin\u0000' }), 'city')
    const lines = [{ description: 'Beratung', unitPrice: '1' }]
    refused(await tenant.api.post('/invoices', { customerId, lines, metadata: { crm: { tags: ['ok', 'b\u0000d'] } } }), 'metadata.crm.tags.1')
    refused(await tenant.api.post('/invoices', { customerId, lines, metadata: { 'k\u0000y': 'v' } }), 'metadata.k\\u0000y')
    refused(await tenant.api.post('/invoices', { customerId, lines: [...lines, { description: '\u0000', unitPrice: '1' }] }), 'lines.1.description')
    const customers = (await tenant.api.get('/customers')).body.data
    assert.deepEqual(customers.map((customer: any) => [customer.name, customer.city ?? null]), [['Kunde AG', null]])
    assert.equal((await tenant.api.get('/invoices')).body.pagination.total, 0)
    // The same request without the character is taken.
    assert.equal((await tenant.api.post('/invoices', { customerId, lines, metadata: { crm: { tags: ['ok', 'bad'] } } })).status, 201)
  })

  it('are refused in path and query parameters, naming them', async () => {
    refused(await tenant.api.get('/customers/%00'), 'id')
    refused(await tenant.api.get(`/invoices/x%00y/payments`), 'id')
    refused(await tenant.api.get('/customers?search=a%00'), 'search')
    refused(await tenant.api.get('/invoices?status=DRAFT&customer_id=%00'), 'customer_id')
  })
})
