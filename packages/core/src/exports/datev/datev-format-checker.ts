import { DATEV_REVENUE_ACCOUNTS } from '../../companies'
import { decodeWindows1252 } from '../encoding/windows-1252'
import { DATEV_COLUMN_COUNT, DATEV_COLUMNS, DATEV_EITHER_QUOTED_FIELDS, DATEV_FIELD, DATEV_QUOTED_FIELDS, MAX_DATEV_BOOKINGS_PER_FILE } from './datev-columns'
import { DATEV_HEADER_FIELD, DATEV_HEADER_FIELD_COUNT, DATEV_HEADER_FIELDS } from './datev-header'
import { DOCUMENT_FIELD_1 } from './datev-text'

/*
 * A checker of DATEV Buchungsstapel files (EXTF 700/21/13), built from the tables the writer
 * uses: header expressions, column names, quoting per column, and the expressions of the
 * fields the format constrains. It reads a file as DATEV's import does and reports what would
 * make DATEV refuse it or book it wrongly. Calibrated on DATEV's own sample file, whose
 * quirks it accepts: amounts with fewer than two decimals, and numeric fields 19, 44 and 108
 * sometimes quoted.
 */

export interface DatevFinding {
  /** 1-based; 0 for the file as a whole. */
  line: number
  /** 1-based field of the line; absent for the line or file as a whole. */
  field?: number
  code: DatevFindingCode
  message: string
}

export type DatevFindingCode =
  | 'bom' | 'encoding' | 'line_end' | 'too_many_rows' | 'field_count' | 'quoting' | 'control_character' | 'header_field'
  | 'column_name' | 'amount' | 'date' | 'account' | 'document_field_1' | 'debit_credit' | 'bu_key_on_automatic_account'
  | 'festschreibung' | 'invalid_value' | 'period' | 'file_name'

export interface DatevCheckOptions {
  /**
   * How the text is stored: `windows-1252` (DATEV's import default, what the export writes) or
   * `utf-8` (DATEV's sample file as published). Default `windows-1252`.
   */
  encoding?: 'windows-1252' | 'utf-8'
  /** The line end every line must have, the last included: `CRLF` (default), or `LF` for a copy whose line ends were converted. */
  lineEnd?: 'CRLF' | 'LF'
  /** The file's name: DATEV's batch import lists only `EXTF_….csv`. */
  fileName?: string
}

/** Bytes Windows-1252 does not map: a file holding one is not Windows-1252 text. */
const UNMAPPED_WINDOWS_1252 = new Set([0x81, 0x8d, 0x8f, 0x90, 0x9d])
const CONTROL = /[\u0000-\u001f\u007f]/

/** DATEV's own grammar of an amount; the export writes the stricter `^\d{1,10},\d{2}$`. */
const AMOUNT = /^\d{1,10}(,\d{1,2})?$/
const NUMERIC = /^\d*(,\d+)?$/
const DAY_MONTH = /^(\d{2})(\d{2})$/
const DAY_MONTH_YEAR = /^(\d{2})(\d{2})(\d{4})$/

/**
 * BU keys that only switch or reverse DATEV's automatic (40: Aufhebung der Automatik; 20:
 * Generalumkehr without tax key): the keys DATEV takes on an automatic account. Any key
 * naming a tax is refused there (REW00305).
 */
const KEYS_ON_AUTOMATIC_ACCOUNTS: ReadonlySet<string> = new Set(['20', '40'])

/** Automatic revenue accounts by header field 27. */
const AUTOMATIC_ACCOUNTS: Readonly<Record<string, ReadonlySet<string>>> = {
  '03': new Set(Object.values(DATEV_REVENUE_ACCOUNTS.SKR03)),
  '04': new Set(Object.values(DATEV_REVENUE_ACCOUNTS.SKR04)),
}

interface ParsedField {
  value: string
  quoted: boolean
}

/** The findings of a DATEV Buchungsstapel file; none means the checker found nothing wrong. */
export function checkDatevFile(bytes: Uint8Array, options: DatevCheckOptions = {}): DatevFinding[] {
  const findings: DatevFinding[] = []
  const add = (line: number, field: number | undefined, code: DatevFindingCode, message: string) =>
    findings.push({ line, ...(field !== undefined ? { field } : {}), code, message })
  const encoding = options.encoding ?? 'windows-1252'
  const lineEnd = options.lineEnd === 'LF' ? '\n' : '\r\n'

  if (options.fileName !== undefined && !/^EXTF_.*\.csv$/.test(options.fileName)) {
    add(0, undefined, 'file_name', `${options.fileName}: DATEV's batch import lists only files named EXTF_….csv`)
  }
  let body = bytes
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    add(1, undefined, 'bom', 'The file starts with a UTF-8 byte order mark: DATEV reads it as part of the first field')
    body = bytes.subarray(3)
  }
  const text = decode(body, encoding, (message) => add(0, undefined, 'encoding', message))
  if (text === null) return findings

  const lines = text.split(lineEnd)
  const last = lines.pop()
  if (last !== '') add(lines.length + 1, undefined, 'line_end', `The last line does not end with ${options.lineEnd ?? 'CRLF'}`)
  if (last) lines.push(last)
  lines.forEach((line, index) => {
    if (lineEnd === '\r\n' ? /\r|\n/.test(line) : line.includes('\r')) add(index + 1, undefined, 'line_end', `Line ${index + 1} contains a line end other than ${options.lineEnd ?? 'CRLF'}`)
  })

  const [headerLine = '', columnLine = '', ...bookingLines] = lines
  const header = checkHeader(headerLine, add)
  checkColumnNames(columnLine, add)
  if (bookingLines.length > MAX_DATEV_BOOKINGS_PER_FILE) {
    add(0, undefined, 'too_many_rows', `${bookingLines.length} bookings; DATEV takes at most ${MAX_DATEV_BOOKINGS_PER_FILE} per file`)
  }
  bookingLines.forEach((line, index) => checkBooking(line, index + 3, header, add))
  return findings
}

type Add = (line: number, field: number | undefined, code: DatevFindingCode, message: string) => void

/** What the bookings are checked against: the file's period, account length and chart. */
interface HeaderFacts {
  fiscalYearStart: Date | null
  from: Date | null
  to: Date | null
  accountLength: number
  automaticAccounts: ReadonlySet<string>
}

function decode(bytes: Uint8Array, encoding: 'windows-1252' | 'utf-8', report: (message: string) => void): string | null {
  if (encoding === 'utf-8') {
    try {
      return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
    } catch {
      report('The file is not valid UTF-8')
      return null
    }
  }
  const unmapped = bytes.findIndex((byte) => UNMAPPED_WINDOWS_1252.has(byte))
  if (unmapped >= 0) {
    report(`Byte 0x${bytes[unmapped]!.toString(16)} at offset ${unmapped} is no Windows-1252 character`)
    return null
  }
  return decodeWindows1252(bytes)
}

/** The fields of a line, DATEV's way: `;` between fields, text in `"` with `""` for a quote. Null when the quoting is broken. */
function fieldsOf(line: string): ParsedField[] | null {
  const fields: ParsedField[] = []
  let position = 0
  for (;;) {
    if (line[position] === '"') {
      let value = ''
      let index = position + 1
      for (;;) {
        const quote = line.indexOf('"', index)
        if (quote < 0) return null
        value += line.slice(index, quote)
        if (line[quote + 1] === '"') {
          value += '"'
          index = quote + 2
          continue
        }
        position = quote + 1
        break
      }
      fields.push({ value, quoted: true })
    } else {
      const end = line.indexOf(';', position)
      const value = end < 0 ? line.slice(position) : line.slice(position, end)
      if (value.includes('"')) return null
      fields.push({ value, quoted: false })
      position = end < 0 ? line.length : end
    }
    if (position >= line.length) return fields
    if (line[position] !== ';') return null
    position += 1
    if (position === line.length) {
      fields.push({ value: '', quoted: false })
      return fields
    }
  }
}

function checkHeader(line: string, add: Add): HeaderFacts {
  const facts: HeaderFacts = { fiscalYearStart: null, from: null, to: null, accountLength: 4, automaticAccounts: new Set() }
  const fields = fieldsOf(line)
  if (!fields) {
    add(1, undefined, 'quoting', 'The header line\'s quotes are unbalanced')
    return facts
  }
  if (fields.length !== DATEV_HEADER_FIELD_COUNT) add(1, undefined, 'field_count', `The header has ${fields.length} fields, not ${DATEV_HEADER_FIELD_COUNT}`)
  DATEV_HEADER_FIELDS.forEach((expected, index) => {
    const field = fields[index]
    if (!field) return
    const number = index + 1
    if (field.quoted !== expected.quoted) add(1, number, 'quoting', `Header field ${number} (${expected.name}) must be ${expected.quoted ? 'quoted' : 'unquoted'}`)
    if (!expected.pattern.test(field.value)) add(1, number, 'header_field', `Header field ${number} (${expected.name}) "${field.value}" does not match ${expected.pattern}`)
  })
  const value = (number: number) => fields[number - 1]?.value ?? ''
  const date = (number: number) => {
    const parsed = /^(\d{4})(\d{2})(\d{2})$/.exec(value(number))
    const valid = parsed && validDate(Number(parsed[1]), Number(parsed[2]), Number(parsed[3]))
    if (!valid && value(number) !== '') add(1, number, 'date', `Header field ${number} (${DATEV_HEADER_FIELDS[number - 1]!.name}) is no date YYYYMMDD`)
    return valid || null
  }
  facts.fiscalYearStart = date(DATEV_HEADER_FIELD.fiscalYearStart)
  facts.from = date(DATEV_HEADER_FIELD.from)
  facts.to = date(DATEV_HEADER_FIELD.to)
  facts.accountLength = Number(value(DATEV_HEADER_FIELD.accountLength)) || 4
  facts.automaticAccounts = AUTOMATIC_ACCOUNTS[value(DATEV_HEADER_FIELD.chartOfAccounts)] ?? new Set()
  const { fiscalYearStart, from, to } = facts
  if (fiscalYearStart && from && to) {
    const fiscalYearEnd = new Date(Date.UTC(fiscalYearStart.getUTCFullYear() + 1, fiscalYearStart.getUTCMonth(), 1) - 86_400_000)
    if (from < fiscalYearStart || to > fiscalYearEnd || from > to) {
      add(1, DATEV_HEADER_FIELD.from, 'period', 'Datum von..Datum bis must lie inside the fiscal year that starts at WJ-Beginn')
    }
  }
  return facts
}

function checkColumnNames(line: string, add: Add): void {
  const names = line.split(';')
  if (names.length !== DATEV_COLUMN_COUNT) add(2, undefined, 'field_count', `Line 2 has ${names.length} column names, not ${DATEV_COLUMN_COUNT}`)
  DATEV_COLUMNS.forEach((name, index) => {
    if (names[index] !== undefined && names[index] !== name) add(2, index + 1, 'column_name', `Column ${index + 1} is "${names[index]}", not "${name}"`)
  })
}

function checkBooking(line: string, lineNumber: number, header: HeaderFacts, add: Add): void {
  const fields = fieldsOf(line)
  if (!fields) {
    add(lineNumber, undefined, 'quoting', 'The line\'s quotes are unbalanced')
    return
  }
  if (fields.length !== DATEV_COLUMN_COUNT) {
    add(lineNumber, undefined, 'field_count', `${fields.length} fields, not ${DATEV_COLUMN_COUNT}`)
    return
  }
  const at = (field: number) => fields[field - 1]!.value
  const fail = (field: number, code: DatevFindingCode, message: string) => add(lineNumber, field, code, `Field ${field} (${DATEV_COLUMNS[field - 1]}): ${message}`)

  fields.forEach((field, index) => {
    const number = index + 1
    const quoted = DATEV_QUOTED_FIELDS.has(number)
    if (field.quoted !== quoted && !DATEV_EITHER_QUOTED_FIELDS.has(number)) fail(number, 'quoting', quoted ? 'text, must be quoted' : 'numeric, must not be quoted')
    if (CONTROL.test(field.value)) fail(number, 'control_character', 'contains a control character (line break, tab)')
    if (!quoted && !field.quoted && !NUMERIC.test(field.value)) fail(number, 'invalid_value', `"${field.value}" is not numeric`)
  })

  if (!AMOUNT.test(at(DATEV_FIELD.amount))) fail(DATEV_FIELD.amount, 'amount', `"${at(DATEV_FIELD.amount)}" is no amount (up to 10 digits, decimal comma, no sign)`)
  if (!/^[SH]$/.test(at(DATEV_FIELD.debitCredit))) fail(DATEV_FIELD.debitCredit, 'debit_credit', 'must be S or H')
  const accountPattern = new RegExp(`^\\d{1,${header.accountLength + 1}}$`)
  for (const field of [DATEV_FIELD.account, DATEV_FIELD.contraAccount]) {
    if (!accountPattern.test(at(field))) fail(field, 'account', `"${at(field)}" is no account of at most ${header.accountLength + 1} digits`)
  }
  const buKey = at(DATEV_FIELD.buKey)
  if (!/^\d{0,4}$/.test(buKey)) fail(DATEV_FIELD.buKey, 'invalid_value', `"${buKey}" is no BU key`)
  const automatic = [DATEV_FIELD.account, DATEV_FIELD.contraAccount].find((field) => header.automaticAccounts.has(at(field)))
  if (buKey !== '' && automatic !== undefined && !KEYS_ON_AUTOMATIC_ACCOUNTS.has(buKey)) {
    fail(DATEV_FIELD.buKey, 'bu_key_on_automatic_account', `BU key ${buKey} on automatic account ${at(automatic)}: DATEV refuses a tax key there (REW00305)`)
  }
  checkDocumentDate(at(DATEV_FIELD.documentDate), header, (message) => fail(DATEV_FIELD.documentDate, 'date', message), (message) => fail(DATEV_FIELD.documentDate, 'period', message))
  if (!DOCUMENT_FIELD_1.test(at(DATEV_FIELD.documentField1))) fail(DATEV_FIELD.documentField1, 'document_field_1', 'at most 36 of A–Z, a–z, 0–9, $&%*+-/_')
  if ([...at(DATEV_FIELD.postingText)].length > 60) fail(DATEV_FIELD.postingText, 'invalid_value', 'longer than 60 characters')
  if (!/^([A-Z]{2}[A-Za-z0-9+*]{0,13})?$/.test(at(DATEV_FIELD.euCountryAndVatId))) fail(DATEV_FIELD.euCountryAndVatId, 'invalid_value', 'no country code with VAT id')
  if (!/^(\d{1,2},\d{2})?$/.test(at(DATEV_FIELD.euTaxRate))) fail(DATEV_FIELD.euTaxRate, 'invalid_value', 'no tax rate like 21,00')
  if (!/^[01]$/.test(at(DATEV_FIELD.locked))) fail(DATEV_FIELD.locked, 'festschreibung', 'must be 0 or 1: an empty Festschreibung locks the batch for good')
  for (const field of [DATEV_FIELD.serviceDate, 116, DATEV_FIELD.dueDate]) {
    const value = at(field)
    const parsed = DAY_MONTH_YEAR.exec(value)
    if (value !== '' && !(parsed && validDate(Number(parsed[3]), Number(parsed[2]), Number(parsed[1])))) fail(field, 'date', `"${value}" is no date DDMMYYYY`)
  }
}

/** Belegdatum `DDMM`: a day of the file's period, the year read from the fiscal year. */
function checkDocumentDate(value: string, header: HeaderFacts, invalid: (message: string) => void, outside: (message: string) => void): void {
  const parsed = DAY_MONTH.exec(value)
  if (!parsed) return invalid(`"${value}" is no date DDMM`)
  const [day, month] = [Number(parsed[1]), Number(parsed[2])]
  const { fiscalYearStart, from, to } = header
  if (!fiscalYearStart) return void (validDate(2000, month, day) || invalid(`"${value}" is no date DDMM`))
  const year = fiscalYearStart.getUTCFullYear() + (month - 1 < fiscalYearStart.getUTCMonth() ? 1 : 0)
  const date = validDate(year, month, day)
  if (!date) return invalid(`"${value}" is no day of ${year}`)
  if ((from && date < from) || (to && date > to)) outside(`${value} lies outside Datum von..Datum bis of the header`)
}

function validDate(year: number, month: number, day: number): Date | false {
  const date = new Date(Date.UTC(year, month - 1, day))
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? date : false
}
