import assert from 'node:assert/strict'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { describe, it } from 'node:test'
import { createHttpWebhookTransport, isPublicAddress } from './http-webhook-transport'

describe('the webhook transport', () => {
  it('takes only globally routable addresses as public', () => {
    for (const address of ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946']) assert.equal(isPublicAddress(address), true, address)
    for (const address of ['127.0.0.1', '10.0.0.1', '172.16.5.4', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '::1', 'fe80::1', 'fd12::1', '::ffff:10.0.0.1', '224.0.0.1', 'not an ip']) {
      assert.equal(isPublicAddress(address), false, address)
    }
  })

  it('gives up on a receiver that does not answer in time or when aborted, and caps what it reads of an answer', async () => {
    const server = createServer((request, response) => {
      if (request.url === '/slow') return // never answers
      response.end('y'.repeat(200_000))
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    const transport = createHttpWebhookTransport({ allowInsecure: true })
    try {
      await assert.rejects(transport.post({ url: `${base}/slow`, headers: {}, body: '{}', timeoutMs: 200 }), /no answer within 0.2 s/)
      const controller = new AbortController()
      const aborted = transport.post({ url: `${base}/slow`, headers: {}, body: '{}', timeoutMs: 60_000, signal: controller.signal })
      setTimeout(() => controller.abort(new Error('stopping')), 50)
      const started = Date.now()
      await assert.rejects(aborted)
      assert.ok(Date.now() - started < 5000, 'an aborted post ends at once, not at its timeout')
      const answer = await transport.post({ url: `${base}/big`, headers: {}, body: '{}', timeoutMs: 2000 })
      assert.deepEqual([answer.status, answer.body.length], [200, 64 * 1024])
    } finally {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    }
  })

  it('refuses plain http and loopback receivers unless insecure webhooks are allowed, also at delivery', async () => {
    const strict = createHttpWebhookTransport()
    await assert.rejects(strict.post({ url: 'http://127.0.0.1:9999/hook', headers: {}, body: '{}', timeoutMs: 500 }), /https/)
    await assert.rejects(strict.post({ url: 'https://localhost:9999/hook', headers: {}, body: '{}', timeoutMs: 500 }), /not a public address/)
    await assert.rejects(strict.checkUrl('https://localhost/hook'), /not a public address/)
    await createHttpWebhookTransport({ allowInsecure: true }).checkUrl('http://localhost/hook')
  })
})
