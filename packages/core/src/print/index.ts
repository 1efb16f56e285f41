export type * from './document-view'
export {
  buildDocumentView, formatDocumentDate, formatDocumentMoney, formatDocumentPercent, type DocumentCompany, type DocumentCustomer, type DocumentViewInput,
} from './build-document-view'
export type {
  AttachmentRelationship, FacturXConformanceLevel, PdfAttachment, PdfRenderOptions, PdfRenderer,
} from '../ports/pdf-renderer'
export { taxNotesOf, type TaxNoteInput } from './tax-notes'
export { PRINT_POLICIES, type PrintableDocument, type PrintPolicy } from './print-policies'
export { MAX_PDF_PAGES, assertWithinPageLimit, renderWithinPageLimit } from './page-limit'
