import assert from 'node:assert/strict'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { after, before, describe, it } from 'node:test'
import { companyActor } from '@invoicing/core'
import { simpleParser } from 'mailparser'
import { PDFDocument } from 'pdf-lib'
import type { ApiClient } from '../support/api-client'
import { documentedResponses } from '../support/documented'
import { startSmtpReceiver, type SmtpReceiver } from '../support/smtp-receiver'
import { createTenant, type Tenant } from '../support/tenant'
import { startTestApp, type TestApp } from '../support/test-app'

const COMPANY = { name: 'Holzwerkstatt Schäfer GmbH', email: 'rechnung@schaefer.example', vatId: 'DE287654321', street: 'Am Sägewerk 12', zipCode: '79098', city: 'Freiburg' }
const LINES = [{ description: 'Esstisch Eiche massiv', quantity: 2, unitPrice: '2380' }]
const REASON = 'Preis laut Angebot korrigiert'

async function createDraft(api: ApiClient, customer: Record<string, unknown> = {}) {
  const created = (await api.post('/customers', { name: 'Gasthaus Zur Krone', email: 'buchhaltung@krone.example', ...customer })).body.data
  return (await api.post('/invoices', { customerId: created.id, lines: LINES })).body.data as { id: string; invoiceNumber: string }
}


describe('sending, versions and corrections over HTTP with a real SMTP server', () => {
  let smtp: SmtpReceiver
  let app: TestApp
  let tenant: Tenant
  let documented: ReturnType<typeof documentedResponses>
  before(async () => {
    smtp = await startSmtpReceiver({ rejectRecipients: ['bounce@krone.example'], delayMs: 300 })
    app = await startTestApp({ smtpUrl: smtp.url })
    tenant = await createTenant(app, COMPANY)
    documented = documentedResponses((await tenant.api.get('/openapi.json')).body)
  })
  after(async () => {
    await app.stop()
    await smtp.close()
  })

  it('issues the number, mails the hybrid PDF and archives exactly those bytes as version 1', async () => {
    const draft = await createDraft(tenant.api)
    const before = smtp.received.length
    const response = await tenant.api.post(`/invoices/${draft.id}/send`, { cc: 'chef@krone.example', bcc: ['archiv@schaefer.example'] })
    assert.equal(response.status, 200, response.text)
    documented('POST', '/api/v1/invoices/{id}/send', response)
    const sent = response.body.data
    assert.match(sent.invoiceNumber, /^RE-\d{4}-\d{5}$/)
    assert.equal(sent.invoice_number, sent.invoiceNumber)
    assert.equal(sent.invoiceId, draft.id)
    assert.equal(sent.invoice_id, draft.id)
    assert.equal(sent.status, 'sent')
    assert.equal(sent.sentTo, 'buchhaltung@krone.example')
    assert.equal(sent.sent_to, sent.sentTo)
    assert.equal(sent.cc, 'chef@krone.example')
    assert.equal(sent.bcc, 'archiv@schaefer.example')
    assert.equal(sent.sent_at, sent.sentAt)

    assert.equal(smtp.received.length, before + 1)
    const { mail, recipients } = smtp.received.at(-1)!
    assert.deepEqual(recipients.sort(), ['archiv@schaefer.example', 'buchhaltung@krone.example', 'chef@krone.example'])
    assert.equal(mail.from?.value[0]?.address, 'rechnung@schaefer.example')
    assert.equal(mail.replyTo?.value[0]?.address, 'rechnung@schaefer.example')
    assert.equal(mail.headers.get('bcc'), undefined)
    assert.equal(mail.subject, `Rechnung ${sent.invoiceNumber} – Holzwerkstatt Schäfer GmbH`)
    assert.match(mail.text ?? '', /über 5\.664,40\s€, zahlbar bis zum/)
    assert.equal(mail.attachments.length, 1)
    const attachment = mail.attachments[0]!
    assert.equal(attachment.filename, `${sent.invoiceNumber}.pdf`)
    assert.equal(attachment.contentType, 'application/pdf')
    assert.match(attachment.content.toString('latin1'), /factur-x\.xml/)

    const invoice = (await tenant.api.get(`/invoices/${draft.id}`)).body.data
    assert.equal(invoice.status, 'SENT')
    assert.equal(invoice.invoiceNumber, sent.invoiceNumber)
    assert.equal(invoice.sentAt, sent.sentAt)
    assert.ok(invoice.lockedAt)

    const versions = await tenant.api.get(`/invoices/${draft.id}/versions`)
    documented('GET', '/api/v1/invoices/{id}/versions', versions)
    assert.equal(versions.body.data.currentVersion, 1)
    assert.deepEqual(versions.body.data.versions.map((version: any) => [version.versionNumber, version.changeType, version.hasPdf]), [[1, 'INITIAL', true]])
    const archived = await tenant.api.get(`/invoices/${draft.id}/versions/1/pdf`)
    assert.equal(archived.status, 200)
    assert.equal(archived.headers.get('content-type'), 'application/pdf')
    assert.equal(archived.headers.get('content-disposition'), `inline; filename="${sent.invoiceNumber}-v1.pdf"`)
    assert.equal(archived.headers.get('cache-control'), 'private, max-age=3600, immutable')
    assert.deepEqual(Buffer.from(archived.bytes), attachment.content, 'version 1 is the PDF the customer received')
  })

  it('keeps the number on the draft when delivery fails and sends with it next time', async () => {
    const draft = await createDraft(tenant.api, { email: 'bounce@krone.example' })
    const before = smtp.received.length
    const failed = await tenant.api.post(`/invoices/${draft.id}/send`)
    assert.equal(failed.status, 500, failed.text)
    assert.equal(failed.body.code, 'email_delivery_failed')
    assert.match(failed.body.error, /bounce@krone\.example/)
    const kept = (await tenant.api.get(`/invoices/${draft.id}`)).body.data
    assert.equal(kept.status, 'DRAFT')
    assert.match(kept.invoiceNumber, /^RE-/)
    assert.equal(kept.sentAt, null)
    assert.equal(kept.lockedAt, null)
    assert.equal((await tenant.api.get(`/invoices/${draft.id}/versions`)).body.data.currentVersion, null)
    // A draft holding an issued number cannot be deleted.
    assert.equal((await tenant.api.delete(`/invoices/${draft.id}`)).body.code, 'invoice_number_issued')

    const retried = await tenant.api.post(`/invoices/${draft.id}/send`, { recipientEmail: 'einkauf@krone.example' })
    assert.equal(retried.status, 200, retried.text)
    assert.equal(retried.body.data.invoiceNumber, kept.invoiceNumber)
    assert.equal(smtp.received.length, before + 1)
    assert.deepEqual(smtp.received.at(-1)!.recipients, ['einkauf@krone.example'])
  })

  it('sends one mail and takes one number when the same invoice is sent five times at once', async () => {
    const draft = await createDraft(tenant.api)
    const before = smtp.received.length
    const responses = await Promise.all(Array.from({ length: 5 }, () => tenant.api.post(`/invoices/${draft.id}/send`)))
    assert.deepEqual(responses.map((response) => response.status).sort(), [200, 409, 409, 409, 409])
    for (const response of responses.filter((each) => each.status === 409)) assert.equal(response.body.code, 'send_in_progress')
    assert.equal(smtp.received.length, before + 1)
    const sentNumber = responses.find((response) => response.status === 200)!.body.data.invoiceNumber
    const next = await createDraft(tenant.api)
    const issued = (await tenant.api.put(`/invoices/${next.id}`, { status: 'FINAL' })).body.data.invoiceNumber
    assert.equal(Number(issued.slice(-5)), Number(sentNumber.slice(-5)) + 1, 'no number was taken by the refused sends')
  })

  it('answers the error cases with JSON', async () => {
    const noEmail = await createDraft(tenant.api, { email: null })
    const noRecipient = await tenant.api.post(`/invoices/${noEmail.id}/send`)
    assert.equal(noRecipient.status, 400)
    assert.equal(noRecipient.body.code, 'no_recipient')
    assert.match((await tenant.api.get(`/invoices/${noEmail.id}`)).body.data.invoiceNumber, /^ENTWURF-/, 'no number without a recipient')

    const badCopy = await tenant.api.post(`/invoices/${noEmail.id}/send`, { recipientEmail: 'x@krone.example', cc: 'nope' })
    assert.equal(badCopy.status, 400)
    assert.equal(badCopy.body.code, 'validation_failed')
    assert.equal((await tenant.api.post('/invoices/missing/send')).status, 404)

    const cancelledDraft = await createDraft(tenant.api)
    await tenant.api.put(`/invoices/${cancelledDraft.id}`, { status: 'CANCELLED' })
    const notIssued = await tenant.api.post(`/invoices/${cancelledDraft.id}/send`)
    assert.equal(notIssued.status, 400)
    assert.equal(notIssued.body.code, 'invoice_not_issued')

    const readOnly = await createTenant(app, COMPANY, { scopes: ['invoices:read'] })
    const denied = await readOnly.api.post(`/invoices/${noEmail.id}/send`)
    assert.equal(denied.status, 403)
    assert.deepEqual(denied.body.requiredScopes, ['invoices:write'])
  })

  it('mails a cancelled invoice and keeps it CANCELLED', async () => {
    const draft = await createDraft(tenant.api)
    await tenant.api.put(`/invoices/${draft.id}`, { status: 'FINAL' })
    await tenant.api.put(`/invoices/${draft.id}`, { status: 'CANCELLED' })
    const response = await tenant.api.post(`/invoices/${draft.id}/send`)
    assert.equal(response.status, 200, response.text)
    assert.equal(response.body.data.status, 'cancelled')
    const invoice = (await tenant.api.get(`/invoices/${draft.id}`)).body.data
    assert.equal(invoice.status, 'CANCELLED')
    assert.equal(invoice.sentAt, response.body.data.sentAt)
  })

  it('mails a locked invoice again as the archived PDF of its current version, whatever changed since', async () => {
    const customer = (await tenant.api.post('/customers', { name: 'Weinstube Adler', email: 'adler@krone.example' })).body.data
    const draft = (await tenant.api.post('/invoices', { customerId: customer.id, lines: LINES })).body.data
    assert.equal((await tenant.api.post(`/invoices/${draft.id}/send`)).status, 200)
    const first = smtp.received.at(-1)!.mail.attachments[0]!.content
    await app.invoicing.companies.update(companyActor(tenant.company.id), { street: 'Neue Werkstraße 1' })
    assert.equal((await tenant.api.put(`/customers/${customer.id}`, { name: 'Weinstube Adler KG' })).status, 200)

    const again = await tenant.api.post(`/invoices/${draft.id}/send`)
    assert.equal(again.status, 200, again.text)
    const resent = smtp.received.at(-1)!.mail.attachments[0]!.content
    assert.deepEqual(resent, first, 'the customer gets the same document again')
    assert.deepEqual(Buffer.from((await tenant.api.get(`/invoices/${draft.id}/pdf`)).bytes), first)
    await app.invoicing.companies.update(companyActor(tenant.company.id), { street: COMPANY.street })
  })

  it('corrects a sent invoice as version 2 while version 1 keeps its bytes', async () => {
    const draft = await createDraft(tenant.api)
    const sent = (await tenant.api.post(`/invoices/${draft.id}/send`)).body.data
    const first = await tenant.api.get(`/invoices/${draft.id}/versions/1/pdf`)

    const response = await tenant.api.post(`/invoices/${draft.id}/correct`, {
      change_reason: REASON,
      lines: [{ description: 'Esstisch Eiche massiv', quantity: 2, unit_price: 2100, tax_rate: 19 }],
    })
    assert.equal(response.status, 200, response.text)
    documented('POST', '/api/v1/invoices/{id}/correct', response)
    assert.deepEqual(response.body.data, { invoiceId: draft.id, invoiceNumber: sent.invoiceNumber, versionNumber: 2, changeReason: REASON, lazyInitialVersion: false })

    const invoice = (await tenant.api.get(`/invoices/${draft.id}`)).body.data
    assert.equal(invoice.invoiceNumber, sent.invoiceNumber)
    assert.equal(invoice.grossTotal, 4998)
    const versions = (await tenant.api.get(`/invoices/${draft.id}/versions`)).body.data
    assert.deepEqual(versions.versions.map((version: any) => [version.versionNumber, version.changeType, version.changeReason, version.hasPdf]), [
      [2, 'CORRECTION', REASON, true],
      [1, 'INITIAL', null, true],
    ])
    const firstAgain = await tenant.api.get(`/invoices/${draft.id}/versions/1/pdf`)
    assert.deepEqual(firstAgain.bytes, first.bytes, 'version 1 is never drawn again')
    const second = await tenant.api.get(`/invoices/${draft.id}/versions/2/pdf`)
    assert.equal(second.status, 200)
    assert.equal(second.headers.get('content-disposition'), `inline; filename="${sent.invoiceNumber}-v2.pdf"`)
    assert.notDeepEqual(second.bytes, first.bytes)
    assert.ok((await PDFDocument.load(second.bytes)).getPageCount() >= 1)
    const withQuery = await tenant.api.get(`/invoices/${draft.id}/versions/2/pdf?version=2`)
    assert.deepEqual(withQuery.bytes, second.bytes)
  })

  it('answers the correction and version error cases', async () => {
    const draft = await createDraft(tenant.api)
    const notLocked = await tenant.api.post(`/invoices/${draft.id}/correct`, { change_reason: REASON, notes: 'x' })
    assert.equal(notLocked.status, 400)
    assert.equal(notLocked.body.code, 'not_locked')

    await tenant.api.put(`/invoices/${draft.id}`, { status: 'SENT' })
    const tooShort = await tenant.api.post(`/invoices/${draft.id}/correct`, { change_reason: 'kurz', notes: 'x' })
    assert.equal(tooShort.status, 400)
    assert.equal(tooShort.body.field, 'changeReason')
    const missing = await tenant.api.post(`/invoices/${draft.id}/correct`, { notes: 'x' })
    assert.equal(missing.status, 400)
    assert.equal(missing.body.field, 'changeReason')
    for (const body of [{ lines: [] }, { due_date: '2026-02-30' }, { tax_exemption_reason: 'NOPE' }, { lines: [{ description: 'x', quantity: 'viele' }] }]) {
      const invalid = await tenant.api.post(`/invoices/${draft.id}/correct`, { change_reason: REASON, ...body })
      assert.equal(invalid.status, 400, JSON.stringify(body))
      assert.equal(invalid.body.code, 'validation_failed')
    }
    assert.equal((await tenant.api.post(`/invoices/${draft.id}/correct`, { change_reason: REASON, customer_id: 'missing' })).status, 404)
    assert.equal((await tenant.api.post('/invoices/missing/correct', { change_reason: REASON, notes: 'x' })).status, 404)

    for (const version of ['0', 'abc', '1.5', '-1']) {
      const invalid = await tenant.api.get(`/invoices/${draft.id}/versions/${version}/pdf`)
      assert.equal(invalid.status, 400, version)
      assert.equal(invalid.body.code, 'validation_failed')
    }
    assert.equal((await tenant.api.get(`/invoices/${draft.id}/versions/1/pdf?version=2`)).status, 400)
    assert.equal((await tenant.api.get(`/invoices/${draft.id}/versions/7/pdf`)).status, 404)
    assert.equal((await tenant.api.get('/invoices/missing/versions/1/pdf')).status, 404)
    assert.equal((await tenant.api.get('/invoices/missing/versions')).status, 404)
    const foreign = await createTenant(app, { name: 'Fremd GmbH' })
    assert.equal((await foreign.api.get(`/invoices/${draft.id}/versions/1/pdf`)).status, 404)
  })
})

describe('sending without SMTP', () => {
  it('writes the mail with its PDF to the outbox under INVOICING_DATA_DIR', async () => {
    const app = await startTestApp()
    try {
      const tenant = await createTenant(app, COMPANY)
      const draft = await createDraft(tenant.api)
      const response = await tenant.api.post(`/invoices/${draft.id}/send`)
      assert.equal(response.status, 200, response.text)
      const outbox = join(app.dataDir, 'outbox')
      const files = readdirSync(outbox)
      assert.equal(files.length, 1)
      const mail = await simpleParser(readFileSync(join(outbox, files[0]!)))
      assert.equal(mail.to && !Array.isArray(mail.to) ? mail.to.value[0]?.address : undefined, 'buchhaltung@krone.example')
      assert.equal(mail.attachments[0]?.filename, `${response.body.data.invoiceNumber}.pdf`)
    } finally {
      await app.stop()
    }
  })
})
