import type Decimal from 'decimal.js'
import type { StorageReader } from '../ports/storage'
import { Exact } from '../tax'
import { isLayoutLine } from './document-line'
import type { DocumentRef, DocumentSummary } from './document-type'
import { DOCUMENT_KINDS } from './document-kinds'
import type { SalesDocument } from './sales-document'

/** A document named with its number. */
export interface NumberedRef extends DocumentRef {
  number: string
}

/** A document as a read shows it: with the documents made from it, and the order documents it was made from. */
export type WithDerived<D extends SalesDocument> = D & {
  /** The documents made from this one (converted into, credited by), oldest first. */
  derivedDocuments: DocumentSummary[]
  /** The quotes, order confirmations, delivery notes or orders it was converted from, in order. */
  sourceDocumentSummaries: NumberedRef[]
}

/** The order documents a document names as its sources (invoices keep them in `sourceDocuments`). */
export const orderSourcesOf = (document: SalesDocument): DocumentRef[] =>
  'sourceDocuments' in document && Array.isArray(document.sourceDocuments) ? document.sourceDocuments as DocumentRef[] : []

/** `documents` with the documents made from each (one query) and the numbers of their sources. */
export async function withDerivedDocuments<D extends SalesDocument>(
  reader: Pick<StorageReader, 'invoices' | 'orderDocuments'>, companyId: string, documents: readonly D[],
): Promise<WithDerived<D>[]> {
  const derived = documents.length === 0 ? [] : await reader.invoices.summariesDerivedFrom(companyId, documents.map((document) => document.id))
  const sourceIds = documents.flatMap(orderSourcesOf).map((ref) => ref.id)
  const numbers = new Map((sourceIds.length === 0 ? [] : await reader.orderDocuments.refsOf(companyId, sourceIds)).map((ref) => [ref.id, ref.number]))
  // The added fields come first: on Node 20 a literal that starts with a spread of a wide record
  // and goes on costs microseconds per object and garbage that forces full collections.
  return documents.map((document) => ({
    derivedDocuments: derived.filter((each) => each.precedingDocumentId === document.id),
    sourceDocumentSummaries: orderSourcesOf(document).filter((ref) => numbers.has(ref.id)).map(({ documentType, id }) => ({ documentType, id, number: numbers.get(id)! })),
    ...document,
  }))
}

export const refOf = ({ documentType, id }: DocumentRef): DocumentRef => ({ documentType, id })

/**
 * How much of each source line `documents` took, by source line id (positive): the quantities
 * of their lines that name a `sourceLineId`. Percent discounts are shares, not quantities, and
 * layout lines carry none.
 */
export function quantitiesTakenFrom(documents: readonly Pick<SalesDocument, 'lines'>[]): Map<string, Decimal> {
  const taken = new Map<string, Decimal>()
  for (const line of documents.flatMap((document) => document.lines)) {
    if (line.sourceLineId === null || line.lineType === 'DISCOUNT_PERCENT' || isLayoutLine(line.lineType)) continue
    taken.set(line.sourceLineId, (taken.get(line.sourceLineId) ?? new Exact(0)).plus(new Exact(line.quantity).abs()))
  }
  return taken
}

/** Whether `document` was converted from its preceding document (rather than, say, crediting it). */
export const isConvertedFrom = (document: Pick<SalesDocument, 'documentType'>, preceding: DocumentRef | null): preceding is DocumentRef =>
  preceding !== null && DOCUMENT_KINDS[preceding.documentType].convertibleTo.includes(document.documentType)

/** Whether `document` credits its preceding document (a credit note crediting or cancelling an invoice). */
export const creditsPreceding = (preceding: DocumentRef | null): preceding is DocumentRef =>
  preceding !== null && DOCUMENT_KINDS[preceding.documentType].creditable
