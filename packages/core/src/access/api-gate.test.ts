import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import type { CompanyCreateInput } from '../companies/company-schemas'
import { createInvoicing, type InvoicingOptions } from '../create-invoicing'
import { createManualClock, createMemoryStorage, failsWith } from '../testing'
import { companyActor } from './actor'
import { requireScopes } from './scopes'

async function setup(
  { start = '2026-03-15T10:00:15.000Z', company = {}, access = {} }:
  { start?: string; company?: Partial<CompanyCreateInput>; access?: InvoicingOptions['access'] } = {},
) {
  const storage = createMemoryStorage()
  const clock = createManualClock(start)
  const invoicing = createInvoicing({ storage, clock, access: { keyCacheTtlMs: 0, ...access } })
  const actor = companyActor((await invoicing.companies.create({ name: 'Muster GmbH', ...company })).id)
  const { apiKey, secret } = await invoicing.apiKeys.create(actor)
  return { storage, clock, invoicing, actor, apiKey, header: `Bearer ${secret}` }
}


const apiCallsUsed = async (invoicing: ReturnType<typeof createInvoicing>, actor: ReturnType<typeof companyActor>) =>
  (await invoicing.access.usage(actor)).apiCalls.used

describe('authentication', () => {
  it('admits a valid key and names its company, key and scopes', async () => {
    const { invoicing, actor, apiKey, header } = await setup()
    const admission = await invoicing.access.admit(header)
    assert.equal(admission.rejection, undefined)
    assert.deepEqual(admission.principal.actor, { companyId: actor.companyId, apiKeyId: apiKey.id })
    assert.deepEqual(admission.principal.scopes, apiKey.scopes)
    assert.equal(admission.principal.company.id, actor.companyId)
  })

  it('accepts the scheme in any case', async () => {
    const { invoicing, header } = await setup()
    const admission = await invoicing.access.admit(header.replace('Bearer', 'bearer'))
    assert.equal(admission.rejection, undefined)
  })

  it('refuses a missing or malformed Authorization header', async () => {
    const { invoicing, header } = await setup()
    const malformed = [undefined, '', 'Basic xyz', 'Bearer', 'Bearer ', 'Bearer sk_live_short', `${header} extra`, header.replace('Bearer ', '')]
    for (const authorization of malformed) {
      await assert.rejects(async () => invoicing.access.admit(authorization), failsWith('unauthorized'), `header ${JSON.stringify(authorization)}`)
    }
  })

  it('refuses a well-formed key that does not exist', async () => {
    const { invoicing } = await setup()
    await assert.rejects(async () => invoicing.access.admit(`Bearer sk_live_${'A'.repeat(40)}`), failsWith('unauthorized'))
  })

  it('refuses a key once it is revoked', async () => {
    const { invoicing, apiKey, header } = await setup()
    await invoicing.access.admit(header)
    await invoicing.apiKeys.revoke(apiKey.id)
    await assert.rejects(async () => invoicing.access.admit(header), failsWith('unauthorized'))
  })

  for (const plan of ['FREE', 'STARTER'] as const) {
    it(`refuses keys of a ${plan} company with plan_no_access`, async () => {
      const { invoicing, header } = await setup({ company: { plan } })
      await assert.rejects(async () => invoicing.access.admit(header), failsWith('plan_no_access'))
    })
  }

  it('admits a company once it is upgraded to a plan with API access', async () => {
    const { invoicing, actor, header } = await setup({ company: { plan: 'FREE' } })
    await invoicing.companies.update(actor, { plan: 'PROFESSIONAL' })
    assert.equal((await invoicing.access.admit(header)).rejection, undefined)
  })
})

describe('rate limit', () => {
  it('counts down the remaining requests and rejects the one over the limit until the minute ends', async () => {
    const { invoicing, header } = await setup({ access: { requestsPerMinute: 3 } })
    for (const remaining of [2, 1, 0]) {
      const admission = await invoicing.access.admit(header)
      assert.equal(admission.rejection, undefined)
      assert.deepEqual(admission.rateLimit, { limit: 3, remaining, resetSeconds: 45 })
    }
    const over = await invoicing.access.admit(header)
    assert.equal(over.rejection?.code, 'rate_limited')
    assert.equal(over.rejection && over.retryAfterSeconds, 45)
    assert.equal(over.rateLimit.remaining, 0)
  })

  it('admits again in the next minute', async () => {
    const { clock, invoicing, header } = await setup({ access: { requestsPerMinute: 3 } })
    for (let call = 0; call < 4; call++) await invoicing.access.admit(header)
    clock.advance(44_000)
    assert.equal((await invoicing.access.admit(header)).rejection?.code, 'rate_limited')
    clock.advance(1_000)
    const admission = await invoicing.access.admit(header)
    assert.equal(admission.rejection, undefined)
    assert.deepEqual(admission.rateLimit, { limit: 3, remaining: 2, resetSeconds: 60 })
  })

  it('counts each key on its own', async () => {
    const { invoicing, actor, header } = await setup({ access: { requestsPerMinute: 1 } })
    const second = await invoicing.apiKeys.create(actor)
    await invoicing.access.admit(header)
    assert.equal((await invoicing.access.admit(header)).rejection?.code, 'rate_limited')
    assert.equal((await invoicing.access.admit(`Bearer ${second.secret}`)).rejection, undefined)
  })

  it('does not count rate-limited calls as used', async () => {
    const { invoicing, actor, header } = await setup({ access: { requestsPerMinute: 3 } })
    for (let call = 0; call < 5; call++) await invoicing.access.admit(header)
    assert.equal(await apiCallsUsed(invoicing, actor), 3)
  })
})

describe('monthly API call quota', () => {
  const lastHalfHourOfMarch = '2026-03-31T21:30:00.000Z'
  const aprilInBerlin = Date.parse('2026-04-01T00:00:00+02:00')

  it('rejects calls over the quota until the month ends in the company’s time zone', async () => {
    const { invoicing, header } = await setup({ start: lastHalfHourOfMarch, company: { apiCallQuota: 2 } })
    assert.equal((await invoicing.access.admit(header)).rejection, undefined)
    assert.equal((await invoicing.access.admit(header)).rejection, undefined)
    const over = await invoicing.access.admit(header)
    assert.equal(over.rejection?.code, 'quota_exceeded')
    assert.equal(over.rejection && over.retryAfterSeconds, (aprilInBerlin - Date.parse(lastHalfHourOfMarch)) / 1000)
    assert.equal(over.rejection && over.retryAfterSeconds, 1800)
  })

  it('admits again once the next month has begun', async () => {
    const { clock, invoicing, actor, header } = await setup({ start: lastHalfHourOfMarch, company: { apiCallQuota: 1 } })
    await invoicing.access.admit(header)
    assert.equal((await invoicing.access.admit(header)).rejection?.code, 'quota_exceeded')
    clock.set(new Date(aprilInBerlin))
    assert.equal((await invoicing.access.admit(header)).rejection, undefined)
    const usage = await invoicing.access.usage(actor)
    assert.equal(usage.month, '2026-04')
    assert.equal(usage.apiCalls.used, 1)
  })

  it('never admits more calls than the quota while counted calls are being written', async () => {
    const { invoicing, actor, header } = await setup({ company: { apiCallQuota: 2 }, access: { keyCacheTtlMs: 60_000 } })
    await invoicing.access.admit(header)
    await invoicing.access.admit(header)
    const [, third] = await Promise.all([invoicing.access.flushUsage(), invoicing.access.admit(header)])
    assert.equal(third.rejection?.code, 'quota_exceeded')
    assert.equal(await apiCallsUsed(invoicing, actor), 2)
  })

  it('does not count rejected calls as used', async () => {
    const { invoicing, actor, header } = await setup({ company: { apiCallQuota: 2 } })
    for (let call = 0; call < 4; call++) await invoicing.access.admit(header)
    assert.deepEqual((await invoicing.access.usage(actor)).apiCalls, { used: 2, quota: 2, remaining: 0 })
  })
})

describe('usage', () => {
  it('reports the month, admitted calls and documents against the quotas', async () => {
    const { invoicing, actor, header } = await setup()
    await invoicing.access.admit(header)
    await invoicing.access.admit(header)
    assert.deepEqual(await invoicing.access.usage(actor), {
      month: '2026-03',
      apiCalls: { used: 2, quota: 50_000, remaining: 49_998 },
      documents: { used: 0, quota: null, remaining: null, byDocumentType: {} },
      storageBytes: 0,
      storageQuotaBytes: null,
    })
  })

  it('fails with not_found for an unknown company', async () => {
    const { invoicing } = await setup()
    await assert.rejects(invoicing.access.usage(companyActor('missing')), failsWith('not_found'))
  })

  it('keeps the count across a restart once closed', async () => {
    const { storage, clock, invoicing, actor, header } = await setup({
      company: { apiCallQuota: 3 }, access: { usageFlushIntervalMs: 3_600_000 },
    })
    for (let call = 0; call < 3; call++) await invoicing.access.admit(header)
    await invoicing.close()
    const next = createInvoicing({ storage, clock, access: { keyCacheTtlMs: 0 } })
    assert.equal(await apiCallsUsed(next, actor), 3)
    assert.equal((await next.access.admit(header)).rejection?.code, 'quota_exceeded')
    await next.close()
  })

  it('neither counts nor refuses a request outside the quota, which still counts against the rate limit', async () => {
    const { invoicing, actor, header } = await setup({ company: { apiCallQuota: 1 }, access: { requestsPerMinute: 3 } })
    assert.equal((await invoicing.access.admit(header)).rejection, undefined)
    assert.equal((await invoicing.access.admit(header)).rejection?.code, 'quota_exceeded')
    const outside = await invoicing.access.admit(header, undefined, { countsTowardsQuota: false })
    assert.deepEqual([outside.rejection, outside.rateLimit.remaining], [undefined, 0])
    assert.equal((await invoicing.access.admit(header, undefined, { countsTowardsQuota: false })).rejection?.code, 'rate_limited')
    assert.equal(await apiCallsUsed(invoicing, actor), 1)
  })
})

describe('last use of a key', () => {
  it('is noted per request, written on flush and kept across a restart, never moving back', async () => {
    const { storage, clock, invoicing, apiKey, header } = await setup({ access: { usageFlushIntervalMs: 3_600_000 } })
    assert.equal(await invoicing.access.lastUseOf((await storage.apiKeys.get(apiKey.id))!), null)
    await invoicing.access.admit(header)
    const first = clock.now().toISOString()
    assert.equal((await storage.apiKeys.get(apiKey.id))!.lastUsedAt, null)
    assert.equal(await invoicing.access.lastUseOf((await storage.apiKeys.get(apiKey.id))!), first)
    await invoicing.close()
    assert.equal((await storage.apiKeys.get(apiKey.id))!.lastUsedAt, first)

    // Another process that noted an earlier time does not move it back.
    const next = createInvoicing({ storage, clock: createManualClock('2026-03-15T09:00:00.000Z'), access: { keyCacheTtlMs: 0 } })
    await next.access.admit(header)
    await next.close()
    assert.equal((await storage.apiKeys.get(apiKey.id))!.lastUsedAt, first)
  })
})

describe('requireScopes', () => {
  it('passes when every required scope is granted', () => {
    assert.doesNotThrow(() => requireScopes(['customers:read', 'customers:write'], ['customers:read']))
    assert.doesNotThrow(() => requireScopes([], []))
  })

  it('throws insufficient_scope naming the required scopes', () => {
    assert.throws(
      () => requireScopes(['invoices:read'], ['invoices:read', 'customers:read']),
      failsWith('insufficient_scope', { requiredScopes: ['invoices:read', 'customers:read'] }),
    )
  })

  it('does not let a write scope grant read', () => {
    assert.throws(() => requireScopes(['customers:write'], ['customers:read']), failsWith('insufficient_scope'))
  })

  it('applies to the scopes a key was created with', async () => {
    const { invoicing, actor } = await setup()
    const { secret } = await invoicing.apiKeys.create(actor, { scopes: ['products:read'] })
    const { principal } = await invoicing.access.admit(`Bearer ${secret}`)
    assert.doesNotThrow(() => requireScopes(principal.scopes, ['products:read']))
    assert.throws(() => requireScopes(principal.scopes, ['products:write']), failsWith('insufficient_scope'))
  })
})
