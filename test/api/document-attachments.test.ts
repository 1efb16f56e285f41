import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { multipartBody, PDF, PNG } from '../support/files'
import { startSmtpReceiver, type SmtpReceiver } from '../support/smtp-receiver'
import { createTenant, type Tenant } from '../support/tenant'
import { startTestApp, type TestApp } from '../support/test-app'

describe('documents sent with their record (sendWithDocument)', () => {
  let app: TestApp
  let smtp: SmtpReceiver
  let tenant: Tenant
  let customerId: string
  before(async () => {
    smtp = await startSmtpReceiver()
    app = await startTestApp({ smtpUrl: smtp.url, access: { requestsPerMinute: 100_000 } })
    tenant = await createTenant(app, { name: 'Anlagen GmbH', email: 'buero@anlagen.example', vatId: 'DE123456789' })
    customerId = (await tenant.api.post('/customers', { name: 'Empfang AG', email: 'einkauf@empfang.example' })).body.data.id
  })
  after(async () => {
    await app.stop()
    await smtp.close()
  })

  const upload = async (fields: Record<string, string>, file: { bytes: Uint8Array; type: string; name: string }) => {
    const { body, headers } = await multipartBody(fields, file)
    const response = await tenant.api.request('POST', '/documents', { body, headers })
    assert.equal(response.status, 201, response.text)
    return response.body.data
  }

  it('attaches the flagged files after the PDF, in link order, and leaves unflagged ones out', async () => {
    const invoice = (await tenant.api.post('/invoices', { customerId, lines: [{ description: 'Montage', unitPrice: '480' }] })).body.data
    await upload({ linkType: 'INVOICE', linkId: invoice.id, sendWithDocument: 'true' }, { bytes: PDF, type: 'application/pdf', name: 'Abnahmeprotokoll.pdf' })
    await upload({ linkType: 'INVOICE', linkId: invoice.id }, { bytes: PNG, type: 'image/png', name: 'intern.png' })
    await upload({ linkType: 'INVOICE', linkId: invoice.id, sendWithDocument: 'true' }, { bytes: PNG, type: 'image/png', name: 'Foto Baustelle.png' })
    const before = smtp.received.length
    const sent = await tenant.api.post(`/invoices/${invoice.id}/send`, {})
    assert.equal(sent.status, 200, sent.text)
    assert.equal(smtp.received.length, before + 1)
    const { mail } = smtp.received.at(-1)!
    assert.deepEqual(mail.attachments.map((attachment) => [attachment.filename, attachment.contentType]), [
      [`${sent.body.data.invoiceNumber}.pdf`, 'application/pdf'], ['Abnahmeprotokoll.pdf', 'application/pdf'], ['Foto Baustelle.png', 'image/png'],
    ])
    assert.ok(mail.attachments[1]!.content.equals(PDF))
    assert.ok(mail.attachments[2]!.content.equals(PNG))
  })

  it('refuses a quote whose files pass 20 MiB before it takes a number, and sends it once they are unflagged', async () => {
    const quote = (await tenant.api.post('/quotes', { customerId, lines: [{ description: 'Angebot Montage', unitPrice: '480' }] })).body.data
    const big = Buffer.alloc(7 * 1024 * 1024, 'Aufmaß;')
    const documents = []
    for (const index of [1, 2, 3]) documents.push(await upload({ linkType: 'QUOTE', linkId: quote.id, sendWithDocument: 'true' }, { bytes: big, type: 'text/plain', name: `aufmass-${index}.txt` }))
    const before = smtp.received.length
    const refused = await tenant.api.post(`/quotes/${quote.id}/send`, {})
    assert.deepEqual([refused.status, refused.body.code, refused.body.maxBytes], [400, 'attachments_too_large', 20 * 1024 * 1024])
    assert.equal(smtp.received.length, before)
    const unchanged = (await tenant.api.get(`/quotes/${quote.id}`)).body.data
    assert.deepEqual([unchanged.status, unchanged.number.startsWith('ENTWURF-')], ['DRAFT', true])
    const linkId = documents[2].links[0].id
    assert.equal((await tenant.api.delete(`/documents/${documents[2].id}/links/${linkId}`)).status, 200)
    const sent = await tenant.api.post(`/quotes/${quote.id}/send`, {})
    assert.equal(sent.status, 200, sent.text)
    assert.deepEqual(smtp.received.at(-1)!.mail.attachments.map((attachment) => attachment.filename).slice(1), ['aufmass-1.txt', 'aufmass-2.txt'])
  })
})
