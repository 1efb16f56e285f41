import { PAYMENT_METHODS, type InvoicePayments, type Payment, type PaymentChange } from '@invoicing/core'
import * as v from 'valibot'
import { LOWERCASE_INVOICE_STATUSES, calendarDate, legacyResponse, money, nullableString, timestamp } from './shapes'

const lowercaseStatus = v.pipe(v.picklist(LOWERCASE_INVOICE_STATUSES), v.description('The document\'s status after the change, lowercase'))

const paymentEntries = {
  id: v.string(),
  amount: v.number(),
  paymentDate: calendarDate,
  paymentMethod: v.picklist(PAYMENT_METHODS),
  reference: nullableString,
  notes: nullableString,
  createdAt: timestamp,
}

const paymentFields = (payment: Payment) => ({
  id: payment.id,
  amount: money(payment.amount),
  paymentDate: payment.paymentDate,
  paymentMethod: payment.paymentMethod,
  reference: payment.reference,
  notes: payment.notes,
  createdAt: payment.createdAt,
})

/** A payment: a legacy resource, snake_case with camelCase aliases. */
const paymentResponse = legacyResponse(paymentEntries)
export const PaymentResponseSchema = paymentResponse.schema
export const toPaymentResponse = (payment: Payment) => paymentResponse.shape(paymentFields(payment))

const balanceEntries = {
  invoiceId: v.string(),
  invoiceNumber: v.string(),
  invoiceStatus: lowercaseStatus,
  totalPaid: v.number(),
  amountDue: v.pipe(v.number(), v.description('Outstanding; 0 once paid, also when paid up to 0.01 above the total')),
}

const balanceFields = ({ invoice, totalPaid, amountDue }: PaymentChange) => ({
  invoiceId: invoice.id,
  invoiceNumber: invoice.number,
  invoiceStatus: invoice.status.toLowerCase(),
  totalPaid: money(totalPaid),
  amountDue: money(amountDue),
})

/** The answer to recording or changing a payment: the payment and the document's balance after it. */
const paymentChangeResponse = legacyResponse({ ...paymentEntries, ...balanceEntries })
export const PaymentChangeResponseSchema = paymentChangeResponse.schema
export const toPaymentChangeResponse = (change: PaymentChange) => paymentChangeResponse.shape({ ...paymentFields(change.payment), ...balanceFields(change) })

/** The answer to deleting a payment: which payment is gone, and the document's balance after it. */
const paymentDeletedResponse = legacyResponse({ id: v.pipe(v.string(), v.description('The deleted payment')), deleted: v.literal(true), ...balanceEntries })
export const PaymentDeletedResponseSchema = paymentDeletedResponse.schema
export const toPaymentDeletedResponse = (change: PaymentChange) => paymentDeletedResponse.shape({ id: change.payment.id, deleted: true, ...balanceFields(change) })

const invoicePaymentsEntries = {
  invoiceId: v.string(),
  invoiceNumber: v.string(),
  grossTotal: v.number(),
  totalPaid: v.number(),
  amountDue: v.number(),
  currency: v.string(),
  payments: v.pipe(v.array(PaymentResponseSchema), v.description('Latest payment date first')),
}

const invoicePaymentsResponse = legacyResponse(invoicePaymentsEntries)
export const InvoicePaymentsResponseSchema = invoicePaymentsResponse.schema
export const toInvoicePaymentsResponse = ({ invoice, payments, totalPaid, amountDue }: InvoicePayments) => invoicePaymentsResponse.shape({
  invoiceId: invoice.id,
  invoiceNumber: invoice.number,
  grossTotal: money(invoice.grossTotal),
  totalPaid: money(totalPaid),
  amountDue: money(amountDue),
  currency: invoice.currency,
  payments: payments.map(toPaymentResponse),
})
