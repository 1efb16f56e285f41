import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { servicePeriodOf, type RecurrenceRule } from './index'

const monthly: RecurrenceRule = { startDate: '2026-01-01', intervalUnit: 'MONTH', intervalCount: 1, monthEnd: false }

describe('servicePeriodOf', () => {
  it('CURRENT_PERIOD bills the interval starting on the occurrence date', () => {
    assert.deepEqual(servicePeriodOf(monthly, 0, 'CURRENT_PERIOD'), { periodStart: '2026-01-01', periodEnd: '2026-01-31' })
    assert.deepEqual(servicePeriodOf(monthly, 1, 'CURRENT_PERIOD'), { periodStart: '2026-02-01', periodEnd: '2026-02-28' })
  })

  it('PREVIOUS_PERIOD bills the interval ending the day before; for k = 0 the one before the start', () => {
    assert.deepEqual(servicePeriodOf(monthly, 0, 'PREVIOUS_PERIOD'), { periodStart: '2025-12-01', periodEnd: '2025-12-31' })
    assert.deepEqual(servicePeriodOf(monthly, 2, 'PREVIOUS_PERIOD'), { periodStart: '2026-02-01', periodEnd: '2026-02-28' })
    const fromMarch31: RecurrenceRule = { ...monthly, startDate: '2026-03-31' }
    assert.deepEqual(servicePeriodOf(fromMarch31, 0, 'PREVIOUS_PERIOD'), { periodStart: '2026-02-28', periodEnd: '2026-03-30' })
  })

  it('a quarter from the 1st covers three whole months', () => {
    const quarterly = { ...monthly, intervalCount: 3 }
    assert.deepEqual(servicePeriodOf(quarterly, 1, 'CURRENT_PERIOD'), { periodStart: '2026-04-01', periodEnd: '2026-06-30' })
  })

  it('weekly periods are seven days', () => {
    const weekly: RecurrenceRule = { startDate: '2026-12-28', intervalUnit: 'WEEK', intervalCount: 1, monthEnd: false }
    assert.deepEqual(servicePeriodOf(weekly, 0, 'CURRENT_PERIOD'), { periodStart: '2026-12-28', periodEnd: '2027-01-03' })
  })

  it('NONE has no period', () => {
    assert.equal(servicePeriodOf(monthly, 3, 'NONE'), null)
  })
})
