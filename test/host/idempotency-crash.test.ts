// Needs a real process: `invoicing serve` is killed (SIGKILL) while idempotent POSTs are in
// flight, and the requests are retried with their keys against the next process.
import assert from 'node:assert/strict'
import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { describe, it } from 'node:test'
import { apiClient, type ApiResponse } from '../support/api-client'
import { runCli, startServe } from '../support/cli'
import { tempDir } from '../support/test-host'

describe('Idempotency-Key across a crash', () => {
  it('after SIGKILL mid-request, a retry with the same key answers 201 and each effect exists exactly once', async () => {
    const dir = tempDir()
    const env = {
      INVOICING_DB: join(dir, 'invoicing.sqlite'), INVOICING_DATA_DIR: join(dir, 'data'), INVOICING_NO_DEMO: '1', INVOICING_RATE_LIMIT: '100000',
    }
    const company = runCli(['company', 'create', '--json', JSON.stringify({ name: 'Absturz GmbH' })], env)
    assert.equal(company.status, 0, company.stderr)
    const { key } = runCli(['key', 'create', '--company', company.json().id], env).json()
    let serve = await startServe(env)
    try {
      let api = apiClient(serve.url, key)
      const customerId = (await api.post('/customers', { name: 'Kunde' })).body.data.id
      const invoiceId = (await api.post('/invoices', { customerId, lines: [{ description: 'Beratung', unitPrice: '1000' }] })).body.data.id
      assert.equal((await api.put(`/invoices/${invoiceId}`, { status: 'SENT' })).status, 200)

      const requests = Array.from({ length: 30 }, (_, index) => [
        { key: `crash-payment-${index}`, path: `/invoices/${invoiceId}/payments`, body: { amount: '1.00', paymentDate: '2026-03-01', reference: `P${index}` } },
        { key: `crash-invoice-${index}`, path: '/invoices', body: { customerId, lines: [{ description: `Posten ${index}`, unitPrice: '10' }] } },
      ]).flat()
      const send = (request: (typeof requests)[number]) => api.post(request.path, request.body, { 'idempotency-key': request.key })

      // Everything at once; the process dies as soon as the first answer is back.
      const inFlight = requests.map((request) => send(request).then((response) => response, () => undefined))
      await Promise.race(inFlight)
      await serve.stop('SIGKILL')
      const before = await Promise.all(inFlight)
      const answeredBefore = before.filter((response): response is ApiResponse => response?.status === 201)

      serve = await startServe(env)
      api = apiClient(serve.url, key)
      const retried = await Promise.all(requests.map(send))
      for (const [index, response] of retried.entries()) assert.equal(response.status, 201, `${requests[index]!.key}: ${response.text}`)
      // A request answered before the crash is replayed with its first answer.
      for (const first of answeredBefore) {
        const again = retried[before.indexOf(first)]!
        assert.equal(again.headers.get('idempotent-replayed'), 'true')
        assert.deepEqual(again.body, first.body)
      }

      const { payments, totalPaid } = (await api.get(`/invoices/${invoiceId}/payments`)).body.data
      assert.deepEqual(payments.map((payment: any) => payment.reference).sort(), requests.filter((each) => each.key.includes('payment')).map((each) => each.body.reference).sort())
      assert.equal(totalPaid, 30)
      const invoices = (await api.get('/invoices?limit=100')).body
      assert.equal(invoices.pagination.total, 31)
      assert.equal(new Set(retried.filter((_, index) => requests[index]!.key.includes('invoice')).map((each) => each.body.data.id)).size, 30)
    } finally {
      await serve.stop('SIGKILL')
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
