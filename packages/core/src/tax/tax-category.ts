import type { TaxCategory, TaxExemptionReason, TaxSituation } from './tax-types'

/** The EN 16931 category of every line of a document that is not taxed, by its reason. */
const CATEGORY_BY_REASON: Readonly<Record<Exclude<TaxExemptionReason, 'NONE'>, TaxCategory>> = {
  SMALL_BUSINESS: 'E',
  REVERSE_CHARGE_EU: 'AE',
  REVERSE_CHARGE_EU_NO_VAT: 'AE',
  REVERSE_CHARGE_13B: 'AE',
  INTRA_COMMUNITY: 'K',
  THIRD_COUNTRY: 'G',
  EXPORT_DELIVERY: 'G',
  INTERNAL_SUPPLY: 'O',
  OTHER_EXEMPTION: 'E',
}

/** The part of a tax situation these decide from; a stored invoice carries it too. */
type TaxTreatment = Pick<TaxSituation, 'taxExemptionReason' | 'reverseCharge'>

/** Whether the document charges VAT: no exemption reason and no reverse charge. */
export const isTaxed = (situation: TaxTreatment): boolean =>
  situation.taxExemptionReason === 'NONE' && !situation.reverseCharge

/**
 * The category every line of an untaxed document gets (its rate is 0), or null for a taxed
 * one, whose lines are S (rate above 0) or Z (0). Reverse charge without a reason is AE.
 */
export function exemptCategoryOf(situation: TaxTreatment): TaxCategory | null {
  if (situation.taxExemptionReason !== 'NONE') return CATEGORY_BY_REASON[situation.taxExemptionReason]
  return situation.reverseCharge ? 'AE' : null
}
