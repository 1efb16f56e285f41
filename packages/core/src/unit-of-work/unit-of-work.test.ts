import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { companyActor } from '../access/actor'
import { createInvoicing } from '../create-invoicing'
import type { DomainEvent } from '../events/domain-event'
import { TransactionConflict, type Storage } from '../ports/storage'
import { createManualClock, createMemoryStorage, failsWith, withTransactionConflicts } from '../testing'

const page = { limit: 100, offset: 0 }

/** `storage` that counts the transactions that rejected with a conflict. */
function countingConflicts(storage: Storage) {
  const counted = { conflicts: 0 }
  const storageCounting: Storage = {
    ...storage,
    transaction: (work) => storage.transaction(work).catch((error: unknown) => {
      if (error instanceof TransactionConflict) counted.conflicts++
      throw error
    }),
  }
  return { storage: storageCounting, counted }
}

/** A company's first bookings: a customer, two issued invoices, one paid in full. What it leaves behind. */
async function bookkeeping(storage: Storage) {
  const invoicing = createInvoicing({ storage, clock: createManualClock('2026-03-16T09:00:00.000Z') })
  const published: DomainEvent[] = []
  invoicing.events.on('*', (event) => published.push(event))
  const company = await invoicing.companies.create({ name: 'Muster GmbH', vatId: 'DE123456789' })
  const actor = companyActor(company.id)
  const customer = await invoicing.customers.create(actor, { name: 'Kunde AG', country: 'DE' })
  const issued = []
  for (let count = 0; count < 2; count++) {
    const draft = await invoicing.invoices.create(actor, { customerId: customer.id, lines: [{ description: 'Beratung', quantity: 2, unitPrice: '100' }] })
    issued.push((await invoicing.invoices.update(actor, draft.id, { status: 'FINAL' })).invoice)
  }
  const paid = await invoicing.payments.record(actor, issued[0]!.id, { amount: issued[0]!.grossTotal, paymentDate: '2026-03-16' })
  return {
    customerNumber: customer.customerNumber,
    invoiceNumbers: issued.map((invoice) => invoice.number),
    statusAfterPayment: paid.invoice.status,
    amountDue: paid.amountDue,
    published: published.map((event) => event.type),
    outbox: (await storage.events.list(company.id, page)).items.map((event) => event.type),
    audit: (await storage.audit.list(company.id, page)).items.map((entry) => entry.action).reverse(),
    documents: (await storage.invoices.list(company.id, page)).total,
    payments: (await storage.payments.listByInvoice(company.id, issued[0]!.id)).length,
  }
}

describe('a unit of work after a transaction conflict', () => {
  it('runs again and leaves exactly what it leaves without conflicts: one event, one audit entry, gapless numbers', async () => {
    const { storage, counted } = countingConflicts(withTransactionConflicts(createMemoryStorage(), 'first-attempt'))
    const withConflicts = await bookkeeping(storage)
    const withoutConflicts = await bookkeeping(createMemoryStorage())
    assert.ok(counted.conflicts >= 6, `each write lost once (${counted.conflicts} conflicts)`)
    assert.deepEqual(withConflicts, withoutConflicts)
    assert.deepEqual(withConflicts.invoiceNumbers, ['RE-2026-00001', 'RE-2026-00002'])
    assert.equal(withConflicts.customerNumber, 'KD-00001')
    assert.deepEqual([withConflicts.statusAfterPayment, withConflicts.amountDue, withConflicts.documents, withConflicts.payments], ['PAID', '0.00', 2, 1])
    const created = ['invoice.created', 'invoice.created']
    assert.deepEqual(withConflicts.published.filter((type) => type === 'invoice.created'), created)
    assert.deepEqual(withConflicts.published.filter((type) => type === 'invoice.paid'), ['invoice.paid'])
    assert.deepEqual(withConflicts.outbox, withConflicts.published)
    assert.equal(withConflicts.audit.filter((action) => action === 'INVOICE_NUMBER_ISSUED').length, 2)
  })

  it('fails with busy after three re-runs that all conflict, and writes nothing', async () => {
    const storage = createMemoryStorage()
    const clock = createManualClock('2026-03-16T09:00:00.000Z')
    const company = await createInvoicing({ storage, clock }).companies.create({ name: 'Muster GmbH' })
    const actor = companyActor(company.id)
    const { storage: conflicting, counted } = countingConflicts(withTransactionConflicts(storage, 'every-attempt'))
    const invoicing = createInvoicing({ storage: conflicting, clock })
    const published: DomainEvent[] = []
    invoicing.events.on('*', (event) => published.push(event))
    await assert.rejects(invoicing.customers.create(actor, { name: 'Kunde AG' }), failsWith('busy', { retryAfterSeconds: 1 }))
    assert.equal(counted.conflicts, 4)
    assert.equal((await storage.customers.list(company.id, page)).total, 0)
    assert.equal(await storage.sequences.current(company.id, 'CUSTOMER'), 0)
    assert.equal((await storage.audit.list(company.id, page)).total, 0)
    assert.deepEqual(published, [])
  })
})
