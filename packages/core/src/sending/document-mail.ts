import type { Company } from '../companies'
import type { Customer } from '../customers'
import { InvoicingError } from '../errors'
import type { Invoice } from '../invoices'
import type { MailAttachment, MailReceipt, MailTransport, OutgoingMail } from '../ports/mail-transport'
import type { InvoiceDocumentView, PrintableDocument } from '../print'
import { mailTextOf, placeholdersOf } from './mail-texts'

/** What the mail that carries a document is written from: the document, its sender and recipient. */
export interface MailedDocument {
  document: PrintableDocument
  company: Company
  customer: Pick<Customer, 'name'>
  /** The invoice a credit note refers to (`{parentNumber}`). */
  parentInvoice?: Pick<Invoice, 'number'> | null
}

/** Who a document mail goes from and to, with its copies. */
export interface MailEnvelope {
  from: string
  to: string
  cc: readonly string[]
  bcc: readonly string[]
}

/** The PDF file name a customer receives: the document number, safe for any mail client. */
export const attachmentName = (document: Pick<PrintableDocument, 'number'>): string => `${document.number.replace(/[^A-Za-z0-9._-]/g, '_')}.pdf`

/**
 * The mail that carries a document's PDF, in the document language: subject and body from the
 * company's texts of its type, else the built-in ones; replies go to the company. `files` (the
 * documents flagged to go with it) follow the PDF in their order.
 */
export function documentMail(parts: MailedDocument, view: InvoiceDocumentView, envelope: MailEnvelope, pdf: Uint8Array, files: readonly MailAttachment[] = []): OutgoingMail {
  return {
    from: envelope.from,
    replyTo: parts.company.email,
    to: envelope.to,
    cc: envelope.cc,
    bcc: envelope.bcc,
    ...mailTextOf(parts.company, view, placeholdersOf(parts, view)),
    attachments: [{ fileName: attachmentName(parts.document), content: pdf, contentType: 'application/pdf' }, ...files],
  }
}

/** Hands `message` to the transport; a refusal is 500 `email_delivery_failed`, naming only the transport's first clause. */
export function deliverDocumentMail(transport: MailTransport, message: OutgoingMail): Promise<MailReceipt> {
  return transport.send(message).catch((error: unknown) => {
    // The transport's first clause says what happened; its details (hosts, server text) stay in the log.
    const reason = error instanceof Error ? error.message.split(':')[0] : 'delivery failed'
    throw new InvoicingError('email_delivery_failed', `The mail to ${message.to} could not be delivered (${reason})`, {}, { cause: error })
  })
}
