import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { addMonths, calendarDateOf, daysInMonth, endOfMonth, isCalendarDate, secondsUntilNextMonth } from './calendar-date'

const secondsBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 1000

describe('isCalendarDate', () => {
  it('accepts real dates, 29 February of leap years included', () => {
    for (const date of ['2026-01-01', '2026-12-31', '2024-02-29', '2000-02-29', '2026-04-30']) {
      assert.equal(isCalendarDate(date), true, date)
    }
  })

  it('rejects dates that do not exist', () => {
    for (const date of ['2026-02-29', '1900-02-29', '2026-02-30', '2026-04-31', '2026-13-01', '2026-00-10', '2026-01-00', '2026-01-32']) {
      assert.equal(isCalendarDate(date), false, date)
    }
  })

  it('rejects other spellings', () => {
    for (const date of ['2026-1-1', '26-01-01', '2026/01/01', '2026-01-01T00:00:00Z', ' 2026-01-01', '']) {
      assert.equal(isCalendarDate(date), false, JSON.stringify(date))
    }
  })
})

describe('calendarDateOf', () => {
  it('reads the date in the given zone near midnight', () => {
    assert.equal(calendarDateOf(new Date('2026-03-15T23:30:00Z'), 'Europe/Berlin'), '2026-03-16')
    assert.equal(calendarDateOf(new Date('2026-03-15T23:30:00Z'), 'UTC'), '2026-03-15')
    assert.equal(calendarDateOf(new Date('2026-03-15T22:59:59Z'), 'Europe/Berlin'), '2026-03-15')
  })

  it('follows summer time', () => {
    assert.equal(calendarDateOf(new Date('2026-07-01T22:30:00Z'), 'Europe/Berlin'), '2026-07-02')
    assert.equal(calendarDateOf(new Date('2026-01-01T22:30:00Z'), 'Europe/Berlin'), '2026-01-01')
  })

  it('turns the year at local midnight', () => {
    assert.equal(calendarDateOf(new Date('2026-12-31T23:00:00Z'), 'Europe/Berlin'), '2027-01-01')
    assert.equal(calendarDateOf(new Date('2026-12-31T23:00:00Z'), 'UTC'), '2026-12-31')
  })
})

describe('secondsUntilNextMonth', () => {
  it('counts to local midnight of the first, in summer time after the March change', () => {
    assert.equal(secondsUntilNextMonth(new Date('2026-03-31T21:30:00Z'), 'Europe/Berlin'), 1800)
    assert.equal(
      secondsUntilNextMonth(new Date('2026-03-15T10:00:00Z'), 'Europe/Berlin'),
      secondsBetween('2026-03-15T10:00:00Z', '2026-04-01T00:00:00+02:00'),
    )
  })

  it('counts to local midnight of the first, in winter time after the October change', () => {
    assert.equal(
      secondsUntilNextMonth(new Date('2026-10-20T12:00:00Z'), 'Europe/Berlin'),
      secondsBetween('2026-10-20T12:00:00Z', '2026-11-01T00:00:00+01:00'),
    )
  })

  it('crosses the year end', () => {
    assert.equal(secondsUntilNextMonth(new Date('2026-12-31T22:30:00Z'), 'Europe/Berlin'), 1800)
    assert.equal(secondsUntilNextMonth(new Date('2026-12-31T23:30:00Z'), 'UTC'), 1800)
    assert.equal(
      secondsUntilNextMonth(new Date('2026-12-31T23:30:00Z'), 'Europe/Berlin'),
      secondsBetween('2026-12-31T23:30:00Z', '2027-02-01T00:00:00+01:00'),
    )
  })

  it('rounds up to whole seconds and is at least 1', () => {
    assert.equal(secondsUntilNextMonth(new Date('2026-12-31T22:59:59.500Z'), 'Europe/Berlin'), 1)
    assert.equal(secondsUntilNextMonth(new Date('2026-12-31T22:59:58.200Z'), 'Europe/Berlin'), 2)
  })

  it('counts a whole month from the first instant of a month', () => {
    assert.equal(
      secondsUntilNextMonth(new Date('2026-04-01T00:00:00+02:00'), 'Europe/Berlin'),
      secondsBetween('2026-04-01T00:00:00+02:00', '2026-05-01T00:00:00+02:00'),
    )
  })

  it('counts to local midnight in a zone behind UTC', () => {
    assert.equal(
      secondsUntilNextMonth(new Date('2026-03-31T12:00:00Z'), 'America/New_York'),
      secondsBetween('2026-03-31T12:00:00Z', '2026-04-01T00:00:00-04:00'),
    )
  })

  it('counts to local midnight when the clocks change early on the first (Sydney, 1 October 2023)', () => {
    assert.equal(
      secondsUntilNextMonth(new Date('2023-09-30T13:30:00Z'), 'Australia/Sydney'),
      secondsBetween('2023-09-30T13:30:00Z', '2023-10-01T00:00:00+10:00'),
    )
  })

  it('counts to local midnight when the clocks change early on the first (Sydney, 1 April 2018)', () => {
    assert.equal(
      secondsUntilNextMonth(new Date('2018-03-31T12:30:00Z'), 'Australia/Sydney'),
      secondsBetween('2018-03-31T12:30:00Z', '2018-04-01T00:00:00+11:00'),
    )
  })
})

describe('daysInMonth', () => {
  it('knows February of leap years, century years included', () => {
    assert.equal(daysInMonth(2024, 2), 29)
    assert.equal(daysInMonth(2026, 2), 28)
    assert.equal(daysInMonth(2000, 2), 29)
    assert.equal(daysInMonth(2100, 2), 28)
    assert.deepEqual([1, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map((month) => daysInMonth(2026, month)), [31, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31])
  })
})

describe('addMonths', () => {
  it('keeps the day of month, clamped to shorter months', () => {
    assert.equal(addMonths('2026-01-31', 1), '2026-02-28')
    assert.equal(addMonths('2024-01-31', 1), '2024-02-29')
    assert.equal(addMonths('2026-01-31', 2), '2026-03-31')
    assert.equal(addMonths('2026-05-31', 1), '2026-06-30')
    assert.equal(addMonths('2026-01-15', 0), '2026-01-15')
  })

  it('crosses years both ways', () => {
    assert.equal(addMonths('2026-11-30', 3), '2027-02-28')
    assert.equal(addMonths('2026-03-31', -1), '2026-02-28')
    assert.equal(addMonths('2026-01-10', -1), '2025-12-10')
    assert.equal(addMonths('2024-02-29', 12), '2025-02-28')
    assert.equal(addMonths('2024-02-29', 48), '2028-02-29')
  })
})

describe('endOfMonth', () => {
  it('is the last day of the month, moved by whole months when asked', () => {
    assert.equal(endOfMonth('2026-02-01'), '2026-02-28')
    assert.equal(endOfMonth('2024-02-10'), '2024-02-29')
    assert.equal(endOfMonth('2026-01-15', 3), '2026-04-30')
    assert.equal(endOfMonth('2026-01-15', -1), '2025-12-31')
  })
})
