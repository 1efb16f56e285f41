import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { companyActor, createInvoicing } from '@invoicing/core'
import { createMemoryStorage } from '@invoicing/core/testing'
import { createApp, createJsonLogger } from '@invoicing/http'
import { apiClient, sendRequest } from '../support/api-client'
import { documentedResponses } from '../support/documented'
import { createTenant, type Tenant } from '../support/tenant'
import { startTestApp, type TestApp } from '../support/test-app'

describe('request errors', () => {
  let app: TestApp
  let tenant: Tenant
  before(async () => {
    app = await startTestApp()
    tenant = await createTenant(app)
  })
  after(() => app.stop())

  const assertError = (response: { status: number; body: any; headers: Headers }, status: number, code: string) => {
    assert.equal(response.status, status)
    assert.equal(response.body.code, code)
    assert.equal(typeof response.body.error, 'string')
    assert.match(response.headers.get('content-type') ?? '', /application\/json/)
  }

  it('answers malformed JSON with 400 invalid_json', async () => {
    const headers = { 'content-type': 'application/json' }
    assertError(await tenant.api.request('POST', '/customers', { body: '{"name":', headers }), 400, 'invalid_json')
    assertError(await tenant.api.request('POST', '/customers', { body: '"just a string"', headers }), 400, 'invalid_json')
  })

  it('answers a body that is not JSON with 415', async () => {
    const response = await tenant.api.request('POST', '/customers', { body: 'name=X', headers: { 'content-type': 'application/x-www-form-urlencoded' } })
    assertError(response, 415, 'unsupported_media_type')
    assert.equal((await tenant.api.get('/customers')).body.pagination.total, 0, 'nothing was created')
  })

  it('answers a body over 1 MB with 413', async () => {
    const response = await tenant.api.post('/customers', { name: 'X', notes: 'n'.repeat(1_100_000) })
    assertError(response, 413, 'payload_too_large')
  })

  it('answers a POST without body with 400 naming the problem, as documented', async () => {
    const response = await tenant.api.request('POST', '/customers')
    assertError(response, 400, 'validation_failed')
    assert.match(response.body.error, /JSON object/)
    documentedResponses((await tenant.api.get('/openapi.json')).body)('POST', '/api/v1/customers', response)
  })

  it('does not let a prefix in another case past the gate', async () => {
    for (const path of ['/API/V1/customers', '/Api/v1/openapi.json', '/api/V1', '/API/v1/company']) {
      for (const headers of [{}, { authorization: `Bearer ${tenant.key}` }] as Record<string, string>[]) {
        const response = await sendRequest(app.target, 'GET', path, { headers })
        assert.equal(response.status, 404, path)
        assert.equal(response.body.code, 'route_not_found')
      }
    }
  })

  it('answers a JSON array where an object is expected with 400', async () => {
    const customer = (await tenant.api.post('/customers', { name: 'Fest' })).body.data
    for (const response of [await tenant.api.post('/customers', []), await tenant.api.put(`/customers/${customer.id}`, [])]) {
      assertError(response, 400, 'validation_failed')
      assert.match(response.body.error, /array/)
    }
    assert.equal((await tenant.api.get(`/customers/${customer.id}`)).body.data.updatedAt, customer.updatedAt)
  })

  it('parses bodies only where a route takes one: a text body to an unknown route is 404', async () => {
    const response = await tenant.api.request('POST', '/nowhere', { body: 'hello', headers: { 'content-type': 'text/plain' } })
    assertError(response, 404, 'route_not_found')
  })

  it('answers unknown routes with 404 route_not_found, inside and outside /api/v1', async () => {
    assertError(await tenant.api.get('/nothing-here'), 404, 'route_not_found')
    const outside = await sendRequest(app.target, 'GET', '/favicon.ico')
    assert.equal(outside.status, 404)
    assert.equal(outside.body.code, 'route_not_found')
  })

  it('answers a method a route does not take with 405 and the Allow header', async () => {
    const response = await tenant.api.request('PATCH', '/customers')
    assertError(response, 405, 'method_not_allowed')
    assert.equal(response.headers.get('allow'), 'HEAD, GET, POST')
  })

  it('gives every response an X-Request-Id, keeping a sane one the client sent', async () => {
    const generated = await tenant.api.get('/customers')
    assert.match(generated.headers.get('x-request-id') ?? '', /^[0-9a-f]{12}-[0-9a-z]+$/)
    const echoed = await tenant.api.get('/customers', { 'x-request-id': 'shop-4711.retry:2' })
    assert.equal(echoed.headers.get('x-request-id'), 'shop-4711.retry:2')
    const replaced = await tenant.api.get('/customers', { 'x-request-id': 'bad id with spaces' })
    assert.notEqual(replaced.headers.get('x-request-id'), 'bad id with spaces')
    const unauthenticated = await apiClient(app.target).get('/customers')
    assert.ok(unauthenticated.headers.get('x-request-id'))
  })
})

describe('unexpected errors', () => {
  it('answers 500 without details or stack, and logs the error with the request id', async () => {
    const storage = createMemoryStorage()
    const broken = {
      ...storage,
      customers: { ...storage.customers, list: async () => { throw new Error('disk on fire at /var/lib/secret') } },
    }
    const invoicing = createInvoicing({ storage: broken })
    const company = await invoicing.companies.create({ name: 'Broken GmbH' })
    const { secret } = await invoicing.apiKeys.create(companyActor(company.id))
    const lines: string[] = []
    const app = createApp({ invoicing, logger: createJsonLogger('error', (line) => lines.push(line)) })
    try {
      const response = await apiClient(app.callback(), secret).get('/customers')
      assert.equal(response.status, 500)
      assert.equal(response.body.code, 'internal_error')
      const requestId = response.headers.get('x-request-id')!
      assert.ok(response.body.error.includes(requestId))
      assert.doesNotMatch(response.text, /disk on fire|secret|\.ts:|at /)
      const logged = lines.map((line) => JSON.parse(line)).find((entry) => entry.requestId === requestId)
      assert.equal(logged?.level, 'error')
      assert.equal(logged?.error.message, 'disk on fire at /var/lib/secret')
    } finally {
      await invoicing.close()
    }
  })
})
