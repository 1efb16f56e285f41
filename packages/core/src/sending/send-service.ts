import type { Actor } from '../access'
import { requireCompany } from '../companies'
import { buildDocumentView } from '../print'
import { assertHybridPdfWithinLimit, renderHybridPdf } from '../einvoice'
import { documentsToAttach, mailAttachmentsOf } from '../file-documents'
import { InvoicingError } from '../errors'
import { loadDocumentParts, refuseConvertedProforma, requireInvoice, type Invoice, type InvoiceStatus, emitInvoiceEvent } from '../invoices'
import { issueNumber } from '../sales-documents'
import type { MailReceipt, OutgoingMail } from '../ports/mail-transport'
import type { CoreDeps } from '../ports/deps'
import { createUnitOfWork } from '../unit-of-work'
import { parseInput } from '../shared/validation'
import { type DocumentSnapshot, type DocumentVersion, createVersionArchive, takeVersion } from '../versions'
import { deliverDocumentMail, documentMail } from './document-mail'
import { SendRequestSchema, type SendRequest } from './send-schemas'
import { deliveredButNotRecorded, releaseReservation, reserveMailing } from './send-reservation'
import { assertKeyUnanswered, claimOf, type IdempotencyClaim } from '../idempotency'

export interface SendResult {
  invoiceId: string
  invoiceNumber: string
  /** The document's status after the send. */
  status: InvoiceStatus
  sentTo: string
  cc: string[]
  bcc: string[]
  /** When this mail was handed over for delivery. */
  sentAt: string
}

/**
 * The document as it is once sent: a draft or final document becomes SENT and is locked; a
 * cancelled one stays cancelled and records its first sending; any other is mailed again as it is.
 */
function sentStateOf(invoice: Invoice, sentAt: string): Invoice {
  if (invoice.status === 'DRAFT' || invoice.status === 'FINAL') {
    return { ...invoice, status: 'SENT', sentAt: invoice.sentAt ?? sentAt, lockedAt: invoice.lockedAt ?? sentAt }
  }
  if (invoice.status === 'CANCELLED') return { ...invoice, sentAt: invoice.sentAt ?? sentAt }
  return invoice
}

/**
 * Mails documents (`POST /invoices/{id}/send`). A send runs in three steps, so that no
 * transaction is open while the PDF is drawn or the mail server answers:
 *
 * 1. One transaction reserves the document (409 `send_in_progress` for a concurrent send) and
 *    gives a draft its real number, after the quota check. The number stays even if the mail
 *    fails: it is on the document and is used by the next attempt.
 * 2. The PDF of the document as it will be once sent is drawn and mailed; a locked document
 *    is mailed as the archived PDF of its current version.
 * 3. Only after the mail was accepted, one transaction records the send: SENT, sentAt, the lock
 *    and version 1 with the mailed PDF as its archive, the event and the audit entry.
 *
 * A failure before the mail server accepted the mail frees the reservation. After that, a
 * failure keeps it until it expires (ten minutes), so a retry cannot mail the customer twice;
 * a crashed process's reservation expires the same way.
 */
export function createSendService(deps: CoreDeps) {
  const { storage, ids, clock } = deps
  const inUnitOfWork = createUnitOfWork(deps)
  const archive = createVersionArchive(deps)


  return {
    async send(actor: Actor, id: string, input: SendRequest = {}, claim?: IdempotencyClaim<SendResult>): Promise<SendResult> {
      const request = parseInput(SendRequestSchema, input ?? {})
      const { mail, pdf } = deps
      if (!mail) throw new Error('createInvoicing was given no mail transport (option `mail`): documents cannot be sent')
      if (!pdf) throw new Error('createInvoicing was given no pdf renderer (option `pdf`): documents cannot be sent')
      const token = ids.next()

      const prepared = await inUnitOfWork(actor, async (unit) => {
        const { tx, now } = unit
        await assertKeyUnanswered(tx, claim)
        const company = await requireCompany(tx, actor)
        const invoice = await requireInvoice(tx, actor, id)
        await refuseConvertedProforma(tx, invoice)
        if (invoice.status === 'CANCELLED' && !invoice.numberIssued) {
          throw new InvoicingError('invoice_not_issued', `${invoice.number} was cancelled as a draft and never issued; there is no document to send`)
        }
        const parts = await loadDocumentParts(tx, company, invoice)
        // Refused (attachments_too_large) before the reservation and the number.
        const attached = await documentsToAttach(tx, actor.companyId, 'INVOICE', id)
        const { to, from } = await reserveMailing(tx, { ...parts, document: invoice }, { recipientEmail: request.recipientEmail, from: mail.from }, { token, idempotencyKey: claim?.key ?? null }, now)
        const issued = invoice.status !== 'DRAFT' || invoice.numberIssued ? invoice : { ...(await issueNumber(unit, company, invoice)), updatedAt: now.toISOString() }
        // Refused before a number is issued or anything is mailed: a document over the page cap is never sent.
        await assertHybridPdfWithinLimit(pdf, { ...parts, invoice: sentStateOf(issued, now.toISOString()) })
        // A locked document is mailed again as its current version: the archived bytes.
        const [lockedVersion] = await tx.documentVersions.list(actor.companyId, id)
        if (issued === invoice) return { parts, to, from, lockedVersion, attached }
        await tx.invoices.update(issued)
        return { parts: { ...parts, invoice: issued }, to, from, lockedVersion, attached }
      })

      const sentAt = clock.now().toISOString()
      const asSent: DocumentSnapshot = { ...prepared.parts, invoice: sentStateOf(prepared.parts.invoice, sentAt) }
      let message: OutgoingMail
      let receipt: MailReceipt
      let content: Uint8Array
      try {
        const { lockedVersion } = prepared
        content = lockedVersion
          ? await archive.pdf(lockedVersion) ?? await renderHybridPdf(pdf, lockedVersion.snapshot)
          : await renderHybridPdf(pdf, asSent)
        const mailed = { ...asSent, document: asSent.invoice }
        const files = await mailAttachmentsOf(deps.documentFiles, prepared.attached)
        message = documentMail(mailed, buildDocumentView(mailed), { from: prepared.from, to: prepared.to, cc: request.cc ?? [], bcc: request.bcc ?? [] }, content, files)
        receipt = await deliverDocumentMail(mail.transport, message)
      } catch (error) {
        await releaseReservation(storage, actor.companyId, id, token)
        throw error
      }

      // The customer has the mail now. From here a failure must not free the reservation: a
      // retry right away would mail the document twice. It expires after ten minutes instead.
      const locks = asSent.invoice.lockedAt !== null && prepared.parts.invoice.lockedAt === null
      const versionId = ids.next()
      const pdfKey = locks
        ? await archive.storeBeforehand({ companyId: actor.companyId, invoiceId: id, id: versionId }, content).catch((error: unknown) => {
          deps.onArchiveError(error, versionId)
          return undefined
        })
        : undefined
      const resultOf = (sent: Invoice): SendResult => ({
        invoiceId: id, invoiceNumber: sent.number, status: sent.status, sentTo: prepared.to, cc: [...message.cc], bcc: [...message.bcc], sentAt,
      })
      const recording = inUnitOfWork(actor, async (unit) => {
        const current = await requireInvoice(unit.tx, actor, id)
        const sent = { ...sentStateOf(current, sentAt), updatedAt: unit.now.toISOString() }
        let version: DocumentVersion | null = null
        if (sent.lockedAt !== null && current.lockedAt === null) {
          // The mailed PDF is version 1's archive, unless the document changed after it was drawn (an expired reservation).
          const unchanged = current.updatedAt === prepared.parts.invoice.updatedAt
          version = await takeVersion(unit, actor, { ...prepared.parts, invoice: sent }, {
            id: versionId, changeType: 'INITIAL', changeReason: null, ...(unchanged && pdfKey ? { pdfKey } : {}),
          }, undefined) // the page cap was checked before the mail went out; the customer has this document now
        }
        await unit.tx.invoices.update(sent)
        await unit.tx.sendReservations.release(actor.companyId, id, token)
        await unit.audit('INVOICE_SENT_VIA_API', { type: 'invoice', id }, {
          invoiceNumber: sent.number, sentTo: prepared.to, cc: message.cc, bcc: message.bcc, messageId: receipt.messageId, status: sent.status,
        })
        await emitInvoiceEvent(unit, 'invoice.sent', sent)
        return { invoice: sent, version }
      }, claimOf(claim, ({ invoice }: { invoice: Invoice; version: DocumentVersion | null }) => resultOf(invoice)))
      // The mailed bytes stay only as a version's PDF: not when recording failed or the document changed meanwhile.
      const { invoice, version } = await recording.catch(async (error: unknown) => {
        if (pdfKey) await archive.discard(pdfKey)
        throw deliveredButNotRecorded(error, `The mail to ${prepared.to}`)
      })
      if (pdfKey && version?.pdfKey !== pdfKey) await archive.discard(pdfKey)
      if (version) await archive.archiveAll([version])
      return resultOf(invoice)
    },
  }
}
