import { addMonths, endOfMonth, type CalendarDate } from '../../shared/calendar-date'

/** ELSTER's Zeitraum codes: `01`–`12` a month, `41`–`44` a quarter. */
export const USTVA_PERIODS = ['01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12', '41', '42', '43', '44'] as const
export type UstvaPeriod = (typeof USTVA_PERIODS)[number]

export interface UstvaPeriodRange {
  periodStart: CalendarDate
  periodEnd: CalendarDate
}

/** The first and last day of a Voranmeldungszeitraum. */
export function periodRangeOf(year: number, period: UstvaPeriod): UstvaPeriodRange {
  const quarter = Number(period) > 40 ? Number(period) - 40 : null
  const firstMonth = quarter === null ? Number(period) : (quarter - 1) * 3 + 1
  const periodStart = `${String(year).padStart(4, '0')}-${String(firstMonth).padStart(2, '0')}-01`
  return { periodStart, periodEnd: endOfMonth(periodStart, quarter === null ? 0 : 2) }
}

/*
 * A document belongs to the period of its service end, so documents issued outside the period
 * can belong to it: an invoice issued after the period for a service that ended in it (the
 * usual case), or one issued before the service ended (an invoice in advance). The report reads
 * the documents issued in a bounded window around the period: six months after it, because an
 * invoice is due within six months of the supply (§ 14 Abs. 2 UStG), and twelve months before
 * it, which covers invoices in advance for services of up to a year. A document issued outside
 * the window is not found, whatever its service end.
 */
export const ISSUED_BEFORE_PERIOD_MONTHS = 12
export const ISSUED_AFTER_PERIOD_MONTHS = 6

/** The issue dates read to find every document whose service ended in the period. */
export function readWindowOf({ periodStart, periodEnd }: UstvaPeriodRange): { from: CalendarDate; to: CalendarDate } {
  return { from: addMonths(periodStart, -ISSUED_BEFORE_PERIOD_MONTHS), to: endOfMonth(periodEnd, ISSUED_AFTER_PERIOD_MONTHS) }
}

export const isWithin = (date: CalendarDate, { periodStart, periodEnd }: UstvaPeriodRange): boolean => date >= periodStart && date <= periodEnd
