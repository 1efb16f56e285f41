import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { preview, type Recurrence, type ServicePeriodMode } from './index'

const schedule = (servicePeriodMode: ServicePeriodMode, changes: Partial<Recurrence> = {}) => ({
  startDate: '2026-01-31', intervalUnit: 'MONTH' as const, intervalCount: 1, monthEnd: false,
  endDate: null, maxOccurrences: null, servicePeriodMode, ...changes,
})
const fresh = { lastOccurrenceDate: null, occurrenceCount: 0 }

describe('preview', () => {
  it('lists the next dates with sequence k + 1 and their service periods', () => {
    assert.deepEqual(preview(schedule('CURRENT_PERIOD'), fresh, { count: 3 }), [
      { sequence: 1, occurrenceDate: '2026-01-31', periodStart: '2026-01-31', periodEnd: '2026-02-27' },
      { sequence: 2, occurrenceDate: '2026-02-28', periodStart: '2026-02-28', periodEnd: '2026-03-30' },
      { sequence: 3, occurrenceDate: '2026-03-31', periodStart: '2026-03-31', periodEnd: '2026-04-29' },
    ])
  })

  it('continues after the latest occurrence; periods are null under NONE', () => {
    assert.deepEqual(preview(schedule('NONE'), { lastOccurrenceDate: '2026-02-28', occurrenceCount: 2 }, { count: 1 }), [
      { sequence: 3, occurrenceDate: '2026-03-31', periodStart: null, periodEnd: null },
    ])
  })

  it('PREVIOUS_PERIOD previews the period billed in arrears', () => {
    const [first] = preview(schedule('PREVIOUS_PERIOD', { startDate: '2026-02-01' }), fresh, { count: 1 })
    assert.deepEqual(first, { sequence: 1, occurrenceDate: '2026-02-01', periodStart: '2026-01-01', periodEnd: '2026-01-31' })
  })

  it('from a date (a paused schedule resumed today): the first dates on or after it', () => {
    const lines = preview(schedule('NONE'), { lastOccurrenceDate: '2026-01-31', occurrenceCount: 1 }, { count: 2, from: '2026-05-01' })
    assert.deepEqual(lines.map(({ sequence, occurrenceDate }) => [sequence, occurrenceDate]), [[5, '2026-05-31'], [6, '2026-06-30']])
  })

  it('the dates passed over count toward maxOccurrences, as resuming records them as skipped', () => {
    const lines = preview(schedule('NONE', { maxOccurrences: 5 }), { lastOccurrenceDate: '2026-01-31', occurrenceCount: 1 }, { count: 3, from: '2026-05-01' })
    assert.deepEqual(lines.map(({ occurrenceDate }) => occurrenceDate), ['2026-05-31'])
  })

  it('ends where the schedule ends, and is empty once it has', () => {
    assert.equal(preview(schedule('NONE', { endDate: '2026-04-30' }), fresh, { count: 12 }).length, 4)
    assert.deepEqual(preview(schedule('NONE', { maxOccurrences: 1 }), { lastOccurrenceDate: '2026-01-31', occurrenceCount: 1 }, { count: 12 }), [])
  })
})
