// Needs real hosts: `invoicing serve` is killed (SIGKILL) while a delivery is pending, and the
// next process on the same database file delivers it.
import assert from 'node:assert/strict'
import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { describe, it } from 'node:test'
import { apiClient } from '../support/api-client'
import { runCli, startServe } from '../support/cli'
import { tempDir } from '../support/test-host'
import { until } from '../support/until'
import { startWebhookReceiver, verified } from '../support/webhook-receiver'

describe('webhook delivery after the host was killed', () => {
  it('delivers what was pending when `invoicing serve` was killed, from the next process on the same database', async () => {
    const dir = tempDir()
    const env = {
      INVOICING_DB: join(dir, 'invoicing.sqlite'), INVOICING_DATA_DIR: join(dir, 'data'), INVOICING_NO_DEMO: '1',
      INVOICING_ALLOW_INSECURE_WEBHOOKS: '1', INVOICING_WEBHOOK_RETRY_BASE_MS: '300',
    }
    const probe = await startWebhookReceiver()
    const receiverUrl = probe.url
    await probe.close() // down while the first process runs: every attempt fails to connect
    const company = runCli(['company', 'create', '--json', JSON.stringify({ name: 'Neustart AG', plan: 'ENTERPRISE' })], env)
    assert.equal(company.status, 0, company.stderr)
    const { key } = runCli(['key', 'create', '--company', company.json().id], env).json()
    const first = await startServe(env)
    let endpoint: any
    try {
      const api = apiClient(first.url, key)
      endpoint = (await api.post('/webhooks', { url: receiverUrl, events: ['invoice.created'] })).body.data
      const customerId = (await api.post('/customers', { name: 'Kunde' })).body.data.id
      await api.post('/invoices', { customerId, lines: [{ description: 'x', unitPrice: 10 }] })
      await until(async () => (await api.get(`/webhooks/${endpoint.id}/deliveries`)).body.pagination.total > 0, 'a first, failed attempt')
    } finally {
      await first.stop('SIGKILL')
    }

    const receiver = await startWebhookReceiver(Number(new URL(receiverUrl).port))
    const second = await startServe(env)
    try {
      const [delivery] = await receiver.waitFor(1)
      assert.equal(verified(endpoint.secret, delivery!).type, 'invoice.created')
      const api = apiClient(second.url, key)
      await until(async () => (await api.get(`/webhooks/${endpoint.id}/deliveries`)).body.data[0]?.status === 'SUCCEEDED', 'the logged success')
    } finally {
      await second.stop()
      await receiver.close()
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
