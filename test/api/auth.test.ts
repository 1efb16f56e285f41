import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { apiClient } from '../support/api-client'
import { createTenant, type Tenant } from '../support/tenant'
import { startTestApp, type TestApp } from '../support/test-app'

describe('authentication and authorisation', () => {
  let app: TestApp
  let tenant: Tenant
  before(async () => {
    app = await startTestApp()
    tenant = await createTenant(app)
  })
  after(() => app.stop())

  const assertUnauthorized = (response: { status: number; body: any; headers: Headers }, message: RegExp) => {
    assert.equal(response.status, 401)
    assert.equal(response.body.code, 'unauthorized')
    assert.match(response.body.error, message)
    assert.equal(response.headers.get('www-authenticate'), 'Bearer realm="api"')
    assert.equal(response.headers.get('ratelimit-limit'), null, 'unauthenticated responses carry no rate-limit state')
  }

  it('answers 401 without an Authorization header', async () => {
    assertUnauthorized(await apiClient(app.target).get('/customers'), /Missing Authorization header/)
  })

  it('answers 401 for a scheme other than Bearer, and for Bearer without a token', async () => {
    const anonymous = apiClient(app.target)
    assertUnauthorized(await anonymous.get('/customers', { authorization: `Basic ${tenant.key}` }), /Bearer/)
    assertUnauthorized(await anonymous.get('/customers', { authorization: 'Bearer' }), /Bearer/)
    assertUnauthorized(await anonymous.get('/customers', { authorization: `Bearer ${tenant.key} extra` }), /Bearer/)
  })

  it('accepts the Bearer scheme in any case', async () => {
    const response = await apiClient(app.target).get('/customers', { authorization: `bearer ${tenant.key}` })
    assert.equal(response.status, 200)
  })

  it('answers 401 for a malformed and for an unknown key', async () => {
    assertUnauthorized(await apiClient(app.target, 'sk_test_abc').get('/customers'), /Invalid API key/)
    assertUnauthorized(await apiClient(app.target, `sk_live_${'x'.repeat(40)}`).get('/customers'), /Invalid API key/)
  })

  it('answers 401 once a key is revoked', async () => {
    const other = await createTenant(app)
    assert.equal((await other.api.get('/customers')).status, 200)
    const [key] = await app.invoicing.apiKeys.list({ companyId: other.company.id, apiKeyId: null })
    await app.invoicing.apiKeys.revoke(key!.id)
    assertUnauthorized(await other.api.get('/customers'), /revoked/)
  })

  it('with the production key cache, a revocation takes effect within a second', async () => {
    const cached = await startTestApp({ access: { keyCacheTtlMs: 1000 } })
    try {
      const other = await createTenant(cached)
      assert.equal((await other.api.get('/customers')).status, 200)
      const [key] = await cached.invoicing.apiKeys.list({ companyId: other.company.id, apiKeyId: null })
      await cached.invoicing.apiKeys.revoke(key!.id)
      await new Promise((resolve) => setTimeout(resolve, 1100))
      assertUnauthorized(await other.api.get('/customers'), /revoked/)
    } finally {
      await cached.stop()
    }
  })

  it('answers 403 with requiredScopes when the key lacks the scope; write does not include read', async () => {
    const reader = await createTenant(app, {}, { scopes: ['customers:read'] })
    const denied = await reader.api.post('/customers', { name: 'X' })
    assert.equal(denied.status, 403)
    assert.equal(denied.body.code, 'insufficient_scope')
    assert.deepEqual(denied.body.requiredScopes, ['customers:write'])
    assert.equal((await reader.api.get('/customers')).status, 200)

    const writer = await createTenant(app, {}, { scopes: ['customers:write'] })
    assert.equal((await writer.api.post('/customers', { name: 'X' })).status, 201)
    const read = await writer.api.get('/customers')
    assert.equal(read.status, 403)
    assert.deepEqual(read.body.requiredScopes, ['customers:read'])
  })

  it('lets a key without scopes read the entry point and the OpenAPI document, and nothing else', async () => {
    const bare = await createTenant(app, {}, { scopes: [] })
    assert.equal((await bare.api.get('')).status, 200)
    assert.equal((await bare.api.get('/openapi.json')).status, 200)
    assert.deepEqual((await bare.api.get('/company')).body.requiredScopes, ['company:read'])
    assert.deepEqual((await bare.api.get('/products')).body.requiredScopes, ['products:read'])
  })

  for (const plan of ['FREE', 'STARTER'] as const) {
    it(`answers 403 plan_no_access for a company on the ${plan} plan`, async () => {
      const denied = await createTenant(app, { plan })
      const response = await denied.api.get('/customers')
      assert.equal(response.status, 403)
      assert.equal(response.body.code, 'plan_no_access')
      assert.equal((await denied.api.get('')).body.code, 'plan_no_access')
    })
  }

  it('reports records of another company as not found, for reads and writes', async () => {
    const owner = await createTenant(app)
    const stranger = await createTenant(app)
    const customer = (await owner.api.post('/customers', { name: 'Geheim AG' })).body.data
    const product = (await owner.api.post('/products', { name: 'Geheimprodukt' })).body.data
    for (const response of [
      await stranger.api.get(`/customers/${customer.id}`),
      await stranger.api.put(`/customers/${customer.id}`, { name: 'Übernommen' }),
      await stranger.api.delete(`/customers/${customer.id}`),
      await stranger.api.get(`/products/${product.id}`),
      await stranger.api.put(`/products/${product.id}`, { name: 'Übernommen' }),
      await stranger.api.delete(`/products/${product.id}`),
    ]) {
      assert.equal(response.status, 404)
      assert.equal(response.body.code, 'not_found')
    }
    assert.equal((await stranger.api.get('/customers?search=geheim')).body.pagination.total, 0)
    assert.equal((await owner.api.get(`/customers/${customer.id}`)).body.data.name, 'Geheim AG')
    assert.equal((await owner.api.get(`/products/${product.id}`)).body.data.name, 'Geheimprodukt')
  })
})
