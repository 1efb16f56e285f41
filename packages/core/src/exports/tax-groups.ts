import type { Invoice } from '../invoices'
import { Exact, formatMoney, rateCategoryOf, type TaxCase } from '../tax'

/**
 * One tax group of a document as the accounting exports book it: the lines of one tax case and
 * rate, summed. Amounts are exact decimal strings with two places, signed as stored (credit
 * notes negative).
 */
export interface TaxGroup {
  taxCase: TaxCase
  /** The rate as the document states it, e.g. `19`, `7`, `0`. */
  taxRate: string
  net: string
  tax: string
  gross: string
}

/** The case of a document that is exempt, OSS or otherwise not domestic, by its exemption reason. */
const CASE_BY_REASON = {
  SMALL_BUSINESS: 'SMALL_BUSINESS',
  REVERSE_CHARGE_EU: 'REVERSE_CHARGE_EU',
  REVERSE_CHARGE_EU_NO_VAT: 'REVERSE_CHARGE_EU',
  THIRD_COUNTRY: 'THIRD_COUNTRY',
  INTRA_COMMUNITY: 'INTRA_COMMUNITY',
  EXPORT_DELIVERY: 'EXPORT_DELIVERY',
  REVERSE_CHARGE_13B: 'REVERSE_CHARGE_13B',
  INTERNAL_SUPPLY: 'INTERNAL_SUPPLY',
  OTHER_EXEMPTION: 'OTHER_EXEMPTION',
} as const satisfies Record<Exclude<Invoice['taxExemptionReason'], 'NONE'>, TaxCase>

type Classified = Pick<Invoice, 'taxExemptionReason' | 'ossApplicable' | 'taxCountry' | 'issueDate'>

/**
 * The tax case of a group of `document` at `taxRate`: OSS when the document is an OSS sale,
 * the case of its exemption reason when it has one, else domestic by the rate's category in
 * the tax country on the issue date (standard, reduced, zero, anything else: other).
 */
export function taxCaseOf(document: Classified, taxRate: string): TaxCase {
  if (document.ossApplicable) return 'OSS'
  if (document.taxExemptionReason !== 'NONE') return CASE_BY_REASON[document.taxExemptionReason]
  const category = rateCategoryOf(taxRate, document.taxCountry, document.issueDate)
  switch (category?.kind) {
    case 'STANDARD': return 'DOMESTIC_STANDARD'
    case 'REDUCED': return 'DOMESTIC_REDUCED'
    case 'ZERO': return 'DOMESTIC_ZERO'
    default: return 'DOMESTIC_OTHER'
  }
}

/**
 * The tax groups of a document from its tax breakdown: entries of the same case and rate are
 * summed (e.g. a 0 % standard-rated and a 0 % zero-rated entry), groups whose gross is 0 are
 * left out. Ordered by rate descending, then case, as the exports write their rows.
 */
export function taxGroupsOf(document: Classified & Pick<Invoice, 'taxBreakdown'>): TaxGroup[] {
  const groups = new Map<string, { taxCase: TaxCase; taxRate: string; net: InstanceType<typeof Exact>; tax: InstanceType<typeof Exact> }>()
  for (const entry of document.taxBreakdown) {
    const taxCase = taxCaseOf(document, entry.taxRate)
    const rate = new Exact(entry.taxRate)
    const key = `${taxCase}\u0000${rate.toFixed()}`
    const group = groups.get(key) ?? { taxCase, taxRate: rate.toFixed(), net: new Exact(0), tax: new Exact(0) }
    group.net = group.net.plus(entry.netAmount)
    group.tax = group.tax.plus(entry.taxAmount)
    groups.set(key, group)
  }
  return [...groups.values()]
    .map(({ taxCase, taxRate, net, tax }) => ({ taxCase, taxRate, net: formatMoney(net), tax: formatMoney(tax), gross: formatMoney(net.plus(tax)) }))
    .filter((group) => !new Exact(group.gross).isZero())
    .sort((a, b) => new Exact(b.taxRate).comparedTo(a.taxRate) || (a.taxCase < b.taxCase ? -1 : a.taxCase > b.taxCase ? 1 : 0))
}
