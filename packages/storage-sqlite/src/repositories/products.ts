import { searchTextOf, type Product, type ProductRepository } from '@invoicing/core'
import type { Kysely, Selectable } from 'kysely'
import type { Database, ProductTable } from '../database'
import { listPage } from './list-page'

const toRow = (product: Product): ProductTable => ({
  ...product,
  searchText: searchTextOf(product.name, product.productNumber, product.description),
})

const fromRow = ({ searchText: _, ...row }: Selectable<ProductTable>): Product => ({
  ...row,
  lineType: row.lineType as Product['lineType'],
})

export function createProductRepository(db: Kysely<Database>): ProductRepository {
  return {
    async get(companyId, id) {
      const row = await db.selectFrom('product').selectAll().where('id', '=', id).where('companyId', '=', companyId).executeTakeFirst()
      return row && fromRow(row)
    },
    async findByNumber(companyId, productNumber) {
      const row = await db.selectFrom('product').selectAll()
        .where('companyId', '=', companyId).where('productNumber', '=', productNumber).executeTakeFirst()
      return row && fromRow(row)
    },
    list: (companyId, query) => listPage(db, 'product', companyId, query, fromRow),
    async insert(product) {
      await db.insertInto('product').values(toRow(product)).execute()
    },
    async update(product) {
      const { id, companyId, ...fields } = toRow(product)
      await db.updateTable('product').set(fields).where('id', '=', id).where('companyId', '=', companyId).execute()
    },
    async delete(companyId, id) {
      await db.deleteFrom('product').where('id', '=', id).where('companyId', '=', companyId).execute()
    },
  }
}
