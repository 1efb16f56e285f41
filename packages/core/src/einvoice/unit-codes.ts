/** The UN/ECE Recommendation 20 code used when a line has no unit or one not recognised: "one" (piece). */
export const DEFAULT_UNIT_CODE = 'C62'

/** Common German and English unit spellings → UN/ECE Rec. 20 codes (BT-130, BR-CL-23). */
const UNIT_CODES: Readonly<Record<string, string>> = Object.fromEntries(Object.entries({
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
}).flatMap(([code, spellings]) => spellings.map((spelling) => [spelling, code])))

const KNOWN_CODES: ReadonlySet<string> = new Set(Object.values(UNIT_CODES))

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
