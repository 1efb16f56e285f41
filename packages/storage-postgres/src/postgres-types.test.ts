import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { isoInstant } from './postgres-types'

describe('postgres: instants as the engine writes them', () => {
  it('turns timestamptz text of any session time zone into UTC ISO 8601 with milliseconds', () => {
    assert.equal(isoInstant('2026-03-01 10:00:00+00'), '2026-03-01T10:00:00.000Z')
    assert.equal(isoInstant('2026-03-01 10:00:00.12+00'), '2026-03-01T10:00:00.120Z')
    assert.equal(isoInstant('2026-03-01 10:00:00.123456+00'), '2026-03-01T10:00:00.123Z')
    assert.equal(isoInstant('2026-03-01 11:00:00.5+01'), '2026-03-01T10:00:00.500Z')
    assert.equal(isoInstant('2026-03-01 05:15:00-04:45'), '2026-03-01T10:00:00.000Z')
  })
})
