import type { Product } from '../../products'
import type { Page } from '../../shared/pagination'
import type { ListQuery } from './list-query'

export interface ProductReader {
  get(companyId: string, id: string): Promise<Product | undefined>
  findByNumber(companyId: string, productNumber: string): Promise<Product | undefined>
  /**
   * Newest first; products created in the same instant the later stored first. `search` matches
   * name, product number or description.
   */
  list(companyId: string, query: ListQuery): Promise<Page<Product>>
}

export interface ProductRepository extends ProductReader {
  insert(product: Product): Promise<void>
  update(product: Product): Promise<void>
  delete(companyId: string, id: string): Promise<void>
}
