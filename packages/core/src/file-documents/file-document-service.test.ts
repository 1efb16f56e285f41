import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { companyActor } from '../access/actor'
import { createInvoicing } from '../create-invoicing'
import type { DomainEvent } from '../events/domain-event'
import type { FileStore } from '../ports/files'
import { createManualClock, createMemoryFileStore, createMemoryStorage, createRecordingRenderer, failsWith } from '../testing'

const TEXT = Buffer.from('Vertragstext\n')

async function* streamOf(bytes: Uint8Array): AsyncIterable<Uint8Array> {
  yield bytes
}

async function setup() {
  const clock = createManualClock('2026-03-16T09:00:00.000Z')
  const storage = createMemoryStorage()
  const files = createMemoryFileStore()
  const keys = new Set<string>()
  const faults = { deletesToFail: 0 }
  // Notes every key written (the memory store has no listing); its delete can be made to fail as a crash would.
  const documentFiles: FileStore = {
    ...files,
    write: (key, source, expected) => { keys.add(key); return files.write(key, source, expected) },
    delete: async (key) => {
      if (faults.deletesToFail > 0) {
        faults.deletesToFail--
        throw new Error('the disk went away')
      }
      return files.delete(key)
    },
  }
  const invoicing = createInvoicing({ storage, clock, documentFiles, pdf: createRecordingRenderer() })
  const actor = companyActor((await invoicing.companies.create({ name: 'Muster GmbH', email: 'info@muster.de', vatId: 'DE123456789', timeZone: 'Europe/Berlin' })).id)
  const customer = await invoicing.customers.create(actor, { name: 'Kunde AG', country: 'DE' })
  const otherCustomer = await invoicing.customers.create(actor, { name: 'Andere KG', country: 'DE' })
  const events: DomainEvent[] = []
  invoicing.events.on('*', (event) => events.push(event))
  const documents = invoicing.documents
  const storedKeys = async () => (await Promise.all([...keys].map(async (key) => (await files.stat(key)) ? key : undefined))).filter(Boolean)
  const upload = async (fields: Record<string, unknown> = {}, fileName = 'vertrag.txt') =>
    documents.create(actor, { fileName, contentType: 'text/plain' }, fields as never, await documents.stage(actor, streamOf(TEXT)))
  const draft = (customerId = customer.id) => invoicing.invoices.create(actor, { customerId, lines: [{ description: 'Beratung', quantity: 1, unitPrice: '100' }] })
  const cleanup = () => invoicing.jobs.find((job) => job.name === 'document-file-cleanup')!.run(new AbortController().signal)
  return { clock, storage, invoicing, actor, customer, otherCustomer, events, documents, storedKeys, upload, draft, cleanup, faults }
}

describe('documents: links', () => {
  it('links to a record of the company only: another company\'s invoice is not found, a second link to one record is link_exists', async () => {
    const { documents, actor, upload, draft, invoicing, events } = await setup()
    const document = await upload()
    const invoice = await draft()
    const link = await documents.link(actor, document.id, { type: 'INVOICE', id: invoice.id, sendWithDocument: true })
    assert.deepEqual([link.type, link.targetId, link.sendWithDocument, link.targetNumber], ['INVOICE', invoice.id, true, null])
    await assert.rejects(documents.link(actor, document.id, { type: 'invoice', id: invoice.id } as never), failsWith('link_exists', { linkId: link.id }))

    const stranger = companyActor((await invoicing.companies.create({ name: 'Fremd GmbH' })).id)
    const strangerCustomer = await invoicing.customers.create(stranger, { name: 'X', country: 'DE' })
    const foreign = await invoicing.invoices.create(stranger, { customerId: strangerCustomer.id, lines: [{ description: 'x', unitPrice: '1' }] })
    await assert.rejects(documents.link(actor, document.id, { type: 'INVOICE', id: foreign.id }), failsWith('not_found', { field: 'id' }))
    // A quote id named as an order confirmation is no order confirmation.
    const quote = await invoicing.orderDocuments.create(actor, 'QUOTE', { customerId: invoice.customerId, lines: [{ description: 'x', unitPrice: '1' }] })
    await assert.rejects(documents.link(actor, document.id, { type: 'ORDER_CONFIRMATION', id: quote.id }), failsWith('not_found'))
    await documents.link(actor, document.id, { type: 'QUOTE', id: quote.id })
    await assert.rejects(documents.link(stranger, document.id, { type: 'INVOICE', id: foreign.id }), failsWith('not_found'))
    assert.deepEqual(events.filter((event) => event.type === 'document.linked').map((event) => (event.data as { link: { type: string } }).link.type), ['INVOICE', 'QUOTE'])
  })

  it('shows the invoice number once it is issued (the placeholder shows as null)', async () => {
    const { documents, actor, upload, draft, invoicing } = await setup()
    const invoice = await draft()
    const document = await upload({ linkType: 'INVOICE', linkId: invoice.id })
    assert.equal(document.links[0]!.targetNumber, null)
    await invoicing.invoices.update(actor, invoice.id, { status: 'FINAL' })
    const issued = await invoicing.invoices.get(actor, invoice.id)
    assert.equal((await documents.get(actor, document.id)).links[0]!.targetNumber, issued.number)
    assert.equal((await documents.list(actor)).items[0]!.links[0]!.targetNumber, issued.number)
  })

  it('keeps the link to a locked invoice (document_locked) and removes any other', async () => {
    const { documents, actor, upload, draft, invoicing, customer, events } = await setup()
    const invoice = await draft()
    const document = await upload({ linkType: 'INVOICE', linkId: invoice.id })
    const toCustomer = await documents.link(actor, document.id, { type: 'CUSTOMER', id: customer.id })
    await invoicing.invoices.update(actor, invoice.id, { status: 'SENT' })
    await assert.rejects(documents.unlink(actor, document.id, document.links[0]!.id), failsWith('document_locked'))
    await documents.unlink(actor, document.id, toCustomer.id)
    await assert.rejects(documents.unlink(actor, document.id, toCustomer.id), failsWith('not_found'))
    assert.deepEqual((await documents.get(actor, document.id)).links.map((link) => link.type), ['INVOICE'])
    assert.equal(events.filter((event) => event.type === 'document.unlinked').length, 1)
  })
})

describe('documents: delete', () => {
  it('keeps a document linked to an invoice holding an issued number (document_in_use with the links)', async () => {
    const { documents, actor, upload, draft, invoicing, storedKeys } = await setup()
    const invoice = await draft()
    const document = await upload({ linkType: 'INVOICE', linkId: invoice.id })
    await invoicing.invoices.update(actor, invoice.id, { status: 'FINAL' })
    const { number } = await invoicing.invoices.get(actor, invoice.id)
    await assert.rejects(documents.delete(actor, document.id), failsWith('document_in_use', {
      links: [{ ...document.links[0]!, targetNumber: number }],
    }))
    assert.equal((await storedKeys()).length, 1)
  })

  it('keeps a document linked to a quote that holds an issued number', async () => {
    const { documents, actor, upload, invoicing, customer } = await setup()
    const quote = await invoicing.orderDocuments.create(actor, 'QUOTE', { customerId: customer.id, lines: [{ description: 'x', unitPrice: '1' }] })
    const document = await upload({ linkType: 'QUOTE', linkId: quote.id })
    const finalized = await invoicing.orderDocuments.update(actor, 'QUOTE', quote.id, { status: 'OPEN' })
    await assert.rejects(documents.delete(actor, document.id), failsWith('document_in_use', { links: [{ ...document.links[0]!, targetNumber: finalized.number }] }))
    // Quotes are never locked: the link itself may go, and then the document.
    await documents.unlink(actor, document.id, document.links[0]!.id)
    await documents.delete(actor, document.id)
  })

  it('deletes a document linked to drafts and customers, and removes its bytes after the commit', async () => {
    const { documents, actor, upload, draft, customer, storedKeys, events, storage } = await setup()
    const document = await upload({ linkType: 'INVOICE', linkId: (await draft()).id })
    await documents.link(actor, document.id, { type: 'CUSTOMER', id: customer.id })
    await documents.delete(actor, document.id)
    await assert.rejects(documents.get(actor, document.id), failsWith('not_found'))
    assert.deepEqual(await storedKeys(), [])
    assert.deepEqual(await storage.fileDocuments.listFileDeletions('9999-01-01T00:00:00.000Z', 10), [])
    assert.ok(events.some((event) => event.type === 'document.deleted' && event.data.id === document.id))
    await assert.rejects(documents.delete(actor, document.id), failsWith('not_found'))
  })

  it('leaves bytes a failed removal kept to the cleanup job', async () => {
    const { documents, actor, upload, storedKeys, faults, cleanup } = await setup()
    const document = await upload()
    faults.deletesToFail = 1
    await documents.delete(actor, document.id)
    await assert.rejects(documents.get(actor, document.id), failsWith('not_found'))
    assert.equal((await storedKeys()).length, 1)
    await cleanup()
    assert.deepEqual(await storedKeys(), [])
  })
})

describe('documents: metadata and lists', () => {
  it('changes file name, title, description and category; null clears', async () => {
    const { documents, actor, upload, events } = await setup()
    const document = await upload({ title: 'Alt', description: 'Beschreibung' })
    const updated = await documents.update(actor, document.id, { fileName: 'neu.txt', title: null, category: 'receipt' })
    assert.deepEqual([updated.fileName, updated.title, updated.description, updated.category], ['neu.txt', null, 'Beschreibung', 'RECEIPT'])
    await assert.rejects(documents.update(actor, document.id, { fileName: 'a/b' }), failsWith('validation_failed', { field: 'fileName' }))
    assert.equal(events.filter((event) => event.type === 'document.updated').length, 1)
  })

  it('filters by status (AVAILABLE by default), link, customer, category, search and creation dates', async () => {
    const { documents, actor, upload, draft, customer, otherCustomer, clock, invoicing } = await setup()
    const byName = (page: { items: { fileName: string }[] }) => page.items.map((item) => item.fileName)
    const invoice = await draft()
    const schedule = await invoicing.recurringSchedules.create(actor, { name: 'Abo', customerId: otherCustomer.id, startDate: '2026-04-01', template: { lines: [{ description: 'x', unitPrice: '1' }] } } as never)
    await upload({ linkType: 'INVOICE', linkId: invoice.id, category: 'CONTRACT', title: 'Rahmenvertrag 100%' }, 'a.txt')
    clock.set('2026-03-16T23:30:00.000Z') // 17 March in Berlin
    await upload({ linkType: 'CUSTOMER', linkId: customer.id }, 'b.txt')
    clock.set('2026-03-18T08:00:00.000Z')
    await upload({ linkType: 'RECURRING_SCHEDULE', linkId: schedule.id, category: 'RECEIPT' }, 'c_Quittung.txt')
    await documents.startUpload(actor, { fileName: 'pending.pdf', contentType: 'application/pdf', size: 10 })

    assert.deepEqual(byName(await documents.list(actor)), ['c_Quittung.txt', 'b.txt', 'a.txt'])
    assert.deepEqual(byName(await documents.list(actor, { status: 'PENDING_UPLOAD' })), ['pending.pdf'])
    assert.deepEqual(byName(await documents.list(actor, { linkType: 'invoice', linkId: invoice.id })), ['a.txt'])
    assert.deepEqual(byName(await documents.list(actor, { customerId: customer.id })), ['b.txt', 'a.txt'])
    assert.deepEqual(byName(await documents.list(actor, { customerId: otherCustomer.id })), ['c_Quittung.txt'])
    assert.deepEqual(byName(await documents.list(actor, { category: 'receipt' })), ['c_Quittung.txt'])
    assert.deepEqual(byName(await documents.list(actor, { search: 'RAHMEN' })), ['a.txt'])
    // `%` and `_` are plain characters.
    assert.deepEqual(byName(await documents.list(actor, { search: '100%' })), ['a.txt'])
    assert.deepEqual(byName(await documents.list(actor, { search: 'c_q' })), ['c_Quittung.txt'])
    assert.deepEqual(byName(await documents.list(actor, { search: '_' })), ['c_Quittung.txt'])
    assert.deepEqual(byName(await documents.list(actor, { from: '2026-03-17', to: '2026-03-17' })), ['b.txt'])
    assert.deepEqual(byName(await documents.list(actor, { to: '2026-03-16' })), ['a.txt'])
    await assert.rejects(documents.list(actor, { linkType: 'INVOICE' }), failsWith('validation_failed', { field: 'linkId' }))
    const page = await documents.list(actor, { limit: 1, offset: 1 })
    assert.deepEqual([byName(page), page.total], [['b.txt'], 3])
  })
})
