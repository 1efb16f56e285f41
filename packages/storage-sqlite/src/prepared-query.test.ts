import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { preparedQuery } from './prepared-query'

describe('preparedQuery', () => {
  const byNumber = preparedQuery((db, { companyId, customerNumber }: { companyId: string; customerNumber: string }) =>
    db.selectFrom('customer').select('id').where('company_id', '=', companyId).where('country', '=', 'DE').where('customer_number', '=', customerNumber))

  it('compiles once and puts each call’s parameters into their slots, constants kept', () => {
    const first = byNumber({ companyId: 'c1', customerNumber: 'K-1' }).compile()
    const second = byNumber({ companyId: 'c2', customerNumber: 'K-2' }).compile()
    assert.equal(first.sql, 'select "id" from "customer" where "company_id" = ? and "country" = ? and "customer_number" = ?')
    assert.equal(second.sql, first.sql)
    assert.deepEqual(first.parameters, ['c1', 'DE', 'K-1'])
    assert.deepEqual(second.parameters, ['c2', 'DE', 'K-2'])
  })
})
