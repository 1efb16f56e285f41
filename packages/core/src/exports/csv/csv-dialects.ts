import type { Cell } from './csv-cells'

export const CSV_DIALECTS = ['rfc4180', 'excel-de'] as const
export type CsvDialect = (typeof CSV_DIALECTS)[number]

/** How one dialect writes a file: separators, byte order mark, and how typed cells look. */
export interface CsvDialectRules {
  delimiter: string
  /** UTF-8 byte order mark first: Excel reads a file without one as Windows-1252. */
  bom: boolean
  decimal: (value: string) => string
  date: (value: string) => string
  timestamp: (value: string, timeZone: string) => string
}

/** `DD.MM.YYYY` of `YYYY-MM-DD`. */
const germanDate = (value: string): string => `${value.slice(8, 10)}.${value.slice(5, 7)}.${value.slice(0, 4)}`

/** `DD.MM.YYYY HH:MM:SS` in the company's time zone: how a German Excel reads a date with time. */
function germanTimestamp(value: string, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23',
  }).formatToParts(new Date(value))
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((each) => each.type === type)?.value ?? ''
  return `${part('day')}.${part('month')}.${part('year')} ${part('hour')}:${part('minute')}:${part('second')}`
}

const unchanged = (value: string): string => value

export const CSV_DIALECT_RULES: { readonly [D in CsvDialect]: CsvDialectRules } = {
  rfc4180: { delimiter: ',', bom: false, decimal: unchanged, date: unchanged, timestamp: unchanged },
  'excel-de': { delimiter: ';', bom: true, decimal: (value) => value.replace('.', ','), date: germanDate, timestamp: germanTimestamp },
}

/**
 * The text of a cell in a dialect: null is an empty field, booleans `true`/`false`. Text is
 * written as it is, also with a leading `=`, `+`, `-` or `@`: the file must give back exactly
 * what was stored, so formula-looking values are not prefixed (spreadsheet users import as text).
 */
export function cellText(cell: Cell, rules: CsvDialectRules, timeZone: string): string {
  if (cell === null) return ''
  if (typeof cell === 'boolean') return cell ? 'true' : 'false'
  if (typeof cell === 'string') return cell
  switch (cell.kind) {
    case 'money':
    case 'decimal':
      return rules.decimal(cell.value)
    case 'date':
      return rules.date(cell.value)
    case 'timestamp':
      return rules.timestamp(cell.value, timeZone)
  }
}
