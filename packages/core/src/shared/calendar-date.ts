/**
 * Calendar dates (`YYYY-MM-DD`) as the contract uses them: no time, no zone. "Today" and
 * "this month" are read in the company's time zone, so an invoice written at 00:30 in Berlin
 * is dated that day, not the day before in UTC.
 */
export type CalendarDate = string

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/

/** True for a real date in `YYYY-MM-DD` form (`2026-02-30` is not one). */
export function isCalendarDate(value: string): boolean {
  const match = DATE_PATTERN.exec(value)
  if (!match) return false
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const date = new Date(0)
  date.setUTCFullYear(year, month - 1, day) // unlike Date.UTC, keeps years 0-99 as they are
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
}

const formatters = new Map<string, Intl.DateTimeFormat>()

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone)
  if (!formatter) {
    // en-CA formats as YYYY-MM-DD.
    formatter = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
    formatters.set(timeZone, formatter)
  }
  return formatter
}

/** True when `timeZone` is an IANA zone this runtime knows. */
export function isTimeZone(timeZone: string): boolean {
  try {
    formatterFor(timeZone)
    return true
  } catch {
    return false
  }
}

/** The calendar date of `instant` in `timeZone`. */
export function calendarDateOf(instant: Date, timeZone: string): CalendarDate {
  return formatterFor(timeZone).format(instant)
}

/** `date` moved by `days` (negative moves back). */
export function addDays(date: CalendarDate, days: number): CalendarDate {
  const moved = new Date(`${date}T00:00:00Z`)
  moved.setUTCDate(moved.getUTCDate() + days)
  return moved.toISOString().slice(0, 10)
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export const daysBetween = (from: CalendarDate, to: CalendarDate): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000)

/** True in the leap years of the Gregorian calendar. */
const isLeapYear = (year: number): boolean => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0

/** Number of days of `month` (1–12) in `year`. */
export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31
}

const dateOf = (year: number, month: number, day: number): CalendarDate =>
  `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`

/** The year, month (1–12) and day of `date`, plus `months` whole months, as a month count. */
function shiftedMonth(date: CalendarDate, months: number): { year: number; month: number; day: number } {
  const monthIndex = Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - 1 + months
  return { year: Math.floor(monthIndex / 12), month: (monthIndex % 12 + 12) % 12 + 1, day: Number(date.slice(8, 10)) }
}

/**
 * `date` moved by `months` whole months (negative moves back), keeping its day of month but
 * clamped to the length of the month reached: 31 January + 1 month = 28 or 29 February.
 */
export function addMonths(date: CalendarDate, months: number): CalendarDate {
  const { year, month, day } = shiftedMonth(date, months)
  return dateOf(year, month, Math.min(day, daysInMonth(year, month)))
}

/** The last day of the month `months` whole months after that of `date` (0: its own month). */
export function endOfMonth(date: CalendarDate, months = 0): CalendarDate {
  const { year, month } = shiftedMonth(date, months)
  return dateOf(year, month, daysInMonth(year, month))
}

/** `YYYY-MM` of a calendar date. */
export const monthOf = (date: CalendarDate): string => date.slice(0, 7)

const currentMonths = new Map<string, { minute: number; month: string }>()

/**
 * The calendar month (`YYYY-MM`) of `instant` in `timeZone`. Months change on whole minutes in
 * every zone, so the answer is kept per minute: the API gate asks on every request.
 */
export function monthAt(instant: Date, timeZone: string): string {
  const minute = Math.floor(instant.getTime() / 60_000)
  const known = currentMonths.get(timeZone)
  if (known?.minute === minute) return known.month
  const month = monthOf(calendarDateOf(instant, timeZone))
  currentMonths.set(timeZone, { minute, month })
  return month
}

/**
 * Whole seconds from `instant` until the next calendar month begins in `timeZone`
 * (at least 1). Used for `Retry-After` when a monthly quota is used up.
 */
export function secondsUntilNextMonth(instant: Date, timeZone: string): number {
  const today = calendarDateOf(instant, timeZone)
  const [year, month] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))]
  const firstOfNext = month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`
  return Math.max(1, Math.ceil((startOfDay(firstOfNext, timeZone).getTime() - instant.getTime()) / 1000))
}

/** The instant `date` begins in `timeZone` (local midnight). */
export function startOfDay(date: CalendarDate, timeZone: string): Date {
  // Correct UTC midnight by the zone offset, then once more by the offset at the corrected
  // instant, in case the clocks change in between.
  const utcMidnight = Date.parse(`${date}T00:00:00Z`)
  const firstGuess = utcMidnight - zoneOffsetMs(new Date(utcMidnight), timeZone)
  return new Date(utcMidnight - zoneOffsetMs(new Date(firstGuess), timeZone))
}

/**
 * The instants of the days `from`..`to` (both included, either open) in `timeZone`, as a list
 * filter on creation time takes them: `createdAt >= createdFrom` and `createdAt < createdBefore`.
 */
export function createdBetween(from: CalendarDate | undefined, to: CalendarDate | undefined, timeZone: string) {
  return {
    createdFrom: from && startOfDay(from, timeZone).toISOString(),
    createdBefore: to && startOfDay(addDays(to, 1), timeZone).toISOString(),
  }
}

function zoneOffsetMs(instant: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric',
    hour: 'numeric', minute: 'numeric', second: 'numeric',
  }).formatToParts(instant)
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value)
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'))
  return asUtc - instant.getTime()
}
