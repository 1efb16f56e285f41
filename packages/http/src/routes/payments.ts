import { OVERSHOOT_TOLERANCE, PaymentCreateSchema, PaymentUpdateSchema, type Invoicing } from '@invoicing/core'
import {
  InvoicePaymentsResponseSchema, PaymentChangeResponseSchema, PaymentDeletedResponseSchema,
  toInvoicePaymentsResponse, toPaymentChangeResponse, toPaymentDeletedResponse,
} from '../responses/payment'
import { data, dataSchema } from '../responses/shapes'
import { defineRoute } from './route'

const tag = 'payments'

const SETTLING = `Paying the gross total makes a FINAL, SENT or OVERDUE document PAID (paidAt = the date of the completing payment, event invoice.paid); a PAID document with a balance outstanding again goes back to SENT with paidAt cleared. A payment may exceed what is outstanding by at most ${OVERSHOOT_TOLERANCE} (else 409 amount_exceeds_remaining).`

export const paymentRoutes = ({ payments }: Invoicing) => [
  defineRoute({
    method: 'get', path: '/invoices/{id}/payments', tag, operationId: 'listPayments', summary: 'A document\'s payments and balance',
    scopes: ['invoices:read'],
    responses: { 200: { description: 'Payments, latest payment date first', schema: dataSchema(InvoicePaymentsResponseSchema) } },
    errors: [404],
    handle: async ({ principal, params }) => ({ body: data(toInvoicePaymentsResponse(await payments.list(principal.actor, params.id!))) }),
  }),
  defineRoute({
    method: 'post', path: '/invoices/{id}/payments', tag, operationId: 'recordPayment', summary: 'Record a payment',
    description: `Only on FINAL, SENT or OVERDUE documents, never on credit notes (else 400 invoice_status). payment_date defaults to today in the company's time zone, payment_method to BANK_TRANSFER. ${SETTLING}`,
    scopes: ['invoices:write'],
    body: PaymentCreateSchema,
    responses: { 201: { description: 'The payment and the document\'s balance after it', schema: dataSchema(PaymentChangeResponseSchema) } },
    errors: [404, 409],
    run: ({ principal, params, body }, claim) => payments.record(principal.actor, params.id!, body, claim),
    respond: (change) => ({ status: 201, body: data(toPaymentChangeResponse(change)), resourceId: change.payment.id }),
  }),
  defineRoute({
    method: 'put', path: '/invoices/{id}/payments/{paymentId}', tag, operationId: 'updatePayment', summary: 'Change a payment',
    description: `Changes only the fields given. Payments of a cancelled document cannot change (409 invoice_cancelled). ${SETTLING}`,
    scopes: ['invoices:write'],
    body: PaymentUpdateSchema,
    responses: { 200: { description: 'The payment and the document\'s balance after it', schema: dataSchema(PaymentChangeResponseSchema) } },
    errors: [404, 409],
    handle: async ({ principal, params, body }) => ({ body: data(toPaymentChangeResponse(await payments.update(principal.actor, params.id!, params.paymentId!, body))) }),
  }),
  defineRoute({
    method: 'delete', path: '/invoices/{id}/payments/{paymentId}', tag, operationId: 'deletePayment', summary: 'Delete a payment',
    description: 'A PAID document with a balance outstanding again goes back to SENT with paidAt cleared. Also allowed on a cancelled document (its payments cannot change, but one booked in error or paid back may be deleted).',
    scopes: ['invoices:write'],
    responses: { 200: { description: 'Deleted: the payment\'s id, deleted: true, and the document\'s balance after it', schema: dataSchema(PaymentDeletedResponseSchema) } },
    errors: [404],
    handle: async ({ principal, params }) => ({ body: data(toPaymentDeletedResponse(await payments.delete(principal.actor, params.id!, params.paymentId!))) }),
  }),
]
