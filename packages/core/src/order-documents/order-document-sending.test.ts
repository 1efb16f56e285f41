import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { companyActor } from '../access/actor'
import type { CompanyCreateInput } from '../companies/company-schemas'
import { createInvoicing } from '../create-invoicing'
import type { CustomerCreateInput } from '../customers/customer-schemas'
import type { DomainEvent } from '../events/domain-event'
import { createMemoryMailbox } from '../mail/memory-mailbox'
import type { MailTransport, OutgoingMail } from '../ports/mail-transport'
import { createManualClock, createMemoryStorage, createRecordingRenderer, failsWith, readRecordedPdf } from '../testing'
import type { OrderDocumentType } from './order-document'

async function setup(options: { company?: Partial<CompanyCreateInput>; customer?: Partial<CustomerCreateInput>; transport?: MailTransport } = {}) {
  const clock = createManualClock('2026-03-16T09:00:00.000Z')
  const storage = createMemoryStorage()
  const mailbox = createMemoryMailbox()
  const pdf = createRecordingRenderer()
  const invoicing = createInvoicing({ storage, clock, pdf, mail: { transport: options.transport ?? mailbox } })
  const company = await invoicing.companies.create({ name: 'Muster GmbH', email: 'verkauf@muster.de', vatId: 'DE123456789', ...options.company })
  const actor = companyActor(company.id)
  const customer = await invoicing.customers.create(actor, { name: 'Kunde AG', country: 'DE', email: 'einkauf@kunde.de', ...options.customer })
  const events: DomainEvent[] = []
  invoicing.events.on('*', (event) => events.push(event))
  const docs = invoicing.orderDocuments
  const draft = (type: OrderDocumentType, input: Record<string, unknown> = {}) => docs.create(actor, type, {
    customerId: customer.id, lines: [{ description: 'Stuhl', quantity: 2, unitPrice: '100', lineType: 'PRODUCT' }], ...input,
  })
  const typesOf = (id: string) => events.filter((event) => event.data.id === id).map((event) => event.type)
  const auditActions = async (id: string) => (await storage.audit.list(company.id, { targetId: id, limit: 100, offset: 0 })).items.map((entry) => entry.action)
  return { clock, storage, mailbox, pdf, invoicing, docs, actor, company, customer, draft, typesOf, auditActions }
}

/** A transport that holds every mail until the test lets it go. */
function heldTransport() {
  const sent: OutgoingMail[] = []
  let release!: () => void
  const gate = new Promise<void>((resolve) => { release = resolve })
  let arrived!: () => void
  const first = new Promise<void>((resolve) => { arrived = resolve })
  const transport: MailTransport = {
    async send(mail) {
      arrived()
      await gate
      sent.push(mail)
      return { messageId: `<${sent.length}@held.invalid>` }
    },
  }
  return { transport, sent, release, first }
}

describe('sending quotes, order confirmations and delivery notes', () => {
  it('numbers a draft quote, mails its PDF, and only then opens it: finalized and sent', async () => {
    const { docs, actor, mailbox, draft, typesOf, auditActions, storage, company } = await setup()
    const quote = await draft('QUOTE')
    const result = await docs.send(actor, 'QUOTE', quote.id)
    assert.deepEqual(result, {
      id: quote.id, number: 'AN-2026-00001', status: 'OPEN', sentTo: 'einkauf@kunde.de', cc: [], bcc: [], sentAt: '2026-03-16T09:00:00.000Z',
    })
    const stored = await docs.get(actor, 'QUOTE', quote.id)
    assert.equal(stored.status, 'OPEN')
    assert.equal(stored.number, 'AN-2026-00001')
    assert.equal(stored.sentAt, result.sentAt)
    assert.equal(stored.finalizedAt, result.sentAt)
    const [mail] = mailbox.sent
    assert.equal(mailbox.sent.length, 1)
    assert.equal(mail!.from, 'verkauf@muster.de')
    assert.equal(mail!.to, 'einkauf@kunde.de')
    assert.equal(mail!.subject, 'Angebot AN-2026-00001 – Muster GmbH')
    assert.match(mail!.text, /anbei erhalten Sie unser Angebot AN-2026-00001 über 238,00\u00a0€\./)
    assert.equal(mail!.attachments[0]!.fileName, 'AN-2026-00001.pdf')
    // The mailed PDF is the document as sent: its real number, no draft watermark.
    assert.deepEqual({ ...readRecordedPdf(mail!.attachments[0]!.content), drawn: 0 }, { reference: 'Angebot AN-2026-00001', watermark: null, total: '238,00\u00a0€', drawn: 0 })
    assert.deepEqual(typesOf(quote.id), ['quote.created', 'quote.finalized', 'quote.sent'])
    const actions = await auditActions(quote.id)
    assert.ok(actions.includes('QUOTE_NUMBER_ISSUED'))
    assert.ok(actions.includes('QUOTE_SENT_VIA_API'))
    assert.equal(await storage.sendReservations.get(company.id, quote.id), undefined, 'the reservation is released')
  })

  it('mails again without changing the status (accepted quote, completed confirmation, delivered note), updating sentAt', async () => {
    const { docs, actor, mailbox, draft, typesOf, clock } = await setup()
    const cases = [
      ['QUOTE', 'ACCEPTED'], ['ORDER_CONFIRMATION', 'COMPLETED'], ['DELIVERY_NOTE', 'DELIVERED'],
    ] as const
    for (const [type, status] of cases) {
      const created = await draft(type)
      const first = await docs.send(actor, type, created.id)
      await docs.update(actor, type, created.id, { status })
      clock.advance(60_000)
      const again = await docs.send(actor, type, created.id, { recipientEmail: 'lager@kunde.de', cc: 'chef@kunde.de' })
      assert.equal(again.status, status, type)
      assert.equal(again.number, first.number)
      assert.deepEqual(again.cc, ['chef@kunde.de'])
      const stored = await docs.get(actor, type, created.id)
      assert.equal(stored.status, status)
      assert.equal(stored.sentAt, again.sentAt, 'sentAt is the last mail')
      assert.equal(stored.finalizedAt, first.sentAt)
      assert.equal(typesOf(created.id).filter((each) => each.endsWith('.finalized')).length, 1, 'finalized once')
      assert.equal(typesOf(created.id).filter((each) => each.endsWith('.sent')).length, 2)
    }
    assert.equal(mailbox.sent.length, 6)
    assert.equal(mailbox.sent.at(-1)!.to, 'lager@kunde.de')
    assert.equal(mailbox.sent.at(-1)!.subject, 'Lieferschein LS-2026-00001 – Muster GmbH')
  })

  it('refuses a rejected quote and a cancelled delivery note with 409 status_conflict naming the statuses that can be sent', async () => {
    const { docs, actor, mailbox, draft } = await setup()
    const quote = await draft('QUOTE')
    await docs.update(actor, 'QUOTE', quote.id, { status: 'OPEN' })
    await docs.update(actor, 'QUOTE', quote.id, { status: 'REJECTED' })
    await assert.rejects(docs.send(actor, 'QUOTE', quote.id), failsWith('status_conflict', {
      status: 'REJECTED', allowedStatuses: ['DRAFT', 'OPEN', 'ACCEPTED', 'EXPIRED'],
    }))
    const note = await draft('DELIVERY_NOTE')
    await docs.update(actor, 'DELIVERY_NOTE', note.id, { status: 'CANCELLED' })
    await assert.rejects(docs.send(actor, 'DELIVERY_NOTE', note.id), failsWith('status_conflict', {
      status: 'CANCELLED', allowedStatuses: ['DRAFT', 'OPEN', 'DELIVERED'],
    }))
    assert.equal(mailbox.sent.length, 0)
  })

  it('answers 400 no_recipient without taking a number when the customer has no address', async () => {
    const { docs, actor, draft, storage, company } = await setup({ customer: { email: null } })
    const confirmation = await draft('ORDER_CONFIRMATION')
    await assert.rejects(docs.send(actor, 'ORDER_CONFIRMATION', confirmation.id), failsWith('no_recipient'))
    assert.equal((await docs.get(actor, 'ORDER_CONFIRMATION', confirmation.id)).numberIssued, false)
    assert.equal(await storage.sequences.current(company.id, 'ORDER_CONFIRMATION:2026'), 0)
    const sent = await docs.send(actor, 'ORDER_CONFIRMATION', confirmation.id, { recipientEmail: 'someone@kunde.de' })
    assert.equal(sent.sentTo, 'someone@kunde.de')
  })

  it('keeps the number on the draft when delivery fails (email_delivery_failed) and uses it on the next attempt', async () => {
    const { docs, actor, mailbox, draft, typesOf } = await setup()
    const note = await draft('DELIVERY_NOTE')
    mailbox.failWith(new Error('connect ECONNREFUSED 127.0.0.1:25'))
    await assert.rejects(docs.send(actor, 'DELIVERY_NOTE', note.id), failsWith('email_delivery_failed'))
    const failed = await docs.get(actor, 'DELIVERY_NOTE', note.id)
    assert.equal(failed.status, 'DRAFT')
    assert.equal(failed.number, 'LS-2026-00001')
    assert.equal(failed.sentAt, null)
    assert.deepEqual(typesOf(note.id), ['delivery_note.created'])
    mailbox.failWith(null)
    const sent = await docs.send(actor, 'DELIVERY_NOTE', note.id)
    assert.equal(sent.number, 'LS-2026-00001')
    assert.equal(sent.status, 'OPEN')
  })

  it('checks the quota before a number is taken', async () => {
    const { docs, actor, mailbox, draft } = await setup({ company: { documentQuota: 0 } })
    const quote = await draft('QUOTE')
    await assert.rejects(docs.send(actor, 'QUOTE', quote.id), failsWith('plan_limit_reached'))
    assert.equal((await docs.get(actor, 'QUOTE', quote.id)).numberIssued, false)
    assert.equal(mailbox.sent.length, 0)
  })

  it('writes the mail from the company texts of the type, in the document language', async () => {
    const { docs, actor, mailbox, draft } = await setup({
      company: { texts: { en: { ORDER_CONFIRMATION: { emailSubject: 'Your order {documentNumber}', emailBody: 'Hello {customerName}, total {grossTotal}.' } } } },
    })
    const confirmation = await draft('ORDER_CONFIRMATION', { documentLocale: 'en' })
    await docs.send(actor, 'ORDER_CONFIRMATION', confirmation.id)
    assert.equal(mailbox.sent[0]!.subject, 'Your order AB-2026-00001')
    assert.equal(mailbox.sent[0]!.text, 'Hello Kunde AG, total €238.00.')
    const quote = await draft('QUOTE', { documentLocale: 'en' })
    await docs.send(actor, 'QUOTE', quote.id)
    assert.equal(mailbox.sent[1]!.subject, 'Quote AN-2026-00001 – Muster GmbH', 'without own texts: the built-in ones')
  })

  it('reserves the document while it is sent: a second send, a PUT and a DELETE answer send_in_progress; one mail, one number', async () => {
    const held = heldTransport()
    const { docs, actor, draft, storage, company } = await setup({ transport: held.transport })
    const quote = await draft('QUOTE')
    const first = docs.send(actor, 'QUOTE', quote.id)
    await held.first
    await assert.rejects(docs.send(actor, 'QUOTE', quote.id), failsWith('send_in_progress'))
    await assert.rejects(docs.update(actor, 'QUOTE', quote.id, { notes: 'changed' }), failsWith('send_in_progress'))
    await assert.rejects(docs.delete(actor, 'QUOTE', quote.id), failsWith('send_in_progress'))
    held.release()
    assert.equal((await first).status, 'OPEN')
    assert.equal(held.sent.length, 1)
    assert.equal(await storage.sequences.current(company.id, 'QUOTE:2026'), 1)
  })

  it('a delivery note that opens by being sent counts as delivered for the confirmation it was made from', async () => {
    const { docs, actor, draft } = await setup()
    const confirmation = await draft('ORDER_CONFIRMATION')
    await docs.update(actor, 'ORDER_CONFIRMATION', confirmation.id, { status: 'OPEN' })
    const converted = await docs.convert(actor, 'ORDER_CONFIRMATION', confirmation.id, { target: 'DELIVERY_NOTE' })
    const note = converted.resource === 'order-document' ? converted.document : assert.fail()
    assert.equal((await docs.get(actor, 'ORDER_CONFIRMATION', confirmation.id)).deliveryStatus, 'NONE', 'a draft note delivers nothing yet')
    await docs.send(actor, 'DELIVERY_NOTE', note.id)
    assert.equal((await docs.get(actor, 'ORDER_CONFIRMATION', confirmation.id)).deliveryStatus, 'FULL')
  })

  it('does not send or print orders, and answers 404 for a document of another company', async () => {
    const { docs, actor, draft, invoicing } = await setup()
    const order = await draft('ORDER')
    await assert.rejects(docs.send(actor, 'ORDER', order.id), failsWith('not_found'))
    await assert.rejects(docs.pdf(actor, 'ORDER', order.id), failsWith('not_found'))
    const quote = await draft('QUOTE')
    const stranger = companyActor((await invoicing.companies.create({ name: 'Fremd GmbH' })).id)
    await assert.rejects(docs.send(stranger, 'QUOTE', quote.id), failsWith('not_found'))
    await assert.rejects(docs.send(actor, 'DELIVERY_NOTE', quote.id), failsWith('not_found'), 'a quote is not a delivery note')
  })
})

describe('the PDF of quotes, order confirmations and delivery notes', () => {
  it('is drawn from current data in the document language, with the draft watermark until it has a number; the download is audited', async () => {
    const { docs, actor, draft, auditActions } = await setup()
    const quote = await draft('QUOTE', { documentLocale: 'en' })
    const drafted = await docs.pdf(actor, 'QUOTE', quote.id)
    assert.equal(drafted.source, 'generated')
    assert.equal(drafted.fileName, `${quote.number}.pdf`)
    assert.deepEqual({ ...readRecordedPdf(drafted.content as Uint8Array), drawn: 0 }, { reference: 'Quote Draft', watermark: 'DRAFT', total: '€238.00', drawn: 0 })
    await docs.update(actor, 'QUOTE', quote.id, { status: 'OPEN' })
    const issued = await docs.pdf(actor, 'QUOTE', quote.id)
    assert.equal(issued.fileName, 'AN-2026-00001.pdf')
    assert.equal(readRecordedPdf(issued.content as Uint8Array).watermark, null)
    assert.equal((await auditActions(quote.id)).filter((action) => action === 'PDF_DOWNLOADED_VIA_API').length, 2)
  })

  it('of a delivery note has no total unless showPrices', async () => {
    const { docs, actor, draft } = await setup()
    const plain = await draft('DELIVERY_NOTE')
    assert.equal(readRecordedPdf((await docs.pdf(actor, 'DELIVERY_NOTE', plain.id)).content as Uint8Array).total, null)
    const priced = await draft('DELIVERY_NOTE', { showPrices: true })
    assert.equal(readRecordedPdf((await docs.pdf(actor, 'DELIVERY_NOTE', priced.id)).content as Uint8Array).total, '238,00\u00a0€')
  })

  it('refuses a document over the page cap with document_too_large, and never sends it', async () => {
    const storage = createMemoryStorage()
    const mailbox = createMemoryMailbox()
    const invoicing = createInvoicing({ storage, clock: createManualClock('2026-03-16T09:00:00.000Z'), pdf: createRecordingRenderer({ pages: () => 201 }), mail: { transport: mailbox } })
    const actor = companyActor((await invoicing.companies.create({ name: 'Muster GmbH', email: 'verkauf@muster.de' })).id)
    const customer = await invoicing.customers.create(actor, { name: 'Kunde AG', country: 'DE', email: 'einkauf@kunde.de' })
    const quote = await invoicing.orderDocuments.create(actor, 'QUOTE', { customerId: customer.id, lines: [{ description: 'x', unitPrice: '1' }] })
    await assert.rejects(invoicing.orderDocuments.pdf(actor, 'QUOTE', quote.id), failsWith('document_too_large', { maxPages: 200 }))
    await assert.rejects(invoicing.orderDocuments.send(actor, 'QUOTE', quote.id), failsWith('document_too_large'))
    assert.equal((await invoicing.orderDocuments.get(actor, 'QUOTE', quote.id)).numberIssued, false, 'no number for a document that cannot be drawn')
    assert.equal(mailbox.sent.length, 0)
  })
})

describe('documents sent with quotes, order confirmations and delivery notes', () => {
  /** Keeps `bytes` as a text document a second after the last, linked to the record with sendWithDocument. */
  async function keepFile({ invoicing, actor, clock }: Awaited<ReturnType<typeof setup>>, fileName: string, bytes: Uint8Array, link: { type: string; id: string; send?: boolean }) {
    clock.advance(1000)
    const staged = await invoicing.documents.stage(actor, (async function* () { yield bytes })())
    return invoicing.documents.create(actor, { fileName, contentType: 'text/plain' }, { linkType: link.type, linkId: link.id, sendWithDocument: String(link.send ?? true) } as never, staged)
  }

  it('attaches the flagged AVAILABLE documents linked to that record after the PDF, in link order', async () => {
    const context = await setup()
    const { docs, actor, draft, mailbox, invoicing } = context
    for (const type of ['QUOTE', 'ORDER_CONFIRMATION', 'DELIVERY_NOTE'] as const) {
      const created = await draft(type)
      const first = await keepFile(context, `${type}-1.txt`, Buffer.from('eins'), { type, id: created.id })
      await keepFile(context, `${type}-intern.txt`, Buffer.from('intern'), { type, id: created.id, send: false })
      await keepFile(context, `${type}-2.txt`, Buffer.from('zwei'), { type, id: created.id })
      // Flagged for the same id under another link type: not this record's.
      await invoicing.documents.link(actor, first.id, { type: 'CUSTOMER', id: created.customerId, sendWithDocument: true })
      const result = await docs.send(actor, type, created.id)
      const mail = mailbox.sent.at(-1)!
      assert.deepEqual(mail.attachments.map((attachment) => attachment.fileName), [`${result.number}.pdf`, `${type}-1.txt`, `${type}-2.txt`])
      assert.equal(Buffer.from(mail.attachments[2]!.content).toString(), 'zwei')
    }
  })

  it('refuses more than 20 MiB of files before a number is taken; unflagged, the quote goes out', async () => {
    const context = await setup()
    const { docs, actor, draft, mailbox, invoicing, storage, company } = context
    const quote = await draft('QUOTE')
    const big = Buffer.alloc(7 * 1024 * 1024, 0x62)
    const files = []
    for (const name of ['a.txt', 'b.txt', 'c.txt']) files.push(await keepFile(context, name, big, { type: 'QUOTE', id: quote.id }))
    await assert.rejects(docs.send(actor, 'QUOTE', quote.id), failsWith('attachments_too_large', { maxBytes: 20 * 1024 * 1024 }))
    const kept = await docs.get(actor, 'QUOTE', quote.id)
    assert.deepEqual([kept.numberIssued, kept.number, kept.status], [false, quote.number, 'DRAFT'])
    assert.equal(mailbox.sent.length, 0)
    assert.equal(await storage.sendReservations.get(company.id, quote.id), undefined)
    await invoicing.documents.delete(actor, files[0]!.id)
    const sent = await docs.send(actor, 'QUOTE', quote.id)
    assert.deepEqual(mailbox.sent[0]!.attachments.map((attachment) => attachment.fileName), [`${sent.number}.pdf`, 'b.txt', 'c.txt'])
  })
})
