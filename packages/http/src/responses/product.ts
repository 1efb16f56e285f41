import { PRODUCT_LINE_TYPES, type Product } from '@invoicing/core'
import * as v from 'valibot'
import { money, moneyOrNull, nullableNumber, nullableString, timestamp } from './shapes'

export const toProductResponse = (product: Product) => ({
  id: product.id,
  productNumber: product.productNumber,
  name: product.name,
  description: product.description,
  unitPrice: money(product.unitPrice),
  taxRate: moneyOrNull(product.taxRate),
  unit: product.unit,
  lineType: product.lineType,
  createdAt: product.createdAt,
  updatedAt: product.updatedAt,
})

export const ProductResponseSchema = v.strictObject({
  id: v.string(),
  productNumber: nullableString,
  name: v.string(),
  description: nullableString,
  unitPrice: v.number(),
  taxRate: v.pipe(nullableNumber, v.description('Percent; null = standard rate of the tax country')),
  unit: nullableString,
  lineType: v.picklist(PRODUCT_LINE_TYPES),
  createdAt: timestamp,
  updatedAt: timestamp,
})
