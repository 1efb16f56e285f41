import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { Webhook } from 'standardwebhooks'
import { documentedResponses } from '../support/documented'
import { createTenant, type Tenant } from '../support/tenant'
import { startTestApp, type TestApp } from '../support/test-app'
import { until } from '../support/until'
import { startWebhookReceiver, verified, type WebhookReceiver } from '../support/webhook-receiver'

/** Fast retries, so a test sees the schedule run; the production waits are minutes to hours. */
const FAST = { allowInsecure: true, retryDelaysMs: [100, 100, 100, 100, 100, 100, 100], pollIntervalMs: 50 }

describe('webhooks', () => {
  let app: TestApp
  let receiver: WebhookReceiver
  let tenant: Tenant
  let documented: ReturnType<typeof documentedResponses>
  before(async () => {
    receiver = await startWebhookReceiver()
    app = await startTestApp({ access: { requestsPerMinute: 10_000 }, webhooks: FAST })
    tenant = await createTenant(app, { name: 'Hook AG', plan: 'ENTERPRISE', email: 'buero@hook.example' })
    documented = documentedResponses((await tenant.api.get('/openapi.json')).body)
  })
  after(async () => {
    await app.stop()
    await receiver.close()
  })

  /** A fresh ENTERPRISE company with one endpoint on `target`; its deliveries are told apart by companyId. */
  async function subscribed(target: WebhookReceiver, events: string[] = ['*']) {
    const own = await createTenant(app, { name: 'Abo GmbH', plan: 'ENTERPRISE', email: 'abo@example.de', vatId: 'DE123456789' })
    const created = await own.api.post('/webhooks', { url: target.url, events })
    assert.equal(created.status, 201, created.text)
    const of = () => target.received.filter((delivery) => delivery.json.companyId === own.company.id)
    return { ...own, endpoint: created.body.data, of }
  }

  it('is for the Enterprise plan only', async () => {
    const professional = await createTenant(app, { name: 'Profi GmbH', plan: 'PROFESSIONAL' })
    for (const response of [await professional.api.get('/webhooks'), await professional.api.post('/webhooks', { url: receiver.url, events: ['*'] })]) {
      assert.equal(response.status, 403)
      assert.equal(response.body.code, 'plan_feature_unavailable')
    }
  })

  it('manages endpoints: the secret only on creation, changes, removal and bad input', async () => {
    const created = await tenant.api.post('/webhooks', { url: receiver.url, events: ['invoice.created', 'invoice.paid'], description: 'Buchhaltung' })
    assert.equal(created.status, 201, created.text)
    documented('POST', '/api/v1/webhooks', created)
    const endpoint = created.body.data
    assert.match(endpoint.secret, /^whsec_[A-Za-z0-9+/]{32}$/)
    const listed = await tenant.api.get('/webhooks')
    documented('GET', '/api/v1/webhooks', listed)
    assert.deepEqual(listed.body.data.map((each: any) => [each.id, 'secret' in each]), [[endpoint.id, false]])
    const read = await tenant.api.get(`/webhooks/${endpoint.id}`)
    documented('GET', '/api/v1/webhooks/{id}', read)
    const changed = await tenant.api.put(`/webhooks/${endpoint.id}`, { events: ['*'], active: false })
    assert.equal(changed.status, 200, changed.text)
    documented('PUT', '/api/v1/webhooks/{id}', changed)
    assert.deepEqual([changed.body.data.events, changed.body.data.active, changed.body.data.description], [['*'], false, 'Buchhaltung'])
    for (const body of [{ url: 'not a url', events: ['*'] }, { url: receiver.url, events: [] }, { url: receiver.url, events: ['invoice.eaten'] }, { url: receiver.url, events: ['*', 'invoice.paid'] }, { url: receiver.url }]) {
      const refused = await tenant.api.post('/webhooks', body)
      assert.equal(refused.status, 400, JSON.stringify(body))
      assert.equal(refused.body.code, 'validation_failed')
    }
    const removed = await tenant.api.delete(`/webhooks/${endpoint.id}`)
    documented('DELETE', '/api/v1/webhooks/{id}', removed)
    assert.equal((await tenant.api.get(`/webhooks/${endpoint.id}`)).status, 404)
  })

  it('delivers each operation of the Events table once, signed so that Standard Webhooks verifies it, and nothing for duplicate or replay', async () => {
    const own = await subscribed(receiver)
    const customerId = (await own.api.post('/customers', { name: 'Kunde', email: 'kunde@example.de' })).body.data.id
    const headers = { 'Idempotency-Key': 'webhook-replay-1' }
    const body = { customerId, lines: [{ description: 'Beratung', unitPrice: 100 }] }
    const invoice = (await own.api.post('/invoices', body, headers)).body.data
    assert.equal((await own.api.post('/invoices', body, headers)).headers.get('idempotent-replayed'), 'true')
    await own.api.put(`/invoices/${invoice.id}`, { notes: 'intern' })
    await own.api.post(`/invoices/${invoice.id}/send`, {})
    await own.api.post(`/invoices/${invoice.id}/payments`, { amount: 119 })
    await own.api.post(`/invoices/${invoice.id}/duplicate`, {})
    const second = (await own.api.post('/invoices', body)).body.data
    await own.api.put(`/invoices/${second.id}`, { status: 'SENT' })
    await own.api.post(`/invoices/${second.id}/cancel`, {})
    await own.api.post('/credit-notes', { recipient_id: customerId, lines: [{ description: 'Provision', unitPrice: 10 }] })
    const dunned = (await own.api.post('/invoices', body)).body.data
    await own.api.put(`/invoices/${dunned.id}`, { status: 'SENT' })
    assert.equal((await own.api.post(`/invoices/${dunned.id}/dunning`, { action: 'send' })).status, 201)
    assert.equal((await own.api.post(`/invoices/${dunned.id}/dunning`, { action: 'send' })).status, 201)

    const expected = [
      'invoice.created', 'invoice.updated', 'invoice.sent', 'invoice.paid',
      'invoice.created', 'invoice.sent', 'credit_note.created', 'invoice.cancelled', 'credit_note.created',
      'invoice.created', 'invoice.sent', 'invoice.overdue', 'reminder.sent', 'reminder.sent', 'reminder.escalated',
    ]
    await until(() => own.of().length >= expected.length, `${expected.length} deliveries, got ${own.of().map((each) => each.json.type).join(', ')}`)
    await new Promise((resolve) => setTimeout(resolve, 300)) // nothing more may arrive
    const deliveries = own.of()
    const bodies = deliveries.map((delivery) => verified(own.endpoint.secret, delivery))
    assert.deepEqual(bodies.map((each) => each.type).sort(), [...expected].sort())
    assert.equal(new Set(bodies.map((each) => each.id)).size, expected.length, 'every event has its own id')
    for (const [index, each] of bodies.entries()) {
      assert.equal(each.companyId, own.company.id)
      assert.equal(deliveries[index]!.headers['webhook-id'], each.id)
      assert.match(each.createdAt, /^\d{4}-\d{2}-\d{2}T/)
      assert.equal(typeof each.data.id, 'string')
    }
    assert.equal(bodies.find((each) => each.type === 'invoice.paid')!.data.status, 'PAID')
    assert.throws(() => new Webhook(own.endpoint.secret).verify(`${deliveries[0]!.body} `, {
      'webhook-id': String(deliveries[0]!.headers['webhook-id']),
      'webhook-timestamp': String(deliveries[0]!.headers['webhook-timestamp']),
      'webhook-signature': String(deliveries[0]!.headers['webhook-signature']),
    }), 'a changed body fails verification')
  })

  it('delivers only the event types an endpoint subscribed to, and nothing to paused endpoints', async () => {
    const own = await subscribed(receiver, ['invoice.paid'])
    const paused = (await own.api.post('/webhooks', { url: receiver.url, events: ['*'] })).body.data
    await own.api.put(`/webhooks/${paused.id}`, { active: false })
    const customerId = (await own.api.post('/customers', { name: 'Kunde' })).body.data.id
    const invoice = (await own.api.post('/invoices', { customerId, lines: [{ description: 'x', unitPrice: 10 }] })).body.data
    await own.api.put(`/invoices/${invoice.id}`, { status: 'SENT' })
    await own.api.post(`/invoices/${invoice.id}/payments`, { amount: 11.9 })
    await until(() => own.of().length >= 1, 'the paid event')
    await new Promise((resolve) => setTimeout(resolve, 300))
    assert.deepEqual(own.of().map((delivery) => delivery.json.type), ['invoice.paid'])
    assert.equal((await own.api.get(`/webhooks/${paused.id}/deliveries`)).body.pagination.total, 0)
  })

  it('retries a failing receiver: it gets the event three times, and the log shows each attempt', async () => {
    const flaky = await startWebhookReceiver()
    try {
      const own = await subscribed(flaky, ['invoice.created'])
      flaky.failNext(2, 503, 'x'.repeat(5000))
      const customerId = (await own.api.post('/customers', { name: 'Kunde' })).body.data.id
      await own.api.post('/invoices', { customerId, lines: [{ description: 'x', unitPrice: 10 }] })
      await flaky.waitFor(3)
      assert.deepEqual(flaky.received.map((delivery) => delivery.answered), [503, 503, 200])
      assert.equal(new Set(flaky.received.map((delivery) => delivery.headers['webhook-id'])).size, 1, 'one message id on every attempt')
      for (const delivery of flaky.received) verified(own.endpoint.secret, delivery)

      let log: any
      await until(async () => (log = await own.api.get(`/webhooks/${own.endpoint.id}/deliveries`)).body.pagination.total >= 3, 'three logged attempts')
      documented('GET', '/api/v1/webhooks/{id}/deliveries', log)
      assert.deepEqual(log.body.data.map((attempt: any) => [attempt.attempt, attempt.statusCode, attempt.status]), [
        [3, 200, 'SUCCEEDED'], [2, 503, 'PENDING'], [1, 503, 'PENDING'],
      ])
      assert.equal(log.body.data[2].responseBody.length, 1024)
      assert.equal(log.body.data[0].nextAttemptAt, null)
      assert.equal(log.body.data[1].error, 'HTTP 503')
    } finally {
      await flaky.close()
    }
  })

  it('sends a signed test message on request and logs it', async () => {
    const own = await subscribed(receiver, ['invoice.paid'])
    const tested = await own.api.post(`/webhooks/${own.endpoint.id}/test`)
    assert.equal(tested.status, 200, tested.text)
    documented('POST', '/api/v1/webhooks/{id}/test', tested)
    assert.deepEqual([tested.body.data.succeeded, tested.body.data.statusCode, tested.body.data.eventType], [true, 200, 'webhook.test'])
    const delivery = own.of().find((each) => each.json.type === 'webhook.test')!
    assert.deepEqual(verified(own.endpoint.secret, delivery).data, { endpointId: own.endpoint.id, test: true })
    assert.equal((await own.api.get(`/webhooks/${own.endpoint.id}/deliveries`)).body.pagination.total, 1)
  })
})

describe('webhook target safety', () => {
  let app: TestApp
  let tenant: Tenant
  before(async () => {
    app = await startTestApp()
    tenant = await createTenant(app, { name: 'Sicher AG', plan: 'ENTERPRISE' })
  })
  after(() => app.stop())

  it('accepts only https URLs of public addresses unless insecure webhooks are allowed', async () => {
    const refused = [
      'http://hooks.example.com/x', 'https://127.0.0.1/x', 'https://10.1.2.3/x', 'https://192.168.0.5/x', 'https://169.254.169.254/latest',
      'https://[::1]/x', 'https://[fd00::1]/x', 'https://[::ffff:127.0.0.1]/x', 'https://100.64.0.1/x', 'https://localhost/x', 'https://user:pw@93.184.216.34/x',
      // other encodings of loopback and metadata addresses
      'https://[::127.0.0.1]/x', 'https://[::7f00:1]/x', 'https://127.1/x', 'https://2130706433/x', 'https://0x7f.0.0.1/x', 'https://0177.0.0.1/x', 'https://127.0.0.1./x',
      'https://127.0.0.1.../x', 'https://0xa9fea9fe/latest', 'https://[::ffff:a9fe:a9fe]/latest', 'https://[64:ff9b::a9fe:a9fe]/x', 'https://localhost./x',
      // ports other than 80, 443 and 1024-65535
      'https://93.184.216.34:22/x', 'https://93.184.216.34:25/x', 'https://93.184.216.34:1023/x',
    ]
    for (const url of refused) {
      const response = await tenant.api.post('/webhooks', { url, events: ['*'] })
      assert.equal(response.status, 400, url)
      assert.equal(response.body.field, 'url', url)
    }
    for (const url of ['https://93.184.216.34/hooks', 'https://93.184.216.34:8443/hooks', 'https://[2606:2800:220:1:248:1893:25c8:1946]/hooks']) {
      const publicAddress = await tenant.api.post('/webhooks', { url, events: ['*'] })
      assert.equal(publicAddress.status, 201, publicAddress.text)
    }
  })
})

describe('webhook secrets and Idempotency-Key', () => {
  let app: TestApp
  let tenant: Tenant
  before(async () => {
    app = await startTestApp()
    tenant = await createTenant(app, { name: 'Geheim AG', plan: 'ENTERPRISE' })
  })
  after(() => app.stop())

  it('keeps no copy of the secret with the key: a replay of the creating request shows it again from the endpoint, nothing else does', async () => {
    const headers = { 'Idempotency-Key': 'create-webhook-secret-1' }
    const body = { url: 'https://93.184.216.34/hooks', events: ['*'] }
    const created = await tenant.api.post('/webhooks', body, headers)
    assert.equal(created.status, 201)
    const { id, secret } = created.body.data
    assert.match(secret, /^whsec_/)

    const stored = await app.storage.idempotency.get(tenant.company.id, 'create-webhook-secret-1')
    assert.ok(stored, 'the key is stored')
    assert.equal(stored.resourceId, id)
    assert.ok(!JSON.stringify(stored).includes(secret.slice('whsec_'.length)), `the stored answer holds the secret: ${JSON.stringify(stored)}`)

    const replayed = await tenant.api.post('/webhooks', body, headers)
    assert.equal(replayed.status, 201)
    assert.equal(replayed.headers.get('idempotent-replayed'), 'true')
    assert.deepEqual(replayed.body, created.body)
    documentedResponses((await tenant.api.get('/openapi.json')).body)('POST', '/api/v1/webhooks', replayed)

    assert.equal((await tenant.api.get(`/webhooks/${id}`)).body.data.secret, undefined)
    assert.ok((await tenant.api.get('/webhooks')).body.data.every((endpoint: { secret?: string }) => endpoint.secret === undefined))
    const other = await tenant.api.post('/webhooks', body, { 'Idempotency-Key': 'create-webhook-secret-2' })
    assert.notEqual(other.body.data.secret, secret, 'another key creates another endpoint with its own secret')

    await tenant.api.delete(`/webhooks/${id}`)
    const afterDelete = await tenant.api.post('/webhooks', body, headers)
    assert.deepEqual([afterDelete.status, afterDelete.body.code], [409, 'idempotency_key_invoice_deleted'])
  })
})
