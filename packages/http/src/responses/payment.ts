import { INVOICE_STATUSES, PAYMENT_METHODS, type InvoicePayments, type Payment, type PaymentChange } from '@invoicing/core'
import * as v from 'valibot'
import { calendarDate, legacySchema, legacyShaper, money, nullableString, timestamp } from './shapes'

const lowercaseStatus = v.pipe(v.picklist(INVOICE_STATUSES.map((status) => status.toLowerCase())), v.description('The document\'s status after the change, lowercase'))

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
export const PaymentResponseSchema = legacySchema(paymentEntries)
const shapePayment = legacyShaper(paymentEntries)
export const toPaymentResponse = (payment: Payment) => shapePayment(paymentFields(payment))

const balanceEntries = {
  invoiceId: v.string(),
  invoiceNumber: v.string(),
  invoiceStatus: lowercaseStatus,
  totalPaid: v.number(),
  amountDue: v.pipe(v.number(), v.description('Outstanding; 0 once paid, also when paid up to 0.01 above the total')),
}

const balanceFields = ({ invoice, totalPaid, amountDue }: PaymentChange) => ({
  invoiceId: invoice.id,
  invoiceNumber: invoice.invoiceNumber,
  invoiceStatus: invoice.status.toLowerCase(),
  totalPaid: money(totalPaid),
  amountDue: money(amountDue),
})

/** The answer to recording or changing a payment: the payment and the document's balance after it. */
export const PaymentChangeResponseSchema = legacySchema({ ...paymentEntries, ...balanceEntries })
const shapePaymentChange = legacyShaper({ ...paymentEntries, ...balanceEntries })
export const toPaymentChangeResponse = (change: PaymentChange) => shapePaymentChange({ ...paymentFields(change.payment), ...balanceFields(change) })

/** The answer to deleting a payment: the document's balance after it. */
export const PaymentDeletedResponseSchema = v.strictObject({ success: v.literal(true), data: legacySchema(balanceEntries) })
const shapeBalance = legacyShaper(balanceEntries)
export const toPaymentDeletedResponse = (change: PaymentChange) => ({ success: true as const, data: shapeBalance(balanceFields(change)) })

const invoicePaymentsEntries = {
  invoiceId: v.string(),
  invoiceNumber: v.string(),
  grossTotal: v.number(),
  totalPaid: v.number(),
  amountDue: v.number(),
  currency: v.string(),
  payments: v.pipe(v.array(PaymentResponseSchema), v.description('Latest payment date first')),
}

export const InvoicePaymentsResponseSchema = legacySchema(invoicePaymentsEntries)
const shapeInvoicePayments = legacyShaper(invoicePaymentsEntries)
export const toInvoicePaymentsResponse = ({ invoice, payments, totalPaid, amountDue }: InvoicePayments) => shapeInvoicePayments({
  invoiceId: invoice.id,
  invoiceNumber: invoice.invoiceNumber,
  grossTotal: money(invoice.grossTotal),
  totalPaid: money(totalPaid),
  amountDue: money(amountDue),
  currency: invoice.currency,
  payments: payments.map(toPaymentResponse),
})
