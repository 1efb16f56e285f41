import type { OutgoingMail } from '@invoicing/core'

/** The fields nodemailer puts on its errors (see its errors.d.ts). */
interface SmtpFailure {
  message?: string
  code?: string
  originalCode?: string
  response?: string
  command?: string
  recipient?: string
  rejectedErrors?: SmtpFailure[]
}

/** `to` was refused at RCPT TO; `refusal` is nodemailer's error for it when there is one. */
export function rejectedRecipientError(to: string, refusal: unknown): Error {
  const response = (refusal as SmtpFailure | undefined)?.response
  return new Error(`SMTP server rejected recipient ${to}${response ? `: ${response}` : ''}`, { cause: refusal })
}

/** Turns a nodemailer failure into an Error whose message says what happened, for logs and the API. */
export function describeSmtpError(error: unknown, mail: OutgoingMail): Error {
  const failure = (error ?? {}) as SmtpFailure
  const detail = failure.message ?? String(error)
  switch (failure.code) {
    case 'EENVELOPE':
      // Every recipient was refused, `to` among them: it is the first of the envelope.
      if (failure.command === 'RCPT TO') return rejectedRecipientError(mail.to, failure.rejectedErrors?.[0] ?? error)
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

function described(message: string, cause: unknown): Error {
  return new Error(message, { cause })
}
