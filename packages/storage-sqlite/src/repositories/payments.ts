import type { Payment, PaymentRepository } from '@invoicing/core'
import { columnsOf } from '../columns'
import type { PaymentTable } from '../database'
import type { Executor } from '../executor'
import { preparedQuery } from '../prepared-query'

const columns = columnsOf<Payment>([
  'id', 'companyId', 'invoiceId', 'amount', 'paymentDate', 'paymentMethod', 'reference', 'notes', 'movedFromInvoiceId',
  'createdAt', 'updatedAt',
])

const toRow = (payment: Payment): PaymentTable => columns.toRow(payment) as unknown as PaymentTable
const fromRow = (found: PaymentTable): Payment => columns.fromRow(found)

/**
 * Payments in `payment`; amounts are text and come back as the strings stored. The foreign key
 * deletes a document's payments with it and clears `moved_from_invoice_id` of payments moved
 * away from a deleted one.
 */
const paymentById = preparedQuery((db, { id, companyId }: { id: string; companyId: string }) =>
  db.selectFrom('payment').selectAll().where('id', '=', id).where('company_id', '=', companyId))

export function createPaymentRepository({ db, row, rows, write }: Executor): PaymentRepository {
  return {
    async get(companyId, id) {
      const found = await row(paymentById({ id, companyId }))
      return found && fromRow(found)
    },
    async listByInvoice(companyId, invoiceId) {
      return (await rows(db.selectFrom('payment').selectAll().where('company_id', '=', companyId).where('invoice_id', '=', invoiceId)
        .orderBy('payment_date', 'desc').orderBy('created_at', 'desc').orderBy('id', 'desc'))).map(fromRow)
    },
    insert: (payment) => write(db.insertInto('payment').values(toRow(payment))),
    async update(payment) {
      const { id, company_id, ...fields } = toRow(payment)
      await write(db.updateTable('payment').set(fields).where('id', '=', id).where('company_id', '=', company_id))
    },
    delete: (companyId, id) => write(db.deleteFrom('payment').where('id', '=', id).where('company_id', '=', companyId)),
  }
}
