/** The sales-document kernel: the model every numbered commercial document shares, and the table of kinds. */
export { DOCUMENT_TYPES, type DocumentRef, type DocumentSummary, type DocumentType } from './document-type'
export { LINE_TYPES, isChargedLine, isLayoutLine, type DocumentLine, type LineType } from './document-line'
export {
  PLACEHOLDER_PREFIX, isPlaceholderNumber,
  type DocumentTotals, type SalesDocument, type ShippingAddress, type TaxContext,
} from './sales-document'
export type { DocumentKind, Transitions } from './document-kind'
export { DOCUMENT_KINDS, ORDER_DOCUMENT_KINDS, kindNameOf, kindOf } from './document-kinds'
export { STATUS_EVENTS, STATUS_TIMESTAMPS, type DerivedDocumentsBlock, type OrderDocumentKind } from './kinds/order-kind'
export { STATUS_TRANSITIONS } from './kinds/invoice-statuses'
export { allowedTransitionsOf, assertTransition, canTransition, changeStatus, isContentEditable, isOpen } from './status-changes'
export { assertDocumentQuota, issueNumber, issuesNumber, takeDocumentNumber } from './issuing'
export { assertDateOrder, supplyDateIsDocumentDate } from './document-dates'
export { creditsPreceding, isConvertedFrom, orderSourcesOf, quantitiesTakenFrom, refOf, withDerivedDocuments, type NumberedRef, type WithDerived } from './links'
export { draftLines, draftsOf, linkedDraftsOf, priceDocument, signedFor, type LineDraft } from './pricing'
