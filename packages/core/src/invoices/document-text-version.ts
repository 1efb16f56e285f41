/** The version of the built-in document texts a new document is written with. */
export const DOCUMENT_TEXT_VERSION = '2026-1'
