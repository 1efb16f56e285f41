import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import type { Invoice } from '../invoices'
// Through the package's entry, which loads the features in the order they need.
import { taxCaseOf, taxGroupsOf } from '..'

type Document = Parameters<typeof taxGroupsOf>[0]
const entry = (taxRate: string, netAmount: string, taxAmount: string, taxCategory: Invoice['taxBreakdown'][number]['taxCategory'] = 'S') => ({ taxCategory, taxRate, netAmount, taxAmount })
const domestic = (taxBreakdown: Document['taxBreakdown'], more: Partial<Document> = {}): Document => ({
  taxExemptionReason: 'NONE', ossApplicable: false, taxCountry: 'DE', issueDate: '2026-03-10', taxBreakdown, ...more,
})

describe('tax cases of tax groups', () => {
  it('reads a domestic group by the category of its rate in the tax country', () => {
    const document = domestic([])
    assert.equal(taxCaseOf(document, '19'), 'DOMESTIC_STANDARD')
    assert.equal(taxCaseOf(document, '7.00'), 'DOMESTIC_REDUCED')
    assert.equal(taxCaseOf(document, '0'), 'DOMESTIC_ZERO')
    assert.equal(taxCaseOf(document, '5'), 'DOMESTIC_OTHER')
    assert.equal(taxCaseOf({ ...document, taxCountry: 'AT' }, '10'), 'DOMESTIC_REDUCED')
    // 16 % was Germany's standard rate in the second half of 2020 only.
    assert.equal(taxCaseOf({ ...document, issueDate: '2020-08-01' }, '16'), 'DOMESTIC_STANDARD')
    assert.equal(taxCaseOf(document, '16'), 'DOMESTIC_OTHER')
  })

  it('puts OSS before the exemption reason, and maps both reverse-charge reasons to one case', () => {
    assert.equal(taxCaseOf(domestic([], { ossApplicable: true, taxCountry: 'NL' }), '21'), 'OSS')
    assert.equal(taxCaseOf(domestic([], { taxExemptionReason: 'REVERSE_CHARGE_EU_NO_VAT' }), '0'), 'REVERSE_CHARGE_EU')
    assert.equal(taxCaseOf(domestic([], { taxExemptionReason: 'REVERSE_CHARGE_EU' }), '0'), 'REVERSE_CHARGE_EU')
    assert.equal(taxCaseOf(domestic([], { taxExemptionReason: 'INTRA_COMMUNITY' }), '0'), 'INTRA_COMMUNITY')
    assert.equal(taxCaseOf(domestic([], { taxExemptionReason: 'SMALL_BUSINESS' }), '0'), 'SMALL_BUSINESS')
  })

  it('sums entries of one case and rate, drops groups of gross 0, and orders by rate descending', () => {
    const groups = taxGroupsOf(domestic([
      entry('7', '10.00', '0.70'), entry('0', '5.00', '0.00', 'Z'), entry('19', '100.00', '19.00'), entry('0', '2.50', '0.00', 'E'), entry('19.0', '-100.00', '-19.00'),
      entry('7', '0.10', '0.01'),
    ]))
    assert.deepEqual(groups, [
      { taxCase: 'DOMESTIC_REDUCED', taxRate: '7', net: '10.10', tax: '0.71', gross: '10.81' },
      { taxCase: 'DOMESTIC_ZERO', taxRate: '0', net: '7.50', tax: '0.00', gross: '7.50' },
    ])
  })

  it('sums amounts of more than two decimals exactly and rounds the sums, not the parts', () => {
    assert.deepEqual(taxGroupsOf(domestic([entry('19', '10.0025', '1.9005'), entry('19', '10.0025', '1.9005')])), [
      { taxCase: 'DOMESTIC_STANDARD', taxRate: '19', net: '20.01', tax: '3.80', gross: '23.81' },
    ])
  })

  it('keeps the sign of a credit note', () => {
    assert.deepEqual(taxGroupsOf(domestic([entry('19', '-50.00', '-9.50')])), [
      { taxCase: 'DOMESTIC_STANDARD', taxRate: '19', net: '-50.00', tax: '-9.50', gross: '-59.50' },
    ])
  })
})
