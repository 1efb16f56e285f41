import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { apiClient } from '../support/api-client'
import { createTenant, type Tenant } from '../support/tenant'
import { startTestApp, type TestApp } from '../support/test-app'

const SHOP = 'https://shop.example'
const preflight = (origin: string) => ({
  headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type,idempotency-key' },
})

describe('CORS', () => {
  let closed: TestApp
  let open: TestApp
  let tenant: Tenant
  before(async () => {
    closed = await startTestApp()
    open = await startTestApp({ corsOrigins: [SHOP] })
    tenant = await createTenant(open)
  })
  after(async () => {
    await closed.stop()
    await open.stop()
  })

  it('is off by default: no Access-Control headers, a preflight is not answered as one', async () => {
    const answered = await apiClient(closed.target).request('OPTIONS', '/customers', preflight(SHOP))
    assert.equal(answered.headers.get('access-control-allow-origin'), null)
    const owner = await createTenant(closed)
    const read = await owner.api.get('/company', { origin: SHOP })
    assert.equal(read.status, 200)
    assert.equal(read.headers.get('access-control-allow-origin'), null)
  })

  it('answers a listed origin\'s preflight without a key and lets it read the API\'s headers', async () => {
    const answered = await apiClient(open.target).request('OPTIONS', '/customers', preflight(SHOP))
    assert.equal(answered.status, 204)
    assert.equal(answered.headers.get('access-control-allow-origin'), SHOP)
    assert.match(answered.headers.get('access-control-allow-headers') ?? '', /Authorization,Content-Type,Idempotency-Key/)
    assert.match(answered.headers.get('access-control-allow-methods') ?? '', /POST/)

    const created = await tenant.api.post('/customers', { name: 'Browser Kunde' }, { origin: SHOP })
    assert.equal(created.status, 201)
    assert.equal(created.headers.get('access-control-allow-origin'), SHOP)
    assert.match(created.headers.get('access-control-expose-headers') ?? '', /RateLimit-Remaining/)
    const refused = await apiClient(open.target, 'sk_live_wrong').get('/company', { origin: SHOP })
    assert.equal(refused.status, 401)
    assert.equal(refused.headers.get('access-control-allow-origin'), SHOP, 'errors carry the header too, so the app can read them')
  })

  it('gives other origins nothing', async () => {
    const answered = await apiClient(open.target).request('OPTIONS', '/customers', preflight('https://evil.example'))
    assert.equal(answered.headers.get('access-control-allow-origin'), null)
    const read = await tenant.api.get('/company', { origin: 'https://evil.example' })
    assert.equal(read.headers.get('access-control-allow-origin'), null)
  })
})
