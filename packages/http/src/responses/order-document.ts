import {
  CONVERSION_TARGETS, DOCUMENT_DELIVERY_STATUSES, DOCUMENT_INVOICE_STATUSES, DOCUMENT_TYPES, LINE_TYPES, ORDER_DOCUMENT_KINDS,
  TAX_CATEGORIES, TAX_EXEMPTION_REASONS, type ConvertedQuantities, type DocumentLine, type DocumentSummary, type OrderDocument,
  type OrderDocumentDetail, type OrderDocumentType,
} from '@invoicing/core'
import * as v from 'valibot'
import { BreakdownResponseSchema, CustomerSummarySchema, lineFieldsOf, toBreakdownResponse } from './invoice'
import { calendarDate, money, nullableString, timestamp } from './shapes'

const nullableDate = v.nullable(calendarDate)
const nullableTimestamp = v.nullable(timestamp)

const toQuantities = (quantities: ConvertedQuantities | undefined) =>
  Object.fromEntries(Object.entries(quantities ?? {}).map(([target, quantity]) => [target, money(quantity)]))

const toOrderLineResponse = (line: DocumentLine, index: number, document: OrderDocument) => {
  const { id, ...fields } = lineFieldsOf(line)
  return { id, position: index + 1, ...fields, sourceLineId: line.sourceLineId, convertedQuantities: toQuantities(document.convertedQuantities[line.id]) }
}

const OrderLineResponseSchema = v.strictObject({
  id: v.pipe(v.string(), v.description('Stable across PUTs that keep the line; a PUT with lines replaces all lines and assigns new ids')),
  position: v.number(),
  lineType: v.picklist(LINE_TYPES),
  productId: nullableString,
  description: nullableString,
  quantity: v.number(),
  unit: v.pipe(nullableString, v.description('UN/ECE Rec. 20 code; H87 (piece) when neither the line nor its product names one; null on TEXT, SUBTOTAL and PAGEBREAK lines')),
  unitPrice: v.number(),
  discount: v.number(),
  taxRate: v.number(),
  taxCategory: v.nullable(v.picklist(TAX_CATEGORIES)),
  netAmount: v.number(),
  sourceLineId: v.pipe(nullableString, v.description('The line of the preceding document this line was converted from')),
  convertedQuantities: v.pipe(
    v.strictObject(Object.fromEntries(CONVERSION_TARGETS.map((target) => [target, v.optional(v.number())]))),
    v.description('Per document type, the quantities of every non-cancelled document (drafts included) made from this line, directly or through others'),
  ),
})

const SummarySchema = v.strictObject({ documentType: v.picklist(DOCUMENT_TYPES), id: v.string(), number: v.string(), status: v.string() })
const toSummary = ({ documentType, id, number, status }: DocumentSummary) => ({ documentType, id, number, status })

/** The schema of each field only some kinds have (each kind's entry names its own, `ownFields`). */
const kindFieldSchemas: Partial<Record<keyof OrderDocument, v.GenericSchema>> = {
  validUntil: v.pipe(calendarDate, v.description('"Gültig bis"')),
  acceptedAt: nullableTimestamp,
  rejectedAt: nullableTimestamp,
  rejectionReason: nullableString,
  expiredAt: nullableTimestamp,
  deliveryDate: nullableDate,
  completedAt: nullableTimestamp,
  showPrices: v.boolean(),
  trackingReference: nullableString,
  deliveredAt: nullableTimestamp,
  requestedDeliveryDate: nullableDate,
  externalId: nullableString,
  source: v.string(),
}

/** The printed kinds have texts and print options; orders are internal records. */
const printedFields = (type: OrderDocumentType) => !ORDER_DOCUMENT_KINDS[type].printed ? {} : {
  headerText: nullableString, footer: nullableString, customTitle: nullableString, pdfWithoutLetterhead: v.boolean(),
}

/** The response schema of one kind's documents (list items; detail reads add `customer`). */
export function orderDocumentSchemaOf(type: OrderDocumentType) {
  const kind = ORDER_DOCUMENT_KINDS[type]
  return v.strictObject({
    id: v.string(),
    documentType: v.literal(type),
    number: v.pipe(v.string(), v.description(kind.numberedAtCreation ? 'Issued at creation' : 'The issued number, or a placeholder ENTWURF-… until the document leaves DRAFT')),
    status: v.picklist(kind.statuses),
    customerId: v.string(),
    documentCategoryId: nullableString,
    documentLocale: v.picklist(['de', 'en']),
    documentTextVersion: v.string(),
    ...(kind.numberedAtCreation ? { orderDate: calendarDate } : { issueDate: calendarDate }),
    currency: v.string(),
    servicePeriodStart: nullableDate,
    servicePeriodEnd: nullableDate,
    reverseCharge: v.boolean(),
    taxExemptionReason: v.picklist(TAX_EXEMPTION_REASONS),
    taxExemptionNote: nullableString,
    taxCountry: v.string(),
    deliveryCountry: v.string(),
    ossApplicable: v.boolean(),
    ossCountry: nullableString,
    ...printedFields(type),
    notes: v.pipe(nullableString, v.description('Internal, never printed')),
    useShippingAddress: v.boolean(),
    shippingName: nullableString,
    shippingStreet: nullableString,
    shippingZipCode: nullableString,
    shippingCity: nullableString,
    shippingCountry: nullableString,
    orderNumber: v.pipe(nullableString, v.description('The customer\'s order reference (BT-13), copied to invoices')),
    buyerReference: nullableString,
    metadata: v.record(v.string(), v.unknown()),
    lines: v.array(OrderLineResponseSchema),
    netTotal: v.number(),
    taxTotal: v.number(),
    grossTotal: v.number(),
    taxBreakdown: v.array(BreakdownResponseSchema),
    precedingDocument: v.nullable(v.strictObject({ documentType: v.picklist(DOCUMENT_TYPES), id: v.string(), number: v.string() })),
    derivedDocuments: v.pipe(v.array(SummarySchema), v.description('Documents made from this one (invoices included), cancelled ones too, oldest first')),
    ...(kind.fulfilment?.tracksDelivery ? { deliveryStatus: v.picklist(DOCUMENT_DELIVERY_STATUSES) } : {}),
    invoiceStatus: v.picklist(DOCUMENT_INVOICE_STATUSES),
    ...Object.fromEntries(kind.ownFields.map((field) => [field, kindFieldSchemas[field]!])),
    sentAt: nullableTimestamp,
    finalizedAt: nullableTimestamp,
    createdAt: timestamp,
    updatedAt: timestamp,
  } as v.ObjectEntries)
}

export const orderDocumentDetailSchemaOf = (type: OrderDocumentType) =>
  v.strictObject({ ...orderDocumentSchemaOf(type).entries, customer: CustomerSummarySchema })

type Listed = OrderDocument & { derivedDocuments: DocumentSummary[]; precedingDocumentSummary?: OrderDocumentDetail['precedingDocumentSummary'] }

/** A document as its group's reads show it. */
export function toOrderDocumentResponse(document: Listed) {
  const kind = ORDER_DOCUMENT_KINDS[document.documentType]
  const printed = !kind.printed ? {} : {
    headerText: document.headerText, footer: document.footer, customTitle: document.customTitle, pdfWithoutLetterhead: document.pdfWithoutLetterhead,
  }
  return {
    id: document.id,
    documentType: document.documentType,
    number: document.number,
    status: document.status,
    customerId: document.customerId,
    documentCategoryId: document.documentCategoryId,
    documentLocale: document.documentLocale,
    documentTextVersion: document.documentTextVersion,
    ...(kind.numberedAtCreation ? { orderDate: document.issueDate } : { issueDate: document.issueDate }),
    currency: document.currency,
    servicePeriodStart: document.servicePeriodStart,
    servicePeriodEnd: document.servicePeriodEnd,
    reverseCharge: document.reverseCharge,
    taxExemptionReason: document.taxExemptionReason,
    taxExemptionNote: document.taxExemptionNote,
    taxCountry: document.taxCountry,
    deliveryCountry: document.deliveryCountry,
    ossApplicable: document.ossApplicable,
    ossCountry: document.ossCountry,
    ...printed,
    notes: document.notes,
    useShippingAddress: document.useShippingAddress,
    shippingName: document.shippingName,
    shippingStreet: document.shippingStreet,
    shippingZipCode: document.shippingZipCode,
    shippingCity: document.shippingCity,
    shippingCountry: document.shippingCountry,
    orderNumber: document.orderNumber,
    buyerReference: document.buyerReference,
    metadata: document.metadata,
    lines: document.lines.map((line, index) => toOrderLineResponse(line, index, document)),
    netTotal: money(document.netTotal),
    taxTotal: money(document.taxTotal),
    grossTotal: money(document.grossTotal),
    taxBreakdown: document.taxBreakdown.map(toBreakdownResponse),
    precedingDocument: document.precedingDocumentSummary ?? null,
    derivedDocuments: document.derivedDocuments.map(toSummary),
    ...(kind.fulfilment?.tracksDelivery ? { deliveryStatus: document.deliveryStatus } : {}),
    invoiceStatus: document.invoiceStatus,
    ...Object.fromEntries(kind.ownFields.map((field) => [field, document[field]])),
    sentAt: document.sentAt,
    finalizedAt: document.finalizedAt,
    createdAt: document.createdAt,
    updatedAt: document.updatedAt,
  }
}

export const toOrderDocumentDetailResponse = ({ customer, ...document }: OrderDocumentDetail) => ({ ...toOrderDocumentResponse(document), customer })

export const ChainResponseSchema = v.strictObject({
  rootId: v.string(),
  documents: v.array(v.strictObject({
    documentType: v.picklist(DOCUMENT_TYPES), id: v.string(), number: v.string(), status: v.string(),
    issueDate: calendarDate, grossTotal: v.number(), precedingDocumentId: nullableString,
  })),
})

export const toChainResponse = (chain: { rootId: string; documents: { grossTotal: string }[] }) => ({
  rootId: chain.rootId,
  documents: chain.documents.map((member) => ({ ...member, grossTotal: money(member.grossTotal) })),
})
