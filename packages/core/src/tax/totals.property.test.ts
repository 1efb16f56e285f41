import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import fc from 'fast-check'
import { LINE_TYPES, type LineType } from '../sales-documents/document-line'
import { resolveTaxSituation } from './tax-situation'
import type { DocumentTotals, LineAmountInput, TaxSituation } from './tax-types'
import { computeTotals } from './totals'

const RUNS = { numRuns: 200 }

// Amounts are generated as scaled integers and written out as decimal strings, so an independent
// BigInt implementation can check the engine without sharing any of its code.
const QUANTITY_SCALE = 3
const PRICE_SCALE = 4
const RATES = ['19', '7', '0', '5.5', '16', '2.1'] as const
const RATE_HUNDREDTHS: Record<string, bigint> = { 19: 1900n, 7: 700n, 0: 0n, 5.5: 550n, 16: 1600n, 2.1: 210n }

interface GeneratedLine {
  lineType: LineType
  quantity: bigint
  unitPrice: bigint
  /** Cents; never more than |quantity × unitPrice|. */
  discount: bigint
  /** Hundredths of a percent, for DISCOUNT_PERCENT. */
  percent: bigint
  taxRate: (typeof RATES)[number] | null
}

const generatedLine = fc.record({
  lineType: fc.constantFrom(...LINE_TYPES),
  quantity: fc.bigInt({ min: -10_000_000n, max: 10_000_000n }),
  unitPrice: fc.bigInt({ min: -100_000_000n, max: 100_000_000n }),
  discountShare: fc.integer({ min: 0, max: 100 }),
  percent: fc.bigInt({ min: 0n, max: 10_000n }),
  taxRate: fc.option(fc.constantFrom(...RATES), { freq: 4 }),
}).map(({ discountShare, ...line }): GeneratedLine => {
  const amount = abs(line.quantity * line.unitPrice) // scale 7
  return { ...line, discount: (amount * BigInt(discountShare)) / 100n / 100_000n }
})

const document = fc.array(generatedLine, { maxLength: 12 })

const input = (line: GeneratedLine): LineAmountInput => ({
  lineType: line.lineType,
  quantity: scaled(line.quantity, QUANTITY_SCALE),
  unitPrice: line.lineType === 'DISCOUNT_PERCENT' ? scaled(line.percent, 2) : scaled(line.unitPrice, PRICE_SCALE),
  discount: scaled(line.discount, 2),
  taxRate: line.taxRate,
})

const domestic: TaxSituation = {
  taxCountry: 'DE', deliveryCountry: 'DE', reverseCharge: false, taxExemptionReason: 'NONE',
  ossApplicable: false, ossCountry: null, sellerCountry: 'DE', date: '2026-11-22',
}

const situations: TaxSituation[] = [
  domestic,
  { ...domestic, date: '2020-08-01' },
  ...[{ country: 'AT', vatId: null }, { country: 'FR', vatId: 'FR40303265045' }, { country: 'CH', vatId: null }].map((buyer) => resolveTaxSituation({
    seller: { country: 'DE', vatId: 'DE1', smallBusiness: false, ossRegistered: true }, buyer, date: '2026-11-22', given: {},
  })),
  { ...domestic, taxExemptionReason: 'SMALL_BUSINESS' },
]

describe('computeTotals: properties', () => {
  it('matches an independent integer implementation (half-up to cents) on a German invoice', () => {
    fc.assert(fc.property(document, (lines) => {
      assert.deepEqual(computeTotals(lines.map(input), domestic), referenceTotals(lines))
    }), RUNS)
  })

  it('totals are the sums of their parts, in every situation', () => {
    fc.assert(fc.property(document, fc.constantFrom(...situations), (lines, situation) => {
      const totals = computeTotals(lines.map(input), situation)
      const lineNets = totals.lines.map((line) => cents(line.netAmount))
      assert.equal(cents(totals.netTotal), total(lineNets))
      assert.equal(cents(totals.netTotal), total(totals.taxBreakdown.map((entry) => cents(entry.netAmount))))
      assert.equal(cents(totals.taxTotal), total(totals.taxBreakdown.map((entry) => cents(entry.taxAmount))))
      assert.equal(cents(totals.grossTotal), cents(totals.netTotal) + cents(totals.taxTotal))
    }), RUNS)
  })

  it('writes money with at most two decimals, and amounts with exactly two', () => {
    fc.assert(fc.property(document, fc.constantFrom(...situations), (lines, situation) => {
      const totals = computeTotals(lines.map(input), situation)
      const amounts = [totals.netTotal, totals.taxTotal, totals.grossTotal, ...totals.taxBreakdown.flatMap((entry) => [entry.netAmount, entry.taxAmount])]
      for (const amount of amounts) assert.match(amount, /^-?\d+\.\d{2}$/)
      for (const line of totals.lines) assert.match(line.netAmount, line.taxCategory === null ? /^0$/ : /^-?\d+\.\d{2}$/)
      for (const amount of [...amounts, ...totals.lines.map((line) => line.netAmount)]) assert.notEqual(amount, '-0.00')
    }), RUNS)
  })

  it('negating every quantity negates every amount exactly', () => {
    fc.assert(fc.property(document, fc.constantFrom(...situations), (lines, situation) => {
      const totals = computeTotals(lines.map(input), situation)
      const negatedTotals = computeTotals(lines.map((line) => input({ ...line, quantity: -line.quantity })), situation)
      assert.deepEqual(negatedTotals, negatedDocument(totals))
    }), RUNS)
  })

  it('a credit note with negated quantities and discounts negates a plain invoice exactly', () => {
    const invoiceLine = generatedLine.map((line) => ({ ...line, quantity: abs(line.quantity), unitPrice: abs(line.unitPrice) }))
    fc.assert(fc.property(fc.array(invoiceLine, { maxLength: 12 }), (lines) => {
      const creditNote = lines.map((line) => ({ ...input(line), quantity: scaled(-line.quantity, QUANTITY_SCALE), discount: scaled(-line.discount, 2) }))
      assert.deepEqual(computeTotals(creditNote, domestic), negatedDocument(computeTotals(lines.map(input), domestic)))
    }), RUNS)
  })
})

/** The totals rules redone on a German domestic invoice, in integers: nets in cents, rates in hundredths. */
function referenceTotals(lines: readonly GeneratedLine[]): DocumentTotals {
  const nets: (bigint | null)[] = []
  const rates: bigint[] = []
  for (const line of lines) {
    const rate = RATE_HUNDREDTHS[line.taxRate ?? '19']!
    rates.push(rate)
    if (['TEXT', 'SUBTOTAL', 'PAGEBREAK'].includes(line.lineType)) nets.push(null)
    else if (line.lineType === 'DISCOUNT_PERCENT') {
      const base = total(nets.map((net, index) => (net !== null && rates[index] === rate && isCharged(lines[index]!) ? net : 0n)))
      nets.push(-roundHalfUp(base * line.percent, 10_000n))
    } else {
      const amount = line.quantity * line.unitPrice // scale 7
      const discount = line.discount * 100_000n
      const net = roundHalfUp(amount < 0n ? amount + discount : amount - discount, 100_000n)
      nets.push(['DISCOUNT_ABSOLUTE', 'ADVANCE_PAYMENT', 'CREDIT'].includes(line.lineType) ? -net : net)
    }
  }
  const groups = new Map<bigint, bigint>()
  nets.forEach((net, index) => {
    if (net !== null) groups.set(rates[index]!, (groups.get(rates[index]!) ?? 0n) + net)
  })
  const breakdown = [...groups.entries()].sort(([a], [b]) => (a > b ? -1 : 1)).map(([rate, net]) => ({
    taxCategory: rate === 0n ? 'Z' as const : 'S' as const,
    taxRate: rateText(rate),
    netAmount: scaled(net, 2),
    taxAmount: scaled(roundHalfUp(net * rate, 10_000n), 2),
  }))
  const netTotal = total(nets.map((net) => net ?? 0n))
  const taxTotal = total(breakdown.map((entry) => cents(entry.taxAmount)))
  return {
    lines: nets.map((net, index) => (net === null
      ? { netAmount: '0', taxRate: '0', taxCategory: null }
      : { netAmount: scaled(net, 2), taxRate: rateText(rates[index]!), taxCategory: rates[index] === 0n ? 'Z' : 'S' })),
    taxBreakdown: breakdown,
    netTotal: scaled(netTotal, 2),
    taxTotal: scaled(taxTotal, 2),
    grossTotal: scaled(netTotal + taxTotal, 2),
  }
}

const isCharged = (line: GeneratedLine): boolean => ['PRODUCT', 'SERVICE', 'SHIPPING'].includes(line.lineType)

/** Hundredths of a percent as the engine writes rates: `1900` → `19`, `550` → `5.5`. */
const rateText = (hundredths: bigint): string => scaled(hundredths, 2).replace(/\.?0+$/, '') || '0'

/** n / divisor, rounded half away from zero. */
function roundHalfUp(n: bigint, divisor: bigint): bigint {
  const magnitude = (abs(n) + divisor / 2n) / divisor
  return n < 0n ? -magnitude : magnitude
}

/** `n` × 10^-scale as a decimal string with exactly `scale` decimals. */
function scaled(n: bigint, scale: number): string {
  const digits = abs(n).toString().padStart(scale + 1, '0')
  const text = scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`
  return n < 0n ? `-${text}` : text
}

/** A money string (`-12.30`, or `0` on a line without amount) in cents. */
function cents(money: string): bigint {
  const [whole = '0', fraction = ''] = money.replace('-', '').split('.')
  const value = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'))
  return money.startsWith('-') ? -value : value
}

function negatedDocument(totals: DocumentTotals): DocumentTotals {
  const negate = (money: string) => (cents(money) === 0n ? money : money.startsWith('-') ? money.slice(1) : `-${money}`)
  return {
    lines: totals.lines.map((line) => ({ ...line, netAmount: negate(line.netAmount) })),
    taxBreakdown: totals.taxBreakdown.map((entry) => ({ ...entry, netAmount: negate(entry.netAmount), taxAmount: negate(entry.taxAmount) })),
    netTotal: negate(totals.netTotal),
    taxTotal: negate(totals.taxTotal),
    grossTotal: negate(totals.grossTotal),
  }
}

const abs = (n: bigint): bigint => (n < 0n ? -n : n)

const total = (values: readonly bigint[]): bigint => values.reduce((sum, value) => sum + value, 0n)
