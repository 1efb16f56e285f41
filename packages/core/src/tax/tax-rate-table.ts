import type { CalendarDate } from '../shared/calendar-date'

/** The VAT rates of one country on one day, in percent, as decimal strings. */
export interface TaxRates {
  standard: string
  /** Reduced rates of 5 % and more (parking rates included), lowest first. */
  reduced: string[]
  /** The rate below 5 %, if the country has one. */
  superReduced: string | null
  /** Whether the country zero-rates some domestic supplies (0 % with the right to deduct). */
  zero: boolean
}

/** Rates in force from `from` until the next period of the same country begins. */
export interface RatePeriod extends Readonly<Omit<TaxRates, 'reduced'>> {
  from: CalendarDate
  /** The reduced rates as the EU's tables list them (parking rates only where they are reduced rates too). */
  reduced: readonly string[]
  /**
   * The parking rate (a rate of 12 % or more kept under Art. 118 of the VAT Directive), where the
   * country has one. It counts among the reduced rates when rates are looked up.
   */
  parking?: string
}

/** The table starts here; earlier dates have no rates (callers must give a rate). */
export const RATE_TABLE_START: CalendarDate = '2020-01-01'

/*
 * VAT rates of the EU-27 plus CH, GB, LI and NO, as of 2026-11-22.
 *
 * Sources, checked on 2026-11-22:
 * - European Commission, DG TAXUD, "Taxes in Europe Database" (TEDB), VAT rates
 *   (https://ec.europa.eu/taxation_customs/tedb/), read through the daily mirror
 *   github.com/vatnode/eu-vat-rates-data (current rates as of 2026-08-22, standard-rate
 *   history 2016 to 2026-09-23). Nothing after 2026-08-22 was in the sources.
 * - European Commission, "VAT rates applied in the Member States of the European Union"
 *   (taxation-customs.ec.europa.eu, last edition 2021-06) for rates before TEDB's history.
 * - National announcements for the dated changes (noted on each period): BMF (DE), BMF (AT),
 *   Vero (FI), EMTA (EE), Finanční správa (CZ), ANAF (RO), Finančná správa (SK), VRS (LT),
 *   AEAT (ES), HMRC (GB), Skatteetaten (NO), ESTV/AFC (CH).
 *
 * - Parking rates: European Commission, "VAT rates applied in the Member States of the European
 *   Union" and Your Europe, "VAT rates" (europa.eu/youreurope/business/vat-customs/buy-sell/
 *   vat-rates): AT 13, BE 12, IE 13.5, LU 14 (13 in 2023), PT 13, each unchanged since 2020.
 *   unv.: that AT, BE, IE and PT keep their parking rate after the 2022 reform of Annex III
 *   (Directive (EU) 2022/542) was not checked against a primary source.
 * - LI: Liechtenstein applies the Swiss rates by the VAT treaty with Switzerland of 1994-10-28
 *   (named in the Liechtenstein MWSTG); its periods repeat CH's. Checked against
 *   liechtenstein-business.li, "MWST" (7.7 / 3.7 / 2.5 % before 2024); the 2024 change follows
 *   CH's (ESTV).
 *
 * Mainland rates only: regional rates (Corsica and the French overseas departments, Madeira
 * and the Azores, the Greek islands, Jungholz and Mittelberg, Büsingen) are not listed.
 * Northern Ireland (XI) is out of scope. Each period repeats all of the country's rates, so a
 * period reads on its own.
 */
export const RATE_TABLE: Readonly<Record<string, readonly RatePeriod[]>> = {
  AT: [
    { from: '2020-01-01', standard: '20', reduced: ['10', '13'], parking: '13', superReduced: null, zero: false },
    // 5 % for restaurants, hotels, culture and publications (COVID), until 2021-12-31.
    { from: '2020-07-01', standard: '20', reduced: ['5', '10', '13'], parking: '13', superReduced: null, zero: false },
    { from: '2022-01-01', standard: '20', reduced: ['10', '13'], parking: '13', superReduced: null, zero: false },
    // 0 % on photovoltaic modules, 2024 and 2025.
    { from: '2024-01-01', standard: '20', reduced: ['10', '13'], parking: '13', superReduced: null, zero: true },
    { from: '2026-01-01', standard: '20', reduced: ['10', '13'], parking: '13', superReduced: null, zero: false },
    // 4.9 % on a list of basic foods.
    { from: '2026-07-01', standard: '20', reduced: ['10', '13'], parking: '13', superReduced: '4.9', zero: false },
  ],
  BE: [
    { from: '2020-01-01', standard: '21', reduced: ['6', '12'], parking: '12', superReduced: null, zero: true },
  ],
  BG: [
    { from: '2020-01-01', standard: '20', reduced: ['9'], superReduced: null, zero: false },
    // 0 % on bread and flour, until 2024-12-31.
    { from: '2022-07-01', standard: '20', reduced: ['9'], superReduced: null, zero: true },
    { from: '2025-01-01', standard: '20', reduced: ['9'], superReduced: null, zero: false },
  ],
  CH: [
    { from: '2020-01-01', standard: '7.7', reduced: ['2.5', '3.7'], superReduced: null, zero: false },
    // Reduced 2.5 → 2.6, accommodation 3.7 → 3.8.
    { from: '2024-01-01', standard: '8.1', reduced: ['2.6', '3.8'], superReduced: null, zero: false },
  ],
  CY: [
    { from: '2020-01-01', standard: '19', reduced: ['5', '9'], superReduced: null, zero: false },
    // 0 % on bread, milk, eggs, baby food and hygiene products.
    { from: '2023-05-05', standard: '19', reduced: ['5', '9'], superReduced: null, zero: true },
    // 3 % on books, press, aids for people with disabilities and some services.
    { from: '2023-07-21', standard: '19', reduced: ['5', '9'], superReduced: '3', zero: true },
  ],
  CZ: [
    { from: '2020-01-01', standard: '21', reduced: ['10', '15'], superReduced: null, zero: false },
    // 10 % and 15 % merged into 12 %; books zero-rated.
    { from: '2024-01-01', standard: '21', reduced: ['12'], superReduced: null, zero: true },
  ],
  DE: [
    { from: '2020-01-01', standard: '19', reduced: ['7'], superReduced: null, zero: false },
    // Temporary cut (Zweites Corona-Steuerhilfegesetz), until 2020-12-31.
    { from: '2020-07-01', standard: '16', reduced: ['5'], superReduced: null, zero: false },
    { from: '2021-01-01', standard: '19', reduced: ['7'], superReduced: null, zero: false },
    // 0 % on photovoltaic systems (§ 12 Abs. 3 UStG).
    { from: '2023-01-01', standard: '19', reduced: ['7'], superReduced: null, zero: true },
  ],
  DK: [
    { from: '2020-01-01', standard: '25', reduced: [], superReduced: null, zero: true },
  ],
  EE: [
    { from: '2020-01-01', standard: '20', reduced: ['9'], superReduced: null, zero: false },
    // 5 % on press publications.
    { from: '2022-08-01', standard: '20', reduced: ['5', '9'], superReduced: null, zero: false },
    { from: '2024-01-01', standard: '22', reduced: ['5', '9'], superReduced: null, zero: false },
    // Accommodation 9 → 13 %, press 5 → 9 %.
    { from: '2025-01-01', standard: '22', reduced: ['9', '13'], superReduced: null, zero: false },
    { from: '2025-07-01', standard: '24', reduced: ['9', '13'], superReduced: null, zero: false },
  ],
  ES: [
    { from: '2020-01-01', standard: '21', reduced: ['10'], superReduced: '4', zero: false },
    // Food relief: basic foods 4 → 0 %, oils and pasta 10 → 5 %.
    { from: '2023-01-01', standard: '21', reduced: ['5', '10'], superReduced: '4', zero: true },
    // Relief phased out: basic foods 2 % (not listed: one super-reduced rate per period), oils and pasta 7.5 %.
    { from: '2024-10-01', standard: '21', reduced: ['7.5', '10'], superReduced: '4', zero: false },
    { from: '2025-01-01', standard: '21', reduced: ['10'], superReduced: '4', zero: false },
  ],
  FI: [
    { from: '2020-01-01', standard: '24', reduced: ['10', '14'], superReduced: null, zero: true },
    { from: '2024-09-01', standard: '25.5', reduced: ['10', '14'], superReduced: null, zero: true },
    { from: '2026-01-01', standard: '25.5', reduced: ['10', '13.5'], superReduced: null, zero: true },
  ],
  FR: [
    { from: '2020-01-01', standard: '20', reduced: ['5.5', '10'], superReduced: '2.1', zero: false },
  ],
  GB: [
    // The 5 % for hospitality (2020-07-15 to 2021-09-30) used the existing reduced rate.
    { from: '2020-01-01', standard: '20', reduced: ['5'], superReduced: null, zero: true },
    // 12.5 % for hospitality, until 2022-03-31.
    { from: '2021-10-01', standard: '20', reduced: ['5', '12.5'], superReduced: null, zero: true },
    { from: '2022-04-01', standard: '20', reduced: ['5'], superReduced: null, zero: true },
  ],
  GR: [
    { from: '2020-01-01', standard: '24', reduced: ['6', '13'], superReduced: null, zero: false },
  ],
  HR: [
    { from: '2020-01-01', standard: '25', reduced: ['5', '13'], superReduced: null, zero: false },
  ],
  HU: [
    { from: '2020-01-01', standard: '27', reduced: ['5', '18'], superReduced: null, zero: false },
  ],
  IE: [
    { from: '2020-01-01', standard: '23', reduced: ['9', '13.5'], parking: '13.5', superReduced: '4.8', zero: true },
    { from: '2020-09-01', standard: '21', reduced: ['9', '13.5'], parking: '13.5', superReduced: '4.8', zero: true },
    { from: '2021-03-01', standard: '23', reduced: ['9', '13.5'], parking: '13.5', superReduced: '4.8', zero: true },
  ],
  IT: [
    { from: '2020-01-01', standard: '22', reduced: ['5', '10'], superReduced: '4', zero: false },
  ],
  LI: [
    { from: '2020-01-01', standard: '7.7', reduced: ['2.5', '3.7'], superReduced: null, zero: false },
    { from: '2024-01-01', standard: '8.1', reduced: ['2.6', '3.8'], superReduced: null, zero: false },
  ],
  LT: [
    { from: '2020-01-01', standard: '21', reduced: ['5', '9'], superReduced: null, zero: false },
    // 9 % replaced by 12 % (books and medicines to 5 %, heating to 21 %).
    { from: '2026-01-01', standard: '21', reduced: ['5', '12'], superReduced: null, zero: false },
  ],
  LU: [
    { from: '2020-01-01', standard: '17', reduced: ['8'], parking: '14', superReduced: '3', zero: false },
    // Every rate but 3 % one point lower, for 2023.
    { from: '2023-01-01', standard: '16', reduced: ['7'], parking: '13', superReduced: '3', zero: false },
    { from: '2024-01-01', standard: '17', reduced: ['8'], parking: '14', superReduced: '3', zero: false },
  ],
  LV: [
    { from: '2020-01-01', standard: '21', reduced: ['5', '12'], superReduced: null, zero: false },
  ],
  MT: [
    { from: '2020-01-01', standard: '18', reduced: ['5', '7'], superReduced: null, zero: true },
  ],
  NL: [
    { from: '2020-01-01', standard: '21', reduced: ['9'], superReduced: null, zero: false },
    // 0 % on solar panels for homes.
    { from: '2023-01-01', standard: '21', reduced: ['9'], superReduced: null, zero: true },
  ],
  NO: [
    { from: '2020-01-01', standard: '25', reduced: ['12', '15'], superReduced: null, zero: true },
    // 12 % cut to 6 % (COVID), until 2021-09-30.
    { from: '2020-04-01', standard: '25', reduced: ['6', '15'], superReduced: null, zero: true },
    { from: '2021-10-01', standard: '25', reduced: ['12', '15'], superReduced: null, zero: true },
  ],
  PL: [
    { from: '2020-01-01', standard: '23', reduced: ['5', '8'], superReduced: null, zero: true },
  ],
  PT: [
    { from: '2020-01-01', standard: '23', reduced: ['6', '13'], parking: '13', superReduced: null, zero: false },
    // "IVA zero" on a basket of basic foods, until 2024-01-04.
    { from: '2023-04-18', standard: '23', reduced: ['6', '13'], parking: '13', superReduced: null, zero: true },
    { from: '2024-01-05', standard: '23', reduced: ['6', '13'], parking: '13', superReduced: null, zero: false },
  ],
  RO: [
    { from: '2020-01-01', standard: '19', reduced: ['5', '9'], superReduced: null, zero: false },
    // 19 → 21 %; 5 % and 9 % merged into 11 %.
    { from: '2025-08-01', standard: '21', reduced: ['11'], superReduced: null, zero: false },
  ],
  SE: [
    { from: '2020-01-01', standard: '25', reduced: ['6', '12'], superReduced: null, zero: true },
  ],
  SI: [
    { from: '2020-01-01', standard: '22', reduced: ['5', '9.5'], superReduced: null, zero: false },
  ],
  SK: [
    { from: '2020-01-01', standard: '20', reduced: ['5', '10'], superReduced: null, zero: false },
    // 20 → 23 %; 10 % → 19 %.
    { from: '2025-01-01', standard: '23', reduced: ['5', '19'], superReduced: null, zero: false },
  ],
}

/**
 * Membership of the EU for VAT purposes. GB left at the end of the transition period; its
 * membership is kept so that documents dated 2020 are treated as they were.
 */
export const EU_MEMBERSHIP: Readonly<Record<string, { since: CalendarDate; until?: CalendarDate }>> = {
  AT: { since: '1995-01-01' }, BE: { since: '1958-01-01' }, BG: { since: '2007-01-01' }, CY: { since: '2004-05-01' },
  CZ: { since: '2004-05-01' }, DE: { since: '1958-01-01' }, DK: { since: '1973-01-01' }, EE: { since: '2004-05-01' },
  ES: { since: '1986-01-01' }, FI: { since: '1995-01-01' }, FR: { since: '1958-01-01' }, GR: { since: '1981-01-01' },
  HR: { since: '2013-07-01' }, HU: { since: '2004-05-01' }, IE: { since: '1973-01-01' }, IT: { since: '1958-01-01' },
  LT: { since: '2004-05-01' }, LU: { since: '1958-01-01' }, LV: { since: '2004-05-01' }, MT: { since: '2004-05-01' },
  NL: { since: '1958-01-01' }, PL: { since: '2004-05-01' }, PT: { since: '1986-01-01' }, RO: { since: '2007-01-01' },
  SE: { since: '1995-01-01' }, SI: { since: '2004-05-01' }, SK: { since: '2004-05-01' },
  GB: { since: '1973-01-01', until: '2020-12-31' },
}
