import type { Company } from '../companies'
import type { Customer } from '../customers'
import { requireCategory } from '../categories'
import { InvoicingError } from '../errors'
import { givenTaxValues, TAX_FIELDS } from '../invoices'
import type { IdGenerator } from '../ports/ids'
import type { StorageTx } from '../ports/storage'
import { assertDateOrder, type DocumentLine, draftLines, draftsOf, isLayoutLine, type LineDraft, priceDocument } from '../sales-documents'
import { canonicalJson } from '../shared/canonical-json'
import { withChanges } from '../shared/changes'
import type { OrderDocument } from './order-document'
import type { OrderDocumentFields, OrderLineFields } from './order-document-schemas'

/** The unit a line has when neither it nor its product names one: a piece (UN/ECE Rec. 20). */
export const DEFAULT_UNIT = 'H87'

/** Lines as asked for, with the product's defaults and the default unit on lines with a quantity. */
export async function orderLineDrafts(tx: StorageTx, companyId: string, lines: readonly OrderLineFields[]): Promise<LineDraft[]> {
  const drafts = await draftLines(tx.products, companyId, lines)
  return drafts.map((draft) => (draft.unit === null && !isLayoutLine(draft.lineType) ? { ...draft, unit: DEFAULT_UNIT } : draft))
}

/** The fields a request sets as given (all but lines, the tax values and what has its own rules). */
const PLAIN_FIELDS = [
  'documentCategoryId', 'servicePeriodStart', 'servicePeriodEnd', 'taxExemptionNote', 'notes', 'footer', 'headerText', 'customTitle',
  'pdfWithoutLetterhead', 'useShippingAddress', 'shippingName', 'shippingStreet', 'shippingZipCode', 'shippingCity', 'shippingCountry',
  'orderNumber', 'buyerReference', 'metadata', 'issueDate', 'validUntil', 'deliveryDate', 'showPrices', 'trackingReference', 'deliveredAt',
  'requestedDeliveryDate',
] as const satisfies readonly (keyof OrderDocument)[]

/** Request fields under the name the document stores them by (`orderDate` is an order's `issueDate`). */
export const storedNamesOf = <F extends OrderDocumentFields>({ orderDate, ...fields }: F): F =>
  (orderDate !== undefined ? { ...fields, issueDate: orderDate } : fields) as F

const comparable = (lines: readonly DocumentLine[]) => canonicalJson(lines.map(({ id: _, requestedTaxRate: __, ...line }) => line))

/** A quote valid until before it was issued is refused. */
export function assertValidity(document: Pick<OrderDocument, 'validUntil' | 'issueDate'>): void {
  if (document.validUntil !== null && document.validUntil < document.issueDate) {
    throw new InvoicingError('invalid_valid_until', `validUntil (${document.validUntil}) must not be before issueDate (${document.issueDate})`, { field: 'validUntil' })
  }
}

export interface OrderContentEdit {
  document: OrderDocument
  /** The request fields whose value differs from the stored one (by their request names). */
  changedFields: string[]
}

/**
 * `current` with the content of a PUT applied and priced again when lines or tax values
 * changed. Nothing is stored; the caller decides whether the document may change.
 */
export async function applyOrderContent(
  tx: StorageTx, company: Company, customer: Customer, current: OrderDocument, changes: OrderDocumentFields, ids: IdGenerator,
): Promise<OrderContentEdit> {
  const stored = storedNamesOf(changes)
  const plain = Object.fromEntries(PLAIN_FIELDS.filter((field) => stored[field as keyof OrderDocumentFields] !== undefined)
    .map((field) => [field, stored[field as keyof OrderDocumentFields]]))
  let document = withChanges(current, plain as Partial<OrderDocument>)
  const taxChanged = TAX_FIELDS.some((field) => changes[field] !== undefined)
  if (changes.lines || taxChanged || document.issueDate !== current.issueDate) {
    const drafts = changes.lines ? await orderLineDrafts(tx, company.id, changes.lines) : draftsOf(current.lines)
    document = { ...document, ...priceDocument(company, customer, document.issueDate, givenTaxValues(current, changes), drafts, ids) }
  }
  const changedFields = Object.entries(changes)
    .filter(([field, value]) => value !== undefined && field !== 'status' && field !== 'acceptedAt' && field !== 'rejectionReason')
    .filter(([field, value]) => field === 'lines'
      ? comparable(document.lines) !== comparable(current.lines)
      : canonicalJson(value) !== canonicalJson(current[(field === 'orderDate' ? 'issueDate' : field) as keyof OrderDocument]))
    .map(([field]) => field)
  if (changedFields.length === 0) return { document: current, changedFields }
  if (changes.documentCategoryId != null && changes.documentCategoryId !== current.documentCategoryId) {
    await requireCategory(tx, company.id, changes.documentCategoryId)
  }
  assertDateOrder(document)
  assertValidity(document)
  return { document, changedFields }
}
