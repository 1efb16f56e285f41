import { foldForSearch, searchTextOf, type Customer, type CustomerRepository } from '@invoicing/core'
import { columnsOf } from '../columns'
import type { CustomerTable } from '../database'
import type { Executor } from '../executor'
import { preparedQuery } from '../prepared-query'
import { listPage } from './list-page'

const columns = columnsOf<Customer>([
  'id', 'companyId', 'customerNumber', 'name', 'email', 'street', 'zipCode', 'city', 'country', 'vatId', 'taxNumber',
  'paymentTermDays', 'defaultLocale', 'buyerReference', 'notes', 'iban', 'bic', 'sepaMandateId', 'sepaMandateDate',
  'sepaMandateType', 'sepaMandateSequence', 'sepaMandateLastUsedAt', 'ledgerAccount', 'createdAt', 'updatedAt',
])

const toRow = (customer: Customer): CustomerTable => columns.toRow(customer, {
  search_text: searchTextOf(customer.name, customer.customerNumber, customer.email),
  search_name: foldForSearch(customer.name),
}) as unknown as CustomerTable

const fromRow = (found: CustomerTable): Customer => columns.fromRow(found)

const customerById = preparedQuery((db, { id, companyId }: { id: string; companyId: string }) =>
  db.selectFrom('customer').selectAll().where('id', '=', id).where('company_id', '=', companyId))

export function createCustomerRepository(executor: Executor): CustomerRepository {
  const { db, row, write } = executor
  return {
    async get(companyId, id) {
      const found = await row(customerById({ id, companyId }))
      return found && fromRow(found)
    },
    async findByNumber(companyId, customerNumber) {
      const found = await row(db.selectFrom('customer').selectAll().where('company_id', '=', companyId).where('customer_number', '=', customerNumber))
      return found && fromRow(found)
    },
    list: (companyId, query) => listPage(executor, 'customer', companyId, query, fromRow),
    insert: (customer) => write(db.insertInto('customer').values(toRow(customer))),
    async update(customer) {
      const { id, company_id, ...fields } = toRow(customer)
      await write(db.updateTable('customer').set(fields).where('id', '=', id).where('company_id', '=', company_id))
    },
    delete: (companyId, id) => write(db.deleteFrom('customer').where('id', '=', id).where('company_id', '=', companyId)),
  }
}
