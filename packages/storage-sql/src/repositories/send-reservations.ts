import type { SendReservationRepository } from '@invoicing/core'
import type { Executor } from '../executor'

/**
 * Reservations by (company_id, invoice_id), the primary key. `tryReserve` is one upsert that
 * replaces only an expired row: as a single statement on the primary key, no two reservations
 * of one document can both succeed, and RETURNING tells whether this one did: a row the WHERE
 * keeps from updating is not returned.
 */
export function createSendReservationRepository({ db, row, write }: Executor): SendReservationRepository {
  return {
    async get(companyId, invoiceId) {
      const found = await row(db.selectFrom('send_reservation').selectAll()
        .where('company_id', '=', companyId).where('invoice_id', '=', invoiceId))
      return found && {
        companyId: found.company_id, invoiceId: found.invoice_id, token: found.token, idempotencyKey: found.idempotency_key, expiresAt: found.expires_at,
      }
    },
    async tryReserve({ companyId, invoiceId, token, idempotencyKey, expiresAt }, now) {
      const reserved = await row(db.insertInto('send_reservation')
        .values({ company_id: companyId, invoice_id: invoiceId, token, idempotency_key: idempotencyKey, expires_at: expiresAt })
        .onConflict((conflict) => conflict.columns(['company_id', 'invoice_id'])
          .doUpdateSet({ token, idempotency_key: idempotencyKey, expires_at: expiresAt })
          .where('send_reservation.expires_at', '<=', now))
        .returning('token'))
      return reserved !== undefined
    },
    release: (companyId, invoiceId, token) =>
      write(db.deleteFrom('send_reservation')
        .where('company_id', '=', companyId).where('invoice_id', '=', invoiceId).where('token', '=', token)),
  }
}
