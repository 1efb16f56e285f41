import type * as v from 'valibot'
import type { Company } from '../companies'
import type { StorageReader } from '../ports/storage'
import type { CalendarDate } from '../shared/calendar-date'
import type { UnitOfWork } from '../unit-of-work'
import type { Export } from './export'
import type { CommonExportParameters } from './export-parameters'
import type { ExportFindings } from './export-findings'

/** The record groups of the reader whose records an export can contain (and mark as exported). */
export type ExportedRecords = 'invoices' | 'orderDocuments' | 'payments' | 'customers'

/** What a writer is given beside the company's records and the parameters. */
export interface ExportContext {
  /** The export's id (known before the file is written: SEPA's `MsgId`, file names). */
  exportId: string
  /** When the export is made, and that day in the company's time zone. */
  now: Date
  today: CalendarDate
  /** Where problems (the export is refused, all of them reported) and warnings are collected. */
  findings: ExportFindings
  /**
   * Called once for each document the file contains, as it is written: the document is marked
   * as exported with the file. Throws 400 `export_too_large` past the limit, and reports progress.
   */
  include(documentId: string): void
}

/** What a written file is, known once its last byte was produced. */
export interface ExportFileDescription {
  fileName: string
  contentType: string
  encoding: string
  /** The type's own summary fields, e.g. `{ rows }`; `warnings` are added from the findings. */
  summary: Record<string, unknown>
}

/**
 * The bytes of the file in order, produced while the records are read (memory holds a page,
 * never the period); its return value describes the file. A writer that found a problem may
 * stop producing bytes, and reads on to report every problem of the request.
 */
export type ExportWriting = AsyncGenerator<Uint8Array, ExportFileDescription, undefined>

/**
 * How one type of export is made: its request, the rules of its parameters, its writer, and
 * which records it marks as exported. The service applies the rules every type shares
 * (period, `onlyNotExported`, size limit, findings, storage, events) around it.
 */
export interface ExportPolicy<TInput = unknown, TParameters extends CommonExportParameters = CommonExportParameters> {
  /** The segment of its create request: `POST /exports/{path}`. */
  path: string
  /** The media types of its files, as the download answers them. */
  contentTypes: readonly string[]
  /** The request body (camelCase and snake_case). */
  schema: v.GenericSchema<TInput, unknown>
  /** The parameters after the defaults and company settings; throws 400 for a request it cannot take (e.g. a period too long). */
  parametersOf(input: unknown, company: Company): TParameters
  /** Where the records of `parameters` are read from: `onlyNotExported` leaves out marked ones there. */
  recordsOf(parameters: TParameters): readonly ExportedRecords[]
  write(reader: StorageReader, company: Company, parameters: TParameters, context: ExportContext): ExportWriting
  /**
   * For a type whose export changes other records (SEPA: the mandates' last use): makes those
   * changes in the transaction that stores the export, and returns the export to store, which
   * may keep in its summary what `undoEffects` needs. Runs again if that transaction is re-run.
   */
  withEffects?(unit: UnitOfWork, exported: Export): Promise<Export>
  /** Takes back what `withEffects` changed, in the transaction that voids the export. */
  undoEffects?(unit: UnitOfWork, exported: Export): Promise<void>
}
