import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { createManualClock, type ManualClock } from '@invoicing/core/testing'
import { PDFDocument } from 'pdf-lib'
import { documentedResponses } from '../support/documented'
import { startSmtpReceiver, type SmtpReceiver } from '../support/smtp-receiver'
import { createTenant, type Tenant } from '../support/tenant'
import { startTestApp, type TestApp } from '../support/test-app'

const COMPANY = { name: 'Mahnwesen GmbH', email: 'buchhaltung@mahnwesen.example', vatId: 'DE123456789', iban: 'DE89370400440532013000' }

describe('dunning', () => {
  let smtp: SmtpReceiver
  let clock: ManualClock
  let app: TestApp
  let tenant: Tenant
  let customerId: string
  let documented: ReturnType<typeof documentedResponses>
  before(async () => {
    smtp = await startSmtpReceiver({ rejectRecipients: ['bounce@kunde.example'] })
    clock = createManualClock('2026-05-01T08:00:00.000Z')
    app = await startTestApp({ smtpUrl: smtp.url, clock, access: { requestsPerMinute: 10_000 } })
    tenant = await createTenant(app, COMPANY)
    documented = documentedResponses((await tenant.api.get('/openapi.json')).body)
    customerId = (await tenant.api.post('/customers', { name: 'Säumig KG', email: 'zahlung@kunde.example' })).body.data.id
  })
  after(async () => {
    await app.stop()
    await smtp.close()
  })

  /** An invoice of 1,190.00 gross due on 31 March 2026, SENT, with 190.00 paid: 1,000.00 remaining. */
  async function overdueInvoice(customer = customerId) {
    const created = (await tenant.api.post('/invoices', {
      customerId: customer, issueDate: '2026-03-17', dueDate: '2026-03-31', lines: [{ description: 'Gartenpflege', unitPrice: 1000 }],
    })).body.data
    assert.equal((await tenant.api.put(`/invoices/${created.id}`, { status: 'SENT' })).status, 200)
    assert.equal((await tenant.api.post(`/invoices/${created.id}/payments`, { amount: 190 })).status, 201)
    return created.id as string
  }
  const dunningOf = (id: string) => tenant.api.get(`/invoices/${id}/dunning`)
  const act = (id: string, body: unknown) => tenant.api.post(`/invoices/${id}/dunning`, body)

  it('sends levels 1, 2 and 3 with fees and interest computed exactly, then answers 409 max_level_reached', async () => {
    clock.set('2026-05-01T08:00:00.000Z')
    const id = await overdueInvoice()
    const mailsBefore = smtp.received.length

    // Day 31: 1,000.00 × 9.12 % × 31 / 365 = 7.7457… → 7.75; level 1 has no fee.
    const first = await act(id, { action: 'send', include_interest: true })
    assert.equal(first.status, 201, first.text)
    documented('POST', '/api/v1/invoices/{id}/dunning', first)
    assert.deepEqual(pick(first.body.data), { level: 1, fee: 0, interest_rate: 9.12, interest_amount: 7.75, days_overdue: 31, remaining_amount: 1000, total_amount: 1007.75, sent_to: 'zahlung@kunde.example' })
    assert.equal(first.body.data.totalAmount, 1007.75)
    assert.equal((await tenant.api.get(`/invoices/${id}`)).body.data.status, 'OVERDUE')

    // Day 45: interest only for the 14 days not charged yet: 1,000.00 × 9.12 % × 14 / 365 = 3.498 → 3.50; fee 5.
    clock.set('2026-05-15T08:00:00.000Z')
    const second = await act(id, { action: 'send', includeInterest: true })
    assert.deepEqual(pick(second.body.data), { level: 2, fee: 5, interest_rate: 9.12, interest_amount: 3.5, days_overdue: 45, remaining_amount: 1000, total_amount: 1016.25, sent_to: 'zahlung@kunde.example' })

    // Day 59: a custom fee, no interest.
    clock.set('2026-05-29T08:00:00.000Z')
    const third = await act(id, { action: 'send', custom_reminder_fee: '12.50', recipient_email: 'chef@kunde.example' })
    assert.deepEqual(pick(third.body.data), { level: 3, fee: 12.5, interest_rate: 0, interest_amount: 0, days_overdue: 59, remaining_amount: 1000, total_amount: 1028.75, sent_to: 'chef@kunde.example' })

    const fourth = await act(id, { action: 'send' })
    assert.equal(fourth.status, 409)
    assert.equal(fourth.body.code, 'max_level_reached')

    const status = await dunningOf(id)
    assert.equal(status.status, 200, status.text)
    documented('GET', '/api/v1/invoices/{id}/dunning', status)
    const { dunning, reminders } = status.body.data
    assert.deepEqual(
      [dunning.current_level, dunning.next_level, dunning.nextLevel, dunning.max_level_reached, dunning.total_reminders, dunning.total_fees, dunning.total_interest, dunning.total_outstanding],
      [3, 3, 3, true, 3, 17.5, 11.25, 1028.75],
    )
    assert.deepEqual(reminders.map((reminder: any) => reminder.level), [1, 2, 3])
    assert.equal(status.body.data.days_overdue, 59)
    assert.equal(status.body.data.customer.name, 'Säumig KG')

    // Three mails, each with the reminder PDF of its level, in the invoice's language.
    const mails = smtp.received.slice(mailsBefore)
    assert.deepEqual(mails.map((mail) => mail.recipients), [['zahlung@kunde.example'], ['zahlung@kunde.example'], ['chef@kunde.example']])
    assert.deepEqual(mails.map((mail) => mail.mail.subject?.split(' – ')[0]), ['Zahlungserinnerung', 'Mahnung', 'Letzte Mahnung'])
    const attachment = mails[2]!.mail.attachments[0]!
    assert.equal(attachment.contentType, 'application/pdf')
    assert.equal((await PDFDocument.load(attachment.content)).getTitle(), `Letzte Mahnung ${status.body.data.invoice_number}`)

    const events = (await app.storage.events.list(tenant.company.id, { limit: 100, offset: 0 })).items
      .filter((event) => event.data.id === id || event.data.invoiceId === id).map((event) => event.type)
    assert.deepEqual(events.filter((type) => type !== 'invoice.created' && type !== 'invoice.sent'), [
      'invoice.overdue', 'reminder.sent', 'reminder.sent', 'reminder.escalated', 'reminder.sent', 'reminder.escalated',
    ])
  })

  it('pauses and resumes reminders with a reason', async () => {
    const id = await overdueInvoice()
    const paused = await act(id, { action: 'pause', reason: 'Kunde hat reklamiert' })
    assert.equal(paused.status, 200, paused.text)
    documented('POST', '/api/v1/invoices/{id}/dunning', paused)
    assert.deepEqual([paused.body.data.dunning_paused, paused.body.data.dunning_paused_reason], [true, 'Kunde hat reklamiert'])
    const refused = await act(id, { action: 'send' })
    assert.equal(refused.status, 409)
    assert.equal(refused.body.code, 'dunning_paused')
    assert.equal((await dunningOf(id)).body.data.dunning.is_paused, true)
    const resumed = await act(id, { action: 'resume' })
    assert.deepEqual([resumed.body.data.dunning_paused, resumed.body.data.dunning_paused_at], [false, null])
    assert.equal((await act(id, { action: 'send' })).status, 201)
  })

  it('answers every refusal with its code, and stores nothing when the mail fails', async () => {
    const draft = (await tenant.api.post('/invoices', { customerId, lines: [{ description: 'x', unitPrice: 1 }] })).body.data.id
    const checks: [string, unknown, number, string][] = [
      [draft, { action: 'send' }, 400, 'invoice_status'],
      [draft, { action: 'shout' }, 400, 'validation_failed'],
      [draft, {}, 400, 'validation_failed'],
      [draft, { action: 'send', custom_reminder_fee: -1 }, 400, 'validation_failed'],
      ['missing', { action: 'send' }, 404, 'not_found'],
    ]
    for (const [id, body, status, code] of checks) {
      const response = await act(id, body)
      assert.equal(response.status, status, `${JSON.stringify(body)}: ${response.text}`)
      assert.equal(response.body.code, code, JSON.stringify(body))
    }
    assert.ok((await act(draft, { action: 'shout' })).body.allowedValues.includes('send'))

    const paid = await overdueInvoice()
    await tenant.api.post(`/invoices/${paid}/payments`, { amount: 1000 })
    const alreadyPaid = await act(paid, { action: 'send' })
    assert.deepEqual([alreadyPaid.status, alreadyPaid.body.code], [409, 'already_paid'])

    const silent = (await tenant.api.post('/customers', { name: 'Ohne Mail' })).body.data.id
    const noMail = await act(await overdueInvoice(silent), { action: 'send' })
    assert.deepEqual([noMail.status, noMail.body.code], [400, 'no_recipient'])

    const bouncing = await overdueInvoice()
    const failed = await act(bouncing, { action: 'send', recipient_email: 'bounce@kunde.example' })
    assert.equal(failed.status, 502, failed.text)
    assert.equal(failed.body.code, 'email_failed')
    const after = (await dunningOf(bouncing)).body.data
    assert.deepEqual([after.dunning.total_reminders, after.status], [0, 'SENT'])
    assert.equal((await act(bouncing, { action: 'send' })).body.data.level, 1)
  })

  it('lets one of two parallel sends through and refuses the other with 409', async () => {
    const id = await overdueInvoice()
    const responses = await Promise.all([act(id, { action: 'send' }), act(id, { action: 'send' })])
    assert.deepEqual(responses.map((response) => response.status).sort(), [201, 409])
    assert.equal((await dunningOf(id)).body.data.dunning.total_reminders, 1)
  })
})

function pick(reminder: any) {
  const { level, fee, interest_rate, interest_amount, days_overdue, remaining_amount, total_amount, sent_to } = reminder
  return { level, fee, interest_rate, interest_amount, days_overdue, remaining_amount, total_amount, sent_to }
}
