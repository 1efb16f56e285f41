/** A file carried by a mail. */
export interface MailAttachment {
  fileName: string
  content: Uint8Array
  /** MIME type, e.g. `application/pdf`. */
  contentType: string
}

/** One message as the engine composed it; addresses are plain `local@domain` strings. */
export interface OutgoingMail {
  /** Envelope and header sender. */
  from: string
  replyTo: string | null
  to: string
  cc: readonly string[]
  bcc: readonly string[]
  subject: string
  /** Plain-text body. */
  text: string
  attachments: readonly MailAttachment[]
}

export interface MailReceipt {
  /** The `Message-ID` the message was sent with. */
  messageId: string
}

/**
 * Port: delivers mail. `send` resolves only once the message was handed over for delivery to
 * `to` (an SMTP server accepted it, or a file outbox wrote it completely). Anything else (a
 * server that cannot be reached, a permanent rejection of `to`) MUST reject: the engine then
 * treats the document as not sent. Implementations: `@invoicing/mail` (SMTP, file outbox) and
 * `createMemoryMailbox()` for tests and embedders.
 */
export interface MailTransport {
  send(mail: OutgoingMail): Promise<MailReceipt>
}
