import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { mandateExpired, sequenceTypeOf } from './mandates'

describe('SEPA mandates', () => {
  it('expire after 36 months without a collection, counted from the last use, else from the signature', () => {
    assert.equal(mandateExpired({ sepaMandateDate: '2023-03-10', sepaMandateLastUsedAt: null }, '2026-03-10'), false)
    assert.equal(mandateExpired({ sepaMandateDate: '2023-03-10', sepaMandateLastUsedAt: null }, '2026-03-11'), true)
    assert.equal(mandateExpired({ sepaMandateDate: '2019-01-01', sepaMandateLastUsedAt: '2024-06-03' }, '2026-03-10'), false)
    assert.equal(mandateExpired({ sepaMandateDate: '2019-01-01', sepaMandateLastUsedAt: '2023-03-09' }, '2026-03-10'), true)
  })

  it('collect ONE_OFF as OOFF, RECURRING as RCUR, or FRST before the first use when the company asks for FRST', () => {
    assert.equal(sequenceTypeOf({ sepaMandateSequence: 'ONE_OFF', sepaMandateLastUsedAt: null }, true), 'OOFF')
    assert.equal(sequenceTypeOf({ sepaMandateSequence: 'RECURRING', sepaMandateLastUsedAt: null }, false), 'RCUR')
    assert.equal(sequenceTypeOf({ sepaMandateSequence: 'RECURRING', sepaMandateLastUsedAt: null }, true), 'FRST')
    assert.equal(sequenceTypeOf({ sepaMandateSequence: 'RECURRING', sepaMandateLastUsedAt: '2026-01-05' }, true), 'RCUR')
  })
})
