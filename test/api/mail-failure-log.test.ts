import assert from 'node:assert/strict'
import { createServer, type AddressInfo } from 'node:net'
import { after, before, describe, it } from 'node:test'
import { createJsonLogger } from '@invoicing/http'
import { startSmtpReceiver, type SmtpReceiver } from '../support/smtp-receiver'
import { createTenant } from '../support/tenant'
import { startTestApp } from '../support/test-app'

/** An app mailing through `smtpUrl` whose log lines are kept, and a draft invoice for `email`. */
async function sendFailing(smtpUrl: string, email: string) {
  const lines: string[] = []
  const app = await startTestApp({ smtpUrl, logger: createJsonLogger('info', (line) => lines.push(line)) })
  try {
    const { api } = await createTenant(app, { name: 'Krone Handel GmbH', email: 'rechnung@krone-handel.example', vatId: 'DE287654321', street: 'Am Markt 1', zipCode: '79098', city: 'Freiburg' })
    const customer = (await api.post('/customers', { name: 'Gasthof Krone', email, street: 'Dorfplatz 2', zipCode: '79100', city: 'Freiburg' })).body.data
    const draft = (await api.post('/invoices', { customerId: customer.id, lines: [{ description: 'Wartung', unitPrice: '100' }] })).body.data
    const sent = await api.post(`/invoices/${draft.id}/send`)
    assert.equal(sent.body.code, 'email_delivery_failed', sent.text)
    return lines.map((line) => JSON.parse(line))
  } finally {
    await app.stop()
  }
}

describe('a mail that was not delivered, in the log', () => {
  let smtp: SmtpReceiver
  before(async () => { smtp = await startSmtpReceiver({ rejectRecipients: ['bounce@gasthof-krone.example'] }) })
  after(() => smtp.close())

  it('is logged with the SMTP reply code and the recipient\'s domain, never the address', async () => {
    const log = await sendFailing(smtp.url, 'bounce@gasthof-krone.example')
    const failed = log.filter((entry) => entry.msg === 'request failed')
    assert.equal(failed.length, 1, JSON.stringify(log))
    assert.deepEqual(
      [failed[0].code, failed[0].smtpCode, failed[0].smtpCommand, failed[0].recipientDomain, failed[0].status],
      ['email_delivery_failed', 550, 'RCPT TO', 'gasthof-krone.example', 500],
    )
    assert.ok(!JSON.stringify(log).includes('bounce@'), 'no log line names the address')
  })

  it('names the domain without a reply code when no server answered', async () => {
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const { port } = closed.address() as AddressInfo
    await new Promise((resolve) => closed.close(resolve))
    const log = await sendFailing(`smtp://127.0.0.1:${port}`, 'einkauf@gasthof-krone.example')
    const failed = log.find((entry) => entry.msg === 'request failed')
    assert.deepEqual([failed.code, failed.smtpCode, failed.recipientDomain], ['email_delivery_failed', null, 'gasthof-krone.example'])
    assert.ok(!JSON.stringify(log).includes('einkauf@'), 'no log line names the address')
  })
})
