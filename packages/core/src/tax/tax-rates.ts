import type { CalendarDate } from '../shared/calendar-date'
import { Exact, isDecimalText, sameNumber } from './decimals'
import { EU_MEMBERSHIP, RATE_TABLE, type RatePeriod, type TaxRates } from './tax-rate-table'

export type { TaxRates } from './tax-rate-table'

/** Which of its country's rates a rate is; `index` counts the reduced rates from the lowest. */
export type RateCategory =
  | { kind: 'STANDARD' }
  | { kind: 'REDUCED'; index: number }
  | { kind: 'SUPER_REDUCED' }
  | { kind: 'ZERO' }

/** A country code as the tables key it: upper case, and the EU's `EL` for Greece as `GR`. */
export function canonicalCountry(country: string): string {
  const code = country.trim().toUpperCase()
  return code === 'EL' ? 'GR' : code
}

/**
 * The VAT rates of `country` in force on `date`, or undefined for a country outside the table
 * (EU-27, CH, GB, LI, NO) or a date before the table starts (2020-01-01).
 */
export function taxRatesOf(country: string, date: CalendarDate): TaxRates | undefined {
  const period = RATE_TABLE[canonicalCountry(country)]?.findLast((candidate) => candidate.from <= date)
  if (!period) return undefined
  return { standard: period.standard, reduced: reducedRatesOf(period), superReduced: period.superReduced, zero: period.zero }
}

/** The reduced rates with the parking rate among them, lowest first. */
function reducedRatesOf(period: RatePeriod): string[] {
  const rates = period.parking === undefined || period.reduced.includes(period.parking) ? [...period.reduced] : [...period.reduced, period.parking]
  return rates.sort((a, b) => new Exact(a).comparedTo(b))
}

/** The standard rate of `country` on `date`, e.g. `'19'`. */
export const standardRateOf = (country: string, date: CalendarDate): string | undefined => taxRatesOf(country, date)?.standard

/**
 * Whether `country` belongs to the EU (for VAT) on `date`, or as it stands now without a date.
 * GB counts until 2020-12-31. Northern Ireland (XI) is out of scope and counts as outside.
 */
export function isEuMember(country: string, date?: CalendarDate): boolean {
  const membership = EU_MEMBERSHIP[canonicalCountry(country)]
  if (!membership) return false
  if (date === undefined) return membership.until === undefined
  return membership.since <= date && (membership.until === undefined || date <= membership.until)
}

/**
 * Which of `country`'s rates on `date` the rate is, or undefined when it is none of them.
 * A rate that is two things at once is read in this order: standard, super-reduced, reduced,
 * zero (0 counts only in a country that zero-rates).
 */
export function rateCategoryOf(rate: string, country: string, date: CalendarDate): RateCategory | undefined {
  const rates = taxRatesOf(country, date)
  if (!rates || !isDecimalText(rate)) return undefined
  if (sameNumber(rate, rates.standard)) return { kind: 'STANDARD' }
  if (rates.superReduced !== null && sameNumber(rate, rates.superReduced)) return { kind: 'SUPER_REDUCED' }
  const index = rates.reduced.findIndex((reduced) => sameNumber(rate, reduced))
  if (index >= 0) return { kind: 'REDUCED', index }
  if (rates.zero && sameNumber(rate, '0')) return { kind: 'ZERO' }
  return undefined
}

/**
 * A line's rate, read in the seller's country, as the same category of the tax country:
 * - standard → standard;
 * - the n-th lowest reduced rate → the tax country's n-th lowest, or its highest when it has
 *   fewer; its standard rate when it has no reduced rate at all (DK);
 * - super-reduced → super-reduced, else the lowest reduced rate, else the standard rate;
 * - zero → 0, also where the tax country has no zero rate: a 0 % line is more often outside
 *   VAT (disbursements, deposits) than a zero-rated good, and must not gain a tax nobody set.
 * A rate that is none of the seller country's rates, a country outside the table and the same
 * country on both sides leave the rate as given.
 */
export function normaliseRate(rate: string, fromCountry: string, toCountry: string, date: CalendarDate): string {
  if (canonicalCountry(fromCountry) === canonicalCountry(toCountry)) return rate
  const category = rateCategoryOf(rate, fromCountry, date)
  const target = taxRatesOf(toCountry, date)
  if (!category || !target) return rate
  const lowestReduced = target.reduced[0]
  const highestReduced = target.reduced[target.reduced.length - 1]
  switch (category.kind) {
    case 'STANDARD':
      return target.standard
    case 'REDUCED':
      return target.reduced[category.index] ?? highestReduced ?? target.standard
    case 'SUPER_REDUCED':
      return target.superReduced ?? lowestReduced ?? target.standard
    case 'ZERO':
      return '0'
  }
}
