import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import fc from 'fast-check'
import type { Company } from '../companies'
import type { Customer } from '../customers'
import type { FileDocument } from '../file-documents'
import type { Invoice } from '../invoices'
import type { OrderDocument } from '../order-documents'
import type { Product } from '../products'
import type { RecurringSchedule } from '../recurring-schedules'
import type { Storage, StorageReader, StorageTx } from '../ports/storage'
import type { Page, PageRequest } from '../shared/pagination'
import { foldForSearch } from '../shared/search'
import { aCompany, aCustomer, aFileDocument, anInvoice, anOrderDocument, aProduct, aRecurringSchedule } from './fixtures'
import { ABSENT_CHARACTER, change, corpus, needle, withFlippedCase, type Change, type Corpus, type Needle } from './search-corpus'

/** What the storage contract hands its search cases. */
export interface SearchContractContext {
  storage(): Storage
}

/**
 * Few runs of small corpora: enough to meet every kind of needle, quick on every adapter.
 * Shrinking a failure runs the property again many times: past the time limit the smallest
 * failure found so far is reported, with the seed and path that replay it (a machine so busy
 * that the runs themselves pass the limit stops with fewer runs, and passes).
 */
const RUNS = { numRuns: 20, plugins: [fc.interruptAfterTimeLimit(60_000)] }

/** More than a corpus holds of one list: one page shows all. */
const everything: PageRequest = { limit: 100, offset: 0 }

const LONG_NEEDLE = 1_000

/**
 * More documents than an adapter's text index may name for a list to start from them (SQLite's
 * bound is 2,000): a needle they all hold is read as a common one, in list order, as in a large
 * company, and not from the few rows a small test company holds.
 */
const COMMON = 2_001

/** Another company whose invoices and quotes, `COMMON` of each, all hold every needle in their numbers. */
async function storeCommonNeedles(storage: Storage, needles: readonly string[]): Promise<void> {
  const company = aCompany()
  const customer = aCustomer(company.id, { name: 'Filler' })
  const number = (index: number) => `${needles.join(' ')} ${index}`
  await storage.transaction(async (tx) => {
    await tx.companies.insert(company)
    await tx.customers.insert(customer)
    for (let index = 0; index < COMMON; index++) {
      await tx.invoices.insert(anInvoice(company.id, customer.id, { number: number(index), lines: [] }))
      await tx.orderDocuments.insert(anOrderDocument(company.id, customer.id, { number: number(index), documentType: 'QUOTE', lines: [], convertedQuantities: {}, precedingDocument: null }))
    }
  })
}

/** What one company has stored, kept beside the storage as the brute-force side of the comparison. */
interface Stored {
  company: Company
  companyId: string
  customers: Customer[]
  products: Product[]
  invoices: Invoice[]
  orderDocuments: OrderDocument[]
  recurringSchedules: RecurringSchedule[]
  fileDocuments: FileDocument[]
}

/** The records of `data` for a new company, with a product whose description is 1,200 characters long. */
function storedOf(data: Corpus): Stored {
  const company = aCompany()
  const customers = firstOfEachNumber(data.customers, (customer) => customer.customerNumber).map((customer) => aCustomer(company.id, customer))
  const customerAt = (index: number) => customers[index % customers.length]!.id
  const long = Array.from(data.longSeed.repeat(1_200)).slice(0, 1_200).join('')
  const products = [...data.products, { name: 'lang', productNumber: null, description: long, createdAt: '2026-03-01T10:00:00.000Z' }]
  return {
    company,
    companyId: company.id,
    customers,
    products: firstOfEachNumber(products, (product) => product.productNumber).map((product) => aProduct(company.id, product)),
    invoices: firstOfEachNumber(data.invoices, (invoice) => invoice.number).map(({ customer, draft, ...invoice }) => anInvoice(company.id, customerAt(customer), {
      ...invoice, documentType: 'INVOICE', status: draft ? 'DRAFT' : 'SENT', numberIssued: !draft, lines: [],
    })),
    orderDocuments: firstOfEachNumber(data.orderDocuments, (document) => document.number).map(({ customer, ...document }) => anOrderDocument(company.id, customerAt(customer), {
      ...document, status: 'OPEN', lines: [], convertedQuantities: {}, precedingDocument: null,
    })),
    recurringSchedules: data.recurringSchedules.map(({ customer, ...schedule }) => aRecurringSchedule(company.id, customerAt(customer), schedule)),
    fileDocuments: data.fileDocuments.map((document) => aFileDocument(company.id, { ...document, links: [] })),
  }
}

/** Records with a number taken by an earlier one left out: numbers are unique in a company. */
function firstOfEachNumber<T>(records: T[], numberOf: (record: T) => string | null): T[] {
  const taken = new Set<string>()
  return records.filter((record) => {
    const number = numberOf(record)
    if (number === null) return true
    if (taken.has(number)) return false
    taken.add(number)
    return true
  })
}

/** Whether one of `fields`, folded, contains the folded `search`: the brute force. */
function found(search: string, ...fields: (string | null)[]): boolean {
  const folded = foldForSearch(search)
  return fields.some((field) => field !== null && foldForSearch(field).includes(folded))
}

/** A list as the brute force sees it: what it holds, and the fields of a record its search reads. */
interface SearchedList<T extends { id: string }> {
  name: string
  holds: T[]
  searchedFields(record: T): (string | null)[]
  list(query: PageRequest & { search?: string }): Promise<Page<T>>
}

/** Every list with a search, read through `reader` (the storage, or a transaction). */
function searchedLists(reader: Pick<StorageReader, 'customers' | 'products' | 'invoices' | 'orderDocuments' | 'recurringSchedules' | 'fileDocuments'>, stored: Stored) {
  const { companyId } = stored
  const nameOf = (customerId: string) => stored.customers.find((customer) => customer.id === customerId)!.name
  const numberAndCustomer = (record: { number: string; customerId: string }) => [record.number, nameOf(record.customerId)]
  const orderDocuments = (documentType: 'QUOTE' | 'ORDER_CONFIRMATION'): SearchedList<OrderDocument> => ({
    name: `order documents ${documentType}`,
    holds: stored.orderDocuments.filter((document) => document.documentType === documentType),
    searchedFields: numberAndCustomer,
    list: (query) => reader.orderDocuments.list(companyId, { ...query, documentType }),
  })
  return [
    {
      name: 'customers', holds: stored.customers, list: (query) => reader.customers.list(companyId, query),
      searchedFields: (customer) => [customer.name, customer.customerNumber, customer.email],
    } satisfies SearchedList<Customer>,
    {
      name: 'products', holds: stored.products, list: (query) => reader.products.list(companyId, query),
      searchedFields: (product) => [product.name, product.productNumber, product.description],
    } satisfies SearchedList<Product>,
    { name: 'invoices', holds: stored.invoices, list: (query) => reader.invoices.list(companyId, query), searchedFields: numberAndCustomer } satisfies SearchedList<Invoice>,
    {
      name: 'draft invoices', holds: stored.invoices.filter((invoice) => invoice.status === 'DRAFT'),
      list: (query) => reader.invoices.list(companyId, { ...query, status: 'DRAFT' }), searchedFields: numberAndCustomer,
    } satisfies SearchedList<Invoice>,
    orderDocuments('QUOTE'),
    orderDocuments('ORDER_CONFIRMATION'),
    {
      // Filtered by more than the type, so no kept count answers it: short needles are counted row
      // by row. The corpus stores every quote open.
      ...orderDocuments('QUOTE'), name: 'open quotes',
      list: (query) => reader.orderDocuments.list(companyId, { ...query, documentType: 'QUOTE', status: 'OPEN' }),
    } satisfies SearchedList<OrderDocument>,
    {
      name: 'recurring schedules', holds: stored.recurringSchedules, list: (query) => reader.recurringSchedules.list(companyId, query),
      searchedFields: (schedule) => [schedule.name, nameOf(schedule.customerId)],
    } satisfies SearchedList<RecurringSchedule>,
    {
      name: 'documents (files)', holds: stored.fileDocuments, list: (query) => reader.fileDocuments.list(companyId, { ...query, status: 'AVAILABLE' }),
      searchedFields: (document) => [document.fileName, document.title],
    } satisfies SearchedList<FileDocument>,
  ] as SearchedList<{ id: string }>[]
}

/** The search text a needle makes from `values`, the searched fields of a list's records now. */
function searchOf({ recipe }: Needle, values: string[]): string {
  if (recipe.kind === 'literal') return recipe.text
  const characters = Array.from(values.length === 0 ? 'a' : values[recipe.value % values.length]!)
  const start = recipe.start % characters.length
  const part = withFlippedCase(characters.slice(start, start + recipe.length).join(''), recipe.caseFlips)
  return recipe.form ? part.normalize(recipe.form) : part
}

/** Needles of 1,000 characters cut from the long description: one it contains, one it nearly contains. */
function longSearches(stored: Stored): string[] {
  const long = Array.from(stored.products.at(-1)!.description!)
  const part = long.slice(100, 100 + LONG_NEEDLE)
  return [withFlippedCase(part.join(''), [true, false, false]), [...part.slice(0, -1), ABSENT_CHARACTER].join('')]
}

/**
 * Each list searched for each needle gives the records of the unsearched list (in its order)
 * whose folded searched fields contain the folded needle, with their number as `total`, and so
 * does a page of them (of the 1,000-character needles, the whole list only). Needles are cut
 * from the list's own records, so that most find some.
 */
async function assertSearchesAgree(lists: SearchedList<{ id: string }>[], needles: Needle[], stored: Stored, when: string) {
  const absent = `${ABSENT_CHARACTER}${ABSENT_CHARACTER}`
  for (const searched of lists) {
    const all = await searched.list(everything)
    assert.deepEqual(new Set(all.items.map((record) => record.id)), new Set(searched.holds.map((record) => record.id)), `${when}: ${searched.name} unsearched`)
    assert.equal(all.total, searched.holds.length, `${when}: ${searched.name} unsearched total`)
    assert.equal((await searched.list({ ...everything, search: absent })).total, 0, `${when}: ${searched.name} finds nothing for ${absent}`)
    const fieldsById = new Map(searched.holds.map((record) => [record.id, searched.searchedFields(record)]))
    const values = [...fieldsById.values()].flat().filter((value): value is string => value !== null)
    const searches = [
      ...needles.map((needle) => ({ search: searchOf(needle, values), page: { limit: needle.limit, offset: needle.offset } })),
      ...longSearches(stored).map((search) => ({ search, page: null })),
    ]
    for (const { search, page } of searches) {
      const expected = all.items.filter((record) => found(search, ...fieldsById.get(record.id)!)).map((record) => record.id)
      const message = `${when}: ${searched.name} searched for ${JSON.stringify(search)}`
      const result = await searched.list({ ...everything, search })
      assert.deepEqual(result.items.map((record) => record.id), expected, message)
      assert.equal(result.total, expected.length, `${message}: total`)
      if (!page) continue
      const paged = await searched.list({ ...page, search })
      assert.deepEqual(paged.items.map((record) => record.id), expected.slice(page.offset, page.offset + page.limit), `${message}: page ${JSON.stringify(page)}`)
      assert.equal(paged.total, expected.length, `${message}: page total`)
    }
  }
}

/** Applies `change` to what is stored through `tx` and to the brute force's copy, where it applies. */
async function applyChange(tx: StorageTx, stored: Stored, change: Change) {
  const at = <T>(records: T[]) => records.length === 0 ? undefined : records[change.index % records.length]
  const numberTaken = (records: { id: string; number: string }[], id: string, number: string) => records.some((record) => record.id !== id && record.number === number)
  switch (change.kind) {
    case 'renameCustomer': {
      const customer = at(stored.customers)!
      Object.assign(customer, { name: change.name, email: change.email })
      return tx.customers.update(customer)
    }
    case 'changeProduct': {
      const product = at(stored.products.slice(0, -1))
      if (!product || stored.products.some((other) => other !== product && change.productNumber !== null && other.productNumber === change.productNumber)) return
      Object.assign(product, { name: change.name, productNumber: change.productNumber, description: change.description })
      return tx.products.update(product)
    }
    case 'issueDraft': {
      const draft = at(stored.invoices.filter((invoice) => invoice.status === 'DRAFT'))
      if (!draft || numberTaken(stored.invoices, draft.id, change.number)) return
      Object.assign(draft, { number: change.number, numberIssued: true, status: 'SENT' })
      return tx.invoices.update(draft)
    }
    case 'deleteDraft': {
      const draft = at(stored.invoices.filter((invoice) => invoice.status === 'DRAFT'))
      if (!draft) return
      stored.invoices.splice(stored.invoices.indexOf(draft), 1)
      return tx.invoices.delete(stored.companyId, draft.id)
    }
    case 'changeOrderDocument': {
      const document = at(stored.orderDocuments)
      if (!document || numberTaken(stored.orderDocuments, document.id, change.number)) return
      Object.assign(document, { number: change.number, customerId: stored.customers[change.customer % stored.customers.length]!.id })
      return tx.orderDocuments.update(document)
    }
    case 'changeSchedule': {
      const schedule = at(stored.recurringSchedules)
      if (!schedule) return
      const customerId = stored.customers[change.customer % stored.customers.length]!.id
      Object.assign(schedule, { name: change.name, customerId, template: { ...schedule.template, customerId } })
      return tx.recurringSchedules.update(schedule)
    }
    case 'changeFileDocument': {
      const document = at(stored.fileDocuments)
      if (!document) return
      Object.assign(document, { fileName: change.fileName, title: change.title })
      return tx.fileDocuments.update(document)
    }
    case 'deleteOrderDocument': {
      const document = at(stored.orderDocuments)
      if (!document) return
      stored.orderDocuments.splice(stored.orderDocuments.indexOf(document), 1)
      return tx.orderDocuments.delete(stored.companyId, document.id)
    }
  }
}

/**
 * Search on every list of a company's records (customers, products, invoices, each order-document
 * type, recurring schedules, files) gives exactly what a brute-force filter over the stored
 * records gives: the folded needle contained, literally, in a folded searched field, in the
 * order of the unsearched list. Each run stores a company
 * of its own (earlier runs' companies hold records that the same needles find, and must not
 * show), searches, changes records in a transaction, searches inside it and after its commit.
 */
export function searchContract(context: SearchContractContext): void {
  describe('search', () => {
    it('every list’s search finds what a brute-force filter finds, in list order, in pages, after changes', async () => {
      await fc.assert(fc.asyncProperty(
        corpus, fc.array(needle, { minLength: 2, maxLength: 5 }), fc.array(change, { minLength: 1, maxLength: 6 }),
        async (data, needles, changes) => {
          const storage = context.storage()
          const stored = storedOf(data)
          await storage.transaction(async (tx) => {
            await tx.companies.insert(stored.company)
            for (const customer of stored.customers) await tx.customers.insert(customer)
            for (const product of stored.products) await tx.products.insert(product)
            for (const invoice of stored.invoices) await tx.invoices.insert(invoice)
            for (const document of stored.orderDocuments) await tx.orderDocuments.insert(document)
            for (const schedule of stored.recurringSchedules) await tx.recurringSchedules.insert(schedule)
            for (const document of stored.fileDocuments) await tx.fileDocuments.insert(document)
          })
          await assertSearchesAgree(searchedLists(storage, stored), needles, stored, 'stored')
          await storage.transaction(async (tx) => {
            for (const each of changes) await applyChange(tx, stored, each)
            await assertSearchesAgree(searchedLists(tx, stored), needles, stored, 'changed, in the transaction')
          })
          await assertSearchesAgree(searchedLists(storage, stored), needles, stored, 'changed, committed')
        },
      ), RUNS)
    })

    it('pages a needle that numbers and customer names both hold, some documents twice, as a brute force does at every offset', async () => {
      const storage = context.storage()
      const company = aCompany()
      const named = aCustomer(company.id, { name: 'Bäckerei Abcde' })
      const other = aCustomer(company.id, { name: 'Other GmbH' })
      // Four issue dates and pairs of documents stored at one instant: list order also rests on the tie-breakers.
      const shape = (index: number) => ({
        number: index % 3 === 0 ? `RE-ABCDE-${index}` : `RE-${index}`,
        issueDate: `2026-01-0${(index % 4) + 1}`,
        createdAt: `2026-01-05T08:00:0${Math.floor(index / 2) % 10}.000Z`,
      })
      const invoices = Array.from({ length: 30 }, (_, index) => anInvoice(company.id, index % 2 === 0 ? named.id : other.id, {
        ...shape(index), documentType: 'INVOICE', status: index % 5 === 4 ? 'DRAFT' : 'SENT', lines: [],
      }))
      const quotes = Array.from({ length: 30 }, (_, index) => anOrderDocument(company.id, index % 2 === 0 ? named.id : other.id, {
        ...shape(index), documentType: 'QUOTE', status: index % 5 === 4 ? 'DRAFT' : 'OPEN', lines: [], convertedQuantities: {}, precedingDocument: null,
      }))
      await storage.transaction(async (tx) => {
        await tx.companies.insert(company)
        for (const customer of [named, other]) await tx.customers.insert(customer)
        for (const invoice of invoices) await tx.invoices.insert(invoice)
        for (const quote of quotes) await tx.orderDocuments.insert(quote)
      })
      // Each list also filtered: the total is then counted from the rows, not from kept counts.
      const lists: [string, number, (page: PageRequest & { search?: string }) => Promise<Page<{ id: string; number: string; customerId: string }>>][] = [
        ['invoices', 20, (page) => storage.invoices.list(company.id, page)],
        ['sent invoices', 16, (page) => storage.invoices.list(company.id, { ...page, status: 'SENT' })],
        ['quotes', 20, (page) => storage.orderDocuments.list(company.id, { ...page, documentType: 'QUOTE' })],
        ['open quotes', 16, (page) => storage.orderDocuments.list(company.id, { ...page, documentType: 'QUOTE', status: 'OPEN' })],
      ]
      for (const [name, holding, list] of lists) {
        const expected = (await list(everything)).items
          .filter((document) => document.customerId === named.id || document.number.includes('ABCDE')).map((document) => document.id)
        // Unfiltered: 15 of the named customer, 10 numbers, 5 both.
        assert.equal(expected.length, holding, name)
        for (const [limit, offset] of [[4, 0], [4, 3], [4, 8], [5, 10], [4, 13], [3, 17], [4, 18], [4, 20], [4, 40], [100, 0]] as const) {
          const page = await list({ limit, offset, search: 'aBcDe' })
          assert.deepEqual(page.items.map((document) => document.id), expected.slice(offset, offset + limit), `${name}: limit ${limit}, offset ${offset}`)
          assert.equal(page.total, holding, `${name}: limit ${limit}, offset ${offset}: total`)
        }
      }
    })

    it('finds what a brute force does for needles that a number format’s fixed part holds, that run into its counter, or that names hold, in invoice and quote lists, as numbers and names change', async () => {
      const storage = context.storage()
      const company = aCompany()
      const named = aCustomer(company.id, { name: 'Bäcker-2024 & Söhne' })
      const other = aCustomer(company.id, { name: 'Other GmbH' })
      // Numbers of several formats: year series of two types, drafts' placeholders, one without a separator.
      const invoiceNumbers = (index: number) => [`RE-2024-${index}`, `RE-2025-${index}`, `GS-2024-${index}`, `ENTWURF-x${index}`, `RE2024${index}`, `RE-😀-${index}`][index % 6]!
      const invoices = Array.from({ length: 40 }, (_, index) => anInvoice(company.id, index % 3 === 0 ? named.id : other.id, {
        number: invoiceNumbers(index), documentType: index % 5 === 2 ? 'CREDIT_NOTE' : 'INVOICE', status: index % 5 === 3 ? 'DRAFT' : 'SENT',
        issueDate: `2026-01-0${(index % 4) + 1}`, createdAt: `2026-01-05T08:00:0${Math.floor(index / 2) % 10}.000Z`, lines: [],
      }))
      const quotes = Array.from({ length: 20 }, (_, index) => anOrderDocument(company.id, index % 3 === 0 ? named.id : other.id, {
        number: index % 2 ? `AN-2024-${index}` : `AN-2025-${index}`, documentType: 'QUOTE', status: 'OPEN',
        issueDate: `2026-01-0${(index % 4) + 1}`, lines: [], convertedQuantities: {}, precedingDocument: null,
      }))
      // A year's fixed part; one running into the counter; one a name holds too; names alone; short ones; half
      // of an emoji, which the databases receive as U+FFFD; those that the changes below make or unmake.
      const needles = ['RE-2024', '2024-1', 'r-2024', 'e-2', ' & ', 'f-x1', '-2', '-1', '4-', 'n-', '%-', 'e-😀', '\uD83D',
        'f-', 'f-x3', '4-90', 're-2024-9', 'b-', 'ab-2']
      await storeCommonNeedles(storage, needles)
      await storage.transaction(async (tx) => {
        await tx.companies.insert(company)
        for (const customer of [named, other]) await tx.customers.insert(customer)
        for (const invoice of invoices) await tx.invoices.insert(invoice)
        for (const quote of quotes) await tx.orderDocuments.insert(quote)
      })
      const nameOf = (customerId: string) => (customerId === named.id ? named : other).name
      const lists: [string, (page: PageRequest & { search?: string }) => Promise<Page<{ id: string; number: string; customerId: string }>>][] = [
        ['invoices', (page) => storage.invoices.list(company.id, page)],
        ['credit notes', (page) => storage.invoices.list(company.id, { ...page, documentType: 'CREDIT_NOTE' })],
        ['sent invoices', (page) => storage.invoices.list(company.id, { ...page, status: 'SENT' })],
        ['quotes', (page) => storage.orderDocuments.list(company.id, { ...page, documentType: 'QUOTE' })],
        ['quotes of a customer', (page) => storage.orderDocuments.list(company.id, { ...page, documentType: 'QUOTE', customerId: other.id })],
        ['fully invoiced quotes', (page) => storage.orderDocuments.list(company.id, { ...page, documentType: 'QUOTE', invoiceStatus: 'FULL' })],
      ]
      // Pages of every size, one past the end, none, and one larger than the parts are merged up to.
      const pages = [[100, 0], [3, 0], [3, 2], [4, 7], [5, 60], [0, 0], [2_001, 0]] as const
      const assertSearchesAgree = async (when: string) => {
        for (const [name, list] of lists) {
          const all = (await list({ limit: 2_001, offset: 0 })).items
          for (const search of needles) {
            const folded = foldForSearch(search)
            const expected = all.filter((document) => [document.number, nameOf(document.customerId)].some((text) => foldForSearch(text).includes(folded))).map((document) => document.id)
            for (const [limit, offset] of pages) {
              const page = await list({ limit, offset, search })
              assert.deepEqual(page.items.map((document) => document.id), expected.slice(offset, offset + limit), `${when}: ${name}, ${search}: limit ${limit}, offset ${offset}`)
              assert.equal(page.total, expected.length, `${when}: ${name}, ${search}: total`)
            }
          }
        }
      }
      await assertSearchesAgree('stored')
      // A draft's placeholder becomes a number of another stem, and so does a quote's number.
      const draft = invoices.find((invoice) => invoice.number === 'ENTWURF-x3')!
      Object.assign(draft, { number: 'RE-2024-903', numberIssued: true, status: 'SENT' })
      Object.assign(quotes[0]!, { number: 'AB-2026-1' })
      await storage.transaction(async (tx) => {
        await tx.invoices.update(draft)
        await tx.orderDocuments.update(quotes[0]!)
      })
      await assertSearchesAgree('renumbered')
      // A customer's new name holds needles the stems answered.
      Object.assign(other, { name: 'Other RE-2024-1 GmbH' })
      await storage.transaction((tx) => tx.customers.update(other))
      await assertSearchesAgree('renamed')
    })

    it('finds what a brute force does in a company whose numbers have more formats than are read one by one', async () => {
      const storage = context.storage()
      const company = aCompany()
      const customer = aCustomer(company.id, { name: 'Kunde' })
      const needles = ['/2-3', '2-3', '7/2', '-']
      await storeCommonNeedles(storage, needles)
      // A number format whose fixed part changes with each document: 120 stems.
      const invoices = Array.from({ length: 120 }, (_, index) => anInvoice(company.id, customer.id, {
        number: `${index}/2-${index % 7}`, documentType: 'INVOICE', status: 'SENT', issueDate: `2026-01-0${(index % 4) + 1}`, lines: [],
      }))
      await storage.transaction(async (tx) => {
        await tx.companies.insert(company)
        await tx.customers.insert(customer)
        for (const invoice of invoices) await tx.invoices.insert(invoice)
      })
      const all = (await storage.invoices.list(company.id, { limit: 200, offset: 0 })).items
      for (const search of needles) {
        const expected = all.filter((invoice) => invoice.number.includes(search)).map((invoice) => invoice.id)
        const page = await storage.invoices.list(company.id, { limit: 10, offset: 5, search })
        assert.deepEqual([page.total, page.items.map((invoice) => invoice.id)], [expected.length, expected.slice(5, 15)], search)
      }
    })
  })
}
