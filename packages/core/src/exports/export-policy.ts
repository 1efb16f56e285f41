import type * as v from 'valibot'
import type { Company } from '../companies'
import type { StorageReader } from '../ports/storage'
import type { CalendarDate } from '../shared/calendar-date'
import type { CommonExportParameters } from './export-parameters'

/** The record groups of the reader whose records an export can contain (and mark as exported). */
export type ExportedRecords = 'invoices' | 'orderDocuments' | 'payments' | 'customers'

/** What a writer may need beyond the parameters. */
export interface ExportContext {
  /** The date of the export in the company's time zone. */
  today: CalendarDate
}

/** A file written for an export, and what it contains. */
export interface ExportOutput {
  content: Uint8Array
  fileName: string
  contentType: string
  encoding: string
  /** The records the file contains: marked as exported with it. */
  documentIds: readonly string[]
  /** The type's own summary fields, e.g. `{ rows }`. */
  summary: Record<string, unknown>
}

/**
 * How one type of export is made: its request, the rules of its parameters, its writer, and
 * which records it marks as exported. The service applies the rules every type shares
 * (period, `onlyNotExported`, size limit, storage, events) around it.
 */
export interface ExportPolicy<TInput = unknown, TParameters extends CommonExportParameters = CommonExportParameters> {
  /** The segment of its create request: `POST /exports/{path}`. */
  path: string
  /** The media type of its files, as the download answers it. */
  contentType: string
  /** The request body (camelCase and snake_case). */
  schema: v.GenericSchema<TInput, unknown>
  /** The parameters after the defaults; throws 400 for a period the request must give but does not, or one too long. */
  parametersOf(input: unknown, company: Company): TParameters
  /** Where the records of `parameters` are read from: `onlyNotExported` leaves out marked ones there. */
  recordsOf(parameters: TParameters): ExportedRecords
  write(reader: StorageReader, company: Company, parameters: TParameters, context: ExportContext): Promise<ExportOutput>
}
