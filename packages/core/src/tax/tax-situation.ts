import { canonicalCountry, isEuMember } from './tax-rates'
import type { TaxExemptionReason, TaxSituation, TaxSituationInput } from './tax-types'
import { isWellFormedVatId } from '../shared/vat-id'

/** Reasons under which the buyer accounts for the tax. */
export const REVERSE_CHARGE_REASONS: ReadonlySet<TaxExemptionReason> = new Set([
  'REVERSE_CHARGE_EU', 'REVERSE_CHARGE_EU_NO_VAT', 'REVERSE_CHARGE_13B',
])

/**
 * The tax rules of a document. A value the caller gave is kept as given; each
 * value not given is derived, in this order:
 * 1. a small-business seller → SMALL_BUSINESS (0 %);
 * 2. `reverseCharge: true` without a reason → REVERSE_CHARGE_EU, and a reverse-charge reason
 *    sets `reverseCharge`;
 * 3. a buyer in the seller's country → taxed at home (NONE);
 * 4. seller or buyer outside the EU → THIRD_COUNTRY (0 %);
 * 5. a buyer in another EU country with a well-formed VAT ID → REVERSE_CHARGE_EU (0 %), unless the caller
 *    said `reverseCharge: false`, which taxes the document at home;
 * 6. without a VAT ID: an OSS-registered seller taxes in the buyer's country (OSS), any other
 *    seller at home.
 * `ossApplicable: true` taxes in `ossCountry ?? deliveryCountry`; `false` never uses OSS.
 * `taxCountry` is the OSS country under OSS and the seller's country otherwise, also under
 * reverse charge and exemptions (their rates are 0 %). `deliveryCountry` defaults to the
 * buyer's country.
 *
 * Simplified on purpose: the place of supply does not depend on goods vs services, on
 * delivery vs customer country (OSS follows the buyer's country unless `ossApplicable` or
 * `ossCountry` is given), nor on the EU-wide 10,000 € threshold: an OSS-registered seller
 * always taxes distance sales in the buyer's country.
 */
export function resolveTaxSituation(input: TaxSituationInput): TaxSituation {
  const { seller, buyer, date, given } = input
  const deliveryCountry = given.deliveryCountry ?? buyer.country
  const taxExemptionReason = given.taxExemptionReason ?? derivedReason(input)
  const reverseCharge = given.reverseCharge ?? REVERSE_CHARGE_REASONS.has(taxExemptionReason)
  const ossApplicable = given.ossApplicable ?? (taxExemptionReason === 'NONE' && !reverseCharge && isDistanceSale(input))
  const ossCountry = !ossApplicable
    ? given.ossCountry ?? null
    : given.ossCountry ?? (given.ossApplicable === true ? deliveryCountry : buyer.country)
  return {
    taxCountry: given.taxCountry ?? (ossApplicable ? ossCountry ?? seller.country : seller.country),
    deliveryCountry,
    reverseCharge,
    taxExemptionReason,
    ossApplicable,
    ossCountry,
    sellerCountry: seller.country,
    date,
  }
}

function derivedReason({ seller, buyer, date, given }: TaxSituationInput): TaxExemptionReason {
  if (seller.smallBusiness) return 'SMALL_BUSINESS'
  if (given.reverseCharge === true) return 'REVERSE_CHARGE_EU'
  if (given.ossApplicable === true || sameCountry(seller.country, buyer.country)) return 'NONE'
  if (!isEuMember(seller.country, date) || !isEuMember(buyer.country, date)) return 'THIRD_COUNTRY'
  if (hasVatId(buyer.vatId) && given.reverseCharge !== false) return 'REVERSE_CHARGE_EU'
  return 'NONE'
}

/** A sale from an OSS-registered EU seller to a consumer in another EU country. */
function isDistanceSale({ seller, buyer, date }: TaxSituationInput): boolean {
  return seller.ossRegistered && !hasVatId(buyer.vatId) && !sameCountry(seller.country, buyer.country)
    && isEuMember(seller.country, date) && isEuMember(buyer.country, date)
}

/** A buyer counts as a business only with a VAT id of a known format: a malformed one never makes a sale reverse charge. */
const hasVatId = isWellFormedVatId

const sameCountry = (a: string, b: string): boolean => canonicalCountry(a) === canonicalCountry(b)
