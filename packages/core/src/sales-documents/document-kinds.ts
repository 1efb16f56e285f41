import type { Invoice } from '../invoices'
import type { DocumentKind } from './document-kind'
import type { DocumentType } from './document-type'
import type { SalesDocument } from './sales-document'
import { CREDIT_NOTE_KIND } from './kinds/credit-note'
import { INVOICE_KIND } from './kinds/invoice'
import { PROFORMA_KIND } from './kinds/proforma'

/** The document each type is, as its stored record. */
interface DocumentOfType {
  INVOICE: Invoice
  CREDIT_NOTE: Invoice
  PROFORMA: Invoice
}

/** One entry per kind of document: what sets it apart (see `DocumentKind`). */
export const DOCUMENT_KINDS: { readonly [T in DocumentType]: DocumentKind<DocumentOfType[T]> } = {
  INVOICE: INVOICE_KIND,
  CREDIT_NOTE: CREDIT_NOTE_KIND,
  PROFORMA: PROFORMA_KIND,
}

/** The kind entry of a document: its type's entry in `DOCUMENT_KINDS`. */
export function kindOf<D extends SalesDocument>(document: D): DocumentKind<D> {
  // The table pairs each type with the record of its documents, which the compiler cannot follow through a union.
  return DOCUMENT_KINDS[document.documentType] as unknown as DocumentKind<D>
}

/** How messages name a document's kind: `credit note` for CREDIT_NOTE. */
export const kindNameOf = (document: Pick<SalesDocument, 'documentType'>): string => document.documentType.toLowerCase().replace(/_/g, ' ')
