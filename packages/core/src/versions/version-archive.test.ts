import assert from 'node:assert/strict'
import { describe, it, mock } from 'node:test'
import { companyActor } from '../access/actor'
import { createInvoicing } from '../create-invoicing'
import type { FileStore } from '../ports/files'
import { createManualClock, createMemoryFileStore, createMemoryStorage, createRecordingRenderer } from '../testing'

/** A file store that remembers what was put into it, in order. */
function recordingFileStore() {
  const store = createMemoryFileStore()
  const puts: string[] = []
  const files: FileStore = { ...store, put: async (key, content) => { puts.push(key); await store.put(key, content) } }
  return { files, puts }
}

describe('archiving a version', () => {
  it('stores the e-invoice XML of every profile with the PDF when a document is locked and when it is corrected, and serves those bytes', async () => {
    const { files, puts } = recordingFileStore()
    const invoicing = createInvoicing({ storage: createMemoryStorage(), files, clock: createManualClock('2026-03-16T09:00:00.000Z'), pdf: createRecordingRenderer() })
    const company = await invoicing.companies.create({
      name: 'Muster GmbH', vatId: 'DE123456789', street: 'Hauptstraße 1', zipCode: '10115', city: 'Berlin',
      email: 'rechnung@muster.de', phone: '+49 30 1234567', iban: 'DE02120300000000202051',
    })
    const actor = companyActor(company.id)
    const customer = await invoicing.customers.create(actor, { name: 'Kunde AG', street: 'Marktplatz 2', zipCode: '20095', city: 'Hamburg', buyerReference: '04011000-12345-34' })
    const created = await invoicing.invoices.create(actor, { customerId: customer.id, lines: [{ description: 'Beratung', unitPrice: '100' }] })

    await invoicing.invoices.update(actor, created.id, { status: 'SENT' })
    const locked = puts.splice(0)
    assert.deepEqual(locked.filter((key) => key.endsWith('.xml')).map((key) => key.replace(/^.*-/, '')), ['basic.xml', 'en16931.xml', 'xrechnung.xml'])
    assert.equal(locked.filter((key) => key.endsWith('.pdf')).length, 1)

    await invoicing.invoices.correct(actor, created.id, { changeReason: 'Bestellnummer nachgetragen', orderNumber: 'B-1' })
    const corrected = puts.splice(0)
    assert.equal(corrected.filter((key) => key.endsWith('.xml')).length, 3)
    assert.equal(corrected.filter((key) => key.endsWith('.pdf')).length, 1)

    const served = await invoicing.invoices.eInvoice(actor, created.id, { profile: 'en16931' })
    const archived = await files.get(corrected.find((key) => key.endsWith('-en16931.xml'))!)
    assert.deepEqual(new Uint8Array(served.content as Uint8Array), archived)
    assert.deepEqual(puts, [], 'reading archives nothing more')
  })

  it('serves the XML written from the frozen snapshot while the store is full, and archives it on a read once it has room', async () => {
    const store = createMemoryFileStore()
    let full = false
    const stored: string[] = []
    const files: FileStore = { ...store, put: async (key, content) => { if (full) throw new Error('disk full'); await store.put(key, content); stored.push(key) } }
    const failures: string[] = []
    const invoicing = createInvoicing({ storage: createMemoryStorage(), files, pdf: createRecordingRenderer(), onArchiveError: (_, versionId) => failures.push(versionId) })
    const actor = companyActor((await invoicing.companies.create({ name: 'Muster GmbH', vatId: 'DE123456789' })).id)
    const customer = await invoicing.customers.create(actor, { name: 'Kunde AG' })
    const created = await invoicing.invoices.create(actor, { customerId: customer.id, lines: [{ description: 'Beratung', unitPrice: '100' }] })
    full = true
    await invoicing.invoices.update(actor, created.id, { status: 'SENT' })
    assert.ok(failures.length > 0, 'the failed archive is reported')
    await invoicing.companies.update(actor, { name: 'Umbenannt GmbH' })
    const whileFull = await invoicing.invoices.eInvoice(actor, created.id)
    assert.match(new TextDecoder().decode(whileFull.content as Uint8Array), /Muster GmbH/)
    full = false
    const later = await invoicing.invoices.eInvoice(actor, created.id)
    assert.deepEqual(later.content, whileFull.content)
    assert.deepEqual(stored.map((key) => key.replace(/^.*-/, '')), ['basic.xml'], 'archived on the read after the store has room again')
    assert.equal((await invoicing.invoices.pdf(actor, created.id)).source, 'archive')
  })
})

it('without a pdf renderer, locking documents archives nothing and says so in one line, not an error per version', async () => {
  const warn = mock.method(console, 'warn', () => undefined)
  const error = mock.method(console, 'error', () => undefined)
  try {
    const invoicing = createInvoicing({ storage: createMemoryStorage() })
    const actor = companyActor((await invoicing.companies.create({ name: 'Ohne Drucker GmbH' })).id)
    const customer = await invoicing.customers.create(actor, { name: 'Kunde' })
    for (let n = 0; n < 2; n += 1) {
      const draft = await invoicing.invoices.create(actor, { customerId: customer.id, lines: [{ description: 'Beratung', unitPrice: '100' }] })
      await invoicing.invoices.update(actor, draft.id, { status: 'SENT' })
    }
    assert.equal(error.mock.callCount(), 0)
    assert.deepEqual(warn.mock.calls.map((call) => call.arguments), [
      ['Version PDFs are not archived: createInvoicing was given no pdf renderer (option `pdf`, e.g. createPdfLibRenderer() from @invoicing/pdf).'],
    ])
  } finally {
    warn.mock.restore()
    error.mock.restore()
  }
})
