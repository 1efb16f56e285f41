import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { companyActor } from '@invoicing/core'
import { apiClient } from '../support/api-client'
import { documentedResponses } from '../support/documented'
import { createTenant, type Tenant } from '../support/tenant'
import { startTestApp, type TestApp } from '../support/test-app'

describe('the audit log', () => {
  let app: TestApp
  let owner: Tenant
  let documented: ReturnType<typeof documentedResponses>
  before(async () => {
    app = await startTestApp({ access: { requestsPerMinute: 10_000 } })
    owner = await createTenant(app, { name: 'Revision GmbH' })
    documented = documentedResponses((await owner.api.get('/openapi.json')).body)
  })
  after(() => app.stop())

  const ownerKeyId = async () => (await app.invoicing.apiKeys.list(companyActor(owner.company.id)))[0]!.id

  it('records each API action on a document with its key, newest first, and attributes cancellations to the owner', async () => {
    const clerk = await app.invoicing.apiKeys.create(companyActor(owner.company.id), { name: 'Buchhaltung' })
    const api = apiClient(app.target, clerk.secret)
    const customerId = (await api.post('/customers', { name: 'Kunde' })).body.data.id
    const invoice = (await api.post('/invoices', { customerId, lines: [{ description: 'Beratung', unitPrice: 100 }] })).body.data
    await api.put(`/invoices/${invoice.id}`, { status: 'SENT' })
    await api.post(`/invoices/${invoice.id}/payments`, { amount: 19 })
    await api.post(`/invoices/${invoice.id}/cancel`, { createStorno: false })

    const response = await owner.api.get(`/audit-log?target_id=${invoice.id}`)
    assert.equal(response.status, 200, response.text)
    documented('GET', '/api/v1/audit-log', response)
    const entries = response.body.data
    assert.deepEqual(entries.map((entry: any) => entry.action), [
      'INVOICE_CANCELLED_VIA_API', 'PAYMENT_RECORDED_VIA_API', 'INVOICE_UPDATED_VIA_API', 'INVOICE_NUMBER_ISSUED', 'INVOICE_CREATED_VIA_API',
    ])
    assert.ok(entries.every((entry: any) => entry.apiKeyId === clerk.apiKey.id && entry.targetId === invoice.id && entry.targetType === 'invoice'))
    assert.equal(entries[0].details.attributedToApiKeyId, await ownerKeyId())
    assert.deepEqual([entries[2].details.fromStatus, entries[2].details.toStatus], ['DRAFT', 'SENT'])

    const customerEntries = (await owner.api.get(`/audit-log?target_id=${customerId}`)).body.data
    assert.deepEqual(customerEntries.map((entry: any) => [entry.action, entry.targetType, entry.apiKeyId]), [['CUSTOMER_CREATED_VIA_API', 'customer', clerk.apiKey.id]])

    const payments = await owner.api.get('/audit-log?action=payment_recorded_via_api')
    assert.equal(payments.body.pagination.total, 1)
    assert.equal(payments.body.data[0].action, 'PAYMENT_RECORDED_VIA_API')
  })

  it('pages, refuses unknown actions, needs company:read and shows nothing of other companies', async () => {
    const page = await owner.api.get('/audit-log?limit=2&offset=1')
    assert.equal(page.body.data.length, 2)
    assert.equal(page.body.pagination.hasMore, page.body.pagination.total > 3)
    const bad = await owner.api.get('/audit-log?action=INVOICE_EATEN')
    assert.equal(bad.status, 400)
    assert.ok(bad.body.allowedValues.includes('INVOICE_CREATED_VIA_API'))

    const reader = await app.invoicing.apiKeys.create(companyActor(owner.company.id), { scopes: ['invoices:read'] })
    const refused = await apiClient(app.target, reader.secret).get('/audit-log')
    assert.equal(refused.status, 403)
    assert.deepEqual(refused.body.requiredScopes, ['company:read'])

    const stranger = await createTenant(app, { name: 'Fremd GmbH' })
    assert.equal((await stranger.api.get('/audit-log')).body.pagination.total, 0)
  })
})
