import { searchTextOf, type Customer, type CustomerRepository } from '@invoicing/core'
import type { Kysely, Selectable } from 'kysely'
import type { CustomerTable, Database } from '../database'
import { listPage } from './list-page'

const toRow = (customer: Customer): CustomerTable => ({
  ...customer,
  searchText: searchTextOf(customer.name, customer.customerNumber, customer.email),
})

const fromRow = ({ searchText: _, ...row }: Selectable<CustomerTable>): Customer => ({
  ...row,
  defaultLocale: row.defaultLocale as Customer['defaultLocale'],
})

export function createCustomerRepository(db: Kysely<Database>): CustomerRepository {
  return {
    async get(companyId, id) {
      const row = await db.selectFrom('customer').selectAll().where('id', '=', id).where('companyId', '=', companyId).executeTakeFirst()
      return row && fromRow(row)
    },
    async findByNumber(companyId, customerNumber) {
      const row = await db.selectFrom('customer').selectAll()
        .where('companyId', '=', companyId).where('customerNumber', '=', customerNumber).executeTakeFirst()
      return row && fromRow(row)
    },
    list: (companyId, query) => listPage(db, 'customer', companyId, query, fromRow),
    async insert(customer) {
      await db.insertInto('customer').values(toRow(customer)).execute()
    },
    async update(customer) {
      const { id, companyId, ...fields } = toRow(customer)
      await db.updateTable('customer').set(fields).where('id', '=', id).where('companyId', '=', companyId).execute()
    },
    async delete(companyId, id) {
      await db.deleteFrom('customer').where('id', '=', id).where('companyId', '=', companyId).execute()
    },
  }
}
