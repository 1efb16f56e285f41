import { stringify } from 'csv-stringify/sync'
import type { Company, EffectiveBmdSettings } from '../../companies'
import type { StorageReader } from '../../ports/storage'
import type { CalendarDate } from '../../shared/calendar-date'
import { encodeWindows1252 } from '../encoding/windows-1252'
import type { ExportFinding } from '../export-findings'
import type { ExportContext, ExportWriting } from '../export-policy'
import { bookedDocumentRecords } from '../export-sources'
import { bmdBookingsOf } from './bmd-booking'
import { BMD_HEADER, bmdFieldsOf } from './bmd-columns'

export const BMD_DOCUMENT_TYPES = ['INVOICE', 'CREDIT_NOTE'] as const
export type BmdDocumentType = (typeof BMD_DOCUMENT_TYPES)[number]

export const BMD_CONTENT_TYPE = 'text/csv; charset=windows-1252'

/** The only currency BMD bookings are written in. */
const BMD_CURRENCY = 'EUR'

export interface BmdExportParameters extends EffectiveBmdSettings {
  from: CalendarDate
  to: CalendarDate
  documentTypes: readonly BmdDocumentType[]
  /** Documents in another currency than EUR are listed in `summary.skipped` instead of refusing the export. */
  skipUnsupported: boolean
}

/*
 * csv-stringify quotes a field that holds the delimiter, the quote or a line break, and doubles
 * inner quotes. Line breaks are replaced before (`oneLine`), so a field is quoted exactly when it
 * holds `;` or `"`, as BMD's import reads it.
 */
const CSV_OPTIONS = { delimiter: ';', record_delimiter: '\r\n', quote: '"', escape: '"', eof: true } as const

/** Rows kept before they are encoded and handed on: memory holds a batch, never the period. */
const BATCH_ROWS = 500

/**
 * BMD NTCS "Import Buchungen": a header row with the column names, then one booking per tax
 * group of each invoice and credit note of the period, by issueDate, number and rate
 * descending; Windows-1252 without BOM, `;`, CRLF after every line. Written while the
 * documents are read; once a problem is found no more bytes are produced, and the documents are
 * read on so the answer lists every problem.
 */
export async function* writeBmdExport(
  reader: StorageReader, company: Company, parameters: BmdExportParameters, { findings, include }: Pick<ExportContext, 'findings' | 'include'>,
): ExportWriting {
  yield encodeWindows1252(stringify([BMD_HEADER], CSV_OPTIONS))
  const skipped: ExportFinding[] = []
  let rows = 0
  let documents = 0
  let batch: string[][] = []
  // belegnr per posting symbol, and the document that had it first: DIGITS_ONLY can give an
  // invoice and a credit note one belegnr, which BMD would take for one document.
  const documentNumbers = new Map<string, string>()
  const records = bookedDocumentRecords(reader, company.id, { from: parameters.from, to: parameters.to, documentTypes: parameters.documentTypes })
  for await (const record of records) {
    const { invoice } = record
    if (invoice.currency !== BMD_CURRENCY) {
      const finding = {
        code: 'currency_not_supported',
        message: `${invoice.number} is in ${invoice.currency}; BMD bookings are written in ${BMD_CURRENCY} only`,
        documentId: invoice.id, documentNumber: invoice.number,
      }
      if (parameters.skipUnsupported) skipped.push(finding)
      else findings.problem(finding.code, finding.message, { document: { id: invoice.id, number: invoice.number }, field: 'currency' })
      continue
    }
    const bookings = bmdBookingsOf(record, parameters, findings)
    if (findings.hasProblems || bookings.length === 0) continue
    const { postingSymbol, documentNumber } = bookings[0]!
    const numberKey = `${postingSymbol}\u0000${documentNumber}`
    const earlier = documentNumbers.get(numberKey)
    if (earlier === undefined) documentNumbers.set(numberKey, invoice.number)
    else if (earlier !== invoice.number) {
      findings.warning('document_number_collision', `belegnr ${documentNumber} (${postingSymbol}) of ${invoice.number} is that of ${earlier} too: give credit notes their own posting symbol, or write numbers as they are (AS_IS)`, {
        document: { id: invoice.id, number: invoice.number }, field: 'belegnr',
      })
    }
    for (const booking of bookings) batch.push(bmdFieldsOf(booking))
    rows += bookings.length
    documents += 1
    include(invoice.id)
    if (batch.length >= BATCH_ROWS) {
      yield encodeWindows1252(stringify(batch, CSV_OPTIONS))
      batch = []
    }
  }
  if (batch.length > 0 && !findings.hasProblems) yield encodeWindows1252(stringify(batch, CSV_OPTIONS))
  return {
    fileName: `BMD_Buchungen_${compact(parameters.from)}_${compact(parameters.to)}.csv`,
    contentType: BMD_CONTENT_TYPE,
    encoding: 'windows-1252',
    summary: { rows, documents, skipped, warnings: findings.warnings },
  }
}

/** `YYYYMMDD` of `YYYY-MM-DD`. */
const compact = (date: CalendarDate): string => date.replaceAll('-', '')
