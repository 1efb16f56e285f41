import * as v from 'valibot'
import { clearable, decimal, optionalText, requiredText, taxRate } from '../shared/fields'
import { pageEntries } from '../shared/pagination'
import { aliased } from '../shared/validation'
import { PRODUCT_LINE_TYPES } from './product'

const productEntries = {
  productNumber: clearable(v.pipe(requiredText(50), v.description('Unique in the company'))),
  name: requiredText(200),
  description: optionalText(4000),
  unitPrice: v.optional(v.pipe(decimal({ min: 0, maxDecimals: 6, max: 1_000_000_000 }), v.description('Net price per unit; default 0'))),
  taxRate: clearable(v.pipe(taxRate, v.description('Percent; null = standard rate of the tax country'))),
  unit: optionalText(20),
  lineType: v.optional(v.picklist(PRODUCT_LINE_TYPES)),
}

export const ProductCreateSchema = aliased(v.object(productEntries))
export const ProductUpdateSchema = aliased(v.partial(v.object(productEntries)))
export const ProductListQuerySchema = aliased(v.object({
  search: v.optional(v.pipe(v.string(), v.description('Case-insensitive part of the name, product number or description'))),
  ...pageEntries,
}))

export type ProductCreateInput = v.InferInput<typeof ProductCreateSchema>
export type ProductUpdateInput = v.InferInput<typeof ProductUpdateSchema>
export type ProductListQuery = v.InferInput<typeof ProductListQuerySchema>
