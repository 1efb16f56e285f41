import { addDays, type CalendarDate } from '../../shared/calendar-date'

/**
 * Easter Sunday of a Gregorian year, by the anonymous Gregorian algorithm (Meeus/Jones/Butcher):
 * the TARGET2 holidays Good Friday and Easter Monday move with it.
 */
export function easterSunday(year: number): CalendarDate {
  const a = year % 19
  const b = Math.floor(year / 100)
  const c = year % 100
  const d = Math.floor(b / 4)
  const e = b % 4
  const f = Math.floor((b + 8) / 25)
  const g = Math.floor((b - f + 1) / 3)
  const h = (19 * a + b - d - g + 15) % 30
  const i = Math.floor(c / 4)
  const k = c % 4
  const l = (32 + 2 * e + 2 * i - h - k) % 7
  const m = Math.floor((a + 11 * h + 22 * l) / 451)
  const month = Math.floor((h + l - 7 * m + 114) / 31)
  const day = ((h + l - 7 * m + 114) % 31) + 1
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`
}

/** The fixed TARGET2 closing days (month-day): New Year, Labour Day, Christmas and the day after. */
const FIXED_CLOSING_DAYS = ['01-01', '05-01', '12-25', '12-26']

/** Whether TARGET2 settles on `date`: not a Saturday or Sunday, 1 Jan, Good Friday, Easter Monday, 1 May, 25 or 26 Dec. */
export function isTarget2BusinessDay(date: CalendarDate): boolean {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay()
  if (weekday === 0 || weekday === 6) return false
  if (FIXED_CLOSING_DAYS.includes(date.slice(5))) return false
  const easter = easterSunday(Number(date.slice(0, 4)))
  return date !== addDays(easter, -2) && date !== addDays(easter, 1)
}

/**
 * The TARGET2 business days after `from` up to and including `to` (0 when `to` is not after
 * `from`): a collection on `to` submitted on `from` has this lead time.
 */
export function target2BusinessDaysBetween(from: CalendarDate, to: CalendarDate): number {
  let days = 0
  for (let date = addDays(from, 1); date <= to; date = addDays(date, 1)) {
    if (isTarget2BusinessDay(date)) days += 1
  }
  return days
}
