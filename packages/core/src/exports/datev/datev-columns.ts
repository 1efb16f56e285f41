/*
 * The layout of a DATEV Buchungsstapel (EXTF, Versionsnummer 700, Formatkategorie 21,
 * Formatversion 13) as data: the 125 column names of line 2, verbatim as in DATEV's own sample
 * (including its inconsistent `Zusatzinformation - Art` / `Zusatzinformation- Inhalt`), and
 * which columns are text (written in quotes). The writer and the format checker both read
 * these tables.
 */

const numbered = (count: number, ...names: ((n: number) => string)[]): string[] =>
  Array.from({ length: count }, (_, index) => names.map((name) => name(index + 1))).flat()

/** Line 2 of every Buchungsstapel: field n of a booking is `DATEV_COLUMNS[n - 1]`. */
export const DATEV_COLUMNS: readonly string[] = [
  'Umsatz (ohne Soll/Haben-Kz)', 'Soll/Haben-Kennzeichen', 'WKZ Umsatz', 'Kurs', 'Basis-Umsatz', 'WKZ Basis-Umsatz', 'Konto',
  'Gegenkonto (ohne BU-Schlüssel)', 'BU-Schlüssel', 'Belegdatum', 'Belegfeld 1', 'Belegfeld 2', 'Skonto', 'Buchungstext', 'Postensperre',
  'Diverse Adressnummer', 'Geschäftspartnerbank', 'Sachverhalt', 'Zinssperre', 'Beleglink',
  ...numbered(8, (n) => `Beleginfo - Art ${n}`, (n) => `Beleginfo - Inhalt ${n}`),
  'KOST1 - Kostenstelle', 'KOST2 - Kostenstelle', 'Kost-Menge', 'EU-Land u. UStID (Bestimmung)', 'EU-Steuersatz (Bestimmung)',
  'Abw. Versteuerungsart', 'Sachverhalt L+L', 'Funktionsergänzung L+L', 'BU 49 Hauptfunktionstyp', 'BU 49 Hauptfunktionsnummer',
  'BU 49 Funktionsergänzung',
  ...numbered(20, (n) => `Zusatzinformation - Art ${n}`, (n) => `Zusatzinformation- Inhalt ${n}`),
  'Stück', 'Gewicht', 'Zahlweise', 'Forderungsart', 'Veranlagungsjahr', 'Zugeordnete Fälligkeit', 'Skontotyp', 'Auftragsnummer',
  'Buchungstyp', 'USt-Schlüssel (Anzahlungen)', 'EU-Land (Anzahlungen)', 'Sachverhalt L+L (Anzahlungen)', 'EU-Steuersatz (Anzahlungen)',
  'Erlöskonto (Anzahlungen)', 'Herkunft-Kz', 'Buchungs GUID', 'KOST-Datum', 'SEPA-Mandatsreferenz', 'Skontosperre', 'Gesellschaftername',
  'Beteiligtennummer', 'Identifikationsnummer', 'Zeichnernummer', 'Postensperre bis', 'Bezeichnung SoBil-Sachverhalt',
  'Kennzeichen SoBil-Buchung', 'Festschreibung', 'Leistungsdatum', 'Datum Zuord. Steuerperiode', 'Fälligkeit', 'Generalumkehr (GU)',
  'Steuersatz', 'Land', 'Abrechnungsreferenz', 'BVV-Position', 'EU-Land u. UStID (Ursprung)', 'EU-Steuersatz (Ursprung)', 'Abw. Skontokonto',
]

export const DATEV_COLUMN_COUNT = 125

/** The most bookings DATEV takes in one file. */
export const MAX_DATEV_BOOKINGS_PER_FILE = 99_999

/** Field numbers (1-based) in ranges, e.g. `[[20, 38], [40]]`. */
const fieldsIn = (...ranges: ([number] | [number, number])[]): Set<number> =>
  new Set(ranges.flatMap(([first, last = first]) => Array.from({ length: last - first + 1 }, (_, index) => first + index)))

/**
 * Text columns: DATEV's expression of the field contains `["]`, so the field is written in
 * quotes (empty: `""`); every other column is numeric and written bare (empty: nothing).
 */
export const DATEV_QUOTED_FIELDS: ReadonlySet<number> = fieldsIn(
  [2], [3], [6], [9], [11], [12], [14], [16], [20, 38], [40], [42], [48, 87], [91], [95], [96], [98], [102], [103], [105], [107],
  [108], [109], [110], [112], [118], [120], [121], [123],
)

/**
 * Numeric columns DATEV's own sample also writes quoted at least once (Zinssperre,
 * Funktionsergänzung L+L, Beteiligtennummer): a checker accepts them either way.
 */
export const DATEV_EITHER_QUOTED_FIELDS: ReadonlySet<number> = fieldsIn([19], [44], [108])

/** The field numbers the export fills (1-based); every other field is left empty. */
export const DATEV_FIELD = {
  amount: 1,
  debitCredit: 2,
  currency: 3,
  account: 7,
  contraAccount: 8,
  buKey: 9,
  documentDate: 10,
  documentField1: 11,
  postingText: 14,
  euCountryAndVatId: 40,
  euTaxRate: 41,
  locked: 114,
  serviceDate: 115,
  dueDate: 117,
} as const
