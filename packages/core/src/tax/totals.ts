import type Decimal from 'decimal.js'
import { InvoicingError } from '../errors'
import { isChargedLine, isLayoutLine, type LineType } from '../sales-documents'
import { Exact, formatMoney, formatRate, isDecimalText, round2, sum } from './decimals'
import { exemptCategoryOf, isTaxed } from './tax-category'
import { normaliseRate, standardRateOf } from './tax-rates'
import {
  TAX_CATEGORIES, type DocumentTotals, type LineAmountInput, type PricedLine, type TaxBreakdownEntry, type TaxCategory,
  type TaxSituation,
} from './tax-types'

/** Lines that deduct round2(quantity × unitPrice − discount): their net is its negative. */
const DEDUCTED = new Set<LineType>(['DISCOUNT_ABSOLUTE', 'ADVANCE_PAYMENT', 'CREDIT'])

/** An amount-bearing line on its way into the totals. */
interface LineAmount {
  lineType: LineType
  net: Decimal
  /** The rate in the tax country before any exemption; null: no standard rate known (untaxed document). */
  ratedAs: Decimal | null
  rate: Decimal
  category: TaxCategory
}

/**
 * Net amounts, rates, categories, tax breakdown and totals of a document's lines.
 *
 * - PRODUCT, SERVICE, SHIPPING: net = round2(quantity × unitPrice − discount), half-up.
 * - DISCOUNT_ABSOLUTE, ADVANCE_PAYMENT, CREDIT: net = −round2(quantity × unitPrice − discount):
 *   give a positive quantity and price and the line is negative.
 * - DISCOUNT_PERCENT: unitPrice is the percent (0 to 100); net = −round2(base × percent / 100),
 *   base = the sum of the nets of the PRODUCT, SERVICE and SHIPPING lines above it with the same
 *   rate as this line. Its quantity and discount are ignored.
 * - TEXT, SUBTOTAL, PAGEBREAK: no amount (netAmount "0", taxRate "0", category null), not in the
 *   breakdown; their quantity, price, discount and rate are ignored.
 * The discount is absolute and shrinks the amount's size: on a negative line (a credit note)
 * it is taken off the absolute value, and may be given negative as credit notes store it.
 * Negating every quantity therefore negates every amount exactly.
 *
 * A null rate is the tax country's standard rate; other rates are normalised from the seller's
 * country to the tax country. Untaxed documents (an exemption reason or reverse charge) put
 * every line at 0 % in the category of the reason; taxed lines are S, or Z at 0 %.
 * Tax = round2(sum of the nets × rate / 100) per category and rate.
 */
export function computeTotals(lines: readonly LineAmountInput[], situation: TaxSituation): DocumentTotals {
  const exemptCategory = exemptCategoryOf(situation)
  const amounts: (LineAmount | null)[] = []
  lines.forEach((line, lineIndex) => {
    if (isLayoutLine(line.lineType)) {
      amounts.push(null)
      return
    }
    const ratedAs = rateOf(line, lineIndex, situation)
    const net = line.lineType === 'DISCOUNT_PERCENT'
      ? percentDiscount(line, lineIndex, ratedAs, amounts)
      : DEDUCTED.has(line.lineType) ? chargedNet(line, lineIndex).neg() : chargedNet(line, lineIndex)
    // A taxed document always has a rate: rateOf throws when none is known.
    const rate = exemptCategory ? new Exact(0) : ratedAs ?? new Exact(0)
    amounts.push({ lineType: line.lineType, net, ratedAs, rate, category: exemptCategory ?? (rate.isZero() ? 'Z' : 'S') })
  })

  const taxBreakdown = breakdownOf(amounts.filter((amount) => amount !== null))
  const netTotal = sum(amounts.map((amount) => amount?.net ?? new Exact(0)))
  const taxTotal = sum(taxBreakdown.map((entry) => new Exact(entry.taxAmount)))
  return {
    lines: amounts.map(pricedLine),
    taxBreakdown,
    netTotal: formatMoney(netTotal),
    taxTotal: formatMoney(taxTotal),
    grossTotal: formatMoney(netTotal.plus(taxTotal)),
  }
}

const pricedLine = (amount: LineAmount | null): PricedLine => amount === null
  ? { netAmount: '0', taxRate: '0', taxCategory: null }
  : { netAmount: formatMoney(amount.net), taxRate: formatRate(amount.rate), taxCategory: amount.category }

/** The line's rate in the tax country: normalised, or the standard rate for null. */
function rateOf(line: LineAmountInput, lineIndex: number, situation: TaxSituation): Decimal | null {
  if (line.taxRate === null) {
    const standard = standardRateOf(situation.taxCountry, situation.date)
    if (standard !== undefined) return new Exact(standard)
    if (!isTaxed(situation)) return null
    throw lineError(lineIndex, 'taxRate', `give a tax rate; no standard rate is known for ${situation.taxCountry} on ${situation.date}`)
  }
  const rate = decimalOf(line.taxRate, lineIndex, 'taxRate')
  if (rate.lt(0) || rate.gt(100)) throw lineError(lineIndex, 'taxRate', 'must be between 0 and 100')
  return new Exact(normaliseRate(line.taxRate, situation.sellerCountry, situation.taxCountry, situation.date))
}

/** round2(quantity × unitPrice − discount), the discount taken off the amount's size. */
function chargedNet(line: LineAmountInput, lineIndex: number): Decimal {
  const amount = decimalOf(line.quantity, lineIndex, 'quantity').times(decimalOf(line.unitPrice, lineIndex, 'unitPrice'))
  const discount = decimalOf(line.discount, lineIndex, 'discount')
  if (discount.lt(0) && !amount.lt(0)) throw lineError(lineIndex, 'discount', 'must not be negative')
  if (discount.abs().gt(amount.abs())) {
    throw lineError(lineIndex, 'discount', `must not be more than quantity × unitPrice (${amount.abs().toFixed()})`)
  }
  return round2(amount.lt(0) ? amount.plus(discount.abs()) : amount.minus(discount))
}

function percentDiscount(line: LineAmountInput, lineIndex: number, ratedAs: Decimal | null, above: readonly (LineAmount | null)[]): Decimal {
  const percent = decimalOf(line.unitPrice, lineIndex, 'unitPrice')
  if (percent.lt(0) || percent.gt(100)) throw lineError(lineIndex, 'unitPrice', 'must be a percent between 0 and 100')
  const base = sum(above
    .filter((amount): amount is LineAmount => amount !== null && isChargedLine(amount.lineType) && sameRate(amount.ratedAs, ratedAs))
    .map((amount) => amount.net))
  return round2(base.times(percent).dividedBy(100)).neg()
}

/** One entry per category and rate, highest rate first, then in the order of TAX_CATEGORIES. */
function breakdownOf(amounts: readonly LineAmount[]): TaxBreakdownEntry[] {
  const groups = new Map<string, { category: TaxCategory; rate: Decimal; net: Decimal }>()
  for (const { category, rate, net } of amounts) {
    const key = `${category} ${formatRate(rate)}`
    const group = groups.get(key)
    if (group) group.net = group.net.plus(net)
    else groups.set(key, { category, rate, net })
  }
  return [...groups.values()]
    .sort((a, b) => b.rate.comparedTo(a.rate) || TAX_CATEGORIES.indexOf(a.category) - TAX_CATEGORIES.indexOf(b.category))
    .map(({ category, rate, net }) => ({
      taxCategory: category,
      taxRate: formatRate(rate),
      netAmount: formatMoney(net),
      taxAmount: formatMoney(net.times(rate).dividedBy(100)),
    }))
}

const sameRate = (a: Decimal | null, b: Decimal | null): boolean => (a === null || b === null ? a === b : a.eq(b))

function decimalOf(value: string, lineIndex: number, field: string): Decimal {
  if (!isDecimalText(value)) throw lineError(lineIndex, field, `must be a decimal number, got "${value}"`)
  return new Exact(value)
}

function lineError(lineIndex: number, field: string, problem: string): InvoicingError {
  const path = `lines.${lineIndex}.${field}`
  return new InvoicingError('validation_failed', `${path}: ${problem}`, { field: path, lineIndex })
}
