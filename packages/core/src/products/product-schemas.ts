import * as v from 'valibot'
import { clearable, decimal, optionalText, requiredText, searchTerm } from '../shared/fields'
import { pageEntries } from '../shared/pagination'
import { aliased } from '../shared/validation'
import { PRODUCT_LINE_TYPES } from './product'

const productEntries = {
  productNumber: clearable(v.pipe(requiredText(50), v.description('Unique in the company'))),
  name: requiredText(200),
  description: optionalText(4000),
  unitPrice: v.optional(decimal({ min: 0, maxDecimals: 6, max: 1_000_000_000, description: 'Net price per unit, exact decimal with up to 6 decimal places; default 0' })),
  taxRate: clearable(decimal({ min: 0, max: 100, maxDecimals: 2, description: 'Tax rate in percent; null = the standard rate of the tax country' })),
  unit: optionalText(20),
  lineType: v.optional(v.picklist(PRODUCT_LINE_TYPES)),
}

export const ProductCreateSchema = aliased(v.object(productEntries))
export const ProductUpdateSchema = aliased(v.partial(v.object(productEntries)))
export const ProductListQuerySchema = aliased(v.object({
  search: searchTerm('the name, product number or description'),
  ...pageEntries,
}))

export type ProductCreateInput = v.InferInput<typeof ProductCreateSchema>
export type ProductUpdateInput = v.InferInput<typeof ProductUpdateSchema>
export type ProductListQuery = v.InferInput<typeof ProductListQuerySchema>
