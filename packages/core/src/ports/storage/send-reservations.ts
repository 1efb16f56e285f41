import type { SendReservation } from '../../sending/send-reservation'

export interface SendReservationReader {
  /** The reservation a document holds, expired or not. */
  get(companyId: string, invoiceId: string): Promise<SendReservation | undefined>
}

/** The race-safe primitive behind 409 `send_in_progress`. */
export interface SendReservationRepository extends SendReservationReader {
  /**
   * Stores `reservation` unless the document holds one that expires after `now`, replacing an
   * expired one (`expiresAt <= now`). Both are UTC ISO timestamps as `toISOString()` writes them,
   * so adapters may compare them as text. and says whether it did. Of concurrent reservations
   * of one document (also from other processes) at most one MUST succeed.
   */
  tryReserve(reservation: SendReservation, now: string): Promise<boolean>
  /** Ends the document's reservation if `token` still holds it; otherwise does nothing. */
  release(companyId: string, invoiceId: string, token: string): Promise<void>
}
