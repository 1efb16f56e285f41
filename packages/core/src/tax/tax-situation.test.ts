import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { resolveTaxSituation } from './tax-situation'
import type { TaxSituationInput } from './tax-types'

const seller = { country: 'DE', vatId: 'DE123456789', smallBusiness: false, ossRegistered: false }

function situationOf(overrides: {
  seller?: Partial<TaxSituationInput['seller']>
  buyer?: Partial<TaxSituationInput['buyer']>
  given?: TaxSituationInput['given']
  date?: string
}) {
  return resolveTaxSituation({
    seller: { ...seller, ...overrides.seller },
    buyer: { country: 'DE', vatId: null, ...overrides.buyer },
    date: overrides.date ?? '2026-11-22',
    given: overrides.given ?? {},
  })
}

describe('resolveTaxSituation: derived values', () => {
  it('taxes a domestic sale in the seller country', () => {
    assert.deepEqual(situationOf({}), {
      taxCountry: 'DE', deliveryCountry: 'DE', reverseCharge: false, taxExemptionReason: 'NONE',
      ossApplicable: false, ossCountry: null, sellerCountry: 'DE', date: '2026-11-22',
    })
    assert.equal(situationOf({ buyer: { vatId: 'DE999999999' } }).taxExemptionReason, 'NONE')
  })

  it('uses reverse charge for a business in another EU country', () => {
    const situation = situationOf({ buyer: { country: 'FR', vatId: 'FR12345678901' } })
    assert.equal(situation.taxExemptionReason, 'REVERSE_CHARGE_EU')
    assert.equal(situation.reverseCharge, true)
    assert.equal(situation.ossApplicable, false)
    assert.equal(situation.taxCountry, 'DE')
    assert.equal(situation.deliveryCountry, 'FR')
  })

  it('uses OSS for a consumer in another EU country when the seller is OSS-registered', () => {
    const situation = situationOf({ seller: { ossRegistered: true }, buyer: { country: 'AT' } })
    assert.equal(situation.taxExemptionReason, 'NONE')
    assert.equal(situation.reverseCharge, false)
    assert.equal(situation.ossApplicable, true)
    assert.equal(situation.ossCountry, 'AT')
    assert.equal(situation.taxCountry, 'AT')
  })

  it('never takes a malformed VAT id for a business: no reverse charge, and OSS as for a consumer', () => {
    for (const vatId of ['FR1', 'FR 1234', 'FR4030326504', 'XX12345678901', 'FR40303265045X']) {
      const situation = situationOf({ seller: { ossRegistered: true }, buyer: { country: 'FR', vatId } })
      assert.equal(situation.taxExemptionReason, 'NONE', vatId)
      assert.equal(situation.reverseCharge, false, vatId)
      assert.deepEqual([situation.ossApplicable, situation.ossCountry], [true, 'FR'], vatId)
    }
    assert.equal(situationOf({ buyer: { country: 'FR', vatId: 'fr 403 032 650 45' } }).taxExemptionReason, 'REVERSE_CHARGE_EU', 'written with spaces, in lower case')
  })

  it('taxes a consumer in another EU country at home when the seller is not OSS-registered', () => {
    const situation = situationOf({ buyer: { country: 'AT', vatId: '  ' } })
    assert.equal(situation.taxExemptionReason, 'NONE')
    assert.equal(situation.ossApplicable, false)
    assert.equal(situation.taxCountry, 'DE')
  })

  it('exempts a buyer outside the EU as THIRD_COUNTRY, with or without a VAT ID', () => {
    for (const buyer of [{ country: 'CH', vatId: 'CHE-123.456.789' }, { country: 'US', vatId: null }, { country: 'GB', vatId: null }]) {
      const situation = situationOf({ seller: { ossRegistered: true }, buyer })
      assert.equal(situation.taxExemptionReason, 'THIRD_COUNTRY', buyer.country)
      assert.equal(situation.reverseCharge, false)
      assert.equal(situation.ossApplicable, false)
      assert.equal(situation.taxCountry, 'DE')
    }
  })

  it('treats GB as EU for documents dated before 2021', () => {
    assert.equal(situationOf({ buyer: { country: 'GB', vatId: 'GB123456789' }, date: '2020-12-31' }).taxExemptionReason, 'REVERSE_CHARGE_EU')
    assert.equal(situationOf({ buyer: { country: 'GB', vatId: 'GB123456789' }, date: '2021-01-01' }).taxExemptionReason, 'THIRD_COUNTRY')
  })

  it('exempts a small business in every case', () => {
    for (const buyer of [{ country: 'DE', vatId: null }, { country: 'FR', vatId: 'FR40303265045' }, { country: 'AT', vatId: null }, { country: 'CH', vatId: null }]) {
      const situation = situationOf({ seller: { smallBusiness: true, ossRegistered: true }, buyer })
      assert.equal(situation.taxExemptionReason, 'SMALL_BUSINESS', buyer.country)
      assert.equal(situation.reverseCharge, false)
      assert.equal(situation.ossApplicable, false)
      assert.equal(situation.taxCountry, 'DE')
    }
  })

  it('treats a seller outside the EU selling abroad as THIRD_COUNTRY, at home as taxed', () => {
    assert.equal(situationOf({ seller: { country: 'CH' }, buyer: { country: 'DE', vatId: 'DE123456789' } }).taxExemptionReason, 'THIRD_COUNTRY')
    assert.equal(situationOf({ seller: { country: 'CH' }, buyer: { country: 'CH' } }).taxExemptionReason, 'NONE')
  })
})

describe('resolveTaxSituation: explicit values', () => {
  it('keeps an explicit reason, and a reverse-charge reason sets reverseCharge', () => {
    const explicitNone = situationOf({ buyer: { country: 'FR', vatId: 'FR40303265045' }, given: { taxExemptionReason: 'NONE' } })
    assert.equal(explicitNone.taxExemptionReason, 'NONE')
    assert.equal(explicitNone.reverseCharge, false)
    const thirteenB = situationOf({ given: { taxExemptionReason: 'REVERSE_CHARGE_13B' } })
    assert.equal(thirteenB.reverseCharge, true)
    const intraCommunity = situationOf({ buyer: { country: 'FR', vatId: 'FR40303265045' }, given: { taxExemptionReason: 'INTRA_COMMUNITY' } })
    assert.equal(intraCommunity.reverseCharge, false)
    const smallBusiness = situationOf({ seller: { smallBusiness: true }, given: { taxExemptionReason: 'OTHER_EXEMPTION' } })
    assert.equal(smallBusiness.taxExemptionReason, 'OTHER_EXEMPTION')
  })

  it('reads reverseCharge: true without a reason as REVERSE_CHARGE_EU', () => {
    const situation = situationOf({ given: { reverseCharge: true } })
    assert.equal(situation.taxExemptionReason, 'REVERSE_CHARGE_EU')
    assert.equal(situation.reverseCharge, true)
  })

  it('taxes at home when reverse charge is turned off for an EU business', () => {
    const situation = situationOf({ seller: { ossRegistered: true }, buyer: { country: 'FR', vatId: 'FR40303265045' }, given: { reverseCharge: false } })
    assert.equal(situation.taxExemptionReason, 'NONE')
    assert.equal(situation.reverseCharge, false)
    assert.equal(situation.ossApplicable, false)
    assert.equal(situation.taxCountry, 'DE')
  })

  it('applies OSS when asked: in ossCountry, else the delivery country, else the buyer country', () => {
    const toDelivery = situationOf({ buyer: { country: 'AT' }, given: { ossApplicable: true, deliveryCountry: 'IT' } })
    assert.deepEqual([toDelivery.ossApplicable, toDelivery.ossCountry, toDelivery.taxCountry, toDelivery.deliveryCountry], [true, 'IT', 'IT', 'IT'])
    const toOssCountry = situationOf({ buyer: { country: 'AT' }, given: { ossApplicable: true, ossCountry: 'FR' } })
    assert.deepEqual([toOssCountry.ossCountry, toOssCountry.taxCountry, toOssCountry.deliveryCountry], ['FR', 'FR', 'AT'])
    const toBuyer = situationOf({ buyer: { country: 'AT', vatId: 'ATU12345678' }, given: { ossApplicable: true } })
    assert.deepEqual([toBuyer.taxExemptionReason, toBuyer.reverseCharge, toBuyer.ossCountry, toBuyer.taxCountry], ['NONE', false, 'AT', 'AT'])
  })

  it('never applies OSS when ossApplicable is false', () => {
    const situation = situationOf({ seller: { ossRegistered: true }, buyer: { country: 'AT' }, given: { ossApplicable: false } })
    assert.deepEqual([situation.ossApplicable, situation.ossCountry, situation.taxCountry], [false, null, 'DE'])
  })

  it('lets an explicit tax and delivery country win over the derived ones', () => {
    const situation = situationOf({ seller: { ossRegistered: true }, buyer: { country: 'AT' }, given: { taxCountry: 'FR', deliveryCountry: 'BE' } })
    assert.deepEqual([situation.ossApplicable, situation.ossCountry, situation.taxCountry, situation.deliveryCountry], [true, 'AT', 'FR', 'BE'])
    assert.equal(situationOf({ buyer: { country: 'CH' }, given: { taxCountry: 'CH' } }).taxCountry, 'CH')
  })
})
