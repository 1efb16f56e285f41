import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import fc from 'fast-check'
import { numberStemOf, stemsDecide, stemsHolding } from './number-stems'

/**
 * Folded numbers and needles are written from these: letters and digits (one of each beyond the
 * BMP), and characters that close a stem (one beyond the BMP, a combining mark).
 */
const PIECES = ['re', 'an', 'gs', 'a', 'e', '0', '1', '2', '24', '2024', 'ä', '١', '𐐨', '𝟏', '-', '/', ' ', '.', '_', '%', '😀', '\u0301'] as const
const folded = fc.array(fc.constantFrom(...PIECES), { maxLength: 8 }).map((pieces) => pieces.join(''))

describe('number stems', () => {
  it('cut a number into a stem that ends in a character other than a letter or digit, and a tail of letters and digits', () => {
    assert.equal(numberStemOf('re-2024-004321'), 're-2024-')
    assert.equal(numberStemOf('entwurf-k3x9q'), 'entwurf-')
    assert.equal(numberStemOf('re2024001'), '')
    assert.equal(numberStemOf('2024/'), '2024/')
    fc.assert(fc.property(folded, (number) => {
      const stem = numberStemOf(number)
      assert.ok(number.startsWith(stem))
      assert.match(number.slice(stem.length), /^[\p{L}\p{N}]*$/u)
      assert.ok(stem === '' || !/[\p{L}\p{N}]$/u.test(stem))
    }))
  })

  it('tell which stems’ numbers all hold a needle, which may, and which cannot, as a test of each number does', () => {
    assert.deepEqual(stemsHolding('re-2024', ['entwurf-', 're-2024-', 're-2025-']), { whole: ['re-2024-'], tested: [] })
    assert.deepEqual(stemsHolding('2024-0', ['re-2024-', 're-2025-']), { whole: [], tested: ['re-2024-'] })
    assert.equal(stemsHolding('2024', ['re-2024-']), undefined)
    fc.assert(fc.property(fc.array(folded, { minLength: 1, maxLength: 12 }), folded, fc.nat(), fc.nat(), (numbers, other, start, length) => {
      // Needles cut from the numbers (so that they often hold them), by code point as folded
      // needles are whole code points, and of their own.
      const source = [...numbers[start % numbers.length]!]
      const from = start % (source.length + 1)
      for (const needle of [source.slice(from, from + 1 + (length % 6)).join(''), other]) {
        if (needle === '') continue
        const holding = stemsHolding(needle, [...new Set(numbers.map(numberStemOf))])
        assert.equal(holding !== undefined, stemsDecide(needle))
        if (!holding) {
          assert.match(needle, /^[\p{L}\p{N}]+$/u)
          continue
        }
        for (const number of numbers) {
          const stem = numberStemOf(number)
          if (holding.whole.includes(stem)) assert.ok(number.includes(needle), `${number} holds ${needle}: its stem ${stem} does`)
          else if (!holding.tested.includes(stem)) assert.ok(!number.includes(needle), `${number} does not hold ${needle}: its stem ${stem} is left out`)
        }
      }
    }), { numRuns: 2_000 })
  })
})
