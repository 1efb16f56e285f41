/** The UN/ECE Recommendation 20 code used when a line has no unit or one not recognised: "one" (piece). */
export const DEFAULT_UNIT_CODE = 'C62'

/**
 * The UN/ECE Recommendation 20 units the engine knows, with their names in German and English:
 * the codes lines are written with and the ones Factur-X / XRechnung carry (BT-130, BR-CL-23).
 */
export const UNITS = {
  H87: { de: 'Stück', en: 'piece' },
  C62: { de: 'Einheit', en: 'one' },
  HUR: { de: 'Stunde', en: 'hour' },
  MIN: { de: 'Minute', en: 'minute' },
  DAY: { de: 'Tag', en: 'day' },
  WEE: { de: 'Woche', en: 'week' },
  MON: { de: 'Monat', en: 'month' },
  ANN: { de: 'Jahr', en: 'year' },
  KGM: { de: 'Kilogramm', en: 'kilogram' },
  GRM: { de: 'Gramm', en: 'gram' },
  TNE: { de: 'Tonne', en: 'tonne (metric ton)' },
  MTR: { de: 'Meter', en: 'metre' },
  KMT: { de: 'Kilometer', en: 'kilometre' },
  CMT: { de: 'Zentimeter', en: 'centimetre' },
  MMT: { de: 'Millimeter', en: 'millimetre' },
  MTK: { de: 'Quadratmeter', en: 'square metre' },
  MTQ: { de: 'Kubikmeter', en: 'cubic metre' },
  LTR: { de: 'Liter', en: 'litre' },
  KWH: { de: 'Kilowattstunde', en: 'kilowatt hour' },
  SET: { de: 'Satz', en: 'set' },
  PR: { de: 'Paar', en: 'pair' },
  LS: { de: 'Pauschale', en: 'lump sum' },
  P1: { de: 'Prozent', en: 'percent' },
  XPK: { de: 'Paket', en: 'package' },
} as const satisfies Record<string, { de: string; en: string }>

export type UnitCode = keyof typeof UNITS

/** Common German and English unit spellings → UN/ECE Rec. 20 codes. */
const SPELLINGS: Partial<Record<UnitCode, readonly string[]>> = {
  C62: ['stk', 'stk.', 'stück', 'st', 'st.', 'pcs', 'pc', 'piece', 'pieces', 'x', 'anzahl', 'einheit', 'unit', 'units', 'ea', 'each'],
  HUR: ['h', 'std', 'std.', 'stunde', 'stunden', 'hour', 'hours', 'hr', 'hrs'],
  MIN: ['min', 'min.', 'minute', 'minuten', 'minutes'],
  DAY: ['tag', 'tage', 'd', 'day', 'days', 'pt', 'personentag', 'personentage', 'man-day', 'man-days'],
  WEE: ['woche', 'wochen', 'week', 'weeks', 'wk'],
  MON: ['monat', 'monate', 'month', 'months', 'mon'],
  ANN: ['jahr', 'jahre', 'year', 'years', 'yr'],
  KGM: ['kg', 'kilogramm', 'kilogram'],
  GRM: ['g', 'gramm', 'gram'],
  TNE: ['t', 'tonne', 'tonnen', 'tonnes'],
  MTR: ['m', 'meter', 'metre', 'meters', 'metres', 'lfm'],
  KMT: ['km', 'kilometer', 'kilometre'],
  CMT: ['cm', 'zentimeter', 'centimetre'],
  MMT: ['mm', 'millimeter', 'millimetre'],
  MTK: ['m2', 'm²', 'qm', 'quadratmeter', 'square metre'],
  MTQ: ['m3', 'm³', 'cbm', 'kubikmeter', 'cubic metre'],
  LTR: ['l', 'liter', 'litre', 'litres', 'liters'],
  KWH: ['kwh'],
  LS: ['pauschal', 'pausch.', 'psch', 'psch.', 'pauschale', 'flat', 'flat rate', 'lump sum', 'ls'],
  SET: ['set', 'sets', 'satz'],
  PR: ['paar', 'pair', 'pairs'],
  XPK: ['paket', 'pakete', 'packung', 'package', 'pack', 'pkg'],
}

const UNIT_CODES: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(SPELLINGS).flatMap(([code, spellings]) => spellings.map((spelling) => [spelling, code])),
)

const KNOWN_CODES: ReadonlySet<string> = new Set(Object.keys(UNITS))

/**
 * The UN/ECE Rec. 20 code of a line's free-text unit ("h", "Stk", "kg", "pauschal"); a unit
 * already written as one of the codes above is kept; anything else is C62 ("one").
 */
export function unitCodeOf(unit: string | null): string {
  const text = unit?.trim() ?? ''
  if (text === '') return DEFAULT_UNIT_CODE
  const code = UNIT_CODES[text.toLowerCase()]
  if (code) return code
  const upper = text.toUpperCase()
  return KNOWN_CODES.has(upper) ? upper : DEFAULT_UNIT_CODE
}
