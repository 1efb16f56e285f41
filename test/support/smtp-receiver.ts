import type { AddressInfo } from 'node:net'
import { simpleParser, type ParsedMail } from 'mailparser'
import { SMTPServer } from 'smtp-server'

export interface ReceivedMail {
  /** Envelope recipients (bcc included). */
  recipients: string[]
  mail: ParsedMail
}

export interface SmtpReceiver {
  url: string
  received: ReceivedMail[]
  close(): Promise<void>
}

/**
 * A real SMTP server on loopback, as the host's mail goes to in production: it refuses the
 * recipients named (550 at RCPT TO) and can take its time before accepting a message.
 */
export async function startSmtpReceiver(options: { rejectRecipients?: readonly string[]; delayMs?: number } = {}): Promise<SmtpReceiver> {
  const received: ReceivedMail[] = []
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    closeTimeout: 500,
    onRcptTo(address, _session, callback) {
      if (options.rejectRecipients?.includes(address.address)) {
        callback(Object.assign(new Error(`5.1.1 <${address.address}>: mailbox unavailable`), { responseCode: 550 }))
      } else {
        callback()
      }
    },
    onData(stream, session, callback) {
      simpleParser(stream).then(async (mail) => {
        if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs))
        received.push({ recipients: session.envelope.rcptTo.map((rcpt) => rcpt.address), mail })
        callback()
      }, callback)
    },
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  const { port } = server.server.address() as AddressInfo
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
