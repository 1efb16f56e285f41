/*
 * Line 1 of a Buchungsstapel: 31 fields, each with DATEV's expression (as the format checker
 * reads it) and whether it is text (quoted). The expressions are those of DATEV's
 * Formatbeschreibung, narrowed to what a Buchungsstapel 700/21/13 holds; DATEV's own sample
 * header matches every one.
 */

export interface DatevHeaderField {
  name: string
  quoted: boolean
  /** The value without its quotes. */
  pattern: RegExp
}

const text = (name: string, pattern: RegExp): DatevHeaderField => ({ name, quoted: true, pattern })
const numeric = (name: string, pattern: RegExp): DatevHeaderField => ({ name, quoted: false, pattern })
const EMPTY = /^$/
const DATE = /^\d{8}$/

export const DATEV_HEADER_FIELDS: readonly DatevHeaderField[] = [
  text('Kennzeichen', /^EXTF$/),
  numeric('Versionsnummer', /^700$/),
  numeric('Formatkategorie', /^21$/),
  text('Formatname', /^Buchungsstapel$/),
  numeric('Formatversion', /^13$/),
  numeric('Erzeugt am', /^\d{17}$/),
  numeric('Importiert', EMPTY),
  text('Herkunft', /^[A-Za-z0-9]{0,2}$/),
  text('Exportiert von', /^[^"]{0,25}$/),
  text('Importiert von', /^[^"]{0,25}$/),
  numeric('Beraternummer', /^(100[1-9]|10[1-9]\d|1[1-9]\d{2}|[2-9]\d{3}|[1-9]\d{4,6})$/),
  numeric('Mandantennummer', /^[1-9]\d{0,4}$/),
  numeric('WJ-Beginn', DATE),
  numeric('Sachkontenlänge', /^[4-8]$/),
  numeric('Datum von', DATE),
  numeric('Datum bis', DATE),
  text('Bezeichnung', /^[\w.\-/ ]{0,30}$/),
  text('Diktatkürzel', /^[A-Za-z0-9]{0,2}$/),
  numeric('Buchungstyp', /^[12]$/),
  numeric('Rechnungslegungszweck', /^\d{0,2}$/),
  numeric('Festschreibung', /^[01]$/),
  text('WKZ', /^[A-Z]{3}$/),
  numeric('reserviert', EMPTY),
  text('Derivatskennzeichen', EMPTY),
  numeric('reserviert', EMPTY),
  numeric('reserviert', EMPTY),
  text('Sachkontenrahmen', /^\d{2}$/),
  numeric('ID der Branchenlösung', /^\d{0,4}$/),
  numeric('reserviert', EMPTY),
  text('reserviert', EMPTY),
  text('Anwendungsinformation', /^[^"]{0,16}$/),
]

export const DATEV_HEADER_FIELD_COUNT = 31

/** Header field numbers (1-based) the export reads back: the period and the chart. */
export const DATEV_HEADER_FIELD = {
  fiscalYearStart: 13,
  accountLength: 14,
  from: 15,
  to: 16,
  chartOfAccounts: 27,
} as const
