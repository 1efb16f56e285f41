import { notFound } from '../errors'
import type { StorageReader } from '../ports/storage'
import type { Customer } from './customer'

/** A customer of the company; 404 for a missing one or one of another company. */
export async function requireCustomer(reader: Pick<StorageReader, 'customers'>, companyId: string, id: string): Promise<Customer> {
  const customer = await reader.customers.get(companyId, id)
  if (!customer) throw notFound('Customer')
  return customer
}
