import type { ApiKey } from '../access/api-key'
import type { Company } from '../companies/company'
import type { Customer } from '../customers/customer'
import type { Product } from '../products/product'
import type { Page, PageRequest } from '../shared/pagination'

/**
 * Persistence of the engine. The only way to write is {@link Storage.transaction}: numbering,
 * idempotency and events must commit or roll back together with the change they belong to.
 *
 * Every adapter MUST pass the storage contract suite (`@invoicing/core/testing`).
 */
export interface Storage extends StorageReader {
  /**
   * Runs `work` as one atomic unit: every write made through `tx` commits when `work` resolves
   * and none does when it throws (the error is rethrown unchanged). Transactions MUST be
   * serializable with respect to each other, also across processes sharing one database.
   * Calling `storage.*` inside `work` is a bug: it reads outside the transaction (or, where
   * reads share the write connection, waits for the transaction and so for itself forever).
   */
  transaction<T>(work: (tx: StorageTx) => Promise<T>): Promise<T>
  /** Releases the database. */
  close(): Promise<void>
}

/** Reads outside a transaction. Each call sees committed data only. */
export interface StorageReader {
  readonly companies: CompanyReader
  readonly apiKeys: ApiKeyReader
  readonly customers: CustomerReader
  readonly products: ProductReader
  readonly sequences: SequenceReader
  readonly usage: UsageReader
}

/** The repositories of one transaction. It has no `transaction` member: nesting is impossible. */
export interface StorageTx {
  readonly companies: CompanyRepository
  readonly apiKeys: ApiKeyRepository
  readonly customers: CustomerRepository
  readonly products: ProductRepository
  readonly sequences: SequenceAllocator
  readonly usage: UsageRepository
}

export interface CompanyReader {
  get(id: string): Promise<Company | undefined>
  /** How many companies exist (the host creates a demo company in an empty database). */
  count(): Promise<number>
}

export interface CompanyRepository extends CompanyReader {
  insert(company: Company): Promise<void>
  update(company: Company): Promise<void>
}

export interface ApiKeyReader {
  get(id: string): Promise<ApiKey | undefined>
  /** The key whose secret hashes to `keyHash`, revoked or not. */
  findByHash(keyHash: string): Promise<ApiKey | undefined>
  /** A company's keys, oldest first. */
  listByCompany(companyId: string): Promise<ApiKey[]>
}

export interface ApiKeyRepository extends ApiKeyReader {
  insert(key: ApiKey): Promise<void>
  update(key: ApiKey): Promise<void>
}

/** A page of records, optionally narrowed by a case-insensitive literal search. */
export interface ListQuery extends PageRequest {
  search?: string | undefined
}

export interface CustomerReader {
  get(companyId: string, id: string): Promise<Customer | undefined>
  findByNumber(companyId: string, customerNumber: string): Promise<Customer | undefined>
  /** Newest first. `search` matches name, customer number or email. */
  list(companyId: string, query: ListQuery): Promise<Page<Customer>>
}

export interface CustomerRepository extends CustomerReader {
  insert(customer: Customer): Promise<void>
  update(customer: Customer): Promise<void>
  delete(companyId: string, id: string): Promise<void>
}

export interface ProductReader {
  get(companyId: string, id: string): Promise<Product | undefined>
  findByNumber(companyId: string, productNumber: string): Promise<Product | undefined>
  /** Newest first. `search` matches name, product number or description. */
  list(companyId: string, query: ListQuery): Promise<Page<Product>>
}

export interface ProductRepository extends ProductReader {
  insert(product: Product): Promise<void>
  update(product: Product): Promise<void>
  delete(companyId: string, id: string): Promise<void>
}

export interface SequenceReader {
  /** The last value handed out for `key`, 0 when none was. */
  current(companyId: string, key: string): Promise<number>
}

/** The race-safe primitive behind gapless numbers. */
export interface SequenceAllocator extends SequenceReader {
  /**
   * Returns the last value of `key` plus one and stores it. The first call for a key returns 1.
   * Concurrent transactions (also in other processes) MUST receive distinct consecutive values;
   * a rolled-back transaction MUST give its value back, so no gap appears.
   */
  next(companyId: string, key: string): Promise<number>
  /**
   * Makes the last value of `key` at least `value` (never lower), so a range moved to another
   * key continues where it was instead of handing out its numbers again.
   */
  raiseTo(companyId: string, key: string, value: number): Promise<void>
}

/** Counters of one company in one calendar month (`YYYY-MM`). */
export interface UsageCounts {
  apiCalls: number
  documentsIssued: number
}

export interface UsageReader {
  get(companyId: string, month: string): Promise<UsageCounts>
}

export interface UsageRepository extends UsageReader {
  /**
   * Adds `calls` to the month's API call counter and returns the new total. Concurrent adds
   * (also from other processes) MUST all be counted.
   */
  addApiCalls(companyId: string, month: string, calls: number): Promise<number>
}
