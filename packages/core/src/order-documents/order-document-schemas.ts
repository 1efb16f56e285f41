import * as v from 'valibot'
import { contentEntries, currency, type InvoiceUpdateFields, jsonObject, lineEntries, lineList } from '../invoices'
import type { CalendarDate } from '../shared/calendar-date'
import { boundedString, calendarDate, clearable, locale, type Locale, optionalText, requiredText, timestamp, upperCased, searchTerm } from '../shared/fields'
import { PaymentCreateSchema } from '../payments'
import { ORDER_DOCUMENT_KINDS } from '../sales-documents'
import { pageEntries, type PageRequest } from '../shared/pagination'
import { aliased } from '../shared/validation'
import {
  CONVERSION_TARGETS, DOCUMENT_DELIVERY_STATUSES, type DocumentDeliveryStatus, type DocumentInvoiceStatus, DOCUMENT_INVOICE_STATUSES, ORDER_DOCUMENT_TYPES, type OrderDocumentStatus, type OrderDocumentType,
} from './order-document'

const orderLine = aliased(v.object({
  ...lineEntries,
  unit: v.optional(v.nullable(v.pipe(requiredText(20), v.description('UN/ECE Rec. 20 code such as H87, HUR, DAY, MON, KGM; default the product\'s unit, else H87')))),
}))

/** The content every order document shares (as invoices, without what only invoices have). */
const { dueDate: _, invoiceDateIsServiceDate: __, eInvoiceAudit: ___, lines: ____, ...sharedContent } = contentEntries

/** What only the printed kinds (not orders) have. */
const printedContent = ['headerText', 'footer', 'customTitle', 'pdfWithoutLetterhead'] as const

/** The fields of one kind only, by kind; each kind's requests accept its own and no other. */
const KIND_ENTRIES = {
  QUOTE: {
    issueDate: v.optional(calendarDate),
    validUntil: v.optional(v.pipe(calendarDate, v.description('"Gültig bis"; default issueDate + the company\'s quoteValidityDays; not before issueDate'))),
  },
  ORDER_CONFIRMATION: {
    issueDate: v.optional(calendarDate),
    deliveryDate: clearable(v.pipe(calendarDate, v.description('Planned delivery or performance date'))),
  },
  DELIVERY_NOTE: {
    issueDate: v.optional(calendarDate),
    deliveryDate: v.optional(v.pipe(calendarDate, v.description('The delivery date invoices print as date of supply; default issueDate'))),
    showPrices: v.optional(v.pipe(v.boolean(), v.description('Print prices and totals; default false'))),
    trackingReference: optionalText(200),
    deliveredAt: clearable(timestamp),
  },
  ORDER: {
    orderDate: v.optional(v.pipe(calendarDate, v.description('Default today'))),
    requestedDeliveryDate: clearable(calendarDate),
  },
} satisfies Record<OrderDocumentType, v.ObjectEntries>

const contentOf = (type: OrderDocumentType) => {
  const entries: v.ObjectEntries = { ...sharedContent, ...KIND_ENTRIES[type] }
  if (!ORDER_DOCUMENT_KINDS[type].printed) for (const field of printedContent) delete entries[field]
  return entries
}

/** The fields of one kind that only a create takes. */
const CREATE_ONLY_ENTRIES = {
  QUOTE: {},
  ORDER_CONFIRMATION: {},
  DELIVERY_NOTE: {},
  ORDER: {
    externalId: v.optional(v.nullable(v.pipe(requiredText(200), v.description('Unique per company: a second order with it answers 409 external_id_taken')))),
    source: v.optional(v.pipe(requiredText(50), v.description('Where the order came from, e.g. shop; default api'))),
  },
} satisfies Record<OrderDocumentType, v.ObjectEntries>

/** POST /{group}: the content of a new document of `type`. */
export const createSchemaOf = (type: OrderDocumentType): v.GenericSchema<Record<string, unknown>, OrderDocumentFields & Required<Pick<OrderDocumentFields, 'customerId' | 'lines'>>> => aliased(v.object({
  ...contentOf(type),
  customerId: requiredText(100),
  lines: lineList(orderLine),
  documentLocale: v.optional(locale),
  currency: v.optional(currency),
  metadata: v.optional(v.pipe(jsonObject, v.description('Free JSON object'))),
  ...CREATE_ONLY_ENTRIES[type],
} as v.ObjectEntries)) as never

/** What a PUT's `status` may come with: the fields the state tables let a status change set. */
const STATUS_ENTRIES = {
  QUOTE: { acceptedAt: v.optional(timestamp), rejectionReason: optionalText(500) },
  ORDER_CONFIRMATION: {},
  DELIVERY_NOTE: {},
  ORDER: {},
} satisfies Record<OrderDocumentType, v.ObjectEntries>

/** PUT /{group}/{id}: content and/or `status`. */
export const updateSchemaOf = (type: OrderDocumentType, statuses: readonly OrderDocumentStatus[]): v.GenericSchema<Record<string, unknown>, OrderDocumentFields> => aliased(v.object({
  ...contentOf(type),
  ...STATUS_ENTRIES[type],
  lines: v.optional(lineList(orderLine)),
  metadata: v.optional(v.pipe(jsonObject, v.description('Free JSON object'))),
  status: v.optional(upperCased(statuses)),
} as v.ObjectEntries)) as never

export type OrderLineFields = v.InferOutput<typeof orderLine>

/** A create or update request as parsed; which fields a kind accepts is decided by its schema. */
export type OrderDocumentFields = Partial<Omit<InvoiceUpdateFields, 'status' | 'dueDate' | 'invoiceDateIsServiceDate' | 'eInvoiceAudit' | 'lines'>> & {
  customerId?: string
  lines?: OrderLineFields[]
  documentLocale?: Locale
  currency?: string
  metadata?: Record<string, unknown>
  issueDate?: CalendarDate
  orderDate?: CalendarDate
  validUntil?: CalendarDate
  deliveryDate?: CalendarDate | null
  showPrices?: boolean
  trackingReference?: string | null
  deliveredAt?: string | null
  requestedDeliveryDate?: CalendarDate | null
  externalId?: string | null
  source?: string
  acceptedAt?: string
  rejectionReason?: string | null
  status?: OrderDocumentStatus
}

/** GET /{group}: the filters of a list. */
export interface OrderDocumentListFilters extends PageRequest {
  status?: OrderDocumentStatus
  customerId?: string
  search?: string
  from?: CalendarDate
  to?: CalendarDate
  invoiceStatus?: DocumentInvoiceStatus
  deliveryStatus?: DocumentDeliveryStatus
  categoryId?: string
}

export const listQuerySchemaOf = (statuses: readonly OrderDocumentStatus[], tracksDelivery: boolean): v.GenericSchema<Record<string, unknown>, OrderDocumentListFilters> => aliased(v.object({
  status: v.optional(v.pipe(upperCased(statuses), v.description('Case-insensitive'))),
  customerId: v.optional(boundedString(100)),
  search: searchTerm('the number or the customer\'s name'),
  from: v.optional(v.pipe(calendarDate, v.description('Document date on or after this date'))),
  to: v.optional(v.pipe(calendarDate, v.description('Document date on or before this date'))),
  invoiceStatus: v.optional(upperCased(DOCUMENT_INVOICE_STATUSES)),
  ...(tracksDelivery ? { deliveryStatus: v.optional(upperCased(DOCUMENT_DELIVERY_STATUSES)) } : {}),
  categoryId: v.optional(v.pipe(boundedString(100), v.description('Document category id'))),
  ...pageEntries,
} as v.ObjectEntries)) as never

const partialLine = aliased(v.object({
  lineId: requiredText(100),
  quantity: v.pipe(
    v.union([v.number(), boundedString(20)], 'must be a decimal number'),
    v.transform(String),
    v.check((text) => /^\d{1,10}(\.\d{1,4})?$/.test(text) && Number(text) > 0, 'must be a number greater than 0 with at most 4 decimal places'),
  ),
}))

/** POST /{group}/{id}/convert. */
export const ConvertRequestSchema = aliased(v.object({
  target: v.pipe(upperCased(CONVERSION_TARGETS), v.description('The kind of the new document')),
  partialLines: v.optional(v.pipe(v.array(partialLine), v.minLength(1, 'must hold at least one line'), v.maxLength(1000, 'must hold at most 1000 lines'))),
  issueDate: v.optional(calendarDate),
  issue: v.optional(v.pipe(v.boolean(), v.description('INVOICE and PROFORMA only: issue it at once (number, status FINAL)')), false),
  payment: v.optional(v.pipe(PaymentCreateSchema, v.description('INVOICE with issue: true only: a payment recorded at once, as POST /invoices/{id}/payments would (e.g. a shop order paid in advance)'))),
}))
export type ConvertRequest = v.InferInput<typeof ConvertRequestSchema>

/** POST /delivery-notes/convert: one invoice from several delivery notes. */
export const CollectiveInvoiceSchema = aliased(v.object({
  deliveryNoteIds: v.pipe(v.array(requiredText(100)), v.minLength(1, 'must name at least one delivery note'), v.maxLength(100, 'must name at most 100 delivery notes')),
  issueDate: v.optional(calendarDate),
  issue: v.optional(v.boolean(), false),
}))
export type CollectiveInvoiceRequest = v.InferInput<typeof CollectiveInvoiceSchema>

export { ORDER_DOCUMENT_TYPES }
