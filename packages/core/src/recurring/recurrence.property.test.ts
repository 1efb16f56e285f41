import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import fc from 'fast-check'
import { dueOccurrences, firstOccurrenceOnOrAfter, INTERVAL_UNITS, latestDueOccurrence, MAX_INTERVAL_COUNT, missedOccurrences, nextOccurrence, occurrenceDate, servicePeriodOf, type RecurrenceRule } from './index'

const RUNS = { numRuns: 300 }

// An independent reference: JS Date arithmetic in UTC, the month length read from "day 0 of the
// next month", nothing shared with the engine's calendar-date helpers.
function referenceDate({ startDate, intervalUnit, intervalCount, monthEnd }: RecurrenceRule, k: number): string {
  const start = new Date(`${startDate}T00:00:00Z`)
  const [year, month, day] = [start.getUTCFullYear(), start.getUTCMonth(), start.getUTCDate()]
  const steps = k * intervalCount
  if (intervalUnit === 'DAY' || intervalUnit === 'WEEK') {
    return new Date(Date.UTC(year, month, day + steps * (intervalUnit === 'WEEK' ? 7 : 1))).toISOString().slice(0, 10)
  }
  const months = intervalUnit === 'YEAR' ? steps * 12 : steps
  const lengthOfTarget = new Date(Date.UTC(year, month + months + 1, 0)).getUTCDate()
  return new Date(Date.UTC(year, month + months, monthEnd ? lengthOfTarget : Math.min(day, lengthOfTarget))).toISOString().slice(0, 10)
}

const nextDay = (date: string): string => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10)
const isLastOfMonth = (date: string): boolean => nextDay(date).endsWith('-01')

// Start dates from 1900 to 2400, with the 28th to 31st (and so 29 February) over-represented.
const startDate = fc.record({
  year: fc.integer({ min: 1900, max: 2400 }),
  month: fc.integer({ min: 0, max: 11 }),
  day: fc.oneof(fc.integer({ min: 1, max: 31 }), fc.constantFrom(28, 29, 30, 31)),
}).map(({ year, month, day }) => {
  const length = new Date(Date.UTC(year, month + 1, 0)).getUTCDate()
  return new Date(Date.UTC(year, month, Math.min(day, length))).toISOString().slice(0, 10)
})

const rule: fc.Arbitrary<RecurrenceRule> = fc.constantFrom(...INTERVAL_UNITS).chain((intervalUnit) => fc.record({
  startDate,
  intervalUnit: fc.constant(intervalUnit),
  intervalCount: fc.oneof(fc.integer({ min: 1, max: 3 }), fc.integer({ min: 1, max: MAX_INTERVAL_COUNT[intervalUnit] })),
  monthEnd: intervalUnit === 'MONTH' || intervalUnit === 'YEAR' ? fc.boolean() : fc.constant(false),
}))

const count = fc.integer({ min: 1, max: 120 })

describe('occurrence dates (property)', () => {
  it('equal the reference for every k, computed directly, k = −1 included', () => {
    fc.assert(fc.property(rule, count, (rule, count) => {
      for (let k = -1; k <= count; k++) assert.equal(occurrenceDate(rule, k), referenceDate(rule, k), `k = ${k}`)
    }), RUNS)
  })

  it('are strictly increasing', () => {
    fc.assert(fc.property(rule, count, (rule, count) => {
      for (let k = -1; k < count; k++) assert.ok(occurrenceDate(rule, k) < occurrenceDate(rule, k + 1), `k = ${k}`)
    }), RUNS)
  })

  it('never drift: monthly dates keep the start day, clamped; monthEnd dates are month ends', () => {
    const monthly = rule.filter(({ intervalUnit }) => intervalUnit === 'MONTH' || intervalUnit === 'YEAR')
    fc.assert(fc.property(monthly, count, (rule, count) => {
      const startDay = Number(rule.startDate.slice(8, 10))
      for (let k = 0; k <= count; k++) {
        const date = occurrenceDate(rule, k)
        if (rule.monthEnd) assert.ok(isLastOfMonth(date), `${date} is not a month end`)
        else assert.ok(Number(date.slice(8, 10)) === startDay || (isLastOfMonth(date) && Number(date.slice(8, 10)) < startDay), `${date} drifted from day ${startDay}`)
      }
    }), RUNS)
  })

  it('d(0) is the start date, or its month end with monthEnd', () => {
    fc.assert(fc.property(rule, (rule) => {
      const first = occurrenceDate(rule, 0)
      if (rule.monthEnd) assert.ok(first.slice(0, 7) === rule.startDate.slice(0, 7) && isLastOfMonth(first))
      else assert.equal(first, rule.startDate)
    }), RUNS)
  })
})

describe('service periods (property)', () => {
  it('are contiguous: each CURRENT_PERIOD ends the day before the next begins, and begins on d(k)', () => {
    fc.assert(fc.property(rule, count, (rule, count) => {
      for (let k = 0; k < count; k++) {
        const period = servicePeriodOf(rule, k, 'CURRENT_PERIOD')!
        const following = servicePeriodOf(rule, k + 1, 'CURRENT_PERIOD')!
        assert.equal(period.periodStart, occurrenceDate(rule, k))
        assert.equal(nextDay(period.periodEnd), following.periodStart)
        assert.ok(period.periodStart <= period.periodEnd)
      }
    }), RUNS)
  })

  it('PREVIOUS_PERIOD is the CURRENT_PERIOD of the occurrence before, ending the day before d(k)', () => {
    fc.assert(fc.property(rule, count, (rule, count) => {
      for (let k = 0; k < count; k++) {
        const previous = servicePeriodOf(rule, k, 'PREVIOUS_PERIOD')!
        assert.equal(previous.periodStart, referenceDate(rule, k - 1))
        assert.equal(nextDay(previous.periodEnd), occurrenceDate(rule, k))
      }
    }), RUNS)
  })
})

describe('finding occurrences (property)', () => {
  const someDate = fc.integer({ min: -400, max: 40_000 })

  it('the first occurrence on or after a date is the one a walk from d(0) finds', () => {
    fc.assert(fc.property(rule, someDate, (rule, offset) => {
      const date = new Date(Date.parse(`${rule.startDate}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10)
      let k = 0
      while (referenceDate(rule, k) < date) k++
      assert.deepEqual(firstOccurrenceOnOrAfter(rule, date), { index: k, date: referenceDate(rule, k) })
    }), RUNS)
  })

  // Brute force over the reference: the open occurrences are those after the latest row, with at
  // most maxOccurrences − rows of them, none after endDate.
  const scenario = fc.record({
    rule,
    processed: fc.integer({ min: 0, max: 40 }),
    extraRows: fc.integer({ min: 0, max: 3 }),
    todayAt: fc.integer({ min: 0, max: 80 }),
    endAt: fc.option(fc.integer({ min: 0, max: 80 })),
    maxOccurrences: fc.option(fc.integer({ min: 1, max: 60 })),
    limit: fc.integer({ min: 1, max: 30 }),
  })

  it('due, missed, latest and next agree with a brute-force enumeration', () => {
    fc.assert(fc.property(scenario, ({ rule, processed, extraRows, todayAt, endAt, maxOccurrences, limit }) => {
      // `today` and `endDate` fall on an occurrence or the day after one, to hit both edges.
      const today = todayAt % 2 === 0 ? referenceDate(rule, todayAt / 2) : nextDay(referenceDate(rule, (todayAt - 1) / 2))
      const endDate = endAt === null ? null : endAt % 2 === 0 ? referenceDate(rule, endAt / 2) : nextDay(referenceDate(rule, (endAt - 1) / 2))
      const recurrence = { ...rule, endDate, maxOccurrences }
      const progress = { lastOccurrenceDate: processed === 0 ? null : referenceDate(rule, processed - 1), occurrenceCount: processed + extraRows }

      const open: { index: number; date: string }[] = []
      for (let k = processed; k < 200; k++) {
        const date = referenceDate(rule, k)
        if (endDate !== null && date > endDate) break
        if (maxOccurrences !== null && progress.occurrenceCount + open.length >= maxOccurrences) break
        open.push({ index: k, date })
      }
      const due = open.filter(({ date }) => date <= today)
      assert.deepEqual(dueOccurrences(recurrence, progress, { today, limit }), due.slice(0, limit))
      assert.deepEqual(missedOccurrences(recurrence, progress, { today }), open.filter(({ date }) => date < today))
      assert.deepEqual(latestDueOccurrence(recurrence, progress, today), due.at(-1) ?? null)
      assert.deepEqual(nextOccurrence(recurrence, progress), open[0] ?? null)
    }), RUNS)
  })
})
