import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { companyActor } from '../access/actor'
import type { CompanyCreateInput } from '../companies/company-schemas'
import { createInvoicing } from '../create-invoicing'
import type { CustomerCreateInput } from '../customers/customer-schemas'
import type { DomainEvent } from '../events/domain-event'
import { createMemoryMailbox } from '../mail/memory-mailbox'
import type { MailTransport, OutgoingMail } from '../ports/mail-transport'
import type { FileStore } from '../ports/files'
import { createManualClock, createMemoryStorage, createRecordingRenderer, failsWith, readRecordedPdf } from '../testing'

async function setup(options: { company?: Partial<CompanyCreateInput>; customer?: Partial<CustomerCreateInput>; transport?: MailTransport } = {}) {
  const clock = createManualClock('2026-03-16T09:00:00.000Z')
  const storage = createMemoryStorage()
  const mailbox = createMemoryMailbox()
  const pdf = createRecordingRenderer()
  const invoicing = createInvoicing({ storage, clock, pdf, mail: { transport: options.transport ?? mailbox } })
  const company = await invoicing.companies.create({ name: 'Muster GmbH', email: 'rechnung@muster.de', vatId: 'DE123456789', ...options.company })
  const actor = companyActor(company.id)
  const customer = await invoicing.customers.create(actor, { name: 'Kunde AG', country: 'DE', email: 'buchhaltung@kunde.de', ...options.customer })
  const events: DomainEvent[] = []
  invoicing.events.on('*', (event) => events.push(event))
  const draft = async () =>
    invoicing.invoices.create(actor, { customerId: customer.id, lines: [{ description: 'Beratung', quantity: 2, unitPrice: '100' }] })
  const auditActions = async (id: string) => (await storage.audit.list(company.id, { targetId: id, limit: 100, offset: 0 })).items.map((entry) => entry.action)
  return { clock, storage, mailbox, pdf, invoicing, actor, company, customer, events, draft, auditActions }
}

/** Files in a map the test can look into, on a disk the test can fill up or slow down. */
function controlledFiles() {
  const stored = new Map<string, Uint8Array>()
  const disk = { full: false, slowWrites: 0 }
  const files: FileStore = {
    put: async (key, content) => {
      if (disk.full) throw new Error('disk full')
      // Each slow write takes longer than the next one: an earlier drawing would be stored last.
      if (disk.slowWrites) await new Promise((resolve) => setTimeout(resolve, 20 * disk.slowWrites--))
      stored.set(key, content)
    },
    get: async (key) => stored.get(key),
    delete: async (key) => {
      stored.delete(key)
    },
    write: () => Promise.reject(new Error('not used by sending')),
    read: () => Promise.reject(new Error('not used by sending')),
    stat: () => Promise.reject(new Error('not used by sending')),
  }
  /** The PDFs stored (the e-invoice XML of each version lies beside them). */
  const storedPdfs = () => [...stored.keys()].filter((key) => key.endsWith('.pdf')).length
  return { files, stored, disk, storedPdfs }
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

describe('sending a document', () => {
  it('issues the number, mails the PDF of the sent document, then marks it SENT, locks it and archives version 1', async () => {
    const { invoicing, actor, mailbox, draft, events, storage, company, auditActions } = await setup()
    const created = await draft()
    const result = await invoicing.invoices.send(actor, created.id)

    assert.match(result.invoiceNumber, /^RE-2026-/)
    assert.equal(result.status, 'SENT')
    assert.equal(result.sentTo, 'buchhaltung@kunde.de')
    assert.equal(result.sentAt, '2026-03-16T09:00:00.000Z')
    const invoice = await invoicing.invoices.get(actor, created.id)
    assert.equal(invoice.status, 'SENT')
    assert.equal(invoice.number, result.invoiceNumber)
    assert.equal(invoice.sentAt, result.sentAt)
    assert.equal(invoice.lockedAt, result.sentAt)

    assert.equal(mailbox.sent.length, 1)
    const [mail] = mailbox.sent
    assert.equal(mail!.from, 'rechnung@muster.de')
    assert.equal(mail!.replyTo, 'rechnung@muster.de')
    assert.equal(mail!.to, 'buchhaltung@kunde.de')
    assert.equal(mail!.subject, `Rechnung ${result.invoiceNumber} – Muster GmbH`)
    assert.match(mail!.text, new RegExp(`Rechnung ${result.invoiceNumber} über 238,00\u00a0€, zahlbar bis zum 30\\.03\\.2026`))
    assert.equal(mail!.attachments.length, 1)
    const attachment = mail!.attachments[0]!
    assert.equal(attachment.fileName, `${result.invoiceNumber}.pdf`)
    assert.equal(attachment.contentType, 'application/pdf')
    // The mailed PDF shows the real number, no draft watermark.
    assert.deepEqual({ ...readRecordedPdf(attachment.content), drawn: 0 }, { reference: `Rechnung ${result.invoiceNumber}`, watermark: null, total: '238,00\u00a0€', drawn: 0 })

    const versions = await invoicing.versions.list(actor, created.id)
    assert.equal(versions.currentVersion, 1)
    assert.equal(versions.versions[0]!.changeType, 'INITIAL')
    assert.equal(versions.versions[0]!.hasPdf, true)
    const archived = await invoicing.versions.pdf(actor, created.id, { version: 1 })
    assert.deepEqual(archived.content, attachment.content, 'version 1 archives exactly the PDF that was mailed')
    assert.equal(archived.fileName, `${result.invoiceNumber}-v1.pdf`)
    const stored = await storage.documentVersions.get(company.id, created.id, 1)
    assert.equal(stored!.snapshot.invoice.status, 'SENT')

    assert.deepEqual(events.filter((event) => event.type === 'invoice.sent').map((event) => event.data.invoiceNumber), [result.invoiceNumber])
    const actions = await auditActions(created.id)
    assert.ok(actions.includes('INVOICE_NUMBER_ISSUED'))
    assert.ok(actions.includes('INVOICE_SENT_VIA_API'))
    assert.equal(await storage.sendReservations.get(company.id, created.id), undefined)
  })

  it('writes in the document language and uses the company texts with placeholders', async () => {
    const { invoicing, actor, mailbox, customer } = await setup({
      company: { texts: { en: { INVOICE: { emailSubject: 'Your invoice {documentNumber}', emailBody: 'Hello {customerName}, {grossTotal} by {dueDate}. {unknown}' } } } },
      customer: { defaultLocale: 'en' },
    })
    const created = await invoicing.invoices.create(actor, { customerId: customer.id, lines: [{ description: 'Work', unitPrice: '1000' }] })
    const { invoiceNumber } = await invoicing.invoices.send(actor, created.id, { cc: 'a@kunde.de; b@kunde.de', bcc: ['archiv@muster.de'] })
    const [mail] = mailbox.sent
    assert.equal(mail!.subject, `Your invoice ${invoiceNumber}`)
    assert.equal(mail!.text, 'Hello Kunde AG, €1,190.00 by 30 March 2026. {unknown}')
    assert.deepEqual(mail!.cc, ['a@kunde.de', 'b@kunde.de'])
    assert.deepEqual(mail!.bcc, ['archiv@muster.de'])
  })

  it('answers 400 no_recipient without taking a number, and takes recipientEmail instead of the customer address', async () => {
    const { invoicing, actor, mailbox, storage, company } = await setup({ customer: { email: null } })
    const customers = await invoicing.customers.list(actor, {})
    const created = await invoicing.invoices.create(actor, { customerId: customers.items[0]!.id, lines: [{ description: 'x', unitPrice: '1' }] })
    await assert.rejects(invoicing.invoices.send(actor, created.id), failsWith('no_recipient'))
    assert.equal((await invoicing.invoices.get(actor, created.id)).numberIssued, false)
    assert.equal(await storage.sequences.current(company.id, 'INVOICE:2026'), 0)
    const sent = await invoicing.invoices.send(actor, created.id, { recipientEmail: 'someone@else.de' })
    assert.equal(sent.sentTo, 'someone@else.de')
    assert.equal(mailbox.sent[0]!.to, 'someone@else.de')
  })

  it('keeps the number on the draft when delivery fails and uses it on the next attempt', async () => {
    const { invoicing, actor, mailbox, draft, events } = await setup()
    const created = await draft()
    mailbox.failWith(new Error('connect ECONNREFUSED 127.0.0.1:25'))
    await assert.rejects(invoicing.invoices.send(actor, created.id), failsWith('email_delivery_failed'))
    const failed = await invoicing.invoices.get(actor, created.id)
    assert.equal(failed.status, 'DRAFT')
    assert.equal(failed.numberIssued, true)
    assert.equal(failed.sentAt, null)
    assert.equal(failed.lockedAt, null)
    assert.equal(events.filter((event) => event.type === 'invoice.sent').length, 0)
    assert.equal((await invoicing.versions.list(actor, created.id)).currentVersion, null)

    const other = await invoicing.invoices.update(actor, (await draft()).id, { status: 'FINAL' })
    mailbox.failWith(null)
    const sent = await invoicing.invoices.send(actor, created.id)
    assert.equal(sent.invoiceNumber, failed.number)
    assert.equal(sent.status, 'SENT')
    assert.notEqual(other.invoice.number, failed.number)
  })

  it('refuses with plan_limit_reached before any number is taken', async () => {
    const { invoicing, actor, mailbox, draft } = await setup({ company: { documentQuota: 1 } })
    await invoicing.invoices.send(actor, (await draft()).id)
    const second = await draft()
    await assert.rejects(invoicing.invoices.send(actor, second.id), failsWith('plan_limit_reached'))
    assert.equal((await invoicing.invoices.get(actor, second.id)).numberIssued, false)
    assert.equal(mailbox.sent.length, 1)
  })

  it('mails a cancelled invoice and keeps it CANCELLED; one cancelled as a draft has nothing to send', async () => {
    const { invoicing, actor, mailbox, draft } = await setup()
    const issued = await draft()
    await invoicing.invoices.update(actor, issued.id, { status: 'FINAL' })
    await invoicing.invoices.update(actor, issued.id, { status: 'CANCELLED' })
    const result = await invoicing.invoices.send(actor, issued.id)
    assert.equal(result.status, 'CANCELLED')
    const invoice = await invoicing.invoices.get(actor, issued.id)
    assert.equal(invoice.status, 'CANCELLED')
    assert.equal(invoice.sentAt, result.sentAt)
    assert.equal(mailbox.sent.length, 1)

    const neverIssued = await draft()
    await invoicing.invoices.update(actor, neverIssued.id, { status: 'CANCELLED' })
    await assert.rejects(invoicing.invoices.send(actor, neverIssued.id), failsWith('invoice_not_issued'))
  })

  it('mails a sent invoice again without changing it', async () => {
    const { invoicing, actor, mailbox, draft } = await setup()
    const created = await draft()
    const first = await invoicing.invoices.send(actor, created.id)
    const again = await invoicing.invoices.send(actor, created.id, { recipientEmail: 'copy@kunde.de' })
    assert.equal(again.status, 'SENT')
    assert.equal((await invoicing.invoices.get(actor, created.id)).sentAt, first.sentAt)
    assert.equal(mailbox.sent.length, 2)
    assert.equal((await invoicing.versions.list(actor, created.id)).currentVersion, 1)
  })

  it('refuses a concurrent send, PUT and DELETE with send_in_progress: one mail, one number', async () => {
    const held = heldTransport()
    const { invoicing, actor, draft, storage, company } = await setup({ transport: held.transport })
    const created = await draft()
    const first = invoicing.invoices.send(actor, created.id)
    await held.first
    await assert.rejects(invoicing.invoices.send(actor, created.id), failsWith('send_in_progress'))
    await assert.rejects(invoicing.invoices.update(actor, created.id, { notes: 'changed' }), failsWith('send_in_progress'))
    await assert.rejects(invoicing.invoices.delete(actor, created.id), failsWith('send_in_progress'))
    held.release()
    const result = await first
    assert.equal(held.sent.length, 1)
    assert.equal(result.status, 'SENT')
    assert.equal(await storage.sequences.current(company.id, 'INVOICE:2026'), 1)
  })

  it('lets a reservation expire after ten minutes, so a crashed send does not block the document', async () => {
    const held = heldTransport()
    const { invoicing, actor, draft, clock, storage, company } = await setup({ transport: held.transport })
    const created = await draft()
    void invoicing.invoices.send(actor, created.id).catch(() => undefined)
    await held.first
    clock.advance(9 * 60_000)
    await assert.rejects(invoicing.invoices.send(actor, created.id), failsWith('send_in_progress'))
    clock.advance(60_000)
    const retry = invoicing.invoices.send(actor, created.id)
    held.release()
    assert.equal((await retry).status, 'SENT')
    assert.equal(await storage.sequences.current(company.id, 'INVOICE:2026'), 1, 'the retry reuses the number of the stuck send')
  })

  it('refuses a converted proforma with 409 naming the invoice, in both spellings', async () => {
    const { invoicing, actor, customer, mailbox } = await setup()
    const proforma = await invoicing.invoices.create(actor, {
      customerId: customer.id, invoiceType: 'PROFORMA', lines: [{ description: 'x', unitPrice: '1' }],
    })
    const { invoice } = await invoicing.invoices.convert(actor, proforma.id)
    await assert.rejects(invoicing.invoices.send(actor, proforma.id), failsWith('proforma_converted', {
      invoice_id: invoice.id, invoice_number: invoice.number, invoiceId: invoice.id, invoiceNumber: invoice.number,
    }))
    assert.equal(mailbox.sent.length, 0)
  })

  it('answers 404 for a document of another company', async () => {
    const { invoicing, draft } = await setup()
    const created = await draft()
    const stranger = companyActor((await invoicing.companies.create({ name: 'Fremd GmbH' })).id)
    await assert.rejects(invoicing.invoices.send(stranger, created.id), failsWith('not_found'))
  })

  it('validates the addresses', async () => {
    const { invoicing, actor, draft } = await setup()
    const created = await draft()
    await assert.rejects(invoicing.invoices.send(actor, created.id, { recipientEmail: 'not-an-address' }), failsWith('validation_failed', { field: 'recipientEmail' }))
    await assert.rejects(invoicing.invoices.send(actor, created.id, { cc: 'ok@kunde.de, nope' }), failsWith('validation_failed'))
  })
})

/** Keeps `bytes` as a text document of the company a second after the last, linked to `invoiceId` when given. */
async function keepFile({ invoicing, actor, clock }: Awaited<ReturnType<typeof setup>>, fileName: string, bytes: Uint8Array, link?: { invoiceId: string; send: boolean }) {
  clock.advance(1000)
  const staged = await invoicing.documents.stage(actor, (async function* () { yield bytes })())
  const fields = link ? { linkType: 'INVOICE', linkId: link.invoiceId, sendWithDocument: String(link.send) } : {}
  return invoicing.documents.create(actor, { fileName, contentType: 'text/plain' }, fields as never, staged)
}

describe('documents sent with the invoice', () => {
  it('attaches the AVAILABLE documents flagged sendWithDocument after the PDF, in link order', async () => {
    const context = await setup()
    const { invoicing, actor, mailbox, draft, clock } = context
    const created = await draft()
    const other = await draft()
    const first = await keepFile(context, 'lieferschein.txt', Buffer.from('erste Datei'))
    await keepFile(context, 'intern.txt', Buffer.from('nicht mitsenden'), { invoiceId: created.id, send: false })
    await keepFile(context, 'vertrag.txt', Buffer.from('zweite Datei'), { invoiceId: created.id, send: true })
    await keepFile(context, 'fremd.txt', Buffer.from('andere Rechnung'), { invoiceId: other.id, send: true })
    // Linked after the contract: mailed after it, though kept before it.
    clock.advance(1000)
    await invoicing.documents.link(actor, first.id, { type: 'INVOICE', id: created.id, sendWithDocument: true })
    // A pending upload is not mailed.
    await invoicing.documents.startUpload(actor, { fileName: 'offen.pdf', contentType: 'application/pdf', size: 10, links: [{ type: 'INVOICE', id: created.id, sendWithDocument: true }] })

    const result = await invoicing.invoices.send(actor, created.id)
    const attachments = mailbox.sent[0]!.attachments
    assert.deepEqual(attachments.map((attachment) => [attachment.fileName, attachment.contentType]), [
      [`${result.invoiceNumber}.pdf`, 'application/pdf'], ['vertrag.txt', 'text/plain'], ['lieferschein.txt', 'text/plain'],
    ])
    assert.deepEqual(Buffer.from(attachments[1]!.content).toString(), 'zweite Datei')
  })

  it('refuses more than 20 MiB of files with attachments_too_large before a number is taken or anything is mailed', async () => {
    const context = await setup()
    const { invoicing, actor, mailbox, draft, storage, company } = context
    const created = await draft()
    const files = []
    for (const name of ['a.txt', 'b.txt', 'c.txt']) files.push(await keepFile(context, name, Buffer.alloc(7 * 1024 * 1024, 0x61), { invoiceId: created.id, send: true }))
    await assert.rejects(invoicing.invoices.send(actor, created.id), failsWith('attachments_too_large', { totalBytes: 21 * 1024 * 1024, maxBytes: 20 * 1024 * 1024 }))
    const kept = await invoicing.invoices.get(actor, created.id)
    assert.deepEqual([kept.numberIssued, kept.number, kept.status], [false, created.number, 'DRAFT'])
    assert.equal(mailbox.sent.length, 0)
    assert.equal(await storage.sendReservations.get(company.id, created.id), undefined)

    // Unflagged (the link made again without the flag), the rest goes out.
    const link = files[2]!.links[0]!
    await invoicing.documents.unlink(actor, files[2]!.id, link.id)
    await invoicing.documents.link(actor, files[2]!.id, { type: 'INVOICE', id: created.id, sendWithDocument: false })
    const sent = await invoicing.invoices.send(actor, created.id)
    assert.match(sent.invoiceNumber, /^RE-2026-/)
    assert.deepEqual(mailbox.sent[0]!.attachments.map((attachment) => attachment.fileName), [`${sent.invoiceNumber}.pdf`, 'a.txt', 'b.txt'])
  })
})

describe('a failure after the mail was accepted', () => {
  it('records the send anyway when the archive cannot be written, and archives the version on its first download', async () => {
    const storage = createMemoryStorage()
    const mailbox = createMemoryMailbox()
    const failures: string[] = []
    const { files, disk, storedPdfs } = controlledFiles()
    disk.full = true
    const invoicing = createInvoicing({
      storage, pdf: createRecordingRenderer(), mail: { transport: mailbox }, files,
      onArchiveError: (_, versionId) => failures.push(versionId),
    })
    const actor = companyActor((await invoicing.companies.create({ name: 'Muster GmbH', email: 'rechnung@muster.de', vatId: 'DE123456789' })).id)
    const customer = await invoicing.customers.create(actor, { name: 'Kunde AG', email: 'kunde@kunde.de' })
    const created = await invoicing.invoices.create(actor, { customerId: customer.id, lines: [{ description: 'x', unitPrice: '1' }] })
    const result = await invoicing.invoices.send(actor, created.id)
    assert.equal(result.status, 'SENT')
    assert.equal(mailbox.sent.length, 1)
    assert.equal((await invoicing.invoices.get(actor, created.id)).status, 'SENT')
    const { versions } = await invoicing.versions.list(actor, created.id)
    assert.equal(versions[0]!.hasPdf, false)
    assert.ok(failures.includes(versions[0]!.id))

    disk.full = false
    disk.slowWrites = 2
    const [drawnLate, alongside] = await Promise.all([1, 2].map(() => invoicing.versions.pdf(actor, created.id, { version: 1 })))
    assert.deepEqual(alongside!.content, drawnLate!.content, 'two first downloads get one PDF')
    assert.equal((await invoicing.versions.list(actor, created.id)).versions[0]!.hasPdf, true, 'archived on its first download')
    assert.deepEqual((await invoicing.versions.pdf(actor, created.id, { version: 1 })).content, drawnLate!.content)
    assert.equal(storedPdfs(), 1, 'the drawing that lost is not kept')
  })

  it('serves one PDF for good when a download draws it while the locking request still stores its own', async () => {
    const { files, disk, storedPdfs } = controlledFiles()
    const invoicing = createInvoicing({ storage: createMemoryStorage(), pdf: createRecordingRenderer(), files })
    const actor = companyActor((await invoicing.companies.create({ name: 'Muster GmbH', vatId: 'DE123456789' })).id)
    const customer = await invoicing.customers.create(actor, { name: 'Kunde AG' })
    const created = await invoicing.invoices.create(actor, { customerId: customer.id, lines: [{ description: 'x', unitPrice: '1' }] })
    disk.slowWrites = 1 // the locking request's archive, after its commit, is slow to store
    const locking = invoicing.invoices.update(actor, created.id, { status: 'SENT' })
    await new Promise((resolve) => setTimeout(resolve, 5))
    const first = await invoicing.versions.pdf(actor, created.id, { version: 1 })
    await locking
    const later = await invoicing.versions.pdf(actor, created.id, { version: 1 })
    assert.equal(readRecordedPdf(later.content).drawn, readRecordedPdf(first.content).drawn, 'the PDF served first stays the archived one')
    assert.deepEqual(later.content, first.content)
    assert.equal(storedPdfs(), 1)
  })

  it('keeps the reservation when recording fails after delivery, so a retry cannot mail twice', async () => {
    const storage = createMemoryStorage()
    const mailbox = createMemoryMailbox()
    const { files, stored } = controlledFiles()
    let failRecording = false
    const invoicing = createInvoicing({
      storage: { ...storage, transaction: (work) => storage.transaction(async (tx) => {
        if (failRecording && mailbox.sent.length > 0) throw new Error('database gone')
        return work(tx)
      }) },
      pdf: createRecordingRenderer(), mail: { transport: mailbox }, files,
    })
    const actor = companyActor((await invoicing.companies.create({ name: 'Muster GmbH', email: 'rechnung@muster.de', vatId: 'DE123456789' })).id)
    const customer = await invoicing.customers.create(actor, { name: 'Kunde AG', email: 'kunde@kunde.de' })
    const created = await invoicing.invoices.create(actor, { customerId: customer.id, lines: [{ description: 'x', unitPrice: '1' }] })
    failRecording = true
    await assert.rejects(invoicing.invoices.send(actor, created.id), /database gone/)
    failRecording = false
    assert.equal(mailbox.sent.length, 1)
    assert.equal(stored.size, 0, 'the mailed PDF is not kept without the version it was stored for')
    await assert.rejects(invoicing.invoices.send(actor, created.id), failsWith('send_in_progress'))
    assert.equal(mailbox.sent.length, 1)
  })
})

describe('locking by PUT', () => {
  it('archives version 1 when PUT sets SENT, and the cancellation credit note is locked with its own version 1', async () => {
    const { invoicing, actor, draft, mailbox } = await setup()
    const created = await draft()
    const { invoice } = await invoicing.invoices.update(actor, created.id, { status: 'SENT' })
    assert.ok(invoice.lockedAt)
    const pdf = await invoicing.versions.pdf(actor, created.id, { version: 1 })
    assert.equal(readRecordedPdf(pdf.content).reference, `Rechnung ${invoice.number}`)
    assert.equal(mailbox.sent.length, 0, 'PUT SENT records a send done elsewhere; it mails nothing')

    const { cancellationCreditNote } = await invoicing.invoices.update(actor, created.id, { status: 'CANCELLED' })
    const creditNoteVersions = await invoicing.versions.list(actor, cancellationCreditNote!.id)
    assert.equal(creditNoteVersions.currentVersion, 1)
    assert.equal(creditNoteVersions.versions[0]!.hasPdf, true)
  })

  it('keeps the version without a PDF when archiving fails, and says so', async () => {
    const storage = createMemoryStorage()
    const failures: string[] = []
    const invoicing = createInvoicing({
      storage,
      pdf: { estimatePages: async () => 1, render: async () => { throw new Error('renderer down') } },
      onArchiveError: (_, versionId) => failures.push(versionId),
    })
    const actor = companyActor((await invoicing.companies.create({ name: 'Muster GmbH' })).id)
    const customer = await invoicing.customers.create(actor, { name: 'Kunde AG' })
    const created = await invoicing.invoices.create(actor, { customerId: customer.id, lines: [{ description: 'x', unitPrice: '1' }] })
    await invoicing.invoices.update(actor, created.id, { status: 'SENT' })
    const { versions } = await invoicing.versions.list(actor, created.id)
    assert.equal(versions[0]!.hasPdf, false)
    assert.deepEqual(failures, [versions[0]!.id])
    await assert.rejects(invoicing.versions.pdf(actor, created.id, { version: 1 }), failsWith('not_found'))
  })
})
