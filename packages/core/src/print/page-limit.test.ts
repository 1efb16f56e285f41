import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { companyActor } from '../access/actor'
import { createInvoicing } from '../create-invoicing'
import { createMemoryMailbox } from '../mail/memory-mailbox'
import { createMemoryStorage, createRecordingRenderer, failsWith } from '../testing'
import { MAX_PDF_PAGES } from './page-limit'

/** An engine whose renderer says every PDF has `pages.now` pages. */
async function setup() {
  const pages = { now: 1 }
  const pdf = createRecordingRenderer({ pages: () => pages.now })
  const mailbox = createMemoryMailbox()
  const invoicing = createInvoicing({ storage: createMemoryStorage(), pdf, mail: { transport: mailbox } })
  const actor = companyActor((await invoicing.companies.create({ name: 'Muster GmbH', email: 'buero@muster.de', vatId: 'DE123456789' })).id)
  const { id: customerId } = await invoicing.customers.create(actor, { name: 'Kunde AG', email: 'kunde@example.de' })
  const invoice = (status: 'DRAFT' | 'SENT') => invoicing.invoices.create(actor, { customerId, lines: [{ description: 'Beratung', unitPrice: '100' }] })
    .then(async (draft) => (status === 'DRAFT' ? draft : (await invoicing.invoices.update(actor, draft.id, { status })).invoice))
  return { pages, pdf, mailbox, invoicing, actor, customerId, invoice }
}

const tooLarge = failsWith('document_too_large', { estimatedPages: MAX_PDF_PAGES + 1, maxPages: MAX_PDF_PAGES })

describe('the PDF page cap', () => {
  it('draws a document of exactly 200 pages, and refuses one of 201 without drawing it', async () => {
    const { pages, pdf, invoicing, actor, invoice } = await setup()
    const draft = await invoice('DRAFT')
    pages.now = MAX_PDF_PAGES
    await invoicing.invoices.pdf(actor, draft.id)
    assert.equal(pdf.views.length, 1)
    pages.now = MAX_PDF_PAGES + 1
    await assert.rejects(invoicing.invoices.pdf(actor, draft.id), tooLarge)
    assert.equal(pdf.views.length, 1)
  })

  it('a credit note over the cap is not executed: it stays a draft with its payout approved', async () => {
    const { pages, invoicing, actor, customerId } = await setup()
    const note = await invoicing.creditNotes.create(actor, { recipientId: customerId, lines: [{ description: 'Provision', unitPrice: '50' }] })
    await invoicing.creditNotes.changePayout(actor, note.id, { status: 'APPROVED' })
    pages.now = MAX_PDF_PAGES + 1
    await assert.rejects(invoicing.creditNotes.execute(actor, note.id), tooLarge)
    const after = await invoicing.invoices.get(actor, note.id)
    assert.deepEqual([after.status, after.numberIssued, after.lockedAt, after.payout?.status], ['DRAFT', false, null, 'APPROVED'])
  })

  it('a cancellation whose credit note would be over the cap changes nothing', async () => {
    const { pages, invoicing, actor, invoice } = await setup()
    const sent = await invoice('SENT')
    pages.now = MAX_PDF_PAGES + 1
    await assert.rejects(invoicing.invoices.cancel(actor, sent.id), tooLarge)
    assert.equal((await invoicing.invoices.get(actor, sent.id)).status, 'SENT')
  })

  it('a reminder over the cap is not mailed', async () => {
    const { pages, mailbox, invoicing, actor, invoice } = await setup()
    const sent = await invoice('SENT')
    const mailed = mailbox.sent.length
    pages.now = MAX_PDF_PAGES + 1
    await assert.rejects(invoicing.dunning.act(actor, sent.id, { action: 'send' }), tooLarge)
    assert.equal(mailbox.sent.length, mailed)
  })
})
