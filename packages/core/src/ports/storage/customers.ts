import type { Customer } from '../../customers'
import type { Page } from '../../shared/pagination'
import type { ListQuery } from './list-query'

export interface CustomerReader {
  get(companyId: string, id: string): Promise<Customer | undefined>
  findByNumber(companyId: string, customerNumber: string): Promise<Customer | undefined>
  /**
   * Newest first; customers created in the same instant the later stored first. `search` matches
   * name, customer number or email.
   */
  list(companyId: string, query: ListQuery): Promise<Page<Customer>>
}

export interface CustomerRepository extends CustomerReader {
  insert(customer: Customer): Promise<void>
  update(customer: Customer): Promise<void>
  delete(companyId: string, id: string): Promise<void>
}
