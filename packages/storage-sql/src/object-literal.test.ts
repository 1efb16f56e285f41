import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { literalMaker } from './object-literal'

describe('literalMaker', () => {
  it('copies each source field under its key, in the order given', () => {
    const recordOf = literalMaker([['companyId', 'company_id'], ['number', 'invoice_number'], ['id', 'id']])
    const record = recordOf({ id: 'inv_1', invoice_number: 'RE-1', company_id: 'c_1', ignored: true })
    assert.deepEqual(Object.entries(record), [['companyId', 'c_1'], ['number', 'RE-1'], ['id', 'inv_1']])
  })

  it('reads arrays by index', () => {
    const rowOf = literalMaker([['id', 0], ['name', 1], ['total', 2]])
    assert.deepEqual(rowOf(['c_1', 'Müller', null]), { id: 'c_1', name: 'Müller', total: null })
  })

  it('adds `rest` after the copied fields, which it overrides', () => {
    const recordOf = literalMaker([['active', 'active'], ['name', 'name']])
    const record = recordOf({ active: 1, name: 'x' }, { active: true, tags: ['a'] })
    assert.deepEqual(record, { active: true, name: 'x', tags: ['a'] })
    assert.deepEqual(recordOf({ active: 0, name: 'y' }), { active: 0, name: 'y' })
  })

  it('makes a fresh object on every call', () => {
    const recordOf = literalMaker([['id', 'id']])
    const first = recordOf({ id: 'a' })
    first.id = 'changed'
    assert.equal(recordOf({ id: 'a' }).id, 'a')
  })

  it('takes any name as a plain key, never as code', () => {
    const names = ['a"b', "c'd", 'e\\f', 'g\nh', '}); throw new Error("x"); ({', '\u2028', 'count(*)', '']
    const recordOf = literalMaker(names.map((name, index) => [name, index]))
    const record = recordOf(names.map((_, index) => index))
    assert.deepEqual(Object.keys(record), names)
    assert.deepEqual(Object.values(record), names.map((_, index) => index))
  })

  it('refuses __proto__, which a literal would take as the prototype', () => {
    assert.throws(() => literalMaker([['__proto__', 'x']]), /__proto__/)
    assert.equal(Object.getPrototypeOf(literalMaker([['x', '__proto__']])({ ['__proto__']: 1 })), Object.prototype)
  })
})
