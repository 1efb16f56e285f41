import { addDays, type CalendarDate } from '../shared/calendar-date'
import { canonicalCountry } from './tax-rates'
import { RATE_TABLE, type RatePeriod } from './tax-rate-table'

/** The kinds of VAT rate a country publishes. 0 % cases are exemptions, not rates, so none is listed. */
export const PUBLISHED_RATE_CATEGORIES = ['STANDARD', 'REDUCED', 'SUPER_REDUCED', 'PARKING'] as const
export type PublishedRateCategory = (typeof PUBLISHED_RATE_CATEGORIES)[number]

/** One rate of a country, with the days it has been and will be in force without a break. */
export interface PublishedRate {
  country: string
  category: PublishedRateCategory
  /** Percent, as a decimal string. */
  rate: string
  validFrom: CalendarDate
  /** The last day, or null while no change is known. */
  validTo: CalendarDate | null
}

const ratesOf = (period: RatePeriod): { category: PublishedRateCategory; rate: string }[] => [
  { category: 'STANDARD', rate: period.standard },
  ...period.reduced.map((rate) => ({ category: 'REDUCED' as const, rate })),
  ...(period.superReduced === null ? [] : [{ category: 'SUPER_REDUCED' as const, rate: period.superReduced }]),
  ...(period.parking === undefined ? [] : [{ category: 'PARKING' as const, rate: period.parking }]),
]

const has = (period: RatePeriod, category: PublishedRateCategory, rate: string) =>
  ratesOf(period).some((candidate) => candidate.category === category && candidate.rate === rate)

/** The countries the rate table covers (EU-27, CH, GB, LI, NO). */
export const countriesWithRates = (): string[] => Object.keys(RATE_TABLE)

/**
 * The rates of `country` in force on `date`: standard, reduced, super-reduced and parking
 * rates, each with the span of consecutive table periods that carry it unchanged (a period
 * that repeats a rate does not cut it). Empty for a country outside the table or a date before
 * it starts.
 */
export function publishedRatesOn(country: string, date: CalendarDate): PublishedRate[] {
  const code = canonicalCountry(country)
  const periods = RATE_TABLE[code] ?? []
  const current = periods.findLastIndex((period) => period.from <= date)
  if (current < 0) return []
  return ratesOf(periods[current]!).map(({ category, rate }) => {
    let first = current
    while (first > 0 && has(periods[first - 1]!, category, rate)) first -= 1
    let last = current
    while (last + 1 < periods.length && has(periods[last + 1]!, category, rate)) last += 1
    const next = periods[last + 1]
    return { country: code, category, rate, validFrom: periods[first]!.from, validTo: next ? addDays(next.from, -1) : null }
  })
}
