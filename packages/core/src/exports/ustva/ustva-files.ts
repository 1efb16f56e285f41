import { stringify } from 'csv-stringify/sync'
import { CSV_CONTENT_TYPE } from '../csv'
import { CSV_DIALECT_RULES } from '../csv/csv-dialects'
import { BALANCE_KENNZAHL, INPUT_TAX_KENNZAHL } from './kennzahlen'
import { jsonTextOf, type Money, type ReportValue } from './report-values'
import type { UstvaReport } from './ustva-report'

export const USTVA_FORMATS = ['json', 'csv'] as const
export type UstvaFormat = (typeof USTVA_FORMATS)[number]

export const USTVA_CONTENT_TYPES: { readonly [F in UstvaFormat]: string } = {
  json: 'application/json',
  csv: CSV_CONTENT_TYPE,
}

export const USTVA_CSV_HEADER = ['kz', 'bezeichnung', 'bemessungsgrundlage', 'bemessungsgrundlage_volle_euro', 'steuer', 'steuer_nach_satz', 'belege'] as const

/** The report as a JSON document (UTF-8, amounts with two decimals, a final line break). */
export const ustvaJsonText = (report: UstvaReport): string => `${jsonTextOf(report as unknown as ReportValue)}\n`

/**
 * The report as CSV in the excel-de dialect (UTF-8 with BOM, `;`, decimal comma, CRLF): one
 * row per Kennzahl with a value, then Kz 66 and Kz 83 when the input tax was given.
 */
export function ustvaCsvText(report: UstvaReport): string {
  const rules = CSV_DIALECT_RULES['excel-de']
  const amount = (value: Money | null): string => (value === null ? '' : rules.decimal(value.text))
  const rows: string[][] = report.kennzahlen.map((figures) => [
    figures.kz, figures.label, amount(figures.base), String(figures.baseWholeEuros), amount(figures.tax), amount(figures.taxAtStatutoryRate),
    String(figures.documentCount),
  ])
  if (report.inputTax !== null) rows.push([INPUT_TAX_KENNZAHL.kz, INPUT_TAX_KENNZAHL.label, '', '', amount(report.inputTax), '', ''])
  if (report.kz83 !== null) rows.push([BALANCE_KENNZAHL.kz, BALANCE_KENNZAHL.label, '', '', amount(report.kz83), '', ''])
  const text = stringify([[...USTVA_CSV_HEADER], ...rows], { delimiter: rules.delimiter, record_delimiter: '\r\n', quote: '"', escape: '"', eof: true })
  return rules.bom ? `\uFEFF${text}` : text
}
