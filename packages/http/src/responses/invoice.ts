import {
  CREDIT_NOTE_REASONS, DOCUMENT_TYPES, INVOICE_STATUSES, INVOICE_TYPES, LINE_TYPES, SOURCE_DOCUMENT_TYPES, TAX_CATEGORIES, TAX_EXEMPTION_REASONS,
  creditedLineIdOf, invoiceLinksOf,
  type DocumentLine, type Invoice, type InvoiceDetail, type InvoiceLinks, type InvoiceUpdateResult, type TaxBreakdownEntry, type WithDerived,
} from '@invoicing/core'
import * as v from 'valibot'
import { customerFields } from './customer'
import { PaymentResponseSchema, toPaymentResponse } from './payment'
import { calendarDate, money, nullableString, timestamp } from './shapes'
import { payoutEntries, toPayoutFields } from './payout'

const nullableDate = v.nullable(calendarDate)

export const NumberedRefSchema = v.strictObject({ documentType: v.picklist(DOCUMENT_TYPES), id: v.string(), number: v.string() })
const nullableTimestamp = v.nullable(timestamp)
const jsonObject = v.record(v.string(), v.unknown())

/** What every document's line shows, amounts as numbers, and the fields `more` adds. */
export const lineFieldsOf = <TMore extends object = object>(line: DocumentLine, more?: TMore) => ({
  id: line.id,
  lineType: line.lineType,
  productId: line.productId,
  description: line.description,
  quantity: money(line.quantity),
  unit: line.unit,
  unitPrice: money(line.unitPrice),
  discount: money(line.discount),
  taxRate: money(line.taxRate),
  taxCategory: line.taxCategory,
  netAmount: money(line.netAmount),
  ...(more as TMore),
})

/** A line of `document` as responses show it. */
export const toLineResponse = (line: DocumentLine, document: Pick<Invoice, 'precedingDocument'>) =>
  lineFieldsOf(line, { creditedLineId: creditedLineIdOf(document, line.sourceLineId) })

export const lineResponseEntries = {
  id: v.string(),
  lineType: v.picklist(LINE_TYPES),
  productId: nullableString,
  description: nullableString,
  quantity: v.number(),
  unit: nullableString,
  unitPrice: v.number(),
  discount: v.pipe(v.number(), v.description('Absolute amount off the line')),
  taxRate: v.pipe(v.number(), v.description('Percent, as applied: normalised to the tax country, 0 when exempt')),
  taxCategory: v.pipe(v.nullable(v.picklist(TAX_CATEGORIES)), v.description('EN 16931 VAT category; null on TEXT, SUBTOTAL and PAGEBREAK lines')),
  netAmount: v.pipe(v.number(), v.description('round2(quantity × unitPrice − discount); negative on discount, credit and credit-note lines')),
  creditedLineId: v.pipe(nullableString, v.description(
    'On a credit note made from an invoice (whole, partial_lines, or a cancellation): the id of the invoice line this line credits. ' +
    'No invoice line is credited beyond its quantity by all its live credit notes together. Null on every other line.',
  )),
}

const LineResponseSchema = v.strictObject(lineResponseEntries)

export const toBreakdownResponse = (entry: TaxBreakdownEntry) => ({
  taxCategory: entry.taxCategory,
  taxRate: money(entry.taxRate),
  netAmount: money(entry.netAmount),
  taxAmount: money(entry.taxAmount),
})

export const BreakdownResponseSchema = v.strictObject({
  taxCategory: v.picklist(TAX_CATEGORIES),
  taxRate: v.number(),
  netAmount: v.number(),
  taxAmount: v.number(),
})

/** A document as every read shows it (camelCase: invoices are a newer resource). */
export const toInvoiceResponse = (invoice: WithDerived<Invoice>) => toLinkedInvoiceResponse(invoice, invoiceLinksOf(invoice, invoice.derivedDocuments))

const toLinkedInvoiceResponse = (invoice: WithDerived<Invoice>, links: InvoiceLinks) => ({
  id: invoice.id,
  invoiceNumber: invoice.number,
  numberIssued: invoice.numberIssued,
  invoiceType: invoice.documentType,
  status: invoice.status,
  customerId: invoice.customerId,
  documentCategoryId: invoice.documentCategoryId,
  documentLocale: invoice.documentLocale,
  documentTextVersion: invoice.documentTextVersion,
  issueDate: invoice.issueDate,
  dueDate: invoice.dueDate,
  servicePeriodStart: invoice.servicePeriodStart,
  servicePeriodEnd: invoice.servicePeriodEnd,
  currency: invoice.currency,
  netTotal: money(invoice.netTotal),
  taxTotal: money(invoice.taxTotal),
  grossTotal: money(invoice.grossTotal),
  taxBreakdown: invoice.taxBreakdown.map(toBreakdownResponse),
  reverseCharge: invoice.reverseCharge,
  taxExemptionReason: invoice.taxExemptionReason,
  taxExemptionNote: invoice.taxExemptionNote,
  taxCountry: invoice.taxCountry,
  deliveryCountry: invoice.deliveryCountry,
  ossApplicable: invoice.ossApplicable,
  ossCountry: invoice.ossCountry,
  notes: invoice.notes,
  footer: invoice.footer,
  headerText: invoice.headerText,
  customTitle: invoice.customTitle,
  pdfWithoutLetterhead: invoice.pdfWithoutLetterhead,
  invoiceDateIsServiceDate: invoice.invoiceDateIsServiceDate,
  useShippingAddress: invoice.useShippingAddress,
  shippingName: invoice.shippingName,
  shippingStreet: invoice.shippingStreet,
  shippingZipCode: invoice.shippingZipCode,
  shippingCity: invoice.shippingCity,
  shippingCountry: invoice.shippingCountry,
  orderNumber: invoice.orderNumber,
  buyerReference: invoice.buyerReference,
  eInvoiceAudit: invoice.eInvoiceAudit,
  e_invoice: invoice.eInvoiceAudit,
  metadata: links.metadata,
  sentAt: invoice.sentAt,
  paidAt: invoice.paidAt,
  lockedAt: invoice.lockedAt,
  creditNoteReason: invoice.creditNoteReason,
  parentInvoiceId: links.parentInvoiceId,
  payout: invoice.payout && toPayoutFields(invoice),
  sourceDocument: links.sourceDocument,
  dunningPaused: invoice.dunningPaused,
  dunningPausedAt: invoice.dunningPausedAt,
  dunningPausedReason: invoice.dunningPausedReason,
  lines: invoice.lines.map((line) => toLineResponse(line, invoice)),
  createdAt: invoice.createdAt,
  updatedAt: invoice.updatedAt,
  precedingDocument: invoice.sourceDocumentSummaries[0] ?? null,
  sourceDocuments: invoice.sourceDocumentSummaries,
})

const invoiceEntries = {
  id: v.string(),
  invoiceNumber: v.pipe(v.string(), v.description('The issued number, or a placeholder ENTWURF-… on a draft that has none yet')),
  numberIssued: v.pipe(v.boolean(), v.description('Whether invoiceNumber is a real number from the number range (it stays on a draft set back from FINAL or after a failed send)')),
  invoiceType: v.picklist(INVOICE_TYPES),
  status: v.picklist(INVOICE_STATUSES),
  customerId: v.string(),
  documentCategoryId: nullableString,
  documentLocale: v.picklist(['de', 'en']),
  documentTextVersion: v.pipe(v.string(), v.description('Version of the built-in document texts')),
  issueDate: calendarDate,
  dueDate: calendarDate,
  servicePeriodStart: nullableDate,
  servicePeriodEnd: nullableDate,
  currency: v.string(),
  netTotal: v.number(),
  taxTotal: v.number(),
  grossTotal: v.number(),
  taxBreakdown: v.pipe(v.array(BreakdownResponseSchema), v.description('Net and tax per VAT category and rate, highest rate first')),
  reverseCharge: v.boolean(),
  taxExemptionReason: v.picklist(TAX_EXEMPTION_REASONS),
  taxExemptionNote: nullableString,
  taxCountry: v.string(),
  deliveryCountry: v.string(),
  ossApplicable: v.boolean(),
  ossCountry: nullableString,
  notes: v.pipe(nullableString, v.description('Internal, never printed')),
  footer: nullableString,
  headerText: nullableString,
  customTitle: nullableString,
  pdfWithoutLetterhead: v.boolean(),
  invoiceDateIsServiceDate: v.boolean(),
  useShippingAddress: v.boolean(),
  shippingName: nullableString,
  shippingStreet: nullableString,
  shippingZipCode: nullableString,
  shippingCity: nullableString,
  shippingCountry: nullableString,
  orderNumber: nullableString,
  buyerReference: nullableString,
  eInvoiceAudit: v.nullable(jsonObject),
  e_invoice: v.pipe(v.nullable(jsonObject), v.description('Same as eInvoiceAudit')),
  metadata: jsonObject,
  sentAt: nullableTimestamp,
  paidAt: nullableTimestamp,
  lockedAt: nullableTimestamp,
  creditNoteReason: v.nullable(v.picklist(CREDIT_NOTE_REASONS)),
  parentInvoiceId: nullableString,
  payout: v.pipe(v.nullable(v.strictObject(payoutEntries)), v.description('Credit notes other than cancellations: the money owed to the recipient')),
  sourceDocument: v.pipe(
    v.nullable(v.strictObject({ type: v.picklist(SOURCE_DOCUMENT_TYPES), id: v.string() })),
    v.description('The document this one was made from; deleting the draft releases it'),
  ),
  dunningPaused: v.boolean(),
  dunningPausedAt: nullableTimestamp,
  dunningPausedReason: nullableString,
  lines: v.array(LineResponseSchema),
  createdAt: timestamp,
  updatedAt: timestamp,
  precedingDocument: v.pipe(v.nullable(NumberedRefSchema), v.description('The quote, order confirmation, delivery note or order it was converted from, else null')),
  sourceDocuments: v.pipe(v.array(NumberedRefSchema), v.description('Every order document it was made from: one, or the delivery notes of a collective invoice')),
}

export const InvoiceResponseSchema = v.strictObject(invoiceEntries)

/** The recipient in a document read: the customer's address and VAT id (core's InvoiceCustomer). */
export const CustomerSummarySchema = v.strictObject(v.pick(v.object(customerFields), [
  'id', 'customerNumber', 'name', 'email', 'street', 'zipCode', 'city', 'country', 'vatId',
]).entries)

/** The answer to a create: the document with its customer (no payments yet). */
export const toCreatedInvoiceResponse = ({ customer, payments: _, paidAmount: __, ...invoice }: InvoiceDetail) => ({
  ...toInvoiceResponse(invoice),
  customer,
})

export const CreatedInvoiceResponseSchema = v.strictObject({ ...invoiceEntries, customer: CustomerSummarySchema })

export const toInvoiceDetailResponse = (detail: InvoiceDetail) => ({
  ...toCreatedInvoiceResponse(detail),
  payments: detail.payments.map(toPaymentResponse),
  paidAmount: money(detail.paidAmount),
})

export const InvoiceDetailResponseSchema = v.strictObject({
  ...invoiceEntries,
  customer: CustomerSummarySchema,
  payments: v.pipe(v.array(PaymentResponseSchema), v.description('Payments recorded on the document, latest payment date first')),
  paidAmount: v.number(),
})

/** The answer to PUT: number, status, totals and references, not the full document. */
export const toInvoiceUpdateResponse = ({ invoice, cancellationCreditNote }: InvoiceUpdateResult) => ({
  id: invoice.id,
  invoiceNumber: invoice.number,
  status: invoice.status,
  netTotal: money(invoice.netTotal),
  taxTotal: money(invoice.taxTotal),
  grossTotal: money(invoice.grossTotal),
  orderNumber: invoice.orderNumber,
  buyerReference: invoice.buyerReference,
  e_invoice: invoice.eInvoiceAudit,
  updatedAt: invoice.updatedAt,
  ...(cancellationCreditNote ? { stornoInvoiceId: cancellationCreditNote.id, stornoInvoiceNumber: cancellationCreditNote.number } : {}),
})

export const InvoiceUpdateResponseSchema = v.strictObject({
  id: v.string(),
  invoiceNumber: v.string(),
  status: v.picklist(INVOICE_STATUSES),
  netTotal: v.number(),
  taxTotal: v.number(),
  grossTotal: v.number(),
  orderNumber: nullableString,
  buyerReference: nullableString,
  e_invoice: v.nullable(jsonObject),
  updatedAt: timestamp,
  stornoInvoiceId: v.optional(v.pipe(v.string(), v.description('The cancellation credit note a change to CANCELLED created'))),
  stornoInvoiceNumber: v.optional(v.string()),
})
