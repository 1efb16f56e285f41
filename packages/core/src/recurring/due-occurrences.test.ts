import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { dueOccurrences, isEndReached, latestDueOccurrence, missedOccurrences, nextOccurrence, type Recurrence } from './index'

const monthly: Recurrence = { startDate: '2026-01-31', intervalUnit: 'MONTH', intervalCount: 1, monthEnd: false, endDate: null, maxOccurrences: null }
const fresh = { lastOccurrenceDate: null, occurrenceCount: 0 }
const datesOf = (occurrences: { date: string }[]) => occurrences.map(({ date }) => date)

describe('dueOccurrences', () => {
  it('nothing is due before the start date; the start date itself is due on the day', () => {
    assert.deepEqual(dueOccurrences(monthly, fresh, { today: '2026-01-30' }), [])
    assert.deepEqual(dueOccurrences(monthly, fresh, { today: '2026-01-31' }), [{ index: 0, date: '2026-01-31' }])
  })

  it('after a three-month outage, the three missed dates in order, from the start date, not from the last run', () => {
    const progress = { lastOccurrenceDate: '2026-01-31', occurrenceCount: 1 }
    assert.deepEqual(dueOccurrences(monthly, progress, { today: '2026-05-15' }), [
      { index: 1, date: '2026-02-28' }, { index: 2, date: '2026-03-31' }, { index: 3, date: '2026-04-30' },
    ])
    assert.deepEqual(latestDueOccurrence(monthly, progress, '2026-05-15'), { index: 3, date: '2026-04-30' })
  })

  it('at most 24 per call by default, the earliest first; the rest come with the next call', () => {
    const daily: Recurrence = { ...monthly, startDate: '2026-01-01', intervalUnit: 'DAY' }
    const first = dueOccurrences(daily, fresh, { today: '2026-03-01' })
    assert.equal(first.length, 24)
    assert.deepEqual([first[0]!.date, first[23]!.date], ['2026-01-01', '2026-01-24'])
    const second = dueOccurrences(daily, { lastOccurrenceDate: '2026-01-24', occurrenceCount: 24 }, { today: '2026-03-01' })
    assert.equal(second[0]!.date, '2026-01-25')
    assert.equal(dueOccurrences(daily, fresh, { today: '2026-03-01', limit: 5 }).length, 5)
  })

  it('stops at endDate, which is inclusive', () => {
    const ending = { ...monthly, endDate: '2026-03-31' }
    assert.deepEqual(datesOf(dueOccurrences(ending, fresh, { today: '2026-12-31' })), ['2026-01-31', '2026-02-28', '2026-03-31'])
    assert.deepEqual(datesOf(dueOccurrences({ ...monthly, endDate: '2026-03-30' }, fresh, { today: '2026-12-31' })), ['2026-01-31', '2026-02-28'])
  })

  it('stops at maxOccurrences, counting every row the schedule already has', () => {
    const limited = { ...monthly, maxOccurrences: 3 }
    assert.deepEqual(datesOf(dueOccurrences(limited, fresh, { today: '2026-12-31' })), ['2026-01-31', '2026-02-28', '2026-03-31'])
    assert.deepEqual(datesOf(dueOccurrences(limited, { lastOccurrenceDate: '2026-02-28', occurrenceCount: 2 }, { today: '2026-12-31' })), ['2026-03-31'])
    assert.deepEqual(dueOccurrences(limited, { lastOccurrenceDate: '2026-03-31', occurrenceCount: 3 }, { today: '2026-12-31' }), [])
  })

  it('whichever end comes first wins', () => {
    const both = { ...monthly, endDate: '2026-12-31', maxOccurrences: 2 }
    assert.deepEqual(datesOf(dueOccurrences(both, fresh, { today: '2027-06-01' })), ['2026-01-31', '2026-02-28'])
    const earlyEnd = { ...monthly, endDate: '2026-02-28', maxOccurrences: 10 }
    assert.deepEqual(datesOf(dueOccurrences(earlyEnd, fresh, { today: '2027-06-01' })), ['2026-01-31', '2026-02-28'])
  })

  it('a changed rule affects only dates after the latest occurrence', () => {
    const weekly: Recurrence = { ...monthly, startDate: '2026-01-05', intervalUnit: 'WEEK' }
    const progress = { lastOccurrenceDate: '2026-02-10', occurrenceCount: 2 }
    assert.deepEqual(datesOf(dueOccurrences(weekly, progress, { today: '2026-02-24' })), ['2026-02-16', '2026-02-23'])
  })
})

describe('missedOccurrences', () => {
  it('lists the open dates before today, not today, and is not cut at 24', () => {
    const daily: Recurrence = { ...monthly, startDate: '2026-01-01', intervalUnit: 'DAY' }
    const missed = missedOccurrences(daily, { lastOccurrenceDate: '2026-01-01', occurrenceCount: 1 }, { today: '2026-03-01' })
    assert.equal(missed.length, 58)
    assert.deepEqual([missed[0]!.date, missed.at(-1)!.date], ['2026-01-02', '2026-02-28'])
  })
})

describe('nextOccurrence and isEndReached', () => {
  it('next is the first date after the latest occurrence, whatever today is', () => {
    assert.deepEqual(nextOccurrence(monthly, fresh), { index: 0, date: '2026-01-31' })
    assert.deepEqual(nextOccurrence(monthly, { lastOccurrenceDate: '2026-02-28', occurrenceCount: 2 }), { index: 2, date: '2026-03-31' })
    assert.equal(isEndReached(monthly, { lastOccurrenceDate: '2030-01-31', occurrenceCount: 49 }), false)
  })

  it('the end is reached once maxOccurrences rows exist', () => {
    const limited = { ...monthly, maxOccurrences: 2 }
    assert.equal(isEndReached(limited, { lastOccurrenceDate: '2026-01-31', occurrenceCount: 1 }), false)
    assert.equal(isEndReached(limited, { lastOccurrenceDate: '2026-02-28', occurrenceCount: 2 }), true)
    assert.equal(nextOccurrence(limited, { lastOccurrenceDate: '2026-02-28', occurrenceCount: 2 }), null)
  })

  it('the end is reached when no date is left on or before endDate', () => {
    const ending = { ...monthly, endDate: '2026-04-15' }
    assert.equal(isEndReached(ending, { lastOccurrenceDate: '2026-02-28', occurrenceCount: 2 }), false)
    assert.equal(isEndReached(ending, { lastOccurrenceDate: '2026-03-31', occurrenceCount: 3 }), true)
  })

  it('an endDate before the start date leaves nothing', () => {
    assert.equal(isEndReached({ ...monthly, endDate: '2026-01-30' }, fresh), true)
  })
})
