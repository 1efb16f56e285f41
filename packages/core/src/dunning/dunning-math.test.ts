import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { aReminder } from '../testing'
import { dunningTotalsOf, nextLevelOf, nextReminderAmounts } from './dunning-math'

const company = { reminderFees: { 1: '0', 2: '5', 3: '10' }, defaultInterestRate: '9.12' }

describe('reminder amounts', () => {
  it('rounds simple interest half-up to cents and never charges a day twice', () => {
    // 365 days of 10.00 at 9.12 % is 0.912 → 0.91; 1 day of 1,825.00 is 0.456 → 0.46.
    assert.equal(nextReminderAmounts(company, '10.00', '2025-01-01', '2026-01-01', [], { includeInterest: true }).interestAmount, '0.91')
    assert.equal(nextReminderAmounts(company, '1825.00', '2026-01-01', '2026-01-02', [], { includeInterest: true }).interestAmount, '0.46')
    const first = aReminder('co', 'in', { level: 1, interestDays: 20, fee: '0.00', interestAmount: '5.00' })
    const next = nextReminderAmounts(company, '1000.00', '2026-01-01', '2026-01-31', [first], { includeInterest: true })
    assert.deepEqual([next.level, next.daysOverdue, next.interestDays, next.fee], [2, 30, 10, '5.00'])
    assert.equal(next.totalAmount, '1012.50') // 1000 + 5 + 2.50 (10 days) + 5.00 earlier interest
    const without = nextReminderAmounts(company, '1000.00', '2026-01-01', '2026-01-31', [first], { includeInterest: false, customFee: '0' })
    assert.deepEqual([without.interestRate, without.interestAmount, without.fee, without.totalAmount], ['0', '0.00', '0.00', '1005.00'])
  })

  it('counts no overdue days before the due date, and keeps level 3 as the next level at the maximum', () => {
    assert.equal(nextReminderAmounts(company, '100', '2026-02-01', '2026-01-15', [], { includeInterest: true }).daysOverdue, 0)
    const three = [1, 2, 3].map((level) => aReminder('co', 'in', { level: level as 1 | 2 | 3 }))
    assert.equal(nextLevelOf(three), 3)
    assert.deepEqual(dunningTotalsOf(three, '119.00'), {
      currentLevel: 3, nextLevel: 3, maxLevelReached: true, totalReminders: 3, totalFees: '15.00', totalInterest: '2.70', totalOutstanding: '136.70',
    })
    assert.deepEqual(dunningTotalsOf([], '0.00'), {
      currentLevel: 0, nextLevel: 1, maxLevelReached: false, totalReminders: 0, totalFees: '0.00', totalInterest: '0.00', totalOutstanding: '0.00',
    })
  })
})
