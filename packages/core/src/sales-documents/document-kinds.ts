import type { Invoice } from '../invoices'
import type { DocumentKind } from './document-kind'
import type { DocumentType } from './document-type'
import type { SalesDocument } from './sales-document'
import { CREDIT_NOTE_KIND } from './kinds/credit-note'
import { INVOICE_KIND } from './kinds/invoice'
import { PROFORMA_KIND } from './kinds/proforma'
import type { OrderDocument, OrderDocumentType } from '../order-documents'
import type { OrderDocumentKind } from './kinds/order-kind'
import { QUOTE_KIND } from './kinds/quote'
import { ORDER_CONFIRMATION_KIND } from './kinds/order-confirmation'
import { DELIVERY_NOTE_KIND } from './kinds/delivery-note'
import { ORDER_KIND } from './kinds/order'

/** The document each type is, as its stored record. */
interface DocumentOfType {
  INVOICE: Invoice
  CREDIT_NOTE: Invoice
  PROFORMA: Invoice
  QUOTE: OrderDocument
  ORDER_CONFIRMATION: OrderDocument
  DELIVERY_NOTE: OrderDocument
  ORDER: OrderDocument
}

/** The kinds of the order process, with what their own use cases read. */
export const ORDER_DOCUMENT_KINDS: { readonly [T in OrderDocumentType]: OrderDocumentKind } = {
  QUOTE: QUOTE_KIND,
  ORDER_CONFIRMATION: ORDER_CONFIRMATION_KIND,
  DELIVERY_NOTE: DELIVERY_NOTE_KIND,
  ORDER: ORDER_KIND,
}

/** One entry per kind of document: what sets it apart (see `DocumentKind`). */
export const DOCUMENT_KINDS: { readonly [T in DocumentType]: DocumentKind<DocumentOfType[T]> } = {
  INVOICE: INVOICE_KIND,
  CREDIT_NOTE: CREDIT_NOTE_KIND,
  PROFORMA: PROFORMA_KIND,
  ...ORDER_DOCUMENT_KINDS,
}

/** The kind entry of a document: its type's entry in `DOCUMENT_KINDS`. */
export function kindOf<D extends SalesDocument>(document: D): DocumentKind<D> {
  // The table pairs each type with the record of its documents, which the compiler cannot follow through a union.
  return DOCUMENT_KINDS[document.documentType] as unknown as DocumentKind<D>
}

/** How messages name a document's kind: `credit note` for CREDIT_NOTE. */
export const kindNameOf = (document: Pick<SalesDocument, 'documentType'>): string => document.documentType.toLowerCase().replace(/_/g, ' ')
