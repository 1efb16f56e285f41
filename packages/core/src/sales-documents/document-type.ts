/**
 * Every kind of numbered commercial document the engine keeps. Each has its entry in
 * `DOCUMENT_KINDS`, which says what differs between them.
 */
export const DOCUMENT_TYPES = ['INVOICE', 'CREDIT_NOTE', 'PROFORMA', 'QUOTE', 'ORDER_CONFIRMATION', 'DELIVERY_NOTE', 'ORDER'] as const
export type DocumentType = (typeof DOCUMENT_TYPES)[number]

/** A link to another document of the same company. */
export interface DocumentRef {
  documentType: DocumentType
  id: string
}

/** A document as another one names it: what a reader needs to find it. */
export interface DocumentSummary extends DocumentRef {
  number: string
  status: string
  /** The document it was made from, when it was made from one. */
  precedingDocumentId: string | null
}
