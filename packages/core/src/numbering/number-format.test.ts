import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { formatNumber, formatProblem } from './number-format'

describe('formatNumber', () => {
  it('fills year, month and sequence from the date and value', () => {
    assert.equal(formatNumber('RE-{YYYY}-{SEQ:5}', 42, '2026-03-15'), 'RE-2026-00042')
    assert.equal(formatNumber('{YY}{MM}-{SEQ}', 7, '2026-03-15'), '2603-7')
    assert.equal(formatNumber('KD-{SEQ:5}', 1, '2026-12-31'), 'KD-00001')
  })

  it('leaves {SEQ} unpadded and never cuts a value longer than the width', () => {
    assert.equal(formatNumber('{SEQ}', 1234567, '2026-01-01'), '1234567')
    assert.equal(formatNumber('{SEQ:3}', 123456, '2026-01-01'), '123456')
  })

  it('replaces every occurrence of a date placeholder and keeps other text', () => {
    assert.equal(formatNumber('{YYYY}/{MM}/{YYYY}-{SEQ:2} (x)', 3, '2027-01-05'), '2027/01/2027-03 (x)')
  })
})

describe('formatProblem', () => {
  it('accepts the default formats and formats with one sequence', () => {
    assert.equal(formatProblem('RE-{YYYY}-{SEQ:5}', true), undefined)
    assert.equal(formatProblem('RE{YY}{SEQ}', true), undefined)
    assert.equal(formatProblem('KD-{SEQ:5}', false), undefined)
    assert.equal(formatProblem('{MM}-{SEQ}', false), undefined)
  })

  it('requires 1 to 60 characters', () => {
    assert.match(formatProblem('', false) ?? '', /1 to 60/)
    assert.match(formatProblem(`${'X'.repeat(56)}{SEQ}`, false) ?? '', /1 to 60/)
    assert.equal(formatProblem(`${'X'.repeat(55)}{SEQ}`, false), undefined)
  })

  it('requires exactly one sequence placeholder', () => {
    assert.match(formatProblem('RE-{YYYY}', false) ?? '', /\{SEQ\}/)
    assert.match(formatProblem('{SEQ}-{SEQ:3}', false) ?? '', /exactly once/)
  })

  it('names an unknown placeholder', () => {
    assert.match(formatProblem('RE-{DD}-{SEQ}', false) ?? '', /unknown placeholder \{DD\}/)
    assert.match(formatProblem('RE-{seq}', false) ?? '', /unknown placeholder \{seq\}/)
    assert.match(formatProblem('RE-{SEQ:123}', false) ?? '', /unknown placeholder/)
  })

  it('requires a year in a range that resets yearly', () => {
    assert.match(formatProblem('RE-{SEQ:5}', true) ?? '', /\{YYYY\} or \{YY\}/)
    assert.match(formatProblem('RE-{MM}-{SEQ:5}', true) ?? '', /\{YYYY\} or \{YY\}/)
    assert.equal(formatProblem('RE-{SEQ:5}', false), undefined)
  })
})
