import { effectiveDatevSettings, type ChartOfAccounts, type Company, type DatevSettings, type EffectiveDatevSettings } from '../../companies'
import type { StorageReader } from '../../ports/storage'
import type { CalendarDate } from '../../shared/calendar-date'
import type { ExportContext, ExportWriting } from '../export-policy'
import { bookedDocumentRecords, paymentRecords, type InvoiceRecord, type PaymentRecord } from '../export-sources'
import { DatevBookings, type DatevBooking } from './datev-bookings'
import { DATEV_COLUMNS, MAX_DATEV_BOOKINGS_PER_FILE } from './datev-columns'
import { DatevFileSink } from './datev-file-sink'
import { fiscalSegmentsOf, type FiscalSegment } from './datev-periods'
import { encodeDatevText, quoted, yearMonthDay } from './datev-text'

export const DATEV_CSV_CONTENT_TYPE = 'text/csv; charset=windows-1252'
export const DATEV_ZIP_CONTENT_TYPE = 'application/zip'

/** The DATEV settings a request may set for itself; the company's apply to the rest. */
export type DatevOverrides = Pick<DatevSettings, 'consultantNumber' | 'clientNumber' | 'chartOfAccounts' | 'accountLength' | 'fiscalYearStartMonth' | 'lockBookings'>

export interface DatevExportParameters extends DatevOverrides {
  from: CalendarDate
  to: CalendarDate
  documentTypes: readonly ('INVOICE' | 'CREDIT_NOTE')[]
  includePayments: boolean
  skipUnsupported: boolean
}

export interface DatevFileSummary {
  name: string
  rows: number
  from: CalendarDate
  to: CalendarDate
  fiscalYearStart: CalendarDate
}

type Context = Pick<ExportContext, 'now' | 'findings' | 'include'>

/** Lines encoded and handed on together. */
const BATCH_LINES = 500

/**
 * The company's DATEV settings with the request's own: the defaults that follow another
 * setting (revenue and bank accounts on the chart, the default debtor on the account length)
 * follow the request's value.
 */
export function datevSettingsOf(company: Company, overrides: DatevOverrides): EffectiveDatevSettings {
  const set: DatevSettings = { ...company.datev }
  for (const [key, value] of Object.entries(overrides)) if (value !== undefined) Object.assign(set, { [key]: value })
  return effectiveDatevSettings(set)
}

/**
 * Writes the DATEV Buchungsstapel of the period while it reads: one booking per tax group of
 * each booked document (and per payment with `includePayments`), by date; one file per fiscal
 * year, a new one past 99,999 bookings; one file is the CSV, more are zipped.
 */
export async function* writeDatevExport(
  reader: StorageReader, company: Company, parameters: DatevExportParameters, context: Context,
  { maxBookingsPerFile = MAX_DATEV_BOOKINGS_PER_FILE }: { maxBookingsPerFile?: number } = {},
): ExportWriting {
  const { findings, include, now } = context
  const settings = datevSettingsOf(company, parameters)
  for (const field of ['consultantNumber', 'clientNumber'] as const) {
    if (settings[field] === null) findings.problem('datev_settings_missing', `datev.${field} is not set: set it on the company or in the request`, { field: `datev.${field}` })
  }
  const bookings = new DatevBookings(settings, findings, parameters.skipUnsupported)
  const segments = fiscalSegmentsOf(parameters.from, parameters.to, settings.fiscalYearStartMonth)
  const sink = new DatevFileSink(now)
  const files: DatevFileSummary[] = []
  const header = headerOf(settings, company.timeZone, now)
  let segmentIndex = 0
  let lines: string[] = []
  const counts = { bookings: 0, documents: 0, payments: 0 }

  const flush = () => {
    if (lines.length === 0) return
    sink.write(encodeDatevText(`${lines.join('\r\n')}\r\n`))
    lines = []
  }
  const startFile = (segment: FiscalSegment) => {
    flush()
    const part = files.filter((file) => file.fiscalYearStart === segment.fiscalYearStart).length + 1
    const name = `EXTF_Buchungsstapel_${yearMonthDay(segment.from)}_${yearMonthDay(segment.to)}${part > 1 ? `_${part}` : ''}.csv`
    files.push({ name, rows: 0, from: segment.from, to: segment.to, fiscalYearStart: segment.fiscalYearStart })
    sink.startFile(name)
    lines.push(header(segment), DATEV_COLUMNS.join(';'))
  }
  /** The file a booking of `date` goes into: its fiscal year's, a new one when that is full. */
  const fileFor = (date: CalendarDate, count: number) => {
    while (segments[segmentIndex]!.to < date) segmentIndex += 1
    const segment = segments[segmentIndex]!
    const current = files[files.length - 1]
    if (!current || current.fiscalYearStart !== segment.fiscalYearStart || current.rows + count > maxBookingsPerFile) startFile(segment)
    return files[files.length - 1]!
  }
  const write = (written: readonly DatevBooking[]) => {
    if (written.length === 0) return
    const file = fileFor(written[0]!.date, written.length)
    for (const booking of written) lines.push(booking.line)
    file.rows += written.length
    counts.bookings += written.length
    if (lines.length >= BATCH_LINES) flush()
  }

  const ledgerAccounts = new Map<string, string | null>()
  const ledgerAccountOf = async (customerId: string) => {
    if (!ledgerAccounts.has(customerId)) {
      if (ledgerAccounts.size >= 1000) ledgerAccounts.clear()
      ledgerAccounts.set(customerId, (await reader.customers.get(company.id, customerId))?.ledgerAccount ?? null)
    }
    return ledgerAccounts.get(customerId) ?? null
  }

  const documents = bookedDocumentRecords(reader, company.id, { from: parameters.from, to: parameters.to, documentTypes: parameters.documentTypes })
  const payments = parameters.includePayments ? paymentRecords(reader, company.id, parameters.from, parameters.to) : undefined
  for await (const next of byDate(documents, payments)) {
    if ('payment' in next) {
      const booking = bookings.ofPayment(next, await ledgerAccountOf(next.invoice.customerId))
      if (booking) {
        write([booking])
        include(next.payment.id)
        counts.payments += 1
      }
    } else {
      const written = bookings.ofDocument(next)
      if (written.length === 0) continue
      write(written)
      include(next.invoice.id)
      counts.documents += 1
    }
    if (sink.pendingSize > 0) yield* sink.take()
  }
  if (files.length === 0) startFile(segments[0]!)
  flush()
  const delivery = yield* sink.finish()
  const fileName = delivery.kind === 'csv' ? delivery.fileName : `DATEV_${yearMonthDay(parameters.from)}_${yearMonthDay(parameters.to)}.zip`
  return {
    fileName,
    contentType: delivery.kind === 'csv' ? DATEV_CSV_CONTENT_TYPE : DATEV_ZIP_CONTENT_TYPE,
    encoding: delivery.kind === 'csv' ? 'windows-1252' : 'binary',
    summary: { files, ...counts, previouslyExported: 0, skipped: bookings.skipped, warnings: findings.warnings },
  }
}

/** Documents and payments merged by date; on one day the documents come first. */
async function* byDate(documents: AsyncGenerator<InvoiceRecord>, payments: AsyncGenerator<PaymentRecord> | undefined): AsyncGenerator<InvoiceRecord | PaymentRecord> {
  if (!payments) return yield* documents
  let document = await documents.next()
  let payment = await payments.next()
  while (!document.done || !payment.done) {
    if (!document.done && (payment.done || document.value.invoice.issueDate <= payment.value.payment.paymentDate)) {
      yield document.value
      document = await documents.next()
    } else if (!payment.done) {
      yield payment.value
      payment = await payments.next()
    }
  }
}

const CHART_NUMBERS: Record<ChartOfAccounts, string> = { SKR03: '03', SKR04: '04' }

/** Header line (31 fields) of the file of one fiscal segment. */
function headerOf(settings: EffectiveDatevSettings, timeZone: string, now: Date) {
  const createdAt = timestampOf(now, timeZone)
  return (segment: FiscalSegment): string => [
    quoted('EXTF'), '700', '21', quoted('Buchungsstapel'), '13', createdAt, '', quoted(''), quoted('invoicing'), quoted(''),
    String(settings.consultantNumber ?? ''), String(settings.clientNumber ?? ''), yearMonthDay(segment.fiscalYearStart),
    String(settings.accountLength), yearMonthDay(segment.from), yearMonthDay(segment.to), quoted(descriptionOf(segment)), quoted(''),
    '1', '0', settings.lockBookings ? '1' : '0', quoted('EUR'), '', quoted(''), '', '', quoted(CHART_NUMBERS[settings.chartOfAccounts]),
    '', '', quoted(''), quoted(''),
  ].join(';')
}

/** `Rechnungsausgang 03/2026` for one month, else `Ausgang 01/2026-03/2026`. */
function descriptionOf({ from, to }: FiscalSegment): string {
  const month = (date: CalendarDate) => `${date.slice(5, 7)}/${date.slice(0, 4)}`
  return month(from) === month(to) ? `Rechnungsausgang ${month(from)}` : `Ausgang ${month(from)}-${month(to)}`
}

/** `YYYYMMDDHHMMSSFFF` of `now` in the company's time zone. */
function timestampOf(now: Date, timeZone: string): string {
  const parts = Object.fromEntries(new Intl.DateTimeFormat('en-GB', {
    timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23',
  }).formatToParts(now).map((part) => [part.type, part.value]))
  return `${parts.year}${parts.month}${parts.day}${parts.hour}${parts.minute}${parts.second}${String(now.getUTCMilliseconds()).padStart(3, '0')}`
}
