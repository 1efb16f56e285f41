import type { OutgoingMail } from '@invoicing/core'
import type { SendMailOptions } from 'nodemailer'

/** The nodemailer message for an engine mail: plain text only, attachments as given. */
export function messageOf(mail: OutgoingMail): SendMailOptions {
  return {
    from: mail.from,
    to: mail.to,
    cc: [...mail.cc],
    bcc: [...mail.bcc],
    ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
    subject: mail.subject,
    text: mail.text,
    attachments: mail.attachments.map((attachment) => ({
      filename: attachment.fileName,
      // A view, not a copy: attachments can be large PDFs.
      content: Buffer.from(attachment.content.buffer, attachment.content.byteOffset, attachment.content.byteLength),
      contentType: attachment.contentType,
    })),
  }
}
