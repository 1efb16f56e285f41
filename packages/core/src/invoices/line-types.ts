/** The kinds of line an invoice can hold. TEXT, SUBTOTAL and PAGEBREAK carry no amount. */
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
