import * as v from 'valibot'
import { boundedString, calendarDate, clearable, countryCode, decimal, locale, optionalText, requiredText, taxRate, upperCased, searchTerm } from '../shared/fields'
import { jsonLimitBreach } from '../shared/json-limits'
import { pageEntries } from '../shared/pagination'
import { aliased } from '../shared/validation'
import { TAX_EXEMPTION_REASONS } from '../tax'
import { INVOICE_STATUSES, INVOICE_TYPES } from './invoice'
import { LINE_TYPES } from '../sales-documents'

export const MAX_LINES = 1000

const CREDIT_NOTE_ENDPOINT = 'POST /api/v1/credit-notes'

/** The fields of a line item as a request gives them. */
export const lineEntries = {
  lineType: v.optional(v.pipe(v.picklist(LINE_TYPES), v.description('Default PRODUCT (or the product\'s type). TEXT, SUBTOTAL and PAGEBREAK lines carry no amount'))),
  productId: clearable(v.pipe(requiredText(100), v.description('A catalogue product: its name, price, tax rate, unit and type are the defaults of this line'))),
  description: optionalText(4000),
  quantity: v.optional(decimal({ min: 0, max: 1_000_000_000, maxDecimals: 4, description: 'Default 1; not negative, up to 4 decimal places' })),
  unit: optionalText(20),
  unitPrice: v.optional(decimal({ min: 0, max: 1_000_000_000, maxDecimals: 6, description: 'Net price per unit, default 0 (or the product\'s price); for DISCOUNT_PERCENT lines the percentage' })),
  taxRate: clearable(v.pipe(taxRate, v.description('Percent; default the product\'s rate, else the standard rate of the tax country. Normalised to the tax country'))),
  discount: v.optional(decimal({ min: 0, max: 1_000_000_000, maxDecimals: 2, description: 'Absolute amount off the line, default 0; at most quantity × unitPrice' })),
}

export const LineInputSchema = aliased(v.object(lineEntries))

export type LineInput = v.InferOutput<typeof LineInputSchema>

/** A request's `lines`: at least one, replacing all lines of the document. */
export const lineList = <TSchema extends v.GenericSchema>(line: TSchema) => v.pipe(
  v.array(line, 'must be an array of line items'),
  v.minLength(1, 'must hold at least one line'),
  v.maxLength(MAX_LINES, `must hold at most ${MAX_LINES} lines`),
)

export const lines = lineList(LineInputSchema)

const CURRENCIES = new Set(Intl.supportedValuesOf('currency'))

export const currency = v.pipe(
  boundedString(10),
  v.description('ISO 4217 currency code, default EUR'),
  v.trim(),
  v.toUpperCase(),
  v.check((code) => CURRENCIES.has(code), 'must be an ISO 4217 currency code such as EUR'),
)

const MAX_JSON_BYTES = 16_384
const MAX_OBJECT_DEPTH = 8

const tooDeep = (value: unknown) => jsonLimitBreach(value, MAX_OBJECT_DEPTH, Number.POSITIVE_INFINITY) !== undefined

/** A free JSON object, small enough to travel in every event and row that carries it. */
export const jsonObject = v.pipe(
  v.record(v.string(), v.unknown()),
  v.check((value) => !tooDeep(value), `must not be nested deeper than ${MAX_OBJECT_DEPTH} levels`),
  // Measured only once the depth is known to be small: JSON.stringify recurses.
  v.check((value) => tooDeep(value) || Buffer.byteLength(JSON.stringify(value)) <= MAX_JSON_BYTES, `must be at most ${MAX_JSON_BYTES / 1024} KB as JSON`),
)

/** The content of a document that PUT may change while it is editable. */
export const contentEntries = {
  documentCategoryId: clearable(requiredText(100)),
  dueDate: v.optional(calendarDate),
  servicePeriodStart: clearable(calendarDate),
  servicePeriodEnd: clearable(calendarDate),
  reverseCharge: v.optional(v.boolean()),
  taxExemptionReason: v.optional(v.picklist(TAX_EXEMPTION_REASONS)),
  taxExemptionNote: optionalText(1000),
  taxCountry: v.optional(countryCode),
  deliveryCountry: v.optional(countryCode),
  ossApplicable: v.optional(v.boolean()),
  ossCountry: clearable(countryCode),
  notes: optionalText(10000),
  footer: optionalText(10000),
  headerText: optionalText(10000),
  customTitle: optionalText(200),
  pdfWithoutLetterhead: v.optional(v.boolean()),
  invoiceDateIsServiceDate: v.optional(v.pipe(v.boolean(), v.description('The invoice date is the date of supply; the document says so. A German invoice (the company in DE) without a service period is read so anyway (§ 14 (4) UStG)'))),
  useShippingAddress: v.optional(v.boolean()),
  shippingName: optionalText(200),
  shippingStreet: optionalText(),
  shippingZipCode: optionalText(20),
  shippingCity: optionalText(),
  shippingCountry: clearable(countryCode),
  orderNumber: optionalText(100),
  buyerReference: optionalText(100),
  eInvoiceAudit: clearable(v.pipe(jsonObject, v.description('Audit data of the e-invoice: format, submission channel, portal URL, status'))),
  lines: v.optional(lines),
}

export const InvoiceCreateSchema = aliased(
  v.object({
    ...contentEntries,
    customerId: requiredText(100),
    lines,
    invoiceType: v.optional(v.pipe(
      v.picklist(INVOICE_TYPES),
      v.description(`INVOICE (default) or PROFORMA; credit notes are created with ${CREDIT_NOTE_ENDPOINT}`),
      v.check((type) => type !== 'CREDIT_NOTE', `credit notes are created with ${CREDIT_NOTE_ENDPOINT}`),
    )),
    documentLocale: v.optional(locale),
    issueDate: v.optional(calendarDate),
    currency: v.optional(currency),
    metadata: v.optional(v.pipe(jsonObject, v.description('Free JSON object'))),
  }),
  { e_invoice: 'eInvoiceAudit' },
)

export const InvoiceUpdateSchema = aliased(
  v.object({
    ...contentEntries,
    status: v.optional(v.picklist(INVOICE_STATUSES)),
  }),
  { e_invoice: 'eInvoiceAudit' },
)

export const InvoiceListQuerySchema = aliased(
  v.object({
    status: v.optional(v.pipe(upperCased(INVOICE_STATUSES), v.description('Case-insensitive'))),
    invoiceType: v.optional(v.pipe(upperCased(INVOICE_TYPES), v.description('When omitted, every type is listed'))),
    customerId: v.optional(boundedString(100)),
    search: searchTerm('the document number or the customer\'s name'),
    from: v.optional(v.pipe(calendarDate, v.description('issueDate on or after this date'))),
    to: v.optional(v.pipe(calendarDate, v.description('issueDate on or before this date'))),
    categoryId: v.optional(v.pipe(boundedString(100), v.description('Document category id'))),
    ...pageEntries,
  }),
)

export type InvoiceCreateInput = v.InferInput<typeof InvoiceCreateSchema>
export type InvoiceCreateFields = v.InferOutput<typeof InvoiceCreateSchema>
export type InvoiceUpdateInput = v.InferInput<typeof InvoiceUpdateSchema>
export type InvoiceUpdateFields = v.InferOutput<typeof InvoiceUpdateSchema>
export type InvoiceListQueryInput = v.InferInput<typeof InvoiceListQuerySchema>
