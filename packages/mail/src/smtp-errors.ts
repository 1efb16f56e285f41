import type { OutgoingMail } from '@invoicing/core'

/** The fields nodemailer puts on its errors (see its errors.d.ts). */
interface SmtpFailure {
  message?: string
  code?: string
  responseCode?: number
  originalCode?: string
  response?: string
  command?: string
  recipient?: string
  rejectedErrors?: SmtpFailure[]
}

/**
 * A mail the SMTP server did not take. Besides the message (which names addresses, for the
 * caller), it carries what a log may keep: the server's reply code, the SMTP command it
 * answered, and the domain of the recipient, never the whole address.
 */
export class MailDeliveryError extends Error {
  override readonly name = 'MailDeliveryError'
  /** The SMTP reply code, e.g. 550; undefined when no server answered (unreachable, timeout). */
  readonly smtpCode: number | undefined
  /** The command the server refused, e.g. `RCPT TO`, when known. */
  readonly smtpCommand: string | undefined
  /** The part of the `to` address after the @. */
  readonly recipientDomain: string

  constructor(message: string, mail: Pick<OutgoingMail, 'to'>, failure: unknown) {
    super(message, { cause: failure })
    const smtp = (failure ?? {}) as SmtpFailure
    this.smtpCode = typeof smtp.responseCode === 'number' ? smtp.responseCode : undefined
    this.smtpCommand = smtp.command
    this.recipientDomain = mail.to.slice(mail.to.lastIndexOf('@') + 1)
  }
}

/** `to` was refused at RCPT TO; `refusal` is nodemailer's error for it when there is one. */
export function rejectedRecipientError(mail: Pick<OutgoingMail, 'to'>, refusal: unknown): Error {
  const response = (refusal as SmtpFailure | undefined)?.response
  return new MailDeliveryError(`SMTP server rejected recipient ${mail.to}${response ? `: ${response}` : ''}`, mail, refusal ?? { command: 'RCPT TO' })
}

/** Turns a nodemailer failure into an Error whose message says what happened, for logs and the API. */
export function describeSmtpError(error: unknown, mail: OutgoingMail): Error {
  const failure = (error ?? {}) as SmtpFailure
  const detail = failure.message ?? String(error)
  const described = (message: string, cause: unknown) => new MailDeliveryError(message, mail, cause)
  switch (failure.code) {
    case 'EENVELOPE':
      // Every recipient was refused, `to` among them: it is the first of the envelope.
      if (failure.command === 'RCPT TO') return rejectedRecipientError(mail, failure.rejectedErrors?.[0] ?? error)
      if (failure.command === 'MAIL FROM') return described(`SMTP server rejected sender ${mail.from}: ${failure.response ?? detail}`, error)
      if (failure.command === 'DATA') return described(`SMTP server refused the message: ${failure.response ?? detail}`, error)
      return described(`Invalid mail envelope: ${detail}`, error)
    case 'EMESSAGE':
      return described(`SMTP server refused the message: ${failure.response ?? detail}`, error)
    case 'ETIMEDOUT':
      return described(`SMTP server timed out: ${detail}`, error)
    case 'EDNS':
    case 'ESOCKET':
    case 'ECONNECTION':
      // A connection that failed before the greeting never reached a server.
      return failure.command === 'CONN' || failure.originalCode
        ? described(`SMTP server unreachable: ${detail}`, error)
        : described(`SMTP connection failed: ${detail}`, error)
    case 'EAUTH':
    case 'ENOAUTH':
      return described(`SMTP login failed: ${detail}`, error)
    case 'ETLS':
      return described(`SMTP TLS failed: ${detail}`, error)
    default:
      return described(`SMTP send failed: ${detail}`, error)
  }
}
