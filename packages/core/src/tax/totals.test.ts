import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { failsWith } from '../testing/fails-with'
import type { LineType } from '../sales-documents/document-line'
import { resolveTaxSituation } from './tax-situation'
import type { LineAmountInput, TaxSituation, TaxSituationInput } from './tax-types'
import { computeTotals } from './totals'

const domestic: TaxSituation = {
  taxCountry: 'DE', deliveryCountry: 'DE', reverseCharge: false, taxExemptionReason: 'NONE',
  ossApplicable: false, ossCountry: null, sellerCountry: 'DE', date: '2026-11-22',
}

const line = (lineType: LineType, quantity: string, unitPrice: string, taxRate: string | null = '19', discount = '0'): LineAmountInput =>
  ({ lineType, quantity, unitPrice, discount, taxRate })

/** A situation for a German seller, resolved as the engine would. */
function fromGermany(buyer: TaxSituationInput['buyer'], options: Partial<TaxSituationInput['seller']> & { date?: string; given?: TaxSituationInput['given'] } = {}) {
  const { date = '2026-11-22', given = {}, ...seller } = options
  return resolveTaxSituation({
    seller: { country: 'DE', vatId: 'DE123456789', smallBusiness: false, ossRegistered: false, ...seller },
    buyer,
    date,
    given,
  })
}

describe('computeTotals: examples', () => {
  it('computes a German domestic invoice at 19 % and 7 %', () => {
    const totals = computeTotals([
      line('PRODUCT', '2', '49.99'),
      line('SERVICE', '3', '33.333', '7'),
      line('SHIPPING', '1', '4.90', null),
    ], domestic)
    assert.deepEqual(totals, {
      lines: [
        { netAmount: '99.98', taxRate: '19', taxCategory: 'S' },
        { netAmount: '100.00', taxRate: '7', taxCategory: 'S' },
        { netAmount: '4.90', taxRate: '19', taxCategory: 'S' },
      ],
      taxBreakdown: [
        { taxCategory: 'S', taxRate: '19', netAmount: '104.88', taxAmount: '19.93' },
        { taxCategory: 'S', taxRate: '7', netAmount: '100.00', taxAmount: '7.00' },
      ],
      netTotal: '204.88',
      taxTotal: '26.93',
      grossTotal: '231.81',
    })
  })

  it('normalises German rates to Austrian ones for an OSS sale to Austria', () => {
    const situation = fromGermany({ country: 'AT', vatId: null }, { ossRegistered: true })
    const totals = computeTotals([line('PRODUCT', '1', '100'), line('PRODUCT', '1', '50', '7'), line('SERVICE', '1', '10', null)], situation)
    assert.deepEqual(totals.lines.map((priced) => priced.taxRate), ['20', '10', '20'])
    assert.deepEqual(totals.taxBreakdown, [
      { taxCategory: 'S', taxRate: '20', netAmount: '110.00', taxAmount: '22.00' },
      { taxCategory: 'S', taxRate: '10', netAmount: '50.00', taxAmount: '5.00' },
    ])
    assert.equal(totals.grossTotal, '187.00')
  })

  it('puts every line at 0 % AE under EU reverse charge', () => {
    const situation = fromGermany({ country: 'FR', vatId: 'FR12345678901' })
    const totals = computeTotals([line('PRODUCT', '1', '100'), line('SERVICE', '2', '25', '7'), line('TEXT', '0', '0', null)], situation)
    assert.deepEqual(totals.lines, [
      { netAmount: '100.00', taxRate: '0', taxCategory: 'AE' },
      { netAmount: '50.00', taxRate: '0', taxCategory: 'AE' },
      { netAmount: '0', taxRate: '0', taxCategory: null },
    ])
    assert.deepEqual(totals.taxBreakdown, [{ taxCategory: 'AE', taxRate: '0', netAmount: '150.00', taxAmount: '0.00' }])
    assert.deepEqual([totals.netTotal, totals.taxTotal, totals.grossTotal], ['150.00', '0.00', '150.00'])
  })

  it('puts every line at 0 % G for a Swiss customer', () => {
    const totals = computeTotals([line('SERVICE', '10', '95', null)], fromGermany({ country: 'CH', vatId: null }))
    assert.deepEqual(totals.taxBreakdown, [{ taxCategory: 'G', taxRate: '0', netAmount: '950.00', taxAmount: '0.00' }])
    assert.equal(totals.grossTotal, '950.00')
  })

  it('puts every line at 0 % E for a small business', () => {
    const totals = computeTotals([line('PRODUCT', '1', '80'), line('PRODUCT', '1', '20', '7')], fromGermany({ country: 'DE', vatId: null }, { smallBusiness: true }))
    assert.deepEqual(totals.lines.map((priced) => [priced.taxRate, priced.taxCategory]), [['0', 'E'], ['0', 'E']])
    assert.deepEqual(totals.taxBreakdown, [{ taxCategory: 'E', taxRate: '0', netAmount: '100.00', taxAmount: '0.00' }])
  })

  it('maps each exemption reason to its category', () => {
    const expected = {
      SMALL_BUSINESS: 'E', REVERSE_CHARGE_EU: 'AE', REVERSE_CHARGE_EU_NO_VAT: 'AE', REVERSE_CHARGE_13B: 'AE', INTRA_COMMUNITY: 'K',
      THIRD_COUNTRY: 'G', EXPORT_DELIVERY: 'G', INTERNAL_SUPPLY: 'O', OTHER_EXEMPTION: 'E',
    } as const
    for (const [reason, category] of Object.entries(expected)) {
      const totals = computeTotals([line('PRODUCT', '1', '10')], { ...domestic, taxExemptionReason: reason as keyof typeof expected })
      assert.equal(totals.lines[0]?.taxCategory, category, reason)
    }
    assert.equal(computeTotals([line('PRODUCT', '1', '10')], { ...domestic, reverseCharge: true }).lines[0]?.taxCategory, 'AE')
  })

  it('gives 0 % lines of a taxed document the category Z', () => {
    const totals = computeTotals([line('PRODUCT', '1', '10', '0'), line('PRODUCT', '1', '10')], domestic)
    assert.deepEqual(totals.taxBreakdown.map((entry) => [entry.taxCategory, entry.taxRate]), [['S', '19'], ['Z', '0']])
  })

  it('reads the standard rate on the document date', () => {
    assert.equal(computeTotals([line('PRODUCT', '1', '100', null)], { ...domestic, date: '2020-08-01' }).taxTotal, '16.00')
    assert.equal(computeTotals([line('PRODUCT', '1', '100', null)], { ...domestic, date: '2021-01-01' }).taxTotal, '19.00')
    const toEstonia = (date: string) => computeTotals([line('PRODUCT', '1', '100')], fromGermany({ country: 'EE', vatId: null }, { ossRegistered: true, date }))
    assert.equal(toEstonia('2025-06-30').lines[0]?.taxRate, '22')
    assert.equal(toEstonia('2025-07-01').lines[0]?.taxRate, '24')
  })

  it('follows an explicit tax country', () => {
    const situation = fromGermany({ country: 'DE', vatId: null }, { given: { taxCountry: 'FR' } })
    const totals = computeTotals([line('PRODUCT', '1', '100'), line('PRODUCT', '1', '100', '7'), line('PRODUCT', '1', '100', null)], situation)
    assert.deepEqual(totals.lines.map((priced) => priced.taxRate), ['20', '5.5', '20'])
  })

  it('keeps a rate that is not one of the seller country rates', () => {
    const situation = fromGermany({ country: 'AT', vatId: null }, { ossRegistered: true })
    assert.equal(computeTotals([line('PRODUCT', '1', '100', '13')], situation).lines[0]?.taxRate, '13')
  })

  it('rounds half-up to cents, away from zero for negative amounts', () => {
    assert.equal(computeTotals([line('PRODUCT', '1', '0.005')], domestic).netTotal, '0.01')
    assert.equal(computeTotals([line('PRODUCT', '-1', '0.005')], domestic).netTotal, '-0.01')
    assert.equal(computeTotals([line('PRODUCT', '1', '0.05')], domestic).taxTotal, '0.01') // 0.0095
    assert.equal(computeTotals([line('PRODUCT', '1', '0.02')], domestic).taxTotal, '0.00') // 0.0038
  })

  it('rounds tax once per rate, not per line', () => {
    const totals = computeTotals([line('PRODUCT', '1', '0.03'), line('PRODUCT', '1', '0.03'), line('PRODUCT', '1', '0.03')], domestic)
    assert.equal(totals.taxTotal, '0.02') // 0.09 × 19 % = 0.0171; per line it would be 3 × 0.01
  })
})

describe('computeTotals: line types', () => {
  it('takes the absolute discount off the line', () => {
    const totals = computeTotals([line('PRODUCT', '3', '10', '19', '4.5')], domestic)
    assert.equal(totals.lines[0]?.netAmount, '25.50')
  })

  it('deducts DISCOUNT_ABSOLUTE, ADVANCE_PAYMENT and CREDIT lines', () => {
    const totals = computeTotals([
      line('PRODUCT', '1', '1000'),
      line('DISCOUNT_ABSOLUTE', '1', '50'),
      line('ADVANCE_PAYMENT', '1', '300'),
      line('CREDIT', '2', '10', '19', '5'),
    ], domestic)
    assert.deepEqual(totals.lines.map((priced) => priced.netAmount), ['1000.00', '-50.00', '-300.00', '-15.00'])
    assert.deepEqual([totals.netTotal, totals.taxTotal, totals.grossTotal], ['635.00', '120.65', '755.65'])
  })

  it('takes a DISCOUNT_PERCENT off the lines above it with the same rate', () => {
    const totals = computeTotals([
      line('PRODUCT', '1', '100'),
      line('PRODUCT', '1', '50', '7'),
      line('SHIPPING', '1', '5.95', null),
      line('DISCOUNT_ABSOLUTE', '1', '20'),
      line('DISCOUNT_PERCENT', '1', '10'),
      line('PRODUCT', '1', '1000'),
      line('DISCOUNT_PERCENT', '7', '2.5', '7', '99'),
    ], domestic)
    assert.deepEqual(totals.lines.map((priced) => priced.netAmount), ['100.00', '50.00', '5.95', '-20.00', '-10.60', '1000.00', '-1.25'])
    assert.deepEqual(totals.taxBreakdown, [
      { taxCategory: 'S', taxRate: '19', netAmount: '1075.35', taxAmount: '204.32' },
      { taxCategory: 'S', taxRate: '7', netAmount: '48.75', taxAmount: '3.41' },
    ])
  })

  it('matches DISCOUNT_PERCENT lines by rate also when the document is exempt', () => {
    const situation = { ...domestic, taxExemptionReason: 'SMALL_BUSINESS' as const }
    const totals = computeTotals([line('PRODUCT', '1', '100'), line('PRODUCT', '1', '50', '7'), line('DISCOUNT_PERCENT', '1', '10', '7')], situation)
    assert.equal(totals.lines[2]?.netAmount, '-5.00')
  })

  it('gives TEXT, SUBTOTAL and PAGEBREAK lines no amount and ignores their fields', () => {
    const totals = computeTotals([
      line('TEXT', 'x', 'y', 'z', 'w'),
      line('PRODUCT', '1', '10'),
      line('SUBTOTAL', '5', '5', '7'),
      line('PAGEBREAK', '1', '1', null),
    ], { ...domestic, taxCountry: 'US' })
    assert.deepEqual(totals.lines.filter((_, index) => index !== 1), Array(3).fill({ netAmount: '0', taxRate: '0', taxCategory: null }))
    assert.deepEqual(totals.taxBreakdown, [{ taxCategory: 'S', taxRate: '19', netAmount: '10.00', taxAmount: '1.90' }])
    assert.equal(totals.grossTotal, '11.90')
  })

  it('has zero totals and no breakdown without amount-bearing lines', () => {
    assert.deepEqual(computeTotals([], domestic), { lines: [], taxBreakdown: [], netTotal: '0.00', taxTotal: '0.00', grossTotal: '0.00' })
  })

  it('sorts the breakdown by rate, highest first', () => {
    const totals = computeTotals([line('PRODUCT', '1', '1', '0'), line('PRODUCT', '1', '1', '7'), line('PRODUCT', '1', '1', '19'), line('PRODUCT', '1', '1', '5.5')], domestic)
    assert.deepEqual(totals.taxBreakdown.map((entry) => entry.taxRate), ['19', '7', '5.5', '0'])
  })
})

describe('computeTotals: invalid lines', () => {
  it('rejects a discount larger than quantity × unitPrice, naming the line', () => {
    assert.throws(
      () => computeTotals([line('PRODUCT', '1', '10'), line('SERVICE', '2', '5', '19', '10.01')], domestic),
      failsWith('validation_failed', { field: 'lines.1.discount', lineIndex: 1 }),
    )
    assert.throws(() => computeTotals([line('SERVICE', '2', '5', '19', '10.01')], domestic), /lines\.0\.discount: must not be more than/)
    assert.equal(computeTotals([line('SERVICE', '2', '5', '19', '10')], domestic).netTotal, '0.00')
  })

  it('rejects a negative discount on a positive line, accepts it on a negative one', () => {
    assert.throws(() => computeTotals([line('PRODUCT', '1', '10', '19', '-1')], domestic), failsWith('validation_failed', { field: 'lines.0.discount', lineIndex: 0 }))
    assert.equal(computeTotals([line('PRODUCT', '-1', '10', '19', '-1')], domestic).netTotal, '-9.00')
    assert.equal(computeTotals([line('PRODUCT', '-1', '10', '19', '1')], domestic).netTotal, '-9.00')
    assert.throws(() => computeTotals([line('PRODUCT', '-1', '10', '19', '-11')], domestic), failsWith('validation_failed', { field: 'lines.0.discount' }))
  })

  it('asks for a rate when the tax country has no known standard rate', () => {
    const situation = { ...domestic, taxCountry: 'US' }
    assert.throws(
      () => computeTotals([line('PRODUCT', '1', '10'), line('PRODUCT', '1', '10', null)], situation),
      (error: Error) => failsWith('validation_failed', { field: 'lines.1.taxRate', lineIndex: 1 })(error) && /give a tax rate; no standard rate is known for US/.test(error.message),
    )
    assert.equal(computeTotals([line('PRODUCT', '1', '10', null)], { ...situation, taxExemptionReason: 'THIRD_COUNTRY' }).taxTotal, '0.00')
  })

  it('rejects malformed numbers, rates outside 0-100 and percents outside 0-100', () => {
    assert.throws(() => computeTotals([line('PRODUCT', '1e3', '10')], domestic), failsWith('validation_failed', { field: 'lines.0.quantity' }))
    assert.throws(() => computeTotals([line('PRODUCT', '1', '')], domestic), failsWith('validation_failed', { field: 'lines.0.unitPrice' }))
    assert.throws(() => computeTotals([line('PRODUCT', '1', '1', '101')], domestic), failsWith('validation_failed', { field: 'lines.0.taxRate' }))
    assert.throws(() => computeTotals([line('PRODUCT', '1', '1', '-7')], domestic), failsWith('validation_failed', { field: 'lines.0.taxRate' }))
    assert.throws(() => computeTotals([line('DISCOUNT_PERCENT', '1', '120')], domestic), failsWith('validation_failed', { field: 'lines.0.unitPrice' }))
  })
})
