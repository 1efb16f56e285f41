/** The BMD NTCS booking import file ("Import Buchungen"). */
export { BMD_COLUMNS, BMD_HEADER } from './bmd-columns'
export { BMD_CONTENT_TYPE, BMD_DOCUMENT_TYPES, type BmdDocumentType, type BmdExportParameters, writeBmdExport } from './write-bmd-export'
