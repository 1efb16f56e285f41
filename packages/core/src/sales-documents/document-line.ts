import type { TaxCategory } from '../tax'

/** The kinds of line a document can hold. TEXT, SUBTOTAL and PAGEBREAK carry no amount. */
export const LINE_TYPES = [
  'PRODUCT', 'SERVICE', 'DISCOUNT_PERCENT', 'DISCOUNT_ABSOLUTE', 'SHIPPING', 'ADVANCE_PAYMENT', 'CREDIT',
  'TEXT', 'SUBTOTAL', 'PAGEBREAK',
] as const
export type LineType = (typeof LINE_TYPES)[number]

/** Lines that only lay out the document: no amount, no tax. */
const LAYOUT_LINE_TYPES = new Set<LineType>(['TEXT', 'SUBTOTAL', 'PAGEBREAK'])

export const isLayoutLine = (lineType: LineType): boolean => LAYOUT_LINE_TYPES.has(lineType)

/** Lines that charge for what was supplied; the other lines with an amount deduct. */
const CHARGED_LINE_TYPES = new Set<LineType>(['PRODUCT', 'SERVICE', 'SHIPPING'])

export const isChargedLine = (lineType: LineType): boolean => CHARGED_LINE_TYPES.has(lineType)

/** One line of a document. Amounts are exact decimal strings. */
export interface DocumentLine {
  id: string
  lineType: LineType
  productId: string | null
  description: string | null
  quantity: string
  unit: string | null
  /** Net price per unit. */
  unitPrice: string
  /** Absolute amount taken off the line. */
  discount: string
  /** The rate asked for (given or the product's), percent; null means the tax country's standard rate. */
  requestedTaxRate: string | null
  /** The rate applied after normalisation to the tax country; "0" on lines without an amount. */
  taxRate: string
  /** EN 16931 category of the line; null on TEXT, SUBTOTAL and PAGEBREAK lines. */
  taxCategory: TaxCategory | null
  /** round2(quantity × unitPrice − discount), signed by the line type. */
  netAmount: string
  /**
   * The line of the preceding document this line was made from: the invoice line a credit
   * note's line credits. It bounds what may still be derived from that line. Null otherwise.
   */
  sourceLineId: string | null
}
