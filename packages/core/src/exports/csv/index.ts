/** CSV files of invoices, their lines, payments, customers and order documents, in two dialects. */
export { CSV_DIALECTS, type CsvDialect } from './csv-dialects'
export {
  CSV_CONTENT_TYPE, CSV_ENTITIES, DEFAULT_CSV_INVOICE_TYPES, type CsvEntity, type CsvExportParameters, writeCsvExport,
} from './write-csv-export'
