import type Decimal from 'decimal.js'
import type { Company } from '../companies'
import type { Invoice } from '../invoices'
import { type DocumentLine, isChargedLine, type LineType, kindOf } from '../sales-documents'
import { Exact, formatMoney, formatRate, sum, type TaxCategory } from '../tax'
import { textsOf } from './einvoice-texts'
import { exemptionOf, type TaxExemption } from './tax-notices'
import { unitCodeOf } from './unit-codes'

/** Lines that take an amount off the document: document level allowances (BG-20). */
const DEDUCTION_TYPES: ReadonlySet<LineType> = new Set(['DISCOUNT_ABSOLUTE', 'DISCOUNT_PERCENT', 'ADVANCE_PAYMENT', 'CREDIT'])
/** UNTDID 5189 "Discount", the allowance reason code of discounts. */
const DISCOUNT_REASON_CODE = '95'

/** An invoice line (BG-25). Amounts as the e-invoice shows them: positive on a credit note too. */
export interface ItemModel {
  /** BT-126 */
  position: number
  /** BT-153: the first line of the description. */
  name: string
  /** BT-154: the whole description when it has more than one line. */
  description: string | null
  /** BT-129 */
  quantity: string
  /** BT-130 */
  unitCode: string
  /** BT-146 */
  netPrice: string
  /** BT-136, the line's absolute discount, as a line allowance (BG-27). */
  discount: string | null
  category: TaxCategory
  rate: string
  /** BT-131 */
  netAmount: string
}

/** A document level allowance (BG-20) or charge (BG-21). */
export interface AllowanceChargeModel {
  charge: boolean
  /** BT-92 / BT-99, positive. */
  amount: string
  reason: string
  reasonCode: string | null
  category: TaxCategory
  rate: string
}

/** A VAT breakdown (BG-23). */
export interface TaxModel {
  category: TaxCategory
  rate: string
  basis: string
  tax: string
  exemption: TaxExemption | null
}

/** BG-22, the document totals. */
export interface TotalsModel {
  lineTotal: string
  chargeTotal: string | null
  allowanceTotal: string | null
  taxBasis: string
  taxTotal: string
  grandTotal: string
  prepaid: string | null
  duePayable: string
}

export interface DocumentModel {
  items: ItemModel[]
  allowanceCharges: AllowanceChargeModel[]
  taxes: TaxModel[]
  totals: TotalsModel
  /** The texts of TEXT lines, in document order. */
  textNotes: string[]
}

const oneLine = (text: string): string => text.trim().replace(/\s+/g, ' ')

/**
 * The amounts of a document as an EN 16931 e-invoice carries them. Credit notes are stored
 * negative and shown positive (the type code 381 gives the direction), so every amount and
 * quantity of one is negated. PRODUCT, SERVICE and SHIPPING lines become invoice lines, their
 * absolute discount a line allowance; discounts, advance payments and credits become document
 * level allowances in the category and rate of the line; TEXT lines become notes; SUBTOTAL and
 * PAGEBREAK lines are layout only. The totals and the tax breakdown are the document's own,
 * checked against the lines so an inconsistent document fails here instead of in a validator.
 */
export function documentModelOf(invoice: Invoice, company: Pick<Company, 'country'>, paidAmount = '0'): DocumentModel {
  const sign = kindOf(invoice).sign
  const signed = (value: string): Decimal => new Exact(value).times(sign)
  const texts = textsOf(invoice.documentLocale)
  const items: ItemModel[] = []
  const allowanceCharges: AllowanceChargeModel[] = []
  const textNotes: string[] = []
  const lineNets: { category: TaxCategory; rate: string; net: Decimal }[] = []

  for (const [index, line] of invoice.lines.entries()) {
    if (line.lineType === 'TEXT') {
      if (line.description?.trim()) textNotes.push(line.description.trim())
      continue
    }
    if (!isChargedLine(line.lineType) && !DEDUCTION_TYPES.has(line.lineType)) continue
    const category = categoryOf(line, index)
    const rate = formatRate(new Exact(line.taxRate))
    const net = signed(line.netAmount)
    lineNets.push({ category, rate, net })
    if (isChargedLine(line.lineType)) {
      const description = line.description?.trim() ?? ''
      const name = description.split('\n').map((part) => part.trim()).find((part) => part !== '')
      const discount = new Exact(line.discount).abs()
      items.push({
        position: items.length + 1,
        name: name ?? (line.lineType === 'SHIPPING' ? texts.shipping : texts.itemName(items.length + 1)),
        description: description.includes('\n') ? description : null,
        quantity: signed(line.quantity).toFixed(),
        unitCode: unitCodeOf(line.unit),
        netPrice: new Exact(line.unitPrice).toFixed(),
        discount: discount.isZero() ? null : formatMoney(discount),
        category,
        rate,
        netAmount: formatMoney(net),
      })
      continue
    }
    // A deduction is negative; should one be positive it is a charge.
    const amount = net.neg()
    if (amount.isZero()) continue
    const isDiscount = line.lineType === 'DISCOUNT_ABSOLUTE' || line.lineType === 'DISCOUNT_PERCENT'
    const fallback = line.lineType === 'DISCOUNT_PERCENT' ? texts.percentDiscount(new Exact(line.unitPrice).toFixed()) : texts.deduction[line.lineType]!
    allowanceCharges.push({
      charge: amount.lt(0),
      amount: formatMoney(amount.abs()),
      reason: line.description?.trim() ? oneLine(line.description) : fallback,
      reasonCode: isDiscount && amount.gt(0) ? DISCOUNT_REASON_CODE : null,
      category,
      rate,
    })
  }

  const taxes: TaxModel[] = invoice.taxBreakdown.map((entry) => ({
    category: entry.taxCategory,
    rate: formatRate(new Exact(entry.taxRate)),
    basis: formatMoney(signed(entry.netAmount)),
    tax: formatMoney(signed(entry.taxAmount)),
    exemption: exemptionOf(entry.taxCategory, invoice, company),
  }))

  const lineTotal = sum(items.map((item) => new Exact(item.netAmount)))
  const allowances = sum(allowanceCharges.filter((entry) => !entry.charge).map((entry) => new Exact(entry.amount)))
  const charges = sum(allowanceCharges.filter((entry) => entry.charge).map((entry) => new Exact(entry.amount)))
  const taxBasis = signed(invoice.netTotal)
  const taxTotal = signed(invoice.taxTotal)
  const grandTotal = signed(invoice.grossTotal)
  const prepaid = new Exact(paidAmount)
  assertConsistent(invoice, { lineNets, taxes, lineTotal, allowances, charges, taxBasis, taxTotal, grandTotal })

  return {
    items,
    allowanceCharges,
    taxes,
    textNotes,
    totals: {
      lineTotal: formatMoney(lineTotal),
      chargeTotal: charges.isZero() ? null : formatMoney(charges),
      allowanceTotal: allowances.isZero() ? null : formatMoney(allowances),
      taxBasis: formatMoney(taxBasis),
      taxTotal: formatMoney(taxTotal),
      grandTotal: formatMoney(grandTotal),
      prepaid: prepaid.isZero() ? null : formatMoney(prepaid),
      duePayable: formatMoney(grandTotal.minus(prepaid)),
    },
  }
}

function categoryOf(line: DocumentLine, index: number): TaxCategory {
  // The engine gives every amount-bearing line a category; a line without one is corrupt.
  if (!line.taxCategory) throw new Error(`line ${index} (${line.lineType}) of the document has no tax category`)
  return line.taxCategory
}

interface Sums {
  lineNets: readonly { category: TaxCategory; rate: string; net: Decimal }[]
  taxes: readonly TaxModel[]
  lineTotal: Decimal
  allowances: Decimal
  charges: Decimal
  taxBasis: Decimal
  taxTotal: Decimal
  grandTotal: Decimal
}

/**
 * The EN 16931 sums (BR-CO-10 to BR-CO-15, BR-S-08 and its siblings per category) hold for
 * every document the engine computes; a stored document where they don't is corrupt: a bug,
 * not an input error.
 */
function assertConsistent(invoice: Invoice, sums: Sums): void {
  const problems: string[] = []
  if (!sums.lineTotal.minus(sums.allowances).plus(sums.charges).eq(sums.taxBasis)) problems.push('line nets do not add up to netTotal')
  if (!sum(sums.taxes.map((tax) => new Exact(tax.basis))).eq(sums.taxBasis)) problems.push('tax breakdown nets do not add up to netTotal')
  if (!sum(sums.taxes.map((tax) => new Exact(tax.tax))).eq(sums.taxTotal)) problems.push('tax breakdown amounts do not add up to taxTotal')
  if (!sums.taxBasis.plus(sums.taxTotal).eq(sums.grandTotal)) problems.push('netTotal + taxTotal is not grossTotal')
  for (const tax of sums.taxes) {
    const group = sums.lineNets.filter((line) => line.category === tax.category && new Exact(line.rate).eq(tax.rate))
    if (!sum(group.map((line) => line.net)).eq(tax.basis)) problems.push(`lines of ${tax.category} ${tax.rate} % do not add up to their breakdown net`)
  }
  if (problems.length > 0) throw new Error(`document ${invoice.id} has inconsistent amounts: ${problems.join('; ')}`)
}
