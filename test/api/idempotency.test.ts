import assert from 'node:assert/strict'
import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { after, before, describe, it } from 'node:test'
import { companyActor, IDEMPOTENCY_RETENTION_JOB } from '@invoicing/core'
import { createManualClock } from '@invoicing/core/testing'
import { apiClient, type ApiClient, type ApiResponse } from '../support/api-client'
import { documentedResponses } from '../support/documented'
import { createTenant } from '../support/tenant'
import { startTestApp, type TestApp } from '../support/test-app'

const REPLAYED = 'idempotent-replayed'

describe('Idempotency-Key', () => {
  let app: TestApp
  let documented: ReturnType<typeof documentedResponses>
  before(async () => {
    app = await startTestApp({ access: { requestsPerMinute: 10_000 } })
    const { api } = await createTenant(app)
    documented = documentedResponses((await api.get('/openapi.json')).body)
  })
  after(() => app.stop())

  async function setup() {
    const tenant = await createTenant(app)
    const customer = (await tenant.api.post('/customers', { name: 'Kunde GmbH' })).body.data
    const body = { customerId: customer.id, orderNumber: 'PO-1', lines: [{ description: 'Beratung', quantity: 2, unitPrice: 50 }] }
    const post = async (key: string, payload: unknown = body, api: ApiClient = tenant.api): Promise<ApiResponse> => {
      const response = await api.post('/invoices', payload, { 'Idempotency-Key': key })
      documented('POST', '/api/v1/invoices', response)
      return response
    }
    const total = async () => (await tenant.api.get('/invoices')).body.pagination.total as number
    return { ...tenant, customer, body, post, total }
  }

  describe('on POST /invoices', () => {
    it('answers the same key and body with 201, Idempotent-Replayed: true and the invoice in its current state', async () => {
      const { api, post, total } = await setup()
      const first = await post('order-4711-create')
      assert.equal(first.status, 201, first.text)
      assert.equal(first.headers.get(REPLAYED), null, 'the first answer is no replay')
      const id = first.body.data.id

      assert.equal((await api.put(`/invoices/${id}`, { orderNumber: 'PO-2' })).status, 200)
      assert.equal((await api.put(`/invoices/${id}`, { status: 'FINAL' })).status, 200)
      const current = (await api.get(`/invoices/${id}`)).body.data

      const replay = await post('order-4711-create')
      assert.equal(replay.status, 201)
      assert.equal(replay.headers.get(REPLAYED), 'true')
      const { payments: _, paidAmount: __, ...expected } = current
      assert.deepEqual(replay.body.data, expected, 'the invoice as it is now, in the shape of the create answer')
      assert.deepEqual([replay.body.data.status, replay.body.data.orderNumber], ['FINAL', 'PO-2'])
      assert.match(replay.body.data.invoiceNumber, /^RE-\d{4}-00001$/)
      assert.equal(await total(), 1, 'nothing new was created')
    })

    it('compares the whole body, unused fields included; another body or path gives 422 idempotency_key_reused', async () => {
      const { api, body, post, total } = await setup()
      assert.equal((await post('compare-body-1')).status, 201)
      const variants: [string, unknown][] = [
        ['an unused field', { ...body, comment: 'not a field of an invoice' }],
        ['an unused field set to null', { ...body, comment: null }],
        ['another value', { ...body, orderNumber: 'PO-X' }],
        ['a number given as text', { ...body, lines: [{ ...body.lines[0], unitPrice: '50' }] }],
        ['the snake_case spelling', { customer_id: body.customerId, order_number: body.orderNumber, lines: body.lines }],
        ['no body', undefined],
      ]
      for (const [what, variant] of variants) {
        const response = await api.request('POST', '/invoices', { body: variant ?? '', headers: { 'Idempotency-Key': 'compare-body-1', 'content-type': 'application/json' } })
        assert.equal(response.status, 422, `${what}: ${response.text}`)
        assert.equal(response.body.code, 'idempotency_key_reused', what)
        documented('POST', '/api/v1/invoices', response)
      }
      const onCustomers = await api.post('/customers', { name: 'Anderer Pfad' }, { 'Idempotency-Key': 'compare-body-1' })
      assert.equal(onCustomers.status, 422, 'the same key on another path is another request')
      assert.equal(onCustomers.body.code, 'idempotency_key_reused')
      documented('POST', '/api/v1/customers', onCustomers)

      const reordered = await post('compare-body-1', { lines: body.lines, orderNumber: body.orderNumber, customerId: body.customerId })
      assert.equal(reordered.status, 201, 'the order of the members does not matter')
      assert.equal(reordered.headers.get(REPLAYED), 'true')
      assert.equal(await total(), 1)
      assert.equal((await api.get('/customers')).body.pagination.total, 1)
    })

    it('answers malformed keys with 422 invalid_idempotency_key and creates nothing', async () => {
      const { api, body, total } = await setup()
      const malformed: [string, string][] = [
        ['7 characters', 'abcdefg'],
        ['201 characters', 'k'.repeat(201)],
        ['spaces', 'key with spaces'],
        ['umlauts', 'schlüssel-äöü'],
        ['umlauts sent as UTF-8', Buffer.from('schlüssel-0001', 'utf8').toString('latin1')],
        ['a slash', 'order/4711/create'],
        ['nothing', ''],
      ]
      for (const [what, key] of malformed) {
        const response = await api.post('/invoices', body, { 'Idempotency-Key': key })
        assert.equal(response.status, 422, `${what}: ${response.text}`)
        assert.equal(response.body.code, 'invalid_idempotency_key', what)
        documented('POST', '/api/v1/invoices', response)
      }
      assert.equal(await total(), 0)
      for (const key of ['abcdefgh', `Aa0._:-${'z'.repeat(193)}`]) {
        const response = await api.post('/invoices', body, { 'Idempotency-Key': key })
        assert.equal(response.status, 201, `${key.length} characters: ${response.text}`)
      }
      assert.equal(await total(), 2)
    })

    it('creates exactly one invoice for 10 concurrent identical requests; all answer 201 with its id', async () => {
      const { post, total } = await setup()
      const responses = await Promise.all(Array.from({ length: 10 }, () => post('concurrent-create-1')))
      assert.deepEqual(responses.map((response) => response.status), Array(10).fill(201))
      assert.equal(new Set(responses.map((response) => response.body.data.id)).size, 1)
      assert.equal(responses.filter((response) => response.headers.get(REPLAYED) === 'true').length, 9)
      assert.equal(await total(), 1)
    })

    it('creates one invoice for concurrent identical requests to two hosts on one database', async () => {
      const second = await app.startAnother()
      try {
        const { key, post, total } = await setup()
        const clients = [apiClient(app.target, key), apiClient(second.target, key)]
        const responses = await Promise.all(Array.from({ length: 10 }, (_, index) => post('two-hosts-create', undefined, clients[index % 2])))
        assert.deepEqual(responses.map((response) => response.status), Array(10).fill(201), responses.map((response) => response.text).join('\n'))
        assert.equal(new Set(responses.map((response) => response.body.data.id)).size, 1)
        assert.equal(responses.filter((response) => response.headers.get(REPLAYED) === 'true').length, 9)
        assert.equal(await total(), 1)
      } finally {
        await second.stop()
      }
    })

    it('lets concurrent identical requests that fail all fail, storing nothing', async () => {
      const { customer, post, total } = await setup()
      const body = { customerId: customer.id, lines: [{ description: 'x', unitPrice: 1, discount: 2 }] }
      const responses = await Promise.all(Array.from({ length: 5 }, () => post('concurrent-failure', body)))
      assert.deepEqual(responses.map((response) => [response.status, response.headers.get(REPLAYED)]), Array(5).fill([400, null]))
      assert.equal(await total(), 0)
    })

    it('creates a new invoice with a key whose invoice was deleted', async () => {
      const { api, post, total } = await setup()
      const first = (await post('delete-then-reuse')).body.data
      assert.equal((await api.delete(`/invoices/${first.id}`)).status, 200)
      const anew = await post('delete-then-reuse')
      assert.equal(anew.status, 201, anew.text)
      assert.equal(anew.headers.get(REPLAYED), null)
      assert.notEqual(anew.body.data.id, first.id)
      assert.equal(await total(), 1)
      const replay = await post('delete-then-reuse')
      assert.deepEqual([replay.status, replay.headers.get(REPLAYED), replay.body.data.id], [201, 'true', anew.body.data.id])
    })

    it('keeps keys per company: another company’s same key creates its own invoice, another key of the company replays', async () => {
      const first = await setup()
      const second = await setup()
      const mine = await first.post('shared-key-0001')
      const theirs = await second.post('shared-key-0001')
      assert.deepEqual([mine.status, theirs.status], [201, 201])
      assert.equal(theirs.headers.get(REPLAYED), null)
      assert.notEqual(theirs.body.data.id, mine.body.data.id)
      assert.deepEqual([await first.total(), await second.total()], [1, 1])

      const { secret } = await app.invoicing.apiKeys.create(companyActor(first.company.id), {})
      const otherKey = await first.post('shared-key-0001', first.body, apiClient(app.target, secret))
      assert.deepEqual([otherKey.status, otherKey.headers.get(REPLAYED), otherKey.body.data.id], [201, 'true', mine.body.data.id])
    })

    it('stores nothing for a failed request: the same request with the same key runs again', async () => {
      const { api, customer, post, total } = await setup()
      const product = (await api.post('/products', { name: 'Kabel', unitPrice: 10 })).body.data
      const body = { customerId: customer.id, lines: [{ productId: product.id, discount: 50 }] }
      const failed = await post('retry-after-failure', body)
      assert.equal(failed.status, 400, failed.text)
      assert.equal(failed.body.lineIndex, 0)
      const again = await post('retry-after-failure', body)
      assert.equal(again.status, 400, 'not replayed from a stored failure: it ran and failed again')
      assert.equal(again.headers.get(REPLAYED), null)
      assert.equal(await total(), 0)

      assert.equal((await api.put(`/products/${product.id}`, { unitPrice: 100 })).status, 200)
      const succeeded = await post('retry-after-failure', body)
      assert.equal(succeeded.status, 201, succeeded.text)
      assert.equal(succeeded.headers.get(REPLAYED), null)
      assert.equal(succeeded.body.data.netTotal, 50)
      const replayed = await post('retry-after-failure', body)
      assert.deepEqual([replayed.status, replayed.headers.get(REPLAYED), replayed.body.data.id], [201, 'true', succeeded.body.data.id])
      assert.equal(await total(), 1)
    })
  })

  describe('on every other POST', () => {
    it('replays POST /customers with the first status and body, and refuses another body with 422', async () => {
      const { api } = await createTenant(app)
      const first = await api.post('/customers', { name: 'Erst GmbH', city: 'Köln' }, { 'Idempotency-Key': 'customer-create-1' })
      assert.equal(first.status, 201)
      assert.equal(first.headers.get(REPLAYED), null)
      assert.equal((await api.put(`/customers/${first.body.data.id}`, { city: 'Bonn' })).status, 200)

      const replay = await api.post('/customers', { name: 'Erst GmbH', city: 'Köln' }, { 'Idempotency-Key': 'customer-create-1' })
      assert.equal(replay.status, 201)
      assert.equal(replay.headers.get(REPLAYED), 'true')
      documented('POST', '/api/v1/customers', replay)
      assert.deepEqual(replay.body, first.body, 'the first response, not the current state')

      const other = await api.post('/customers', { name: 'Zweit GmbH' }, { 'Idempotency-Key': 'customer-create-1' })
      assert.equal(other.status, 422)
      assert.equal(other.body.code, 'idempotency_key_reused')
      documented('POST', '/api/v1/customers', other)
      assert.equal((await api.get('/customers')).body.pagination.total, 1)
    })

    it('replays POST /document-categories and refuses another body with 422', async () => {
      const { api } = await createTenant(app)
      const headers = { 'Idempotency-Key': 'category:shop.v1' }
      const first = await api.post('/document-categories', { name: 'Shop' }, headers)
      assert.equal(first.status, 201)
      const concurrent = await Promise.all([1, 2, 3].map(() => api.post('/document-categories', { name: 'Shop' }, headers)))
      for (const replay of concurrent) {
        assert.deepEqual([replay.status, replay.headers.get(REPLAYED), replay.body], [201, 'true', first.body])
        documented('POST', '/api/v1/document-categories', replay)
      }
      const other = await api.post('/document-categories', { name: 'Beratung' }, headers)
      assert.deepEqual([other.status, other.body.code], [422, 'idempotency_key_reused'])
      documented('POST', '/api/v1/document-categories', other)
      assert.deepEqual((await api.get('/document-categories')).body.data.map((category: any) => category.name), ['Shop'])
    })

    it('runs a failed POST /customers again with the same key once the conflict is gone', async () => {
      const { api } = await createTenant(app)
      const holder = (await api.post('/customers', { name: 'Halter', customerNumber: 'K-1' })).body.data
      const body = { name: 'Neu', customerNumber: 'K-1' }
      const taken = await api.post('/customers', body, { 'Idempotency-Key': 'customer-k1-create' })
      assert.deepEqual([taken.status, taken.body.code], [409, 'customer_number_taken'])
      assert.equal((await api.delete(`/customers/${holder.id}`)).status, 200)
      const retried = await api.post('/customers', body, { 'Idempotency-Key': 'customer-k1-create' })
      assert.equal(retried.status, 201, retried.text)
      assert.equal(retried.headers.get(REPLAYED), null)
      assert.equal(retried.body.data.customerNumber, 'K-1')
    })
  })

  it('keeps keys for at least 30 days', async () => {
    const clock = createManualClock('2026-03-01T08:00:00.000Z')
    const dated = await startTestApp({ clock, access: { requestsPerMinute: 10_000 } })
    try {
      const { api } = await createTenant(dated)
      const customer = (await api.post('/customers', { name: 'K' })).body.data
      const body = { customerId: customer.id, lines: [{ description: 'x' }] }
      const first = await api.post('/invoices', body, { 'Idempotency-Key': 'kept-thirty-days' })
      assert.equal(first.status, 201)
      const retention = dated.invoicing.jobs.find((job) => job.name === IDEMPOTENCY_RETENTION_JOB)!
      clock.advance(30 * 86_400_000 - 60_000)
      await retention.run(new AbortController().signal)
      const replay = await api.post('/invoices', body, { 'Idempotency-Key': 'kept-thirty-days' })
      assert.deepEqual([replay.status, replay.headers.get(REPLAYED), replay.body.data.id], [201, 'true', first.body.data.id])
      assert.equal((await api.get('/invoices')).body.pagination.total, 1)
      // The retention job forgets it after the 30 days: the key then makes a new invoice.
      clock.advance(120_000)
      await retention.run(new AbortController().signal)
      const anew = await api.post('/invoices', body, { 'Idempotency-Key': 'kept-thirty-days' })
      assert.deepEqual([anew.status, anew.headers.get(REPLAYED)], [201, null])
      assert.equal((await api.get('/invoices')).body.pagination.total, 2)
    } finally {
      await dated.stop()
    }
  })
})

/**
 * The same request with the same key reaching two hosts on one database at once (a client's
 * retry through a load balancer): one makes the effect, the other answers with it, never with
 * an error about the state the first left (a proforma already converted, a document reserved).
 */
describe('one Idempotency-Key on two hosts at once', () => {
  let app: TestApp
  let second: TestApp
  let tenant: Awaited<ReturnType<typeof createTenant>>
  let customerId: string
  before(async () => {
    app = await startTestApp({ access: { requestsPerMinute: 100_000 } })
    second = await app.startAnother()
    tenant = await createTenant(app, { name: 'Zwei Hosts GmbH', email: 'buero@zwei.example', vatId: 'DE123456789' })
    customerId = (await tenant.api.post('/customers', { name: 'Kunde', email: 'kunde@example.de' })).body.data.id
  })
  after(async () => {
    await second.stop()
    await app.stop()
  })

  const onBoth = (path: string, body: unknown, key: string) =>
    Promise.all([app, second].map((host) => apiClient(host.target, tenant.key).post(path, body, { 'Idempotency-Key': key })))
  const sentInvoice = async () => {
    const invoice = (await tenant.api.post('/invoices', { customerId, lines: [{ description: 'x', unitPrice: 10 }] })).body.data
    await tenant.api.put(`/invoices/${invoice.id}`, { status: 'SENT' })
    return invoice
  }
  const writes: Record<string, () => Promise<{ path: string; body?: unknown }>> = {
    convert: async () => {
      const proforma = (await tenant.api.post('/invoices', { customerId, invoiceType: 'PROFORMA', lines: [{ description: 'x', unitPrice: 10 }] })).body.data
      return { path: `/invoices/${proforma.id}/convert` }
    },
    cancel: async () => ({ path: `/invoices/${(await sentInvoice()).id}/cancel`, body: {} }),
    'payment in full': async () => ({ path: `/invoices/${(await sentInvoice()).id}/payments`, body: { amount: 11.9 } }),
    correct: async () => ({ path: `/invoices/${(await sentInvoice()).id}/correct`, body: { changeReason: 'Bestellnummer nachgetragen', orderNumber: 'B-1' } }),
  }
  for (const [name, prepare] of Object.entries(writes)) {
    it(`${name}: one host makes the effect, the other replays it`, async () => {
      for (let round = 0; round < 5; round++) {
        const { path, body } = await prepare()
        const answers = await onBoth(path, body, `two-hosts-${name.replace(/ /g, '-')}-${round}`)
        assert.deepEqual(answers.map((answer) => answer.status < 300), [true, true], answers.map((answer) => answer.text).join(' | '))
        assert.deepEqual(answers.map((answer) => answer.headers.get(REPLAYED)).sort(), [null, 'true'])
      }
    })
  }

  it('send: one mail; the other host replays it or says the key is still sending, never send_in_progress', async () => {
    const mails = () => existsSync(join(app.dataDir, 'outbox')) ? readdirSync(join(app.dataDir, 'outbox')).length : 0
    for (let round = 0; round < 5; round++) {
      const invoice = (await tenant.api.post('/invoices', { customerId, lines: [{ description: 'x', unitPrice: 10 }] })).body.data
      const before = mails()
      const answers = await onBoth(`/invoices/${invoice.id}/send`, {}, `two-hosts-send-${round}`)
      assert.equal(mails() - before, 1, 'one mail')
      assert.ok(answers.some((answer) => answer.status === 200 && answer.headers.get(REPLAYED) === null))
      for (const answer of answers.filter((each) => each.status !== 200)) {
        assert.deepEqual([answer.status, answer.body.code], [409, 'idempotency_key_in_progress'], answer.text)
      }
    }
  })
})
