import { stringify } from 'csv-stringify/sync'
import type { Company } from '../../companies'
import { InvoicingError } from '../../errors'
import { INVOICE_TYPES, type InvoiceStatus, type InvoiceType } from '../../invoices'
import type { OrderDocumentStatus } from '../../order-documents'
import type { StorageReader } from '../../ports/storage'
import type { ExportWriting } from '../export-policy'
import type { CalendarDate } from '../../shared/calendar-date'
import type { Cell } from './csv-cells'
import { cellText, CSV_DIALECT_RULES, type CsvDialect } from './csv-dialects'
import {
  CSV_ENTITIES, CUSTOMER_COLUMNS, type CsvEntity, INVOICE_COLUMNS, INVOICE_LINE_COLUMNS, type InvoiceLineRecord, isOrderDocumentEntity,
  ORDER_DOCUMENT_ENTITIES, orderDocumentColumns, PAYMENT_COLUMNS, statusesOf,
} from './csv-entities'
import { customerRecords, invoiceRecords, orderDocumentRecords, paymentRecords } from '../export-sources'

export { CSV_ENTITIES, type CsvEntity }

/** The invoice types an invoices or invoice_lines file holds unless asked otherwise: proformas only when asked. */
export const DEFAULT_CSV_INVOICE_TYPES: readonly InvoiceType[] = ['INVOICE', 'CREDIT_NOTE']

export interface CsvExportParameters {
  entity: CsvEntity
  /** First issueDate (payments: paymentDate); required except for customers. */
  from?: CalendarDate | undefined
  /** Last issueDate (payments: paymentDate); required except for customers. */
  to?: CalendarDate | undefined
  /** invoices and invoice_lines: default INVOICE and CREDIT_NOTE. */
  invoiceTypes?: readonly InvoiceType[] | undefined
  /** One status of the entity's documents; all when absent. */
  status?: string | undefined
  dialect: CsvDialect
  /** The company's date of the export: the customers file is named by it (`customers_{today}.csv`). */
  today?: CalendarDate | undefined
}

export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8'

/** Rows of one entity in file order, with the ids of the documents they came from. */
interface RowSource {
  header: readonly string[]
  rows: AsyncGenerator<{ cells: readonly Cell[]; documentId: string | null }>
}

/**
 * Reads what the parameters select from the company's records, page by page, and writes the
 * CSV file in the parameters' dialect as it reads: header row first, then one row per record
 * in the order of issueDate, then number (lines by position; payments by paymentDate). Each
 * record of the file (its invoice or order document; a payment, a customer) is handed to
 * `include` once: it is marked as exported with the file, so `onlyNotExported` works for every
 * entity.
 */
export async function* writeCsvExport(
  reader: StorageReader, company: Company, parameters: CsvExportParameters, include: (documentId: string) => void = () => undefined,
): ExportWriting {
  const rules = CSV_DIALECT_RULES[parameters.dialect]
  const source = rowSourceOf(reader, company.id, parameters)
  const fileName = fileNameOf(parameters)
  const options = { delimiter: rules.delimiter, record_delimiter: '\r\n', quote: '"', escape: '"', eof: true }
  const encoder = new TextEncoder()
  if (rules.bom) yield new Uint8Array([0xef, 0xbb, 0xbf])
  yield encoder.encode(stringify([source.header], options))
  let lastDocumentId: string | null = null
  let rows = 0
  let batch: string[][] = []
  for await (const { cells, documentId } of source.rows) {
    batch.push(cells.map((cell) => cellText(cell, rules, company.timeZone)))
    rows += 1
    // Rows of one document follow each other (invoice lines), so a change of id is a new document.
    if (documentId !== null && documentId !== lastDocumentId) include(documentId)
    lastDocumentId = documentId
    if (batch.length >= 500) {
      yield encoder.encode(stringify(batch, options))
      batch = []
    }
  }
  if (batch.length > 0) yield encoder.encode(stringify(batch, options))
  return { fileName, contentType: CSV_CONTENT_TYPE, encoding: 'UTF-8', summary: { rows } }
}

function rowSourceOf(reader: StorageReader, companyId: string, parameters: CsvExportParameters): RowSource {
  const { entity } = parameters
  if (!CSV_ENTITIES.includes(entity)) throw invalid('entity', `must be one of ${CSV_ENTITIES.join(', ')}`)
  const status = statusOf(parameters)
  if (entity === 'customers') {
    return rowsOf(CUSTOMER_COLUMNS, customerRecords(reader, companyId), (customer) => customer.id)
  }
  const { from, to } = periodOf(parameters)
  if (entity === 'payments') return rowsOf(PAYMENT_COLUMNS, paymentRecords(reader, companyId, from, to), (record) => record.payment.id)
  if (isOrderDocumentEntity(entity)) {
    const { documentType } = ORDER_DOCUMENT_ENTITIES[entity]
    const records = orderDocumentRecords(reader, companyId, { documentType, from, to, status: status as OrderDocumentStatus | undefined })
    return rowsOf(orderDocumentColumns(entity), records, (record) => record.document.id)
  }
  const selection = { from, to, status: status as InvoiceStatus | undefined, invoiceTypes: invoiceTypesOf(parameters) }
  if (entity === 'invoices') return rowsOf(INVOICE_COLUMNS, invoiceRecords(reader, companyId, { ...selection, withPayments: true }), (record) => record.invoice.id)
  return rowsOf(INVOICE_LINE_COLUMNS, linesOf(invoiceRecords(reader, companyId, selection)), (record) => record.invoice.id)
}

async function* linesOf(invoices: AsyncGenerator<{ invoice: InvoiceLineRecord['invoice'] }>): AsyncGenerator<InvoiceLineRecord> {
  for await (const { invoice } of invoices) {
    for (const [index, line] of invoice.lines.entries()) yield { invoice, line, position: index + 1 }
  }
}

function rowsOf<R>(
  columns: readonly (readonly [string, (record: R) => Cell])[], records: AsyncGenerator<R>, documentIdOf: (record: R) => string | null,
): RowSource {
  async function* rows() {
    for await (const record of records) yield { cells: columns.map(([, cell]) => cell(record)), documentId: documentIdOf(record) }
  }
  return { header: columns.map(([name]) => name), rows: rows() }
}

function periodOf({ from, to }: CsvExportParameters): { from: CalendarDate; to: CalendarDate } {
  if (from === undefined) throw invalid('from', 'is required for this entity')
  if (to === undefined) throw invalid('to', 'is required for this entity')
  if (to < from) throw invalid('to', 'must not be before from')
  return { from, to }
}

function invoiceTypesOf({ invoiceTypes }: CsvExportParameters): readonly InvoiceType[] {
  if (invoiceTypes === undefined) return DEFAULT_CSV_INVOICE_TYPES
  if (invoiceTypes.length === 0 || invoiceTypes.some((type) => !INVOICE_TYPES.includes(type))) {
    throw invalid('invoiceTypes', `must be one or more of ${INVOICE_TYPES.join(', ')}`)
  }
  return invoiceTypes
}

function statusOf({ entity, status }: CsvExportParameters): string | undefined {
  if (status === undefined) return undefined
  const statuses = statusesOf(entity)
  if (statuses.length === 0) throw invalid('status', `${entity} have no status to filter by`)
  if (!statuses.includes(status)) throw invalid('status', `must be one of ${statuses.join(', ')} for ${entity}`)
  return status
}

/** `{entity}_{from}_{to}.csv`; the customers file, which has no period, `customers_{today}.csv`. */
function fileNameOf(parameters: CsvExportParameters): string {
  if (parameters.entity !== 'customers') return `${parameters.entity}_${parameters.from}_${parameters.to}.csv`
  const day = parameters.today ?? parameters.to
  if (day === undefined) throw new Error('a customers CSV export needs the date of the export (today) to name its file')
  return `customers_${day}.csv`
}

const invalid = (field: string, problem: string) => new InvoicingError('validation_failed', `${field}: ${problem}`, { field })
