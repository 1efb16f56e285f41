import type { Company } from '../companies'
import type { Customer } from '../customers'
import { InvoicingError } from '../errors'
import type { SalesDocument } from '../sales-documents'
import type { Storage, StorageTx } from '../ports/storage'
import { retryingTransaction } from '../unit-of-work'

/**
 * While a document is being sent it is reserved; a second send of it is refused (409
 * `send_in_progress`). Any kind of document: ids are unique across kinds.
 */
export interface SendReservation {
  companyId: string
  /** The document's id (the name is the stored one, from when only invoices were sent). */
  invoiceId: string
  /** Identifies the send that holds the reservation, so only it can release it. */
  token: string
  /** The `Idempotency-Key` the send runs under, if any: a retry of it meets its own reservation. */
  idempotencyKey: string | null
  /** ISO timestamp after which the reservation no longer holds (a crashed process). */
  expiresAt: string
}

/** A crashed send blocks its document for at most this long. */
export const SEND_RESERVATION_MINUTES = 10

/**
 * What to answer when recording a mail failed after the mail server took it: not the usual
 * "nothing was applied" of `busy`, since the mail went out. The reservation stays until it
 * expires, so a retry right away cannot mail the customer twice.
 */
export const deliveredButNotRecorded = (error: unknown, what: string): unknown =>
  error instanceof InvoicingError && error.code === 'busy'
    ? new InvoicingError('busy', `${what} was delivered, but recording it kept colliding with concurrent changes; the document stays reserved for ${SEND_RESERVATION_MINUTES} minutes, do not send it again before`, error.details, { cause: error })
    : error

export const sendInProgress = (invoice: Pick<SalesDocument, 'number'>): InvoicingError =>
  new InvoicingError('send_in_progress', `${invoice.number} is being sent right now; try again when that send has finished`)

/**
 * Refuses a change to a document while it is being sent: the mail carries the document as it
 * was when the send began, and that is the state it must be locked in.
 */
export async function assertNotBeingSent(tx: StorageTx, invoice: Pick<SalesDocument, 'companyId' | 'id' | 'number' | 'status'>, now: Date): Promise<void> {
  // Only the send of a draft or final document blocks changes (the send changes its status); mailing a copy of a sent one blocks nothing.
  if (invoice.status !== 'DRAFT' && invoice.status !== 'FINAL') return
  const reservation = await tx.sendReservations.get(invoice.companyId, invoice.id)
  if (reservation && reservation.expiresAt > now.toISOString()) throw sendInProgress(invoice)
}

/**
 * Who a document mail goes to and comes from, and the reservation of the document for it, in
 * the caller's transaction: 400 `no_recipient` / `no_sender`, 409 `send_in_progress` while
 * another send holds it, or 409 `idempotency_key_in_progress` when that send runs under the
 * same `Idempotency-Key` (a retry reaching another host while the first still mails). The
 * reservation is released with `token`.
 */
export async function reserveMailing(
  tx: StorageTx,
  parts: { document: Pick<SalesDocument, 'companyId' | 'id' | 'number'>; company: Company; customer: Customer },
  addresses: { recipientEmail: string | undefined; from: string | undefined },
  holder: { token: string; idempotencyKey: string | null },
  now: Date,
): Promise<{ to: string; from: string }> {
  const to = addresses.recipientEmail ?? parts.customer.email
  if (!to) throw new InvoicingError('no_recipient', 'The customer has no email address; give recipient_email')
  const from = addresses.from ?? parts.company.email
  if (!from) throw new InvoicingError('no_sender', 'The company has no email address to send from; set it (invoicing company update) or MAIL_FROM')
  const expiresAt = new Date(now.getTime() + SEND_RESERVATION_MINUTES * 60_000).toISOString()
  const { companyId, id: invoiceId } = parts.document
  if (await tx.sendReservations.tryReserve({ companyId, invoiceId, ...holder, expiresAt }, now.toISOString())) return { to, from }
  const held = await tx.sendReservations.get(companyId, invoiceId)
  if (holder.idempotencyKey !== null && held?.idempotencyKey === holder.idempotencyKey) {
    throw new InvoicingError('idempotency_key_in_progress', 'A request with this Idempotency-Key is still sending this document; retry later')
  }
  throw sendInProgress(parts.document)
}

/**
 * Frees a reservation after a send failed before the mail server took the mail. If even this
 * fails, the reservation expires on its own; the caller reports the send's own error.
 */
export const releaseReservation = (storage: Storage, companyId: string, documentId: string, token: string): Promise<void> =>
  retryingTransaction(storage, (tx) => tx.sendReservations.release(companyId, documentId, token)).catch(() => undefined)
