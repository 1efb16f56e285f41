import type { EventType } from '../events'
import { ORDER_DOCUMENT_KINDS } from '../sales-documents'
import type { UnitOfWork } from '../unit-of-work'
import type { OrderDocument } from './order-document'

/**
 * An order document as its resource and its events show it: its fields without the store's
 * bookkeeping, dated `orderDate` for orders, and each line with what was converted from it.
 */
export function orderDocumentData(document: OrderDocument): Record<string, unknown> {
  const { companyId: _, numberIssued: __, completedAutomatically: ___, convertedQuantities, lines, issueDate, ...fields } = document
  const kind = ORDER_DOCUMENT_KINDS[document.documentType]
  return {
    ...fields,
    ...(kind.numberedAtCreation ? { orderDate: issueDate } : { issueDate }),
    lines: lines.map((line, index) => ({ ...line, position: index + 1, convertedQuantities: convertedQuantities[line.id] ?? {} })),
  }
}

/** `<resource>.<verb>` of the document's kind, e.g. `quote.accepted`. */
export const eventTypeOf = (document: Pick<OrderDocument, 'documentType'>, verb: string): EventType =>
  `${ORDER_DOCUMENT_KINDS[document.documentType].resource}.${verb}` as EventType

/** Records `<resource>.<verb>` about the document, carrying it as its resource shows it. */
export async function emitOrderDocumentEvent(unit: UnitOfWork, document: OrderDocument, verb: string, data?: Record<string, unknown>): Promise<void> {
  await unit.emit(eventTypeOf(document, verb), data ?? orderDocumentData(document))
}
