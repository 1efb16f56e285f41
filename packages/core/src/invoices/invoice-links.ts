import { type DocumentSummary, creditsPreceding, isConvertedFrom } from '../sales-documents'
import { SOURCE_DOCUMENT_TYPES, type Invoice, type SourceDocumentType } from './invoice'

/**
 * The links of an invoice, credit note or proforma under the names the invoice resource has
 * always given them: `parentInvoiceId` (the invoice a credit note credits or cancels),
 * `sourceDocument` (the proforma an invoice was converted from), and the conversion in
 * `metadata` (`convertedFromProformaId`, `convertedToInvoiceId`). All of them are read from the
 * one link a document keeps, its `precedingDocument`, and from the documents made from it.
 */
export interface InvoiceLinks {
  parentInvoiceId: string | null
  sourceDocument: { type: SourceDocumentType; id: string } | null
  /** The document's metadata with the conversion links added. */
  metadata: Record<string, unknown>
}

const isSourceType = (type: string): type is SourceDocumentType => (SOURCE_DOCUMENT_TYPES as readonly string[]).includes(type)

/** The invoice a credit note credits or cancels (`parentInvoiceId`). */
export const creditedInvoiceIdOf = ({ precedingDocument }: Pick<Invoice, 'precedingDocument'>): string | null =>
  creditsPreceding(precedingDocument) ? precedingDocument.id : null

export function invoiceLinksOf(invoice: Invoice, derived: readonly DocumentSummary[]): InvoiceLinks {
  const preceding = invoice.precedingDocument
  const source = isConvertedFrom(invoice, preceding) && isSourceType(preceding.documentType) ? { type: preceding.documentType, id: preceding.id } : null
  const convertedTo = derived.find((each) => isConvertedFrom(each, invoice))
  return {
    parentInvoiceId: creditedInvoiceIdOf(invoice),
    sourceDocument: source,
    // Copied only when a link is added: every listed invoice comes here, and on Node 20 a copy
    // made of spreads one after the other is slow and leaves garbage for full collections.
    metadata: source || convertedTo ? {
      ...invoice.metadata,
      ...(source ? { convertedFromProformaId: source.id } : {}),
      ...(convertedTo ? { convertedToInvoiceId: convertedTo.id } : {}),
    } : invoice.metadata,
  }
}

/** The invoice line a credit note's line credits (`creditedLineId`): its source line, on a credit note. */
export const creditedLineIdOf = (invoice: Pick<Invoice, 'precedingDocument'>, sourceLineId: string | null): string | null =>
  creditsPreceding(invoice.precedingDocument) ? sourceLineId : null

/**
 * The data of an event about an invoice-group document: the document as its events have always
 * carried it, with its links under their resource names (`invoiceNumber`, `invoiceType`,
 * `parentInvoiceId`, `source`, the conversion in `metadata`, `creditedLineId` on lines).
 */
export function invoiceEventData(invoice: Invoice, derived: readonly DocumentSummary[]): Record<string, unknown> {
  const { number, documentType, precedingDocument: _, lines, ...fields } = invoice
  const links = invoiceLinksOf(invoice, derived)
  return {
    ...fields,
    invoiceNumber: number,
    invoiceType: documentType,
    parentInvoiceId: links.parentInvoiceId,
    source: links.sourceDocument,
    metadata: links.metadata,
    lines: lines.map(({ sourceLineId, ...line }) => ({ ...line, creditedLineId: creditedLineIdOf(invoice, sourceLineId) })),
  }
}
