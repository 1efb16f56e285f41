import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { createSmtpTransport } from './smtp-transport'
import { addressesOf, invoiceMail, parseMail, pdfBytes } from './test-support/mails'
import { closedPort, startSilentServer, startSmtpServer } from './test-support/smtp-server'

describe('SMTP transport', () => {
  it('delivers: headers, plain text, the PDF byte for byte, bcc only in the envelope, login from the URL', async (t) => {
    const server = await startSmtpServer()
    t.after(() => server.close())
    const transport = createSmtpTransport(`smtp://mailer%40muster.example:s3cr%3At@127.0.0.1:${server.port}`)

    const receipt = await transport.send(invoiceMail())

    assert.deepEqual(server.logins, ['mailer@muster.example:s3cr:t'])
    assert.equal(server.received.length, 1)
    const [delivered] = server.received
    assert.ok(delivered)
    assert.equal(delivered.from, 'rechnung@muster.example')
    assert.deepEqual(delivered.recipients, ['kunde@kunde.example', 'einkauf@kunde.example', 'archiv@muster.example'])

    const parsed = await parseMail(delivered.raw)
    assert.equal(parsed.messageId, receipt.messageId)
    assert.match(receipt.messageId, /^<.+@muster\.example>$/)
    assert.deepEqual(addressesOf(parsed.from), ['rechnung@muster.example'])
    assert.deepEqual(addressesOf(parsed.to), ['kunde@kunde.example'])
    assert.deepEqual(addressesOf(parsed.cc), ['einkauf@kunde.example'])
    assert.deepEqual(addressesOf(parsed.replyTo), ['buchhaltung@muster.example'])
    assert.equal(parsed.bcc, undefined)
    assert.equal(parsed.headers.has('bcc'), false)
    assert.doesNotMatch(delivered.raw.toString('latin1'), /archiv@muster\.example/)
    assert.equal(parsed.subject, 'Rechnung RE-2026-00001 – Müller & Söhne')
    assert.equal(parsed.text?.trimEnd(), invoiceMail().text)
    assert.equal(parsed.html, false)

    assert.equal(parsed.attachments.length, 1)
    const [attachment] = parsed.attachments
    assert.equal(attachment?.filename, 'RE-2026-00001.pdf')
    assert.equal(attachment?.contentType, 'application/pdf')
    assert.ok(attachment?.content.equals(pdfBytes))
  })

  it('leaves Reply-To out when there is none', async (t) => {
    const server = await startSmtpServer()
    t.after(() => server.close())

    await createSmtpTransport(`smtp://127.0.0.1:${server.port}`).send(invoiceMail({ replyTo: null, cc: [], bcc: [] }))

    const parsed = await parseMail(server.received[0]!.raw)
    assert.equal(parsed.replyTo, undefined)
    assert.deepEqual(server.received[0]!.recipients, ['kunde@kunde.example'])
  })

  it('rejects, naming the address and the reply, when the server refuses `to`', async (t) => {
    const server = await startSmtpServer({ rejectRecipients: ['kunde@kunde.example'] })
    t.after(() => server.close())
    const transport = createSmtpTransport(`smtp://127.0.0.1:${server.port}`)

    await assert.rejects(transport.send(invoiceMail({ cc: [], bcc: [] })), {
      message: /^SMTP server rejected recipient kunde@kunde\.example: 550 5\.1\.1 <kunde@kunde\.example>: mailbox unavailable/,
    })
    assert.equal(server.received.length, 0)
  })

  it('rejects when `to` is refused even though a cc recipient took the message', async (t) => {
    const server = await startSmtpServer({ rejectRecipients: ['kunde@kunde.example'] })
    t.after(() => server.close())
    const transport = createSmtpTransport(`smtp://127.0.0.1:${server.port}`)

    await assert.rejects(transport.send(invoiceMail()), { message: /^SMTP server rejected recipient kunde@kunde\.example: 550 / })
    // Documented: the server still got it for the cc and bcc recipients.
    assert.deepEqual(server.received.map((mail) => mail.recipients), [['einkauf@kunde.example', 'archiv@muster.example']])
  })

  it('resolves when only a cc recipient is refused: `to` got the message', async (t) => {
    const server = await startSmtpServer({ rejectRecipients: ['einkauf@kunde.example'] })
    t.after(() => server.close())

    const receipt = await createSmtpTransport(`smtp://127.0.0.1:${server.port}`).send(invoiceMail())

    assert.deepEqual(server.received.map((mail) => mail.recipients), [['kunde@kunde.example', 'archiv@muster.example']])
    assert.equal((await parseMail(server.received[0]!.raw)).messageId, receipt.messageId)
  })

  it('rejects when the server refuses the message after DATA (554)', async (t) => {
    const server = await startSmtpServer({ refuseData: true })
    t.after(() => server.close())

    await assert.rejects(createSmtpTransport(`smtp://127.0.0.1:${server.port}`).send(invoiceMail()), {
      message: /^SMTP server refused the message: 554 5\.7\.1 message refused as spam/,
    })
  })

  it('rejects when nothing listens on the port', async () => {
    const port = await closedPort()
    const transport = createSmtpTransport(`smtp://127.0.0.1:${port}`, { connectionTimeoutMs: 500 })

    await assert.rejects(transport.send(invoiceMail()), { message: /^SMTP server unreachable: .*ECONNREFUSED/ })
  })

  it('rejects when the server accepts the connection but never greets', async (t) => {
    const server = await startSilentServer()
    t.after(() => server.close())
    const transport = createSmtpTransport(`smtp://127.0.0.1:${server.port}`, { connectionTimeoutMs: 200 })

    const started = Date.now()
    await assert.rejects(transport.send(invoiceMail()), { message: /^SMTP server timed out: / })
    assert.ok(Date.now() - started < 2_000)
  })

  it('speaks TLS from the start with smtps://', async (t) => {
    const server = await startSmtpServer({ secure: true })
    t.after(() => server.close())
    // smtp-server's built-in certificate is self-signed; URL query options reach nodemailer.
    const transport = createSmtpTransport(`smtps://user:pass@127.0.0.1:${server.port}/?tls.rejectUnauthorized=false`)

    await transport.send(invoiceMail())

    assert.deepEqual(server.logins, ['user:pass'])
    assert.equal(server.received.length, 1)
  })

  it('refuses a URL that is not smtp:// or smtps://, without echoing it', () => {
    assert.throws(() => createSmtpTransport('http://user:secret@mail.example'), { message: 'SMTP URL must start with smtp:// or smtps://, not http://' })
    assert.throws(() => createSmtpTransport('user:secret@mail'), (error: Error) => !error.message.includes('secret'))
  })
})
