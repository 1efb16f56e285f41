// Needs real hosts: `invoicing serve` is killed (SIGKILL) or stopped (SIGTERM) while a delivery is
// on its way, and the next process on the same database file delivers it.
import assert from 'node:assert/strict'
import { rmSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
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

/** A receiver that answers 200 at once, then trickles its body one byte a second and never ends it. */
async function startTrickleReceiver() {
  const requests: number[] = []
  const sockets = new Set<import('node:net').Socket>()
  const server = createServer((request, response) => {
    request.resume()
    requests.push(Date.now())
    response.writeHead(200, { 'content-type': 'text/plain' })
    const drip = setInterval(() => response.write('.'), 1000)
    response.on('close', () => clearInterval(drip))
  })
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/slow`,
    requests,
    close: () => new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy()
      server.close(() => resolve())
    }),
  }
}

describe('webhook delivery with a receiver that trickles', () => {
  it('delivers another company’s webhook meanwhile, ends on SIGTERM within 10 s, and tries the cut-off delivery again', async () => {
    const dir = tempDir()
    const env = {
      INVOICING_DB: join(dir, 'invoicing.sqlite'), INVOICING_DATA_DIR: join(dir, 'data'), INVOICING_NO_DEMO: '1',
      INVOICING_ALLOW_INSECURE_WEBHOOKS: '1', INVOICING_WEBHOOK_RETRY_BASE_MS: '300',
    }
    const trickle = await startTrickleReceiver()
    const receiver = await startWebhookReceiver()
    const tenants = ['Tröpfel AG', 'Flink GmbH'].map((name) => {
      const company = runCli(['company', 'create', '--json', JSON.stringify({ name, plan: 'ENTERPRISE' })], env)
      assert.equal(company.status, 0, company.stderr)
      return runCli(['key', 'create', '--company', company.json().id], env).json().key as string
    })
    const createInvoice = async (api: ReturnType<typeof apiClient>) => {
      const customerId = (await api.post('/customers', { name: 'Kunde' })).body.data.id
      await api.post('/invoices', { customerId, lines: [{ description: 'x', unitPrice: 10 }] })
    }
    let serve = await startServe(env)
    try {
      const [slow, quick] = tenants.map((key) => apiClient(serve.url, key))
      const slowEndpoint = (await slow!.post('/webhooks', { url: trickle.url, events: ['invoice.created'] })).body.data
      await quick!.post('/webhooks', { url: receiver.url, events: ['invoice.created'] })
      await createInvoice(slow!)
      await until(async () => trickle.requests.length > 0, 'the slow receiver’s attempt')

      const sent = Date.now()
      await createInvoice(quick!)
      const [delivered] = await receiver.waitFor(1, 5000)
      assert.equal(delivered!.json.type, 'invoice.created')
      assert.ok(Date.now() - sent < 5000, `delivered after ${Date.now() - sent} ms`)

      assert.ok(Date.now() - trickle.requests[0]! < 9000, 'the slow attempt is still trickling')
      const stopping = Date.now()
      assert.equal(await serve.stop('SIGTERM'), 0)
      assert.ok(Date.now() - stopping < 10_000, `ended ${Date.now() - stopping} ms after SIGTERM`)

      // The cut-off attempt counts as failed; the next process tries the delivery again.
      serve = await startServe(env)
      const log = async () => (await apiClient(serve.url, tenants[0]!).get(`/webhooks/${slowEndpoint.id}/deliveries`)).body.data
      const [cutOff] = await log()
      assert.deepEqual([cutOff.attempt, cutOff.succeeded], [1, false])
      assert.match(cutOff.error, /aborted/)
      await until(async () => trickle.requests.length > 1, 'the next attempt')
    } finally {
      await serve.stop('SIGKILL')
      await trickle.close()
      await receiver.close()
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
