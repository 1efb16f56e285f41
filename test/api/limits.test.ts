import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { createManualClock } from '@invoicing/core/testing'
import { apiClient } from '../support/api-client'
import { createTenant } from '../support/tenant'
import { startTestApp } from '../support/test-app'

const rateLimitState = (headers: Headers) => ({
  limit: headers.get('ratelimit-limit'),
  remaining: headers.get('ratelimit-remaining'),
  reset: headers.get('ratelimit-reset'),
})

describe('limits', () => {
  // A known key is admitted without waiting for storage (the production cache); without the
  // cache every request looks its key up. Both paths must answer alike.
  for (const [keyCache, keyCacheTtlMs] of [['key looked up every time', 0], ['production key cache', 1000]] as const) {
    it(`reports the rate-limit state on every authenticated response, errors included (${keyCache})`, async () => {
      const clock = createManualClock('2026-03-10T09:00:15.000Z')
      const app = await startTestApp({ clock, access: { keyCacheTtlMs } })
      try {
        const { api } = await createTenant(app, {}, { scopes: ['customers:read'] })
        const responses = [
          await api.get('/customers'),
          await api.get('/customers/unknown'),
          await api.get('/customers?limit=abc'),
          await api.post('/customers', { name: 'no scope' }),
          await api.get('/no-such-route'),
        ]
        assert.deepEqual(responses.map((r) => r.status), [200, 404, 400, 403, 404])
        responses.forEach((response, index) => {
          assert.deepEqual(rateLimitState(response.headers), { limit: '100', remaining: String(99 - index), reset: '45' })
        })
      } finally {
        await app.stop()
      }
    })

    it(`allows 100 requests per minute and key, then answers 429 with Retry-After until the window resets (${keyCache})`, async () => {
      const clock = createManualClock('2026-03-10T09:00:00.000Z')
      const app = await startTestApp({ clock, access: { keyCacheTtlMs } })
      try {
        const tenant = await createTenant(app)
        const first100 = await Promise.all(Array.from({ length: 100 }, () => tenant.api.get('/customers')))
        assert.ok(first100.every((response) => response.status === 200))
        assert.deepEqual(first100.map((r) => Number(r.headers.get('ratelimit-remaining'))).sort((a, b) => a - b), Array.from({ length: 100 }, (_, i) => i))

        clock.advance(20_000)
        const limited = await tenant.api.get('/customers')
        assert.equal(limited.status, 429)
        assert.equal(limited.body.code, 'rate_limited')
        assert.equal(limited.headers.get('retry-after'), '40')
        assert.deepEqual(rateLimitState(limited.headers), { limit: '100', remaining: '0', reset: '40' })

        const { secret } = await app.invoicing.apiKeys.create({ companyId: tenant.company.id, apiKeyId: null })
        assert.equal((await apiClient(app.target, secret).get('/customers')).status, 200, 'the limit is per key')

        clock.advance(40_000)
        const again = await tenant.api.get('/customers')
        assert.equal(again.status, 200)
        assert.equal(again.headers.get('ratelimit-remaining'), '99')
      } finally {
        await app.stop()
      }
    })
  }

  it('answers 429 quota_exceeded once the monthly API call quota is used, until the next month', async () => {
    // 2026-03-31 23:00 in Berlin (summer time): one hour until April.
    const clock = createManualClock('2026-03-31T21:00:00.000Z')
    const app = await startTestApp({ clock })
    try {
      const tenant = await createTenant(app, { apiCallQuota: 3 })
      for (let call = 0; call < 3; call++) assert.equal((await tenant.api.get('/customers')).status, 200)
      const exceeded = await tenant.api.get('/customers')
      assert.equal(exceeded.status, 429)
      assert.equal(exceeded.body.code, 'quota_exceeded')
      assert.equal(exceeded.headers.get('retry-after'), '3600')
      assert.equal(exceeded.headers.get('ratelimit-limit'), '100')

      clock.set('2026-03-31T22:00:00.000Z')
      const usage = await tenant.api.get('/company/usage')
      assert.equal(usage.status, 200)
      assert.deepEqual(usage.body.data.apiCalls, { used: 1, quota: 3, remaining: 2 })
      assert.equal(usage.body.data.month, '2026-04')
    } finally {
      await app.stop()
    }
  })

  it('does not count rate-limited requests against the monthly quota', async () => {
    const clock = createManualClock('2026-03-10T09:00:00.000Z')
    const app = await startTestApp({ clock, access: { requestsPerMinute: 2 } })
    try {
      const tenant = await createTenant(app)
      const statuses = []
      for (let call = 0; call < 4; call++) statuses.push((await tenant.api.get('/customers')).status)
      assert.deepEqual(statuses, [200, 200, 429, 429])
      clock.advance(60_000)
      assert.equal((await tenant.api.get('/company/usage')).body.data.apiCalls.used, 3)
    } finally {
      await app.stop()
    }
  })
})
