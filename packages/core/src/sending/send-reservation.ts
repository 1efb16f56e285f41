import { InvoicingError } from '../errors'
import type { Invoice } from '../invoices/invoice'
import type { StorageTx } from '../ports/storage'

/** While a document is being sent it is reserved; a second send of it is refused (409 `send_in_progress`). */
export interface SendReservation {
  companyId: string
  invoiceId: string
  /** Identifies the send that holds the reservation, so only it can release it. */
  token: string
  /** ISO timestamp after which the reservation no longer holds (a crashed process). */
  expiresAt: string
}

/** A crashed send blocks its document for at most this long. */
export const SEND_RESERVATION_MINUTES = 10

export const sendInProgress = (invoice: Pick<Invoice, 'invoiceNumber'>): InvoicingError =>
  new InvoicingError('send_in_progress', `${invoice.invoiceNumber} is being sent right now; try again when that send has finished`)

/**
 * Refuses a change to a document while it is being sent: the mail carries the document as it
 * was when the send began, and that is the state it must be locked in.
 */
export async function assertNotBeingSent(tx: StorageTx, invoice: Invoice, now: Date): Promise<void> {
  // The specification reserves drafts and final documents; mailing a copy of a sent one blocks nothing.
  if (invoice.status !== 'DRAFT' && invoice.status !== 'FINAL') return
  const reservation = await tx.sendReservations.get(invoice.companyId, invoice.id)
  if (reservation && reservation.expiresAt > now.toISOString()) throw sendInProgress(invoice)
}
