import { addDays, addMonths, type CalendarDate } from '../../shared/calendar-date'

/** The part of an export's period in one fiscal year: one DATEV file (or more past 99,999 bookings). */
export interface FiscalSegment {
  fiscalYearStart: CalendarDate
  from: CalendarDate
  to: CalendarDate
}

/** The first day of the fiscal year `date` falls in, the year starting on the 1st of `startMonth`. */
export function fiscalYearStartOf(date: CalendarDate, startMonth: number): CalendarDate {
  const year = Number(date.slice(0, 4))
  const month = Number(date.slice(5, 7))
  const startYear = month >= startMonth ? year : year - 1
  return `${String(startYear).padStart(4, '0')}-${String(startMonth).padStart(2, '0')}-01`
}

/** [from, to] cut at the fiscal year boundaries, in order. */
export function fiscalSegmentsOf(from: CalendarDate, to: CalendarDate, startMonth: number): FiscalSegment[] {
  const segments: FiscalSegment[] = []
  for (let start = from; start <= to;) {
    const fiscalYearStart = fiscalYearStartOf(start, startMonth)
    const fiscalYearEnd = addDays(addMonths(fiscalYearStart, 12), -1)
    segments.push({ fiscalYearStart, from: start, to: fiscalYearEnd < to ? fiscalYearEnd : to })
    start = addDays(fiscalYearEnd, 1)
  }
  return segments
}
