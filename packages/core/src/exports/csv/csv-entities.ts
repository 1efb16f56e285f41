import type { Customer } from '../../customers'
import { INVOICE_STATUSES } from '../../invoices'
import type { OrderDocumentType } from '../../order-documents'
import { balanceOf } from '../../payments'
import { creditsPreceding, DOCUMENT_KINDS, type DocumentLine } from '../../sales-documents'
import { Exact, formatMoney } from '../../tax'
import { type Cell, date, decimal, money, timestamp } from './csv-cells'
import type { InvoiceRecord, OrderDocumentRecord, PaymentRecord } from '../export-sources'

export const CSV_ENTITIES = ['invoices', 'invoice_lines', 'payments', 'customers', 'quotes', 'order_confirmations', 'delivery_notes', 'orders'] as const
export type CsvEntity = (typeof CSV_ENTITIES)[number]

/** A column: its header name and its cell of one record. */
type Column<R> = readonly [name: string, cell: (record: R) => Cell]

const customerColumns = <R>(customerOf: (record: R) => Customer | undefined): Column<R>[] => [
  ['customer_number', (record) => customerOf(record)?.customerNumber ?? null],
  ['customer_name', (record) => customerOf(record)?.name ?? null],
]

export const INVOICE_COLUMNS: readonly Column<InvoiceRecord>[] = [
  ['id', ({ invoice }) => invoice.id],
  ['number', ({ invoice }) => invoice.number],
  ['invoice_type', ({ invoice }) => invoice.documentType],
  ['status', ({ invoice }) => invoice.status],
  ['issue_date', ({ invoice }) => date(invoice.issueDate)],
  ['due_date', ({ invoice }) => date(invoice.dueDate)],
  ['service_period_start', ({ invoice }) => date(invoice.servicePeriodStart)],
  ['service_period_end', ({ invoice }) => date(invoice.servicePeriodEnd)],
  ['customer_id', ({ invoice }) => invoice.customerId],
  ...customerColumns<InvoiceRecord>((record) => record.customer),
  ['customer_vat_id', ({ customer }) => customer?.vatId ?? null],
  ['customer_country', ({ customer }) => customer?.country ?? null],
  ['currency', ({ invoice }) => invoice.currency],
  ['net_total', ({ invoice }) => money(invoice.netTotal)],
  ['tax_total', ({ invoice }) => money(invoice.taxTotal)],
  ['gross_total', ({ invoice }) => money(invoice.grossTotal)],
  ['paid_amount', ({ invoice, payments }) => money(balanceOf(invoice.grossTotal, payments).totalPaid)],
  ['amount_due', ({ invoice, payments }) => money(balanceOf(invoice.grossTotal, payments).amountDue)],
  ['tax_exemption_reason', ({ invoice }) => invoice.taxExemptionReason],
  ['reverse_charge', ({ invoice }) => invoice.reverseCharge],
  ['oss_applicable', ({ invoice }) => invoice.ossApplicable],
  ['oss_country', ({ invoice }) => invoice.ossCountry],
  ['tax_country', ({ invoice }) => invoice.taxCountry],
  ['order_number', ({ invoice }) => invoice.orderNumber],
  ['buyer_reference', ({ invoice }) => invoice.buyerReference],
  ['document_locale', ({ invoice }) => invoice.documentLocale],
  ['parent_invoice_id', ({ invoice }) => (creditsPreceding(invoice.precedingDocument) ? invoice.precedingDocument.id : null)],
  ['credit_note_reason', ({ invoice }) => invoice.creditNoteReason],
  ['sent_at', ({ invoice }) => timestamp(invoice.sentAt)],
  ['paid_at', ({ invoice }) => timestamp(invoice.paidAt)],
  ['created_at', ({ invoice }) => timestamp(invoice.createdAt)],
]

/** A line with its invoice and its place on it (1 for the first line). */
export interface InvoiceLineRecord {
  invoice: InvoiceRecord['invoice']
  line: DocumentLine
  position: number
}

/**
 * The tax of one line, net × rate / 100 rounded half-up to cents: the rule of the document's
 * tax breakdown applied to the line alone. The document's tax is rounded per rate, so a
 * document's line taxes may differ from its tax_total by rounding cents.
 */
const lineTax = (line: DocumentLine) => new Exact(line.netAmount).times(line.taxRate).dividedBy(100)

export const INVOICE_LINE_COLUMNS: readonly Column<InvoiceLineRecord>[] = [
  ['invoice_id', ({ invoice }) => invoice.id],
  ['invoice_number', ({ invoice }) => invoice.number],
  ['position', ({ position }) => String(position)],
  ['line_type', ({ line }) => line.lineType],
  ['product_id', ({ line }) => line.productId],
  ['description', ({ line }) => line.description],
  ['quantity', ({ line }) => decimal(line.quantity)],
  ['unit', ({ line }) => line.unit],
  ['unit_price', ({ line }) => decimal(line.unitPrice)],
  ['discount', ({ line }) => money(line.discount)],
  ['net_amount', ({ line }) => money(line.netAmount)],
  ['tax_rate', ({ line }) => decimal(line.taxRate)],
  ['tax_amount', ({ line }) => money(formatMoney(lineTax(line)))],
  ['gross_amount', ({ line }) => money(formatMoney(new Exact(line.netAmount).plus(new Exact(formatMoney(lineTax(line))))))],
]

export const PAYMENT_COLUMNS: readonly Column<PaymentRecord>[] = [
  ['id', ({ payment }) => payment.id],
  ['invoice_id', ({ payment }) => payment.invoiceId],
  ['invoice_number', ({ invoiceNumber }) => invoiceNumber],
  ['payment_date', ({ payment }) => date(payment.paymentDate)],
  ['amount', ({ payment }) => money(payment.amount)],
  ['payment_method', ({ payment }) => payment.paymentMethod],
  ['reference', ({ payment }) => payment.reference],
  ['notes', ({ payment }) => payment.notes],
  ['created_at', ({ payment }) => timestamp(payment.createdAt)],
]

export const CUSTOMER_COLUMNS: readonly Column<Customer>[] = [
  ['id', (customer) => customer.id],
  ['customer_number', (customer) => customer.customerNumber],
  ['name', (customer) => customer.name],
  ['email', (customer) => customer.email],
  ['street', (customer) => customer.street],
  ['zip_code', (customer) => customer.zipCode],
  ['city', (customer) => customer.city],
  ['country', (customer) => customer.country],
  ['vat_id', (customer) => customer.vatId],
  ['tax_number', (customer) => customer.taxNumber],
  ['buyer_reference', (customer) => customer.buyerReference],
  ['payment_term_days', (customer) => (customer.paymentTermDays === null ? null : String(customer.paymentTermDays))],
  ['iban', (customer) => customer.iban],
  ['bic', (customer) => customer.bic],
  ['sepa_mandate_id', (customer) => customer.sepaMandateId],
  ['sepa_mandate_date', (customer) => date(customer.sepaMandateDate)],
  ['ledger_account', (customer) => customer.ledgerAccount],
  ['created_at', (customer) => timestamp(customer.createdAt)],
]

type OrderDocumentEntity = 'quotes' | 'order_confirmations' | 'delivery_notes' | 'orders'

/**
 * What differs between the four order-document files: the type read, the date's column name,
 * and the column of the kind's own (order confirmations have none in the contract).
 */
export const ORDER_DOCUMENT_ENTITIES: {
  readonly [E in OrderDocumentEntity]: { documentType: OrderDocumentType; dateColumn: string; ownColumn: Column<OrderDocumentRecord> | null }
} = {
  quotes: { documentType: 'QUOTE', dateColumn: 'issue_date', ownColumn: ['valid_until', ({ document }) => date(document.validUntil)] },
  order_confirmations: { documentType: 'ORDER_CONFIRMATION', dateColumn: 'issue_date', ownColumn: null },
  delivery_notes: { documentType: 'DELIVERY_NOTE', dateColumn: 'issue_date', ownColumn: ['delivery_date', ({ document }) => date(document.deliveryDate)] },
  orders: { documentType: 'ORDER', dateColumn: 'order_date', ownColumn: ['external_id', ({ document }) => document.externalId] },
}

export const isOrderDocumentEntity = (entity: CsvEntity): entity is OrderDocumentEntity => entity in ORDER_DOCUMENT_ENTITIES

/** The shared columns of the four order-document files, with the kind's own column last. */
export function orderDocumentColumns(entity: OrderDocumentEntity): readonly Column<OrderDocumentRecord>[] {
  const { dateColumn, ownColumn } = ORDER_DOCUMENT_ENTITIES[entity]
  const columns: Column<OrderDocumentRecord>[] = [
    ['id', ({ document }) => document.id],
    ['number', ({ document }) => document.number],
    ['status', ({ document }) => document.status],
    [dateColumn, ({ document }) => date(document.issueDate)],
    ['customer_id', ({ document }) => document.customerId],
    ...customerColumns<OrderDocumentRecord>((record) => record.customer),
    ['currency', ({ document }) => document.currency],
    ['net_total', ({ document }) => money(document.netTotal)],
    ['tax_total', ({ document }) => money(document.taxTotal)],
    ['gross_total', ({ document }) => money(document.grossTotal)],
    ['order_number', ({ document }) => document.orderNumber],
    ['invoice_status', ({ document }) => document.invoiceStatus],
    ['delivery_status', ({ document }) => document.deliveryStatus],
    ['preceding_document_type', ({ document }) => document.precedingDocument?.documentType ?? null],
    ['preceding_document_id', ({ document }) => document.precedingDocument?.id ?? null],
    ['created_at', ({ document }) => timestamp(document.createdAt)],
  ]
  return ownColumn ? [...columns, ownColumn] : columns
}

/** The statuses the `status` filter accepts per entity (customers have none). */
export function statusesOf(entity: CsvEntity): readonly string[] {
  if (entity === 'invoices' || entity === 'invoice_lines') return INVOICE_STATUSES
  if (isOrderDocumentEntity(entity)) return DOCUMENT_KINDS[ORDER_DOCUMENT_ENTITIES[entity].documentType].statuses
  return []
}
