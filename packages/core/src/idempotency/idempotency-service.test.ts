import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { companyActor } from '../access/actor'
import { createInvoicing } from '../create-invoicing'
import { InvoicingError } from '../errors'
import { createManualClock, createMemoryStorage, failsWith } from '../testing'
import { IDEMPOTENCY_CLAIM_TTL_MS } from './idempotency-service'
import { requestFingerprint } from './request-fingerprint'

async function setup() {
  const clock = createManualClock('2026-03-15T10:00:00.000Z')
  const storage = createMemoryStorage()
  const invoicing = createInvoicing({ storage, clock })
  const actor = companyActor((await invoicing.companies.create({ name: 'Muster GmbH' })).id)
  let executions = 0
  const execute = async () => {
    executions++
    await new Promise((resolve) => setTimeout(resolve, 5))
    return { status: 201, body: { n: executions }, resourceId: `r${executions}` }
  }
  const request = (key: string, body: unknown = { amount: 1 }) => ({ key, fingerprint: requestFingerprint('POST', '/api/v1/x', body) })
  return { clock, storage, actor, run: invoicing.idempotency.run, execute, request, executions: () => executions }
}

describe('Idempotency-Key', () => {
  it('runs a request once and replays its response for the same key and body', async () => {
    const { run, actor, execute, request, executions } = await setup()
    const first = await run(actor, request('key-0001'), execute)
    const again = await run(actor, request('key-0001'), execute)
    assert.deepEqual(first, { response: { status: 201, body: { n: 1 }, resourceId: 'r1' }, replayed: false })
    assert.deepEqual(again, { response: { status: 201, body: { n: 1 }, resourceId: 'r1' }, replayed: true })
    assert.equal(executions(), 1)
  })

  it('runs exactly once for ten concurrent requests with one key; all get the same answer', async () => {
    const { run, actor, execute, request, executions } = await setup()
    const outcomes = await Promise.all(Array.from({ length: 10 }, () => run(actor, request('key-0002'), execute)))
    assert.equal(executions(), 1)
    assert.equal(outcomes.filter((outcome) => !outcome.replayed).length, 1)
    assert.ok(outcomes.every((outcome) => (outcome.response.body as { n: number }).n === 1))
  })

  it('refuses the key for a different body (key order does not matter) and a malformed key', async () => {
    const { run, actor, execute, request } = await setup()
    await run(actor, request('key-0003', { a: 1, b: 2 }), execute)
    assert.equal((await run(actor, request('key-0003', { b: 2, a: 1 }), execute)).replayed, true)
    await assert.rejects(run(actor, request('key-0003', { a: 1, b: 3 }), execute), failsWith('idempotency_key_reused'))
    await assert.rejects(run(actor, request('short'), execute), failsWith('invalid_idempotency_key'))
    await assert.rejects(run(actor, request('bad key with spaces'), execute), failsWith('invalid_idempotency_key'))
    await assert.rejects(run(actor, request('x'.repeat(201)), execute), failsWith('invalid_idempotency_key'))
  })

  it('keeps keys per company', async () => {
    const { run, actor, execute, request, executions } = await setup()
    await run(actor, request('key-0004'), execute)
    await run(companyActor('another-company'), request('key-0004'), execute)
    assert.equal(executions(), 2)
  })

  it('leaves the key free when the request fails', async () => {
    const { run, actor, execute, request, executions } = await setup()
    const failure = new InvoicingError('validation_failed', 'no')
    await assert.rejects(run(actor, request('key-0005'), () => Promise.reject(failure)), (error) => error === failure)
    assert.equal((await run(actor, request('key-0005'), execute)).replayed, false)
    assert.equal(executions(), 1)
  })

  it('replays through the given function, e.g. the current state of the created record', async () => {
    const { run, actor, execute, request } = await setup()
    await run(actor, request('key-0006'), execute)
    const replayed = await run(actor, request('key-0006'), execute, async (id) => ({ status: 201, body: { current: id } }))
    assert.deepEqual(replayed.response.body, { current: 'r1' })
  })

  it('takes over a claim whose process died once the claim has expired', async () => {
    const { run, actor, execute, request, storage, clock } = await setup()
    const { key, fingerprint } = request('key-0007')
    await storage.transaction((tx) => tx.idempotency.insertIfAbsent({
      companyId: actor.companyId, key, fingerprint, state: 'pending',
      claimExpiresAt: new Date(clock.now().getTime() + IDEMPOTENCY_CLAIM_TTL_MS).toISOString(),
      responseStatus: null, responseBody: null, resourceId: null, createdAt: clock.now().toISOString(),
    }))
    clock.advance(IDEMPOTENCY_CLAIM_TTL_MS)
    assert.equal((await run(actor, { key, fingerprint }, execute)).replayed, false)
  })
})

describe('Idempotency-Key on invoice creation', () => {
  it('replays the invoice in its current state; after deletion the key creates anew', async () => {
    const clock = createManualClock('2026-03-15T10:00:00.000Z')
    const storage = createMemoryStorage()
    const invoicing = createInvoicing({ storage, clock })
    const actor = companyActor((await invoicing.companies.create({ name: 'Muster GmbH' })).id)
    const customer = await invoicing.customers.create(actor, { name: 'Kunde' })
    const body = { customerId: customer.id, lines: [{ description: 'x', unitPrice: 10 }] }
    const create = () => invoicing.idempotency.run(
      actor,
      { key: 'create-0001', fingerprint: requestFingerprint('POST', '/api/v1/invoices', body) },
      async () => {
        const invoice = await invoicing.invoices.create(actor, body)
        return { status: 201, body: invoice, resourceId: invoice.id }
      },
      async (id) => ({ status: 201, body: await invoicing.invoices.getCreatedByKey(actor, id) }),
    )
    const first = await create()
    const id = (first.response.body as { id: string }).id
    await invoicing.invoices.update(actor, id, { orderNumber: 'PO-1' })
    const replay = await create()
    assert.equal((replay.response.body as { orderNumber: string }).orderNumber, 'PO-1')
    await invoicing.invoices.delete(actor, id)
    const anew = await create()
    assert.equal(anew.replayed, false)
    assert.notEqual((anew.response.body as { id: string }).id, id)
    assert.equal((await invoicing.invoices.list(actor)).total, 1)
  })

  it('completes the key with the invoice in one transaction: a crash after the commit cannot create a second', async () => {
    const invoicing = createInvoicing({ storage: createMemoryStorage() })
    const actor = companyActor((await invoicing.companies.create({ name: 'Muster GmbH' })).id)
    const customer = await invoicing.customers.create(actor, { name: 'Kunde' })
    const body = { customerId: customer.id, lines: [{ description: 'x', unitPrice: 10 }] }
    const request = { key: 'create-0002', fingerprint: requestFingerprint('POST', '/invoices', body) }
    const replay = async (id: string) => ({ status: 201, body: await invoicing.invoices.getCreatedByKey(actor, id) })
    const lost = new Error('the process died before answering')
    await assert.rejects(invoicing.idempotency.run(actor, request, async () => {
      await invoicing.invoices.create(actor, body)
      throw lost
    }, replay), (error) => error === lost)
    const retried = await invoicing.idempotency.run(actor, request, () => assert.fail('must not run again'), replay)
    assert.equal(retried.replayed, true)
    assert.equal((await invoicing.invoices.list(actor)).total, 1)
  })

  it('answers 409 when a replay finds its invoice gone', async () => {
    const invoicing = createInvoicing({ storage: createMemoryStorage() })
    const actor = companyActor((await invoicing.companies.create({ name: 'Muster GmbH' })).id)
    await assert.rejects(invoicing.invoices.getCreatedByKey(actor, 'gone'), failsWith('idempotency_key_invoice_deleted'))
  })
})
