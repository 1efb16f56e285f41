import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { companyActor, type Actor } from '../access/actor'
import type { DocumentCategory } from '../categories/document-category'
import { createInvoicing } from '../create-invoicing'
import { InvoicingError } from '../errors'
import type { InvoiceDetail } from '../invoices/invoice-service'
import type { Storage } from '../ports/storage'
import { createManualClock, createMemoryStorage, failsWith } from '../testing'
import type { IdempotencyClaim } from './idempotency-claim'
import { requestFingerprint } from './request-fingerprint'

/**
 * An engine and a write to run under keys: creating a document category, whose unit of work
 * stores the key's answer with the category (as every POST use case does with its effect).
 */
async function setup(storage: Storage = createMemoryStorage()) {
  const clock = createManualClock('2026-03-15T10:00:00.000Z')
  const invoicing = createInvoicing({ storage, clock })
  const actor = companyActor((await invoicing.companies.create({ name: 'Muster GmbH' })).id)
  let executions = 0
  const execute = (on = actor, engine = invoicing) => async (claim: IdempotencyClaim<DocumentCategory>) => {
    executions++
    await new Promise((resolve) => setTimeout(resolve, 5))
    return engine.documentCategories.create(on, { name: `Kategorie ${executions}` }, claim)
  }
  const respond = (category: DocumentCategory) => ({ status: 201, body: { name: category.name }, resourceId: category.id })
  const run = (key: string, body: unknown = { amount: 1 }, options: { on?: Actor; engine?: typeof invoicing } = {}) =>
    (options.engine ?? invoicing).idempotency.run(options.on ?? actor, { key, fingerprint: requestFingerprint('POST', '/api/v1/x', body) }, respond, execute(options.on, options.engine))
  const categories = async () => (await invoicing.documentCategories.list(actor)).length
  return { storage, clock, invoicing, actor, run, respond, categories, executions: () => executions }
}

describe('Idempotency-Key', () => {
  it('runs a request once and replays its answer for the same key and body', async () => {
    const { run, executions, categories } = await setup()
    const first = await run('key-0001')
    const again = await run('key-0001')
    assert.deepEqual(first.response.body, { name: 'Kategorie 1' })
    assert.deepEqual([first.replayed, again.replayed], [false, true])
    assert.deepEqual(again.response, first.response)
    assert.deepEqual([executions(), await categories()], [1, 1])
  })

  it('runs exactly once for ten concurrent requests with one key; all get the same answer', async () => {
    const { run, executions, categories } = await setup()
    const outcomes = await Promise.all(Array.from({ length: 10 }, () => run('key-0002')))
    assert.deepEqual([executions(), await categories()], [1, 1])
    assert.equal(outcomes.filter((outcome) => !outcome.replayed).length, 1)
    assert.ok(outcomes.every((outcome) => (outcome.response.body as { name: string }).name === 'Kategorie 1'))
  })

  it('lets one of two engines on one storage (two processes) make the effect; the other replays its answer', async () => {
    const storage = createMemoryStorage()
    const { run, invoicing, actor, categories, clock } = await setup(storage)
    const second = createInvoicing({ storage, clock })
    const outcomes = await Promise.all([run('key-0003'), run('key-0003', undefined, { engine: second })])
    assert.equal(await categories(), 1)
    assert.deepEqual(outcomes.map((outcome) => outcome.replayed).sort(), [false, true])
    assert.deepEqual(outcomes[0]!.response, outcomes[1]!.response)
    assert.equal((await invoicing.documentCategories.list(actor))[0]!.name, (outcomes[0]!.response.body as { name: string }).name)
  })

  it('refuses the key for a different body (key order does not matter) and a malformed key', async () => {
    const { run } = await setup()
    await run('key-0004', { a: 1, b: 2 })
    assert.equal((await run('key-0004', { b: 2, a: 1 })).replayed, true)
    await assert.rejects(run('key-0004', { a: 1, b: 3 }), failsWith('idempotency_key_reused'))
    await assert.rejects(run('short'), failsWith('invalid_idempotency_key'))
    await assert.rejects(run('bad key with spaces'), failsWith('invalid_idempotency_key'))
    await assert.rejects(run('x'.repeat(201)), failsWith('invalid_idempotency_key'))
  })

  it('keeps keys per company', async () => {
    const { run, invoicing, executions } = await setup()
    await run('key-0005')
    await run('key-0005', undefined, { on: companyActor((await invoicing.companies.create({ name: 'Andere GmbH' })).id) })
    assert.equal(executions(), 2)
  })

  it('leaves the key free when the request fails, and at once when its effect never committed (a crash)', async () => {
    const { storage, clock, invoicing, actor, run, respond, executions, categories } = await setup()
    const request = { key: 'key-0006', fingerprint: requestFingerprint('POST', '/api/v1/x', { amount: 1 }) }
    const failure = new InvoicingError('validation_failed', 'no')
    await assert.rejects(invoicing.idempotency.run(actor, request, respond, () => Promise.reject(failure)), (error) => error === failure)
    // A process that dies inside the transaction of the effect: the transaction never commits.
    const crash = new Error('the process died before the commit')
    const dying: Storage = { ...storage, transaction: (work) => storage.transaction(async (tx) => { await work(tx); throw crash }) }
    await assert.rejects(run('key-0006', undefined, { engine: createInvoicing({ storage: dying, clock }) }), (error) => error === crash)
    assert.equal((await run('key-0006')).replayed, false, 'no wait for an expiring claim')
    assert.deepEqual([executions(), await categories()], [2, 1])
  })

  it('replays through the given function, e.g. the current state of the created record', async () => {
    const { invoicing, actor, run, respond } = await setup()
    const first = await run('key-0007')
    const replayed = await invoicing.idempotency.run(actor, { key: 'key-0007', fingerprint: requestFingerprint('POST', '/api/v1/x', { amount: 1 }) },
      respond, () => assert.fail('must not run again'), async (id) => ({ status: 201, body: { current: id } }))
    assert.deepEqual(replayed.response.body, { current: first.response.resourceId })
  })

  it('refuses a write that does not store its answer with its effect', async () => {
    const { invoicing, actor, respond } = await setup()
    const forgetful = () => invoicing.documentCategories.create(actor, { name: 'Ohne Schlüssel' })
    await assert.rejects(invoicing.idempotency.run(actor, { key: 'key-0008', fingerprint: 'f' }, respond, forgetful), /did not store its answer with its effect/)
  })
})

describe('Idempotency-Key on invoice creation', () => {
  async function invoiceSetup() {
    const invoicing = createInvoicing({ storage: createMemoryStorage(), clock: createManualClock('2026-03-15T10:00:00.000Z') })
    const actor = companyActor((await invoicing.companies.create({ name: 'Muster GmbH' })).id)
    const customer = await invoicing.customers.create(actor, { name: 'Kunde' })
    const body = { customerId: customer.id, lines: [{ description: 'x', unitPrice: 10 }] }
    const request = (key: string) => ({ key, fingerprint: requestFingerprint('POST', '/api/v1/invoices', body) })
    const respond = (invoice: InvoiceDetail) => ({ status: 201, body: invoice, resourceId: invoice.id })
    const replay = async (id: string) => ({ status: 201, body: await invoicing.invoices.getCreatedByKey(actor, id) })
    return { invoicing, actor, body, request, respond, replay }
  }

  it('replays the invoice in its current state; after deletion the key creates anew', async () => {
    const { invoicing, actor, body, request, respond, replay } = await invoiceSetup()
    const create = () => invoicing.idempotency.run(actor, request('create-0001'), respond, (claim) => invoicing.invoices.create(actor, body, claim), replay)
    const first = await create()
    const id = (first.response.body as { id: string }).id
    await invoicing.invoices.update(actor, id, { orderNumber: 'PO-1' })
    const again = await create()
    assert.equal((again.response.body as { orderNumber: string }).orderNumber, 'PO-1')
    await invoicing.invoices.delete(actor, id)
    const anew = await create()
    assert.equal(anew.replayed, false)
    assert.notEqual((anew.response.body as { id: string }).id, id)
    assert.equal((await invoicing.invoices.list(actor)).total, 1)
  })

  it('stores the key with the invoice in one transaction: a crash after the commit cannot create a second', async () => {
    const { invoicing, actor, body, request, respond, replay } = await invoiceSetup()
    const lost = new Error('the process died before answering')
    await assert.rejects(invoicing.idempotency.run(actor, request('create-0002'), respond, async (claim) => {
      await invoicing.invoices.create(actor, body, claim)
      throw lost
    }, replay), (error) => error === lost)
    const retried = await invoicing.idempotency.run(actor, request('create-0002'), respond, () => assert.fail('must not run again'), replay)
    assert.equal(retried.replayed, true)
    assert.equal((await invoicing.invoices.list(actor)).total, 1)
  })

  it('answers 409 when a replay finds its invoice gone', async () => {
    const invoicing = createInvoicing({ storage: createMemoryStorage() })
    const actor = companyActor((await invoicing.companies.create({ name: 'Muster GmbH' })).id)
    await assert.rejects(invoicing.invoices.getCreatedByKey(actor, 'gone'), failsWith('idempotency_key_invoice_deleted'))
  })
})
