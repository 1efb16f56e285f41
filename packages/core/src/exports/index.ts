/** Exports for accountants and banks. Other features import from here, not from the files inside. */
export * from './export'
export { EXPORT_POLICIES, BUILT_EXPORT_TYPES, type BuiltExportType } from './export-policies'
export type { ExportPolicy, ExportOutput, ExportedRecords } from './export-policy'
export { ExportListQuerySchema, VoidExportSchema, type ExportListQuery, type VoidExportInput } from './export-schemas'
export { CsvExportSchema, type CsvExportInput } from './csv-export-policy'
export { CSV_DIALECTS, CSV_ENTITIES } from './csv'
export { createExportService, exportViewOf, type ExportService, type ExportView } from './export-service'
