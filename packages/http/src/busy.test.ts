import assert from 'node:assert/strict'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { describe, it } from 'node:test'
import { companyActor, createInvoicing } from '@invoicing/core'
import { createMemoryStorage, withTransactionConflicts } from '@invoicing/core/testing'
import { createApp } from './app'

describe('a write that keeps losing to concurrent transactions', () => {
  it('answers 503 busy with Retry-After and retryAfterSeconds, and writes nothing', async () => {
    const storage = createMemoryStorage()
    const setup = createInvoicing({ storage })
    const company = await setup.companies.create({ name: 'Muster GmbH' })
    const { secret } = await setup.apiKeys.create(companyActor(company.id))
    await setup.close()
    const invoicing = createInvoicing({ storage: withTransactionConflicts(storage, 'every-attempt') })
    const server = createServer(createApp({ invoicing }).callback())
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    try {
      const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1/customers`, {
        method: 'POST',
        headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Kunde AG' }),
      })
      assert.equal(response.status, 503)
      assert.equal(response.headers.get('retry-after'), '1')
      const body = (await response.json()) as { code: string; retryAfterSeconds: unknown }
      assert.deepEqual({ code: body.code, retryAfterSeconds: body.retryAfterSeconds }, { code: 'busy', retryAfterSeconds: 1 })
      assert.equal((await storage.customers.list(company.id, { limit: 10, offset: 0 })).total, 0)
      assert.equal((await storage.audit.list(company.id, { limit: 10, offset: 0 })).total, 0)
    } finally {
      server.close()
      // The request's usage count cannot be written either.
      await invoicing.close().catch(() => undefined)
    }
  })
})
