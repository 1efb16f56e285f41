import type { Payment, PaymentDateWalkQuery, PaymentRepository } from '@invoicing/core'
import type { Kysely } from 'kysely'
import { columnsOf } from '../columns'
import type { Database, PaymentTable } from '../database'
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

/** One stretch of the walk by payment date, creation time and id (index `payment_date_walk`). */
export function paymentDateWalkQuery(db: Kysely<Database>, companyId: string, { from, to, after, limit }: PaymentDateWalkQuery) {
  let walk = db.selectFrom('payment').selectAll()
    .where('company_id', '=', companyId).where('payment_date', '>=', from).where('payment_date', '<=', to)
  if (after) walk = walk.where((eb) => eb(eb.refTuple('payment_date', 'created_at', 'id'), '>', eb.tuple(after.paymentDate, after.createdAt, after.id)))
  return walk.orderBy('payment_date').orderBy('created_at').orderBy('id').limit(limit)
}

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
    async listByInvoices(companyId, invoiceIds) {
      if (invoiceIds.length === 0) return []
      return (await rows(db.selectFrom('payment').selectAll().where('company_id', '=', companyId).where('invoice_id', 'in', [...invoiceIds])
        .orderBy('invoice_id').orderBy('payment_date', 'desc').orderBy('created_at', 'desc').orderBy('id', 'desc'))).map(fromRow)
    },
    async walkByPaymentDate(companyId, query) {
      const { limit } = query
      const items = (await rows(paymentDateWalkQuery(db, companyId, query))).map(fromRow)
      const last = items.at(-1)
      return { items, next: items.length === limit && last ? { paymentDate: last.paymentDate, createdAt: last.createdAt, id: last.id } : null }
    },
    insert: (payment) => write(db.insertInto('payment').values(toRow(payment))),
    async update(payment) {
      const { id, company_id, ...fields } = toRow(payment)
      await write(db.updateTable('payment').set(fields).where('id', '=', id).where('company_id', '=', company_id))
    },
    delete: (companyId, id) => write(db.deleteFrom('payment').where('id', '=', id).where('company_id', '=', companyId)),
  }
}
