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
 * The domestic cases of rates already classified: an export asks for the same few rates on the
 * same few hundred days again and again, and the rate tables compare exact decimals. Bounded:
 * cleared when full.
 */
const domesticCases = new Map<string, TaxCase>()
const DOMESTIC_CASES_KEPT = 10_000

function domesticCaseOf(taxRate: string, country: string, date: Invoice['issueDate']): TaxCase {
  const key = `${country}\u0000${date}\u0000${taxRate}`
  let taxCase = domesticCases.get(key)
  if (taxCase === undefined) {
    const category = rateCategoryOf(taxRate, country, date)
    taxCase = category?.kind === 'STANDARD' ? 'DOMESTIC_STANDARD'
      : category?.kind === 'REDUCED' ? 'DOMESTIC_REDUCED'
        : category?.kind === 'ZERO' ? 'DOMESTIC_ZERO'
          : 'DOMESTIC_OTHER'
    if (domesticCases.size >= DOMESTIC_CASES_KEPT) domesticCases.clear()
    domesticCases.set(key, taxCase)
  }
  return taxCase
}

/**
 * The tax case of a group of `document` at `taxRate`: OSS when the document is an OSS sale,
 * the case of its exemption reason when it has one, else domestic by the rate's category in
 * the tax country on the issue date (standard, reduced, zero, anything else: other).
 */
export function taxCaseOf(document: Classified, taxRate: string): TaxCase {
  if (document.ossApplicable) return 'OSS'
  if (document.taxExemptionReason !== 'NONE') return CASE_BY_REASON[document.taxExemptionReason]
  return domesticCaseOf(taxRate, document.taxCountry, document.issueDate)
}

const CENTS = /^(-?)(\d{1,13})(?:\.(\d{1,2}))?$/

/**
 * An amount of at most two decimals as whole cents, exact in a double (amounts stay below
 * 10^12), or undefined for any other text.
 */
function centsOf(amount: string): number | undefined {
  const match = CENTS.exec(amount)
  if (!match) return undefined
  const cents = Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0'))
  return match[1] ? -cents : cents
}

const moneyOfCents = (cents: number): string => {
  const sign = cents < 0 ? '-' : ''
  const whole = Math.abs(cents)
  return `${sign}${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, '0')}`
}

/** A rate as one text per number (`19.00` and `19` are one rate). */
const RATE = /^(\d+)(?:\.(\d*?)0*)?$/
const rateKeyOf = (rate: string): string => {
  const match = RATE.exec(rate)
  if (!match) return new Exact(rate).toFixed()
  return match[2] ? `${match[1]}.${match[2]}` : String(Number(match[1]))
}

interface Summed<T> { taxCase: TaxCase; taxRate: string; net: T; tax: T }

/**
 * The tax groups of a document from its tax breakdown: entries of the same case and rate are
 * summed (e.g. a 0 % standard-rated and a 0 % zero-rated entry), groups whose gross is 0 are
 * left out. Ordered by rate descending, then case, as the exports write their rows.
 */
export function taxGroupsOf(document: Classified & Pick<Invoice, 'taxBreakdown'>): TaxGroup[] {
  // Sums in whole cents where every amount has two decimals at most (the rule), else exactly.
  const inCents = document.taxBreakdown.every((entry) => centsOf(entry.netAmount) !== undefined && centsOf(entry.taxAmount) !== undefined)
  const groups = inCents ? sumGroups(document, centsOf as (amount: string) => number, 0, (a, b) => a + b) : sumGroups(document, (amount) => new Exact(amount), new Exact(0), (a, b) => a.plus(b))
  return groups
    .map(({ taxCase, taxRate, net, tax }) => inCents
      ? { taxCase, taxRate, net: moneyOfCents(net as number), tax: moneyOfCents(tax as number), gross: moneyOfCents((net as number) + (tax as number)) }
      : { taxCase, taxRate, net: formatMoney(net as InstanceType<typeof Exact>), tax: formatMoney(tax as InstanceType<typeof Exact>), gross: formatMoney((net as InstanceType<typeof Exact>).plus(tax as InstanceType<typeof Exact>)) })
    .filter((group) => group.gross !== '0.00' && group.gross !== '-0.00')
    .sort((a, b) => Number(b.taxRate) - Number(a.taxRate) || (a.taxCase < b.taxCase ? -1 : a.taxCase > b.taxCase ? 1 : 0))
}

function sumGroups<T>(document: Classified & Pick<Invoice, 'taxBreakdown'>, amountOf: (amount: string) => T, zero: T, plus: (a: T, b: T) => T): Summed<T>[] {
  const groups = new Map<string, Summed<T>>()
  for (const entry of document.taxBreakdown) {
    const taxCase = taxCaseOf(document, entry.taxRate)
    const taxRate = rateKeyOf(entry.taxRate)
    const key = `${taxCase}\u0000${taxRate}`
    const group = groups.get(key) ?? { taxCase, taxRate, net: zero, tax: zero }
    group.net = plus(group.net, amountOf(entry.netAmount))
    group.tax = plus(group.tax, amountOf(entry.taxAmount))
    groups.set(key, group)
  }
  return [...groups.values()]
}
