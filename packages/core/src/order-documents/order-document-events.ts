import type { EventType } from '../events'
import type { StorageReader } from '../ports/storage'
import { type DocumentSummary, type NumberedRef, ORDER_DOCUMENT_KINDS } from '../sales-documents'
import type { UnitOfWork } from '../unit-of-work'
import type { OrderDocument } from './order-document'

/** The fields every order document's resource shows, in order (the kind's own fields follow). */
const SHARED_FIELDS = [
  'id', 'documentType', 'number', 'status', 'customerId', 'documentCategoryId', 'documentLocale', 'documentTextVersion', 'currency',
  'servicePeriodStart', 'servicePeriodEnd', 'reverseCharge', 'taxExemptionReason', 'taxExemptionNote', 'taxCountry', 'deliveryCountry',
  'ossApplicable', 'ossCountry', 'notes', 'useShippingAddress', 'shippingName', 'shippingStreet', 'shippingZipCode', 'shippingCity',
  'shippingCountry', 'orderNumber', 'buyerReference', 'metadata', 'netTotal', 'taxTotal', 'grossTotal', 'taxBreakdown', 'invoiceStatus',
  'sentAt', 'finalizedAt', 'createdAt', 'updatedAt',
] as const satisfies readonly (keyof OrderDocument)[]

/** What only printed kinds show. */
const PRINTED_FIELDS = ['headerText', 'footer', 'customTitle', 'pdfWithoutLetterhead'] as const satisfies readonly (keyof OrderDocument)[]

const pick = (document: OrderDocument, fields: readonly (keyof OrderDocument)[]) => Object.fromEntries(fields.map((field) => [field, document[field]]))

/**
 * An order document as its resource shows it, amounts as exact decimal strings: the fields of
 * its kind (dated `orderDate` for orders), each line with its position and what was converted
 * from it, where it came from and what was made from it. Events carry it as their data.
 */
export function orderDocumentData(document: OrderDocument, derived: readonly DocumentSummary[], preceding: NumberedRef | null): Record<string, unknown> {
  const kind = ORDER_DOCUMENT_KINDS[document.documentType]
  return {
    ...pick(document, SHARED_FIELDS),
    ...(kind.printed ? pick(document, PRINTED_FIELDS) : {}),
    ...(kind.numberedAtCreation ? { orderDate: document.issueDate } : { issueDate: document.issueDate }),
    ...(kind.fulfilment?.tracksDelivery ? { deliveryStatus: document.deliveryStatus } : {}),
    ...pick(document, kind.ownFields),
    lines: document.lines.map(({ requestedTaxRate: _, ...line }, index) =>
      ({ ...line, position: index + 1, convertedQuantities: document.convertedQuantities[line.id] ?? {} })),
    precedingDocument: preceding,
    derivedDocuments: derived.map(({ documentType, id, number, status }) => ({ documentType, id, number, status })),
  }
}

/** `<resource>.<verb>` of the document's kind, e.g. `quote.accepted`. */
export const eventTypeOf = (document: Pick<OrderDocument, 'documentType'>, verb: string): EventType =>
  `${ORDER_DOCUMENT_KINDS[document.documentType].resource}.${verb}` as EventType

/** The document's resource data, with what it links to read in the unit's transaction. */
export async function resourceDataOf(reader: Pick<StorageReader, 'invoices' | 'orderDocuments'>, document: OrderDocument): Promise<Record<string, unknown>> {
  const [derivedOrders, derivedInvoices, precedingRefs] = await Promise.all([
    reader.orderDocuments.summariesDerivedFrom(document.companyId, [document.id]),
    reader.invoices.summariesDerivedFrom(document.companyId, [document.id]),
    document.precedingDocument ? reader.orderDocuments.refsOf(document.companyId, [document.precedingDocument.id]) : [],
  ])
  return orderDocumentData(document, [...derivedOrders, ...derivedInvoices], precedingRefs[0] ?? null)
}

/** Records `<resource>.<verb>` about the document, carrying it as its resource shows it (or `data`, for conversions). */
export async function emitOrderDocumentEvent(unit: UnitOfWork, document: OrderDocument, verb: string, data?: Record<string, unknown>): Promise<void> {
  await unit.emit(eventTypeOf(document, verb), data ?? await resourceDataOf(unit.tx, document))
}
