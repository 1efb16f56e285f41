import type { Company } from '../companies/company'
import type { Customer } from '../customers/customer'
import type { ApiKey } from '../access/api-key'
import type { Product } from '../products/product'
import type { ListQuery, Storage, StorageReader, StorageTx, UsageCounts } from '../ports/storage'
import type { Page } from '../shared/pagination'
import { foldForSearch, searchTextOf } from '../shared/search'

/**
 * Storage in memory, for tests and for embedders that keep nothing. Transactions run one at a
 * time (serializable by construction) and are undone from a journal when they throw; reads
 * outside a transaction wait for the running one, so they see committed data only.
 */
export function createMemoryStorage(): Storage {
  const tables = {
    companies: createTable<Company>(),
    apiKeys: createTable<ApiKey>(),
    customers: createTable<Customer>(),
    products: createTable<Product>(),
    sequences: createTable<number>(),
    usage: createTable<UsageCounts>(),
  }
  const all = Object.values(tables)
  const repositories = createRepositories(tables)
  let queue: Promise<unknown> = Promise.resolve()

  /** Runs `task` after everything queued before it. */
  function serialized<T>(task: () => Promise<T>): Promise<T> {
    const run = queue.then(task, task)
    queue = run.catch(() => undefined)
    return run
  }

  return {
    ...serializeReads(repositories, serialized),
    transaction: <T>(work: (tx: StorageTx) => Promise<T>) =>
      serialized(async () => {
        for (const table of all) table.begin()
        try {
          const result = await work(repositories)
          for (const table of all) table.commit()
          return result
        } catch (error) {
          for (const table of all) table.rollback()
          throw error
        }
      }),
    close: async () => {},
  }
}

interface Row<T> {
  value: T
  /** Insertion order, to break ties between records created in the same millisecond. */
  seq: number
}

function createTable<T>() {
  const rows = new Map<string, Row<T>>()
  let journal: Map<string, Row<T> | undefined> | null = null
  let nextSeq = 0
  const remember = (key: string) => {
    if (journal && !journal.has(key)) journal.set(key, rows.get(key))
  }
  return {
    get: (key: string): T | undefined => {
      const row = rows.get(key)
      return row && structuredClone(row.value)
    },
    /** Rows in insertion order; values are the stored objects, clone before handing out. */
    rows: () => rows.values(),
    set(key: string, value: T) {
      remember(key)
      rows.set(key, { value: structuredClone(value), seq: rows.get(key)?.seq ?? nextSeq++ })
    },
    delete(key: string) {
      remember(key)
      rows.delete(key)
    },
    begin() {
      journal = new Map()
    },
    commit() {
      journal = null
    },
    rollback() {
      for (const [key, row] of journal ?? []) {
        if (row) rows.set(key, row)
        else rows.delete(key)
      }
      journal = null
    },
  }
}

type Table<T> = ReturnType<typeof createTable<T>>

interface Tables {
  companies: Table<Company>
  apiKeys: Table<ApiKey>
  customers: Table<Customer>
  products: Table<Product>
  sequences: Table<number>
  usage: Table<UsageCounts>
}

const scoped = (companyId: string, id: string) => `${companyId}\u0000${id}`

/** Newest first, then a page of them. */
function pageOf<T extends { createdAt: string }>(rows: Row<T>[], query: ListQuery): Page<T> {
  const sorted = rows.sort((a, b) => b.value.createdAt.localeCompare(a.value.createdAt) || b.seq - a.seq)
  return {
    items: sorted.slice(query.offset, query.offset + query.limit).map((row) => structuredClone(row.value)),
    total: sorted.length,
    limit: query.limit,
    offset: query.offset,
  }
}

function matching<T extends { companyId: string }>(table: Table<T>, companyId: string, query: ListQuery, searchText: (record: T) => string) {
  const needle = query.search ? foldForSearch(query.search) : ''
  return [...table.rows()].filter((row) => row.value.companyId === companyId && (!needle || searchText(row.value).includes(needle)))
}

/** The repository of records that belong to a company and carry a number unique in it. */
function companyRecords<T extends { id: string; companyId: string; createdAt: string }>(
  table: Table<T>,
  numberOf: (record: T) => string | null,
  searchText: (record: T) => string,
) {
  return {
    get: async (companyId: string, id: string) => {
      const record = table.get(id)
      return record?.companyId === companyId ? record : undefined
    },
    findByNumber: async (companyId: string, number: string) => {
      for (const row of table.rows()) {
        if (row.value.companyId === companyId && numberOf(row.value) === number) return structuredClone(row.value)
      }
      return undefined
    },
    list: async (companyId: string, query: ListQuery) => pageOf(matching(table, companyId, query, searchText), query),
    insert: async (record: T) => table.set(record.id, record),
    update: async (record: T) => table.set(record.id, record),
    delete: async (companyId: string, id: string) => {
      if (table.get(id)?.companyId === companyId) table.delete(id)
    },
  }
}

function createRepositories(tables: Tables): StorageTx {
  const { companies, apiKeys, customers, products, sequences, usage } = tables
  const emptyUsage = (): UsageCounts => ({ apiCalls: 0, documentsIssued: 0 })

  return {
    companies: {
      get: async (id) => companies.get(id),
      count: async () => [...companies.rows()].length,
      insert: async (company) => companies.set(company.id, company),
      update: async (company) => companies.set(company.id, company),
    },
    apiKeys: {
      get: async (id) => apiKeys.get(id),
      findByHash: async (keyHash) => {
        for (const row of apiKeys.rows()) if (row.value.keyHash === keyHash) return structuredClone(row.value)
        return undefined
      },
      listByCompany: async (companyId) =>
        [...apiKeys.rows()].filter((row) => row.value.companyId === companyId).map((row) => structuredClone(row.value)),
      insert: async (key) => apiKeys.set(key.id, key),
      update: async (key) => apiKeys.set(key.id, key),
    },
    customers: companyRecords(customers, (c) => c.customerNumber, (c) => searchTextOf(c.name, c.customerNumber, c.email)),
    products: companyRecords(products, (p) => p.productNumber, (p) => searchTextOf(p.name, p.productNumber, p.description)),
    sequences: {
      current: async (companyId, key) => sequences.get(scoped(companyId, key)) ?? 0,
      next: async (companyId, key) => {
        const value = (sequences.get(scoped(companyId, key)) ?? 0) + 1
        sequences.set(scoped(companyId, key), value)
        return value
      },
      raiseTo: async (companyId, key, value) => {
        if ((sequences.get(scoped(companyId, key)) ?? 0) < value) sequences.set(scoped(companyId, key), value)
      },
    },
    usage: {
      get: async (companyId, month) => usage.get(scoped(companyId, month)) ?? emptyUsage(),
      addApiCalls: async (companyId, month, calls) => {
        const counts = usage.get(scoped(companyId, month)) ?? emptyUsage()
        counts.apiCalls += calls
        usage.set(scoped(companyId, month), counts)
        return counts.apiCalls
      },
    },
  }
}

/** The read side of `repositories`, each call queued behind running transactions. */
function serializeReads(repositories: StorageTx, serialized: <T>(task: () => Promise<T>) => Promise<T>): StorageReader {
  const wrap = <R extends object>(repository: R): R =>
    Object.fromEntries(
      Object.entries(repository).map(([name, method]) => [
        name,
        (...args: unknown[]) => serialized(() => (method as (...a: unknown[]) => Promise<unknown>)(...args)),
      ]),
    ) as R
  return {
    companies: wrap(repositories.companies),
    apiKeys: wrap(repositories.apiKeys),
    customers: wrap(repositories.customers),
    products: wrap(repositories.products),
    sequences: wrap(repositories.sequences),
    usage: wrap(repositories.usage),
  }
}
