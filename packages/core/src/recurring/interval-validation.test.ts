import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { intervalProblem } from './index'

describe('intervalProblem', () => {
  it('accepts the limits of each unit', () => {
    for (const [intervalUnit, max] of [['DAY', 365], ['WEEK', 365], ['MONTH', 36], ['YEAR', 10]] as const) {
      assert.equal(intervalProblem({ intervalUnit, intervalCount: 1, monthEnd: false }), null)
      assert.equal(intervalProblem({ intervalUnit, intervalCount: max, monthEnd: false }), null)
    }
    assert.equal(intervalProblem({ intervalUnit: 'MONTH', intervalCount: 3, monthEnd: true }), null)
    assert.equal(intervalProblem({ intervalUnit: 'YEAR', intervalCount: 1, monthEnd: true }), null)
  })

  it('names intervalCount when it is out of range for the unit', () => {
    for (const [intervalUnit, intervalCount] of [['DAY', 366], ['WEEK', 0], ['MONTH', 37], ['YEAR', 11], ['MONTH', 1.5], ['DAY', -1]] as const) {
      const problem = intervalProblem({ intervalUnit, intervalCount, monthEnd: false })
      assert.equal(problem?.field, 'intervalCount', `${intervalUnit} × ${intervalCount}`)
    }
    assert.match(intervalProblem({ intervalUnit: 'YEAR', intervalCount: 12, monthEnd: false })!.message, /1 to 10 .*YEAR/)
  })

  it('names monthEnd with DAY or WEEK', () => {
    for (const intervalUnit of ['DAY', 'WEEK'] as const) {
      const problem = intervalProblem({ intervalUnit, intervalCount: 1, monthEnd: true })
      assert.equal(problem?.field, 'monthEnd')
      assert.match(problem!.message, new RegExp(intervalUnit))
    }
  })
})
