import type { CalendarDate } from '../shared/calendar-date'
import type { Locale } from '../shared/fields'

const MONTH_NAMES: Record<Locale, readonly string[]> = {
  de: ['Januar', 'Februar', 'März', 'April', 'Mai', 'Juni', 'Juli', 'August', 'September', 'Oktober', 'November', 'Dezember'],
  en: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
}

/** What the placeholders of one occurrence's texts are filled from. */
export interface PlaceholderValues {
  /** Null under service period mode NONE. */
  periodStart: CalendarDate | null
  periodEnd: CalendarDate | null
  occurrenceDate: CalendarDate
  /** The invoice's document locale. */
  locale: Locale
}

/** A date as the document locale writes it: `31.01.2026` in German, `2026-01-31` in English. */
const localDate = (date: CalendarDate, locale: Locale): string =>
  locale === 'de' ? `${date.slice(8, 10)}.${date.slice(5, 7)}.${date.slice(0, 4)}` : date

/**
 * `text` with `{{periodStart}}`, `{{periodEnd}}`, `{{month}}` (01–12), `{{monthName}}`,
 * `{{quarter}}` (Q1–Q4) and `{{year}}` replaced. Month, quarter and year are those of the period
 * start; without a service period (mode NONE) those of the occurrence date, which then also
 * stands for the period's start and end. Anything else in braces is left as written.
 */
export function fillPlaceholders(text: string, { periodStart, periodEnd, occurrenceDate, locale }: PlaceholderValues): string {
  const reference = periodStart ?? occurrenceDate
  const month = Number(reference.slice(5, 7))
  const values: Readonly<Record<string, string>> = {
    periodStart: localDate(periodStart ?? occurrenceDate, locale),
    periodEnd: localDate(periodEnd ?? occurrenceDate, locale),
    month: reference.slice(5, 7),
    monthName: MONTH_NAMES[locale][month - 1]!,
    quarter: `Q${Math.ceil(month / 3)}`,
    year: reference.slice(0, 4),
  }
  return text.replace(/\{\{(\w+)\}\}/g, (placeholder, name: string) =>
    Object.hasOwn(values, name) ? values[name]! : placeholder)
}
