import type { SendReservation } from '../../sending'

export interface SendReservationReader {
  /** The reservation a document holds, expired or not. */
  get(companyId: string, invoiceId: string): Promise<SendReservation | undefined>
}

/** The race-safe primitive behind 409 `send_in_progress`. */
export interface SendReservationRepository extends SendReservationReader {
  /**
   * Stores `reservation` unless the document holds one that expires after `now`, replacing an
   * expired one (`expiresAt <= now`), and says whether it did. Both are UTC ISO timestamps as
   * `toISOString()` writes them, so adapters may compare them as text.
   * - Of concurrent calls for one document (also from other processes) at most one MUST answer
   *   true; the others MUST answer false (or fail with a TransactionConflict) and leave the
   *   reservation that holds as it is.
   * - A reservation whose transaction rolls back MUST be gone.
   */
  tryReserve(reservation: SendReservation, now: string): Promise<boolean>
  /** Ends the document's reservation if `token` still holds it; otherwise does nothing. */
  release(companyId: string, invoiceId: string, token: string): Promise<void>
}
