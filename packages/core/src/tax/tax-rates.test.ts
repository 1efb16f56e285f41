import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { EU_MEMBERSHIP, RATE_TABLE } from './tax-rate-table'
import { isEuMember, normaliseRate, rateCategoryOf, standardRateOf, taxRatesOf } from './tax-rates'

const EU_27 = ['AT', 'BE', 'BG', 'CY', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'HU', 'IE', 'IT', 'LT', 'LU', 'LV', 'MT', 'NL', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK']

describe('the rate table', () => {
  it('covers the EU-27 plus CH, GB, LI and NO, from 2020-01-01, periods in date order', () => {
    assert.deepEqual(Object.keys(RATE_TABLE).sort(), [...EU_27, 'CH', 'GB', 'LI', 'NO'].sort())
    for (const [country, periods] of Object.entries(RATE_TABLE)) {
      assert.equal(periods[0]?.from, '2020-01-01', country)
      const dates = periods.map((period) => period.from)
      assert.deepEqual(dates, [...new Set(dates)].sort(), country)
    }
  })

  it('counts a parking rate among the reduced rates, also where it is not a reduced rate itself', () => {
    assert.deepEqual(taxRatesOf('LU', '2024-06-01')?.reduced, ['8', '14'])
    assert.deepEqual(taxRatesOf('LU', '2023-06-01')?.reduced, ['7', '13'])
    assert.deepEqual(taxRatesOf('AT', '2024-06-01')?.reduced, ['10', '13'])
    assert.deepEqual(taxRatesOf('LI', '2024-06-01'), taxRatesOf('CH', '2024-06-01'))
    for (const [country, periods] of Object.entries(RATE_TABLE)) {
      for (const { from, parking, standard } of periods) {
        if (parking !== undefined) assert.ok(Number(parking) >= 12 && Number(parking) < Number(standard), `${country} ${from}`)
      }
    }
  })

  it('lists reduced rates lowest first, between the super-reduced and the standard rate', () => {
    for (const [country, periods] of Object.entries(RATE_TABLE)) {
      for (const { from, standard, reduced, superReduced } of periods) {
        const numbers = [superReduced, ...reduced, standard].filter((rate) => rate !== null).map(Number)
        assert.deepEqual(numbers, [...numbers].sort((a, b) => a - b), `${country} ${from}`)
        assert.equal(new Set(numbers).size, numbers.length, `${country} ${from}`)
      }
    }
  })

  it('knows every EU member, and only EU members and GB', () => {
    assert.deepEqual(Object.keys(EU_MEMBERSHIP).sort(), [...EU_27, 'GB'].sort())
  })
})

describe('taxRatesOf and standardRateOf', () => {
  it('gives the rates of today', () => {
    assert.deepEqual(taxRatesOf('DE', '2026-11-22'), { standard: '19', reduced: ['7'], superReduced: null, zero: true })
    assert.deepEqual(taxRatesOf('AT', '2026-11-22'), { standard: '20', reduced: ['10', '13'], superReduced: '4.9', zero: false })
    assert.deepEqual(taxRatesOf('FR', '2026-11-22'), { standard: '20', reduced: ['5.5', '10'], superReduced: '2.1', zero: false })
    assert.deepEqual(taxRatesOf('DK', '2026-11-22'), { standard: '25', reduced: [], superReduced: null, zero: true })
    assert.deepEqual(taxRatesOf('CH', '2026-11-22'), { standard: '8.1', reduced: ['2.6', '3.8'], superReduced: null, zero: false })
  })

  it('follows the dated changes, on the day they begin', () => {
    const cases: [string, string, string | undefined][] = [
      ['DE', '2020-06-30', '19'], ['DE', '2020-07-01', '16'], ['DE', '2020-08-01', '16'], ['DE', '2020-12-31', '16'], ['DE', '2021-01-01', '19'],
      ['EE', '2023-12-31', '20'], ['EE', '2024-01-01', '22'], ['EE', '2025-06-30', '22'], ['EE', '2025-07-01', '24'],
      ['FI', '2024-08-31', '24'], ['FI', '2024-09-01', '25.5'],
      ['SK', '2024-12-31', '20'], ['SK', '2025-01-01', '23'],
      ['RO', '2025-07-31', '19'], ['RO', '2025-08-01', '21'],
      ['CH', '2023-12-31', '7.7'], ['CH', '2024-01-01', '8.1'],
      ['IE', '2020-09-01', '21'], ['IE', '2021-03-01', '23'],
      ['LU', '2023-06-01', '16'], ['LU', '2024-01-01', '17'],
    ]
    for (const [country, date, standard] of cases) assert.equal(standardRateOf(country, date), standard, `${country} ${date}`)
  })

  it('follows changes of the reduced rates', () => {
    assert.deepEqual(taxRatesOf('DE', '2020-08-01')?.reduced, ['5'])
    assert.deepEqual(taxRatesOf('CZ', '2023-12-31')?.reduced, ['10', '15'])
    assert.deepEqual(taxRatesOf('CZ', '2024-01-01')?.reduced, ['12'])
    assert.deepEqual(taxRatesOf('RO', '2025-07-31')?.reduced, ['5', '9'])
    assert.deepEqual(taxRatesOf('RO', '2025-08-01')?.reduced, ['11'])
    assert.deepEqual(taxRatesOf('SK', '2025-01-01')?.reduced, ['5', '19'])
    assert.deepEqual(taxRatesOf('FI', '2026-01-01')?.reduced, ['10', '13.5'])
    assert.deepEqual(taxRatesOf('LT', '2026-01-01')?.reduced, ['5', '12'])
    assert.equal(taxRatesOf('AT', '2026-06-30')?.superReduced, null)
    assert.equal(taxRatesOf('AT', '2026-07-01')?.superReduced, '4.9')
  })

  it('is undefined outside the table, and reads codes case-insensitively (EL is Greece)', () => {
    assert.equal(taxRatesOf('US', '2026-01-01'), undefined)
    assert.equal(taxRatesOf('XI', '2026-01-01'), undefined)
    assert.equal(taxRatesOf('DE', '2019-12-31'), undefined)
    assert.equal(standardRateOf('de', '2026-01-01'), '19')
    assert.equal(standardRateOf('EL', '2026-01-01'), '24')
  })

  it('hands out copies: changing one does not change the table', () => {
    taxRatesOf('DE', '2026-01-01')?.reduced.push('1')
    assert.deepEqual(taxRatesOf('DE', '2026-01-01')?.reduced, ['7'])
  })
})

describe('isEuMember', () => {
  it('counts the EU-27, not CH, NO or Northern Ireland', () => {
    for (const country of EU_27) assert.equal(isEuMember(country), true, country)
    for (const country of ['CH', 'NO', 'XI', 'US', 'GB']) assert.equal(isEuMember(country), false, country)
  })

  it('counts GB until 2020-12-31 and HR from 2013-07-01', () => {
    assert.equal(isEuMember('GB', '2020-12-31'), true)
    assert.equal(isEuMember('GB', '2021-01-01'), false)
    assert.equal(isEuMember('HR', '2013-06-30'), false)
    assert.equal(isEuMember('HR', '2013-07-01'), true)
  })
})

describe('rateCategoryOf', () => {
  it('names standard, reduced (with its index from the lowest), super-reduced and zero', () => {
    assert.deepEqual(rateCategoryOf('19', 'DE', '2026-01-01'), { kind: 'STANDARD' })
    assert.deepEqual(rateCategoryOf('19.00', 'DE', '2026-01-01'), { kind: 'STANDARD' })
    assert.deepEqual(rateCategoryOf('7', 'DE', '2026-01-01'), { kind: 'REDUCED', index: 0 })
    assert.deepEqual(rateCategoryOf('10', 'FR', '2026-01-01'), { kind: 'REDUCED', index: 1 })
    assert.deepEqual(rateCategoryOf('2.1', 'FR', '2026-01-01'), { kind: 'SUPER_REDUCED' })
    assert.deepEqual(rateCategoryOf('0', 'DE', '2026-01-01'), { kind: 'ZERO' })
  })

  it('is undefined for a rate the country does not have on that day', () => {
    assert.equal(rateCategoryOf('16', 'DE', '2026-01-01'), undefined)
    assert.deepEqual(rateCategoryOf('16', 'DE', '2020-08-01'), { kind: 'STANDARD' })
    assert.equal(rateCategoryOf('0', 'FR', '2026-01-01'), undefined)
    assert.equal(rateCategoryOf('19', 'US', '2026-01-01'), undefined)
    assert.equal(rateCategoryOf('abc', 'DE', '2026-01-01'), undefined)
  })
})

describe('normaliseRate', () => {
  const today = '2026-11-22'

  it('maps standard to standard and reduced to the reduced rate of the same rank', () => {
    assert.equal(normaliseRate('19', 'DE', 'AT', today), '20')
    assert.equal(normaliseRate('7', 'DE', 'AT', today), '10')
    assert.equal(normaliseRate('7', 'DE', 'FR', today), '5.5')
    assert.equal(normaliseRate('20', 'AT', 'DE', today), '19')
    assert.equal(normaliseRate('7', 'DE', 'NL', today), '9')
  })

  it('takes the highest reduced rate when the tax country has fewer, the standard when it has none', () => {
    assert.equal(normaliseRate('13', 'AT', 'DE', today), '7')
    assert.equal(normaliseRate('10', 'FR', 'DE', today), '7')
    assert.equal(normaliseRate('7', 'DE', 'DK', today), '25')
  })

  it('maps super-reduced to super-reduced, else to the lowest reduced rate', () => {
    assert.equal(normaliseRate('2.1', 'FR', 'IT', today), '4')
    assert.equal(normaliseRate('2.1', 'FR', 'BE', today), '6')
    assert.equal(normaliseRate('2.1', 'FR', 'DK', today), '25')
  })

  it('keeps 0, also where the tax country has no zero rate', () => {
    assert.equal(normaliseRate('0', 'DE', 'IE', today), '0')
    assert.equal(normaliseRate('0', 'DE', 'AT', today), '0')
  })

  it('leaves unknown rates, countries outside the table and the same country alone', () => {
    assert.equal(normaliseRate('16', 'DE', 'AT', today), '16')
    assert.equal(normaliseRate('8.1', 'US', 'DE', today), '8.1')
    assert.equal(normaliseRate('19', 'DE', 'US', today), '19')
    assert.equal(normaliseRate('7.0', 'DE', 'DE', today), '7.0')
  })

  it('reads both countries on the given day', () => {
    assert.equal(normaliseRate('16', 'DE', 'AT', '2020-08-01'), '20')
    assert.equal(normaliseRate('19', 'DE', 'EE', '2025-06-30'), '22')
    assert.equal(normaliseRate('19', 'DE', 'EE', '2025-07-01'), '24')
  })
})
