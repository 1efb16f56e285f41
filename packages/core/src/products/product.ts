import type { LineType } from '../sales-documents'

/** The line types a catalogue product may carry (the others describe discounts or layout). */
export const PRODUCT_LINE_TYPES = ['PRODUCT', 'SERVICE', 'SHIPPING'] as const satisfies readonly LineType[]
export type ProductLineType = (typeof PRODUCT_LINE_TYPES)[number]

/** A catalogue entry a line item can name by `productId` instead of repeating its data. */
export interface Product {
  id: string
  companyId: string
  /** Unique in the company when set. */
  productNumber: string | null
  name: string
  description: string | null
  /** Net price per unit, exact decimal. */
  unitPrice: string
  /** Percent, exact decimal; null means the standard rate of the document's tax country. */
  taxRate: string | null
  /** e.g. "Stk", "h", "kg". */
  unit: string | null
  lineType: ProductLineType
  createdAt: string
  updatedAt: string
}
