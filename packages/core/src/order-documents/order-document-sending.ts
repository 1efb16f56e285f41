import type { Actor } from '../access'
import type { Company } from '../companies'
import { requireCompany } from '../companies'
import { type Customer, requireCustomer } from '../customers'
import { InvoicingError } from '../errors'
import { documentsToAttach, mailAttachmentsOf } from '../file-documents'
import { assertKeyUnanswered, claimOf, type IdempotencyClaim } from '../idempotency'
import type { DocumentFile } from '../invoices'
import type { MailReceipt, OutgoingMail } from '../ports/mail-transport'
import type { CoreDeps } from '../ports/deps'
import { assertWithinPageLimit, buildDocumentView, renderWithinPageLimit } from '../print'
import { changeStatus, issueNumber, ORDER_DOCUMENT_KINDS, type OrderDocumentKind } from '../sales-documents'
import {
  deliverDocumentMail, deliveredButNotRecorded, documentMail, releaseReservation, reserveMailing, SendRequestSchema, type SendRequest,
} from '../sending'
import { parseInput } from '../shared/validation'
import { createUnitOfWork } from '../unit-of-work'
import type { OrderDocument, OrderDocumentStatus, OrderDocumentType } from './order-document'
import { emitOrderDocumentEvent } from './order-document-events'
import { nameOf, requireOrderDocument } from './order-document-parts'
import { auditActionOf, withStatusFields } from './order-document-service'

/** What `send` answers (`{ data }` of `POST /{group}/{id}/send`). */
export interface OrderDocumentSendResult {
  id: string
  number: string
  /** The document's status after the send: OPEN for a draft, else unchanged. */
  status: OrderDocumentStatus
  sentTo: string
  cc: string[]
  bcc: string[]
  /** When this mail was handed over for delivery. */
  sentAt: string
}

/** A draft that was mailed is OPEN: the customer has it. */
const SENT_DRAFT_STATUS: OrderDocumentStatus = 'OPEN'

/** The document as it is once mailed: a draft is OPEN (finalized); every mail updates `sentAt`. */
const sentStateOf = (document: OrderDocument, sentAt: string): OrderDocument => ({
  ...document,
  ...(document.status === 'DRAFT' ? { status: SENT_DRAFT_STATUS, finalizedAt: document.finalizedAt ?? sentAt } : {}),
  sentAt,
})

/** Orders have neither PDF nor mail: 404 as their routes. */
function printedKindOf(type: OrderDocumentType): OrderDocumentKind {
  const kind = ORDER_DOCUMENT_KINDS[type]
  if (!kind.printed) throw new InvoicingError('not_found', `${nameOf(kind)}s have no PDF and are not sent; print or send the order confirmation instead`)
  return kind
}

/** What a document is drawn from: itself, its company and its customer. */
interface PrintParts {
  document: OrderDocument
  company: Company
  customer: Customer
}

/**
 * The PDF of a quote, order confirmation or delivery note, and its mail to the customer
 * (`GET /{group}/{id}/pdf`, `POST /{group}/{id}/send`). These documents are never locked or
 * versioned, so their PDF is always drawn from current data.
 */
export function createOrderDocumentSending(deps: CoreDeps) {
  const { storage, ids, clock } = deps
  const inUnitOfWork = createUnitOfWork(deps)

  const viewOf = (parts: PrintParts) => buildDocumentView(parts)

  /** The document as PDF in its language, drawn from current data; the download is audited. */
  async function pdf(actor: Actor, type: OrderDocumentType, id: string): Promise<DocumentFile> {
    const kind = printedKindOf(type)
    if (!deps.pdf) throw new Error('createInvoicing was given no pdf renderer (option `pdf`)')
    const document = await requireOrderDocument(storage, actor.companyId, type, id)
    const company = await requireCompany(storage, actor)
    const customer = await requireCustomer(storage, company.id, document.customerId)
    const content = await renderWithinPageLimit(deps.pdf, viewOf({ document, company, customer }))
    await inUnitOfWork(actor, (unit) => unit.audit('PDF_DOWNLOADED_VIA_API', { type: kind.resource, id }, { number: document.number }))
    return { fileName: `${document.number}.pdf`, content, source: 'generated' }
  }

  /**
   * Mails the document's PDF to the customer, in three steps as invoices are sent, so that no
   * transaction is open while the PDF is drawn or the mail server answers:
   *
   * 1. One transaction checks the status (409 `status_conflict` with `allowedStatuses`),
   *    reserves the document (409 `send_in_progress`) and gives a placeholder draft its number,
   *    after the quota check. The number stays even if the mail fails.
   * 2. The PDF of the document as it will be once sent is drawn and mailed (500
   *    `email_delivery_failed` frees the reservation and changes nothing else).
   * 3. Only after the mail was accepted, one transaction records it: a draft becomes OPEN
   *    (`<resource>.finalized`), `sentAt`, `<resource>.sent` and the audit entry.
   */
  async function send(actor: Actor, type: OrderDocumentType, id: string, input: SendRequest = {}, claim?: IdempotencyClaim<OrderDocumentSendResult>): Promise<OrderDocumentSendResult> {
    const kind = printedKindOf(type)
    const request = parseInput(SendRequestSchema, input ?? {})
    const { mail, pdf: renderer } = deps
    if (!mail) throw new Error('createInvoicing was given no mail transport (option `mail`): documents cannot be sent')
    if (!renderer) throw new Error('createInvoicing was given no pdf renderer (option `pdf`): documents cannot be sent')
    const token = ids.next()

    const prepared = await inUnitOfWork(actor, async (unit) => {
      const { tx, now } = unit
      await assertKeyUnanswered(tx, claim)
      const company = await requireCompany(tx, actor)
      const document = await requireOrderDocument(tx, company.id, type, id)
      if (!kind.sendableIn.includes(document.status)) {
        throw new InvoicingError('status_conflict', `${document.number} is ${document.status} and cannot be sent`, {
          status: document.status, allowedStatuses: [...kind.sendableIn],
        })
      }
      const customer = await requireCustomer(tx, company.id, document.customerId)
      // Refused (attachments_too_large) before the reservation and the number.
      const attached = await documentsToAttach(tx, company.id, type, id)
      const { to, from } = await reserveMailing(tx, { document, company, customer }, { recipientEmail: request.recipientEmail, from: mail.from }, { token, idempotencyKey: claim?.key ?? null }, now)
      const issued = document.status !== 'DRAFT' || document.numberIssued ? document : { ...(await issueNumber(unit, company, document, kind)), updatedAt: now.toISOString() }
      // Refused before a number is issued or anything is mailed: a document over the page cap is never sent.
      await assertWithinPageLimit(renderer, viewOf({ document: sentStateOf(issued, now.toISOString()), company, customer }))
      if (issued !== document) await tx.orderDocuments.update(issued)
      return { document: issued, company, customer, to, from, attached }
    })

    const sentAt = clock.now().toISOString()
    const { company, customer, to, from } = prepared
    let message: OutgoingMail
    let receipt: MailReceipt
    try {
      const asSent = { document: sentStateOf(prepared.document, sentAt), company, customer }
      const view = viewOf(asSent)
      const content = await renderWithinPageLimit(renderer, view)
      message = documentMail(asSent, view, { from, to, cc: request.cc ?? [], bcc: request.bcc ?? [] }, content, await mailAttachmentsOf(deps.documentFiles, prepared.attached))
      receipt = await deliverDocumentMail(mail.transport, message)
    } catch (error) {
      await releaseReservation(storage, actor.companyId, id, token)
      throw error
    }

    // The customer has the mail now: a failure from here keeps the reservation until it expires,
    // so a retry right away cannot mail the document twice.
    const resultOf = (sent: OrderDocument): OrderDocumentSendResult => ({
      id, number: sent.number, status: sent.status, sentTo: to, cc: [...message.cc], bcc: [...message.bcc], sentAt,
    })
    const sent = await inUnitOfWork(actor, async (unit) => {
      const current = await requireOrderDocument(unit.tx, company.id, type, id)
      const finalizes = current.status === 'DRAFT'
      const moved = finalizes
        ? withStatusFields(await changeStatus(unit, company, current, SENT_DRAFT_STATUS, kind), current.status, SENT_DRAFT_STATUS, {}, sentAt)
        : current
      const next: OrderDocument = { ...moved, sentAt, updatedAt: unit.now.toISOString() }
      await unit.tx.orderDocuments.update(next)
      await unit.tx.sendReservations.release(company.id, id, token)
      await unit.audit(auditActionOf(kind, 'SENT_VIA_API'), { type: kind.resource, id }, {
        number: next.number, sentTo: to, cc: message.cc, bcc: message.bcc, messageId: receipt.messageId,
        ...(finalizes ? { fromStatus: current.status } : {}), status: next.status,
      })
      if (finalizes) await emitOrderDocumentEvent(unit, next, 'finalized')
      await emitOrderDocumentEvent(unit, next, 'sent')
      return next
    }, claimOf(claim, resultOf)).catch((error: unknown) => {
      throw deliveredButNotRecorded(error, `The mail to ${to}`)
    })
    return resultOf(sent)
  }

  return { pdf, send }
}
