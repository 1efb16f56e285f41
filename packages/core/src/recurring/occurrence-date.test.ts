import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { occurrenceDate, type RecurrenceRule } from './index'

const dates = (rule: RecurrenceRule, count: number, from = 0) =>
  Array.from({ length: count }, (_, k) => occurrenceDate(rule, from + k))

const monthly = (startDate: string, intervalCount = 1, monthEnd = false): RecurrenceRule =>
  ({ startDate, intervalUnit: 'MONTH', intervalCount, monthEnd })

describe('occurrenceDate', () => {
  it('monthly from 31 January: clamped in short months, back on the 31st after, never drifting', () => {
    assert.deepEqual(dates(monthly('2026-01-31'), 6), ['2026-01-31', '2026-02-28', '2026-03-31', '2026-04-30', '2026-05-31', '2026-06-30'])
    assert.deepEqual(dates(monthly('2024-01-31'), 3), ['2024-01-31', '2024-02-29', '2024-03-31'])
  })

  it('yearly from 29 February: 28 February in common years, 29 February in leap years', () => {
    const rule: RecurrenceRule = { startDate: '2024-02-29', intervalUnit: 'YEAR', intervalCount: 1, monthEnd: false }
    assert.deepEqual(dates(rule, 5), ['2024-02-29', '2025-02-28', '2026-02-28', '2027-02-28', '2028-02-29'])
  })

  it('weekly and every two weeks, across months and years', () => {
    assert.deepEqual(dates({ startDate: '2026-12-24', intervalUnit: 'WEEK', intervalCount: 1, monthEnd: false }, 3), ['2026-12-24', '2026-12-31', '2027-01-07'])
    assert.deepEqual(dates({ startDate: '2026-02-20', intervalUnit: 'WEEK', intervalCount: 2, monthEnd: false }, 3), ['2026-02-20', '2026-03-06', '2026-03-20'])
  })

  it('daily every 10 days', () => {
    assert.deepEqual(dates({ startDate: '2026-02-25', intervalUnit: 'DAY', intervalCount: 10, monthEnd: false }, 3), ['2026-02-25', '2026-03-07', '2026-03-17'])
  })

  it('quarterly is MONTH × 3', () => {
    assert.deepEqual(dates(monthly('2026-11-30', 3), 5), ['2026-11-30', '2027-02-28', '2027-05-30', '2027-08-30', '2027-11-30'])
  })

  it('monthEnd: every date is the last day of its month, the first one included', () => {
    assert.deepEqual(dates(monthly('2026-01-15', 1, true), 4), ['2026-01-31', '2026-02-28', '2026-03-31', '2026-04-30'])
    assert.deepEqual(dates({ startDate: '2027-02-01', intervalUnit: 'YEAR', intervalCount: 1, monthEnd: true }, 2), ['2027-02-28', '2028-02-29'])
  })

  it('k = −1 is one interval before the start, clamped backwards', () => {
    assert.equal(occurrenceDate(monthly('2026-03-31'), -1), '2026-02-28')
    assert.equal(occurrenceDate(monthly('2026-03-10', 1, true), -1), '2026-02-28')
    assert.equal(occurrenceDate({ startDate: '2026-01-05', intervalUnit: 'WEEK', intervalCount: 1, monthEnd: false }, -1), '2025-12-29')
  })

  it('refuses an index below −1 or not a whole number', () => {
    assert.throws(() => occurrenceDate(monthly('2026-01-31'), -2), RangeError)
    assert.throws(() => occurrenceDate(monthly('2026-01-31'), 1.5), RangeError)
  })
})
