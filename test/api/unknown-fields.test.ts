import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { documentedResponses } from '../support/documented'
import { createTenant, type Tenant } from '../support/tenant'
import { startTestApp, type TestApp } from '../support/test-app'

describe('unknown query parameters and body fields', () => {
  let app: TestApp
  let tenant: Tenant
  let document: any
  let documented: ReturnType<typeof documentedResponses>
  let customerId: string
  before(async () => {
    app = await startTestApp()
    tenant = await createTenant(app)
    document = (await tenant.api.get('/openapi.json')).body
    documented = documentedResponses(document)
    customerId = (await tenant.api.post('/customers', { name: 'Kunde AG' })).body.data.id
  })
  after(() => app.stop())

  const ignored = (response: { headers: Headers }) => response.headers.get('invoicing-ignored-fields')

  it('refuses an unknown query parameter with 400 unknown_parameter naming it, also where a route takes no query', async () => {
    const misspelt = await tenant.api.get('/invoices?statuss=SENT&limit=5')
    assert.equal(misspelt.status, 400, misspelt.text)
    assert.equal(misspelt.body.code, 'unknown_parameter')
    assert.deepEqual(misspelt.body.parameters, ['statuss'])
    assert.match(misspelt.body.error, /statuss/)
    documented('GET', '/api/v1/invoices', misspelt)

    const none = await tenant.api.get(`/customers/${customerId}?expand=invoices&fields=name`)
    assert.equal(none.status, 400)
    assert.deepEqual(none.body.parameters, ['expand', 'fields'])
    documented('GET', '/api/v1/customers/{id}', none)
  })

  it('takes the known parameters and their aliases', async () => {
    for (const query of ['invoice_type=INVOICE&customer_id=x', 'invoiceType=INVOICE&customerId=x&status=sent&limit=5&offset=0']) {
      const response = await tenant.api.get(`/invoices?${query}`)
      assert.equal(response.status, 200, `${query}: ${response.text}`)
    }
  })

  it('accepts unknown body fields and names them in Invoicing-Ignored-Fields, nested ones too, never aliases or metadata content', async () => {
    const created = await tenant.api.post('/invoices', {
      customer_id: customerId, colour: 'blau', e_invoice: { source: 'ERP' },
      lines: [{ description: 'Beratung', unit_price: '100', colour: 'rot' }, { description: 'Reise', unitPrice: '50', size: 'L', colour: 'grün' }],
      metadata: { crmId: 'A-1', nested: { anything: true } },
    })
    assert.equal(created.status, 201, created.text)
    assert.equal(ignored(created), 'colour, lines[].colour, lines[].size')
    assert.equal(created.body.data.grossTotal, 178.5)
    assert.deepEqual(created.body.data.metadata, { crmId: 'A-1', nested: { anything: true } })
    assert.ok(document.paths['/api/v1/invoices'].post.responses['201'].headers['Invoicing-Ignored-Fields'], 'documented on the operation')

    const known = await tenant.api.post('/customers', { name: 'Alle bekannt', zip_code: '10115', zipCode: '10115', vatId: null })
    assert.equal(known.status, 201, known.text)
    assert.equal(ignored(known), null)
  })

  it('names them on an error too, so a misspelt required field is found', async () => {
    const response = await tenant.api.post('/customers', { nmae: 'Tippfehler GmbH' })
    assert.equal(response.status, 400)
    assert.equal(ignored(response), 'nmae')
    documented('POST', '/api/v1/customers', response)
  })

  it('keeps the header one valid line whatever the names hold, and short', async () => {
    const response = await tenant.api.put(`/customers/${customerId}`, { 'a,b': 1, 'zeile\numbruch': 2, 'straße': 3, ['x'.repeat(500)]: 4 })
    assert.equal(response.status, 200, response.text)
    assert.equal(ignored(response), `a%2Cb, zeile%0Aumbruch, stra%C3%9Fe, ${'x'.repeat(64)}...`)
    const many = Object.fromEntries(Array.from({ length: 500 }, (_, index) => [`field${index}`, index]))
    const crowded = await tenant.api.put(`/customers/${customerId}`, many)
    assert.equal(crowded.status, 200)
    assert.equal(ignored(crowded)!.split(', ').length, 50)
  })
})
