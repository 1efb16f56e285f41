import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { companyActor, createInvoicing, type Storage } from '@invoicing/core'
import { createManualClock, createMemoryStorage } from '@invoicing/core/testing'
import { inject } from 'light-my-request'
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

  /** A request from `address` (the socket's peer) with `key` as its Bearer token. */
  const from = (app: { target: Parameters<typeof inject>[0] }, address: string, key: string) =>
    inject(app.target, { method: 'GET', url: '/api/v1/customers', remoteAddress: address, headers: { authorization: `Bearer ${key}` } })
  const guessedKey = (index: number) => `sk_live_${String(index).padStart(40, 'g')}`

  it('answers 429 with Retry-After after 30 failed authentications from one address in a minute, for that address only, until the minute is over', async () => {
    const clock = createManualClock('2026-03-10T09:00:00.000Z')
    const app = await startTestApp({ clock })
    try {
      const tenant = await createTenant(app)
      for (let attempt = 0; attempt < 30; attempt++) assert.equal((await from(app, '203.0.113.7', guessedKey(attempt))).statusCode, 401)
      clock.advance(15_000)
      const refused = await from(app, '203.0.113.7', guessedKey(30))
      assert.equal(refused.statusCode, 429)
      assert.equal(refused.json().code, 'rate_limited')
      assert.match(refused.json().error, /failed authentications/)
      assert.equal(refused.headers['retry-after'], '45')
      assert.equal((await from(app, '203.0.113.7', tenant.key)).statusCode, 429, 'a right key from that address waits too')
      assert.equal((await from(app, '198.51.100.4', guessedKey(31))).statusCode, 401, 'another address is not affected')
      assert.equal((await from(app, '198.51.100.4', tenant.key)).statusCode, 200)

      clock.advance(45_000)
      assert.equal((await from(app, '203.0.113.7', tenant.key)).statusCode, 200)
      assert.equal((await from(app, '203.0.113.7', guessedKey(32))).statusCode, 401)
    } finally {
      await app.stop()
    }
  })

  it('counts failed authentications of IPv6 clients per /64, which one client may hop around in', async () => {
    const app = await startTestApp({ access: { authFailuresPerMinute: 4 } })
    try {
      const statuses = []
      for (let attempt = 0; attempt < 5; attempt++) statuses.push((await from(app, `2001:db8:5:6::${attempt + 1}`, guessedKey(attempt))).statusCode)
      assert.deepEqual(statuses, [401, 401, 401, 401, 429])
      assert.equal((await from(app, '2001:db8:5:7::1', guessedKey(9))).statusCode, 401, 'the next /64 is another client')
      for (let attempt = 0; attempt < 4; attempt++) await from(app, `::ffff:203.0.113.${attempt + 1}`, guessedKey(attempt))
      assert.equal((await from(app, '::ffff:203.0.113.9', guessedKey(5))).statusCode, 401, 'IPv4 clients count per address')
    } finally {
      await app.stop()
    }
  })

  it('takes the number of failed authentications per minute from the host settings', async () => {
    const app = await startTestApp({ access: { authFailuresPerMinute: 3 } })
    try {
      const statuses = []
      for (let attempt = 0; attempt < 5; attempt++) statuses.push((await from(app, '203.0.113.8', guessedKey(attempt))).statusCode)
      assert.deepEqual(statuses, [401, 401, 401, 429, 429])
    } finally {
      await app.stop()
    }
  })

  it('keeps the keys in use cached while a flood of unknown keys passes through: the cache drops the least recently used, never everything', async () => {
    const storage = createMemoryStorage()
    const lookups = new Map<string, number>()
    const counting: Storage = {
      ...storage,
      apiKeys: {
        ...storage.apiKeys,
        findByHash: (hash: string) => {
          lookups.set(hash, (lookups.get(hash) ?? 0) + 1)
          return storage.apiKeys.findByHash(hash)
        },
      },
    }
    const invoicing = createInvoicing({ storage: counting, access: { keyCacheTtlMs: 3_600_000, requestsPerMinute: 1_000_000 } })
    try {
      const company = await invoicing.companies.create({ name: 'Cache GmbH', apiCallQuota: null })
      const { secret } = await invoicing.apiKeys.create(companyActor(company.id))
      const totalLookups = () => [...lookups.values()].reduce((sum, count) => sum + count, 0)
      await invoicing.access.admit(`Bearer ${secret}`)
      assert.equal(totalLookups(), 1)
      // 15,000 unknown keys, more than the cache holds, while the good key keeps being used.
      for (let index = 0; index < 15_000; index++) {
        await Promise.resolve(invoicing.access.admit(`Bearer ${guessedKey(index)}`)).then(() => assert.fail('an unknown key was admitted'), () => undefined)
        if (index % 1000 === 0) await invoicing.access.admit(`Bearer ${secret}`)
      }
      assert.equal(totalLookups(), 15_001, 'the key in use was looked up once; each unknown key once')
      await invoicing.access.admit(`Bearer ${secret}`)
      await Promise.resolve(invoicing.access.admit(`Bearer ${guessedKey(14_999)}`)).catch(() => undefined)
      assert.equal(totalLookups(), 15_001, 'the key in use and the latest unknown key are still cached')
      await Promise.resolve(invoicing.access.admit(`Bearer ${guessedKey(0)}`)).catch(() => undefined)
      assert.equal(totalLookups(), 15_002, 'the oldest unknown key made room')
    } finally {
      await invoicing.close()
    }
  })
})
