import type { MailTransport } from '@invoicing/core'
import { createTransport } from 'nodemailer'
import { messageOf } from './compose'
import { describeSmtpError, rejectedRecipientError } from './smtp-errors'

export interface SmtpTransportOptions {
  /** Connecting, TLS handshake and the server's greeting, each; default 10 s. */
  connectionTimeoutMs?: number
  /** Longest the server may stay silent once connected; default 30 s. */
  socketTimeoutMs?: number
}

/**
 * A `MailTransport` that hands every mail to one SMTP server, on a new connection per mail (no
 * pool: nothing to close, nothing left open between sends).
 *
 * `url` is `smtp://` (STARTTLS when offered) or `smtps://` (TLS from the start), with the login
 * in it: `smtps://user:pass@mail.example.com:465`; percent-encode special characters.
 *
 * `send` resolves with the `Message-ID` (angle brackets included) once the server accepted the
 * message for `to`. It rejects, with a message that says what happened, when the server cannot
 * be reached, times out, refuses the login, the sender, `to` or the message.
 *
 * Cc and Bcc: a refused cc/bcc recipient does not fail the send. `to` got the message, so the
 * document is sent; failing would make the engine send it again to everyone who already has it.
 * The reverse cannot be prevented: when `to` is refused but a cc/bcc recipient accepted, the
 * server still gets the message for them, and `send` rejects all the same.
 */
export function createSmtpTransport(url: string, options: SmtpTransportOptions = {}): MailTransport {
  assertSmtpUrl(url)
  const connectionTimeout = options.connectionTimeoutMs ?? 10_000
  const transporter = createTransport({
    url,
    connectionTimeout,
    greetingTimeout: connectionTimeout,
    dnsTimeout: connectionTimeout,
    socketTimeout: options.socketTimeoutMs ?? 30_000,
  })

  return {
    async send(mail) {
      let info
      try {
        // An explicit envelope puts `to` first, so its normalized form is envelope.to[0] below.
        const envelope = { from: mail.from, to: mail.to, cc: [...mail.cc], bcc: [...mail.bcc] }
        info = await transporter.sendMail({ ...messageOf(mail), envelope })
      } catch (error) {
        throw describeSmtpError(error, mail)
      }
      // nodemailer resolves when any recipient was accepted; the contract is about `to`.
      const to = info.envelope.to[0]
      if (to === undefined || !info.accepted.includes(to)) {
        const refusal = info.rejectedErrors?.find((error) => error.recipient === to)
        throw rejectedRecipientError(mail, refusal)
      }
      return { messageId: info.messageId }
    },
  }
}

function assertSmtpUrl(url: string): void {
  let protocol: string
  try {
    protocol = new URL(url).protocol
  } catch {
    // Not the URL itself: it may carry a password.
    throw new Error('Invalid SMTP URL')
  }
  if (protocol !== 'smtp:' && protocol !== 'smtps:') {
    throw new Error(`SMTP URL must start with smtp:// or smtps://, not ${protocol}//`)
  }
}
