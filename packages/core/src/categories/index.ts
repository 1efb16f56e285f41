/** Document categories a company files its documents under. Other features import from here, not from the files inside. */
export { type DocumentCategory } from './document-category'
export { requireCategory } from './require-category'
