import { searchTextOf, type Product, type ProductRepository } from '@invoicing/core'
import { columnsOf } from '../columns'
import type { ProductTable } from '../database'
import type { Executor } from '../executor'
import { listPage } from './list-page'
import { preparedQuery } from '../prepared-query'

const columns = columnsOf<Product>([
  'id', 'companyId', 'productNumber', 'name', 'description', 'unitPrice', 'taxRate', 'unit', 'lineType', 'createdAt', 'updatedAt',
])

const toRow = (product: Product): ProductTable => columns.toRow(product, {
  search_text: searchTextOf(product.name, product.productNumber, product.description),
}) as unknown as ProductTable

const fromRow = (found: ProductTable): Product => columns.fromRow(found)

const productById = preparedQuery((db, { id, companyId }: { id: string; companyId: string }) =>
  db.selectFrom('product').selectAll().where('id', '=', id).where('company_id', '=', companyId))

export function createProductRepository(executor: Executor): ProductRepository {
  const { db, row, write } = executor
  return {
    async get(companyId, id) {
      const found = await row(productById({ id, companyId }))
      return found && fromRow(found)
    },
    async findByNumber(companyId, productNumber) {
      const found = await row(db.selectFrom('product').selectAll().where('company_id', '=', companyId).where('product_number', '=', productNumber))
      return found && fromRow(found)
    },
    list: (companyId, query) => listPage(executor, 'product', companyId, query, fromRow),
    insert: (product) => write(db.insertInto('product').values(toRow(product))),
    async update(product) {
      const { id, company_id, ...fields } = toRow(product)
      await write(db.updateTable('product').set(fields).where('id', '=', id).where('company_id', '=', company_id))
    },
    delete: (companyId, id) => write(db.deleteFrom('product').where('id', '=', id).where('company_id', '=', companyId)),
  }
}
