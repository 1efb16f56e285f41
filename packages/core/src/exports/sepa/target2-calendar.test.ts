import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { easterSunday, isTarget2BusinessDay, target2BusinessDaysBetween } from './target2-calendar'

/** Easter Sundays as published (e.g. the tables of the Physikalisch-Technische Bundesanstalt). */
const KNOWN_EASTER_SUNDAYS = [
  '1818-03-22', '1886-04-25', '1943-04-25', '1954-04-18', '1961-04-02', '1974-04-14', '1981-04-19', '2000-04-23',
  '2008-03-23', '2011-04-24', '2019-04-21', '2020-04-12', '2021-04-04', '2022-04-17', '2023-04-09', '2024-03-31',
  '2025-04-20', '2026-04-05', '2027-03-28', '2028-04-16', '2029-04-01', '2030-04-21', '2038-04-25', '2049-04-18',
  '2077-04-11', '2285-03-22',
]

describe('TARGET2 calendar', () => {
  it('finds Easter Sunday of known years, the earliest (22 March) and latest (25 April) dates included', () => {
    for (const date of KNOWN_EASTER_SUNDAYS) assert.equal(easterSunday(Number(date.slice(0, 4))), date)
  })

  it('closes on weekends, 1 January, Good Friday, Easter Monday, 1 May, 25 and 26 December', () => {
    const closed = ['2026-01-01', '2026-04-03', '2026-04-06', '2026-05-01', '2026-12-25', '2026-12-26', '2026-03-07', '2026-03-08', '2027-03-26', '2027-03-29']
    for (const date of closed) assert.equal(isTarget2BusinessDay(date), false, date)
    // Open: Maundy Thursday, Whit Monday, 24 and 31 December, 3 October (German holidays, not TARGET2's).
    const open = ['2026-04-02', '2026-04-07', '2026-05-25', '2026-12-24', '2026-12-31', '2025-10-03', '2026-03-09']
    for (const date of open) assert.equal(isTarget2BusinessDay(date), true, date)
  })

  it('counts the business days after one date up to another', () => {
    assert.equal(target2BusinessDaysBetween('2026-03-06', '2026-03-09'), 1) // Friday → Monday
    assert.equal(target2BusinessDaysBetween('2026-04-02', '2026-04-07'), 1) // over Easter
    assert.equal(target2BusinessDaysBetween('2026-03-09', '2026-03-11'), 2)
    assert.equal(target2BusinessDaysBetween('2026-03-09', '2026-03-09'), 0)
    assert.equal(target2BusinessDaysBetween('2026-03-09', '2026-03-02'), 0)
  })
})
