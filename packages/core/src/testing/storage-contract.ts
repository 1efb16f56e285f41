import assert from 'node:assert/strict'
import { afterEach, beforeEach, describe, it } from 'node:test'
import type { Company } from '../companies/company'
import type { Storage } from '../ports/storage'
import { aCompany, aCustomer, anApiKey, aProduct } from './fixtures'

/** How the contract suite gets a fresh, migrated, empty storage of one adapter. */
export interface StorageHarness {
  /** Shown in test names, e.g. 'memory' or 'sqlite'. */
  name: string
  create(): Promise<Storage>
  destroy(storage: Storage): Promise<void>
}

const page = { limit: 50, offset: 0 }

/**
 * The behaviour every storage adapter MUST have. Each adapter's test file calls this once with
 * its harness; the same cases run against all of them.
 */
export function storageContract(harness: StorageHarness): void {
  describe(`${harness.name}: storage contract`, () => {
    let storage: Storage
    beforeEach(async () => {
      storage = await harness.create()
    })
    afterEach(async () => {
      await harness.destroy(storage)
    })
    /** Stored companies, for records that must belong to one. */
    const storedCompanies = async (count: number) => {
      const companies = Array.from({ length: count }, () => aCompany())
      await storage.transaction(async (tx) => {
        for (const company of companies) await tx.companies.insert(company)
      })
      return companies
    }

    describe('transaction', () => {
      it('commits writes to several repositories together and returns the result', async () => {
        const company = aCompany()
        const result = await storage.transaction(async (tx) => {
          await tx.companies.insert(company)
          await tx.customers.insert(aCustomer(company.id))
          return tx.sequences.next(company.id, 'CUSTOMER')
        })
        assert.equal(result, 1)
        assert.deepEqual(await storage.companies.get(company.id), company)
        assert.equal((await storage.customers.list(company.id, page)).total, 1)
      })

      it('rolls back every write when the work throws, and rethrows the same error', async () => {
        const company = aCompany()
        await storage.transaction((tx) => tx.companies.insert(company))
        const failure = new Error('boom')
        await assert.rejects(
          storage.transaction(async (tx) => {
            await tx.companies.update({ ...company, name: 'Changed' })
            await tx.customers.insert(aCustomer(company.id))
            await tx.sequences.next(company.id, 'CUSTOMER')
            await tx.usage.addApiCalls(company.id, '2026-01', 5)
            throw failure
          }),
          (error) => error === failure,
        )
        assert.equal((await storage.companies.get(company.id))?.name, company.name)
        assert.equal((await storage.customers.list(company.id, page)).total, 0)
        assert.equal(await storage.sequences.current(company.id, 'CUSTOMER'), 0)
        assert.equal((await storage.usage.get(company.id, '2026-01')).apiCalls, 0)
      })

      it('never shows a read outside the transaction a write that is rolled back', async () => {
        const company = aCompany()
        let release!: () => void
        const paused = new Promise<void>((resolve) => { release = resolve })
        let wrote!: () => void
        const written = new Promise<void>((resolve) => { wrote = resolve })
        const work = storage.transaction(async (tx) => {
          await tx.companies.insert(company)
          wrote()
          await paused
          throw new Error('rolled back')
        })
        await written
        const read = storage.companies.get(company.id)
        release()
        await assert.rejects(work)
        assert.equal(await read, undefined)
      })

      it('runs concurrent transactions one after another (read-modify-write loses nothing)', async () => {
        const company = aCompany({ apiCallQuota: 0 })
        await storage.transaction((tx) => tx.companies.insert(company))
        await Promise.all(Array.from({ length: 20 }, () => storage.transaction(async (tx) => {
          const current = (await tx.companies.get(company.id))!
          await tx.companies.update({ ...current, apiCallQuota: (current.apiCallQuota ?? 0) + 1 })
        })))
        assert.equal((await storage.companies.get(company.id))?.apiCallQuota, 20)
      })
    })

    describe('companies', () => {
      it('round-trips every field, nested settings and nulls included', async () => {
        const company = aCompany()
        const bare = aCompany({ street: null, email: null, vatId: null, apiCallQuota: null, documentQuota: 7, texts: {}, smallBusiness: true, ossRegistered: false })
        await storage.transaction(async (tx) => {
          await tx.companies.insert(company)
          await tx.companies.insert(bare)
        })
        assert.deepEqual(await storage.companies.get(company.id), company)
        assert.deepEqual(await storage.companies.get(bare.id), bare)
        assert.equal(await storage.companies.count(), 2)
        assert.equal(await storage.companies.get('missing'), undefined)
      })

      it('updates in place', async () => {
        const company = aCompany()
        await storage.transaction((tx) => tx.companies.insert(company))
        const changed = { ...company, name: 'Neu', plan: 'ENTERPRISE' as const, numberRanges: { ...company.numberRanges, INVOICE: { format: 'R{SEQ}', resetYearly: false } } }
        await storage.transaction((tx) => tx.companies.update(changed))
        assert.deepEqual(await storage.companies.get(company.id), changed)
      })

      it('hands out copies: changing a returned record changes nothing stored', async () => {
        const company = aCompany()
        await storage.transaction((tx) => tx.companies.insert(company))
        const read = (await storage.companies.get(company.id))!
        read.name = 'mutated'
        read.reminderFees[1] = '99'
        assert.deepEqual(await storage.companies.get(company.id), company)
      })
    })

    describe('api keys', () => {
      it('finds a key by hash, lists a company’s keys oldest first, and stores revocation', async () => {
        const company = aCompany()
        const other = aCompany()
        const first = anApiKey(company.id, { scopes: ['customers:read'], platformAdmin: true })
        const second = anApiKey(company.id)
        await storage.transaction(async (tx) => {
          await tx.companies.insert(company)
          await tx.companies.insert(other)
          await tx.apiKeys.insert(first)
          await tx.apiKeys.insert(second)
          await tx.apiKeys.insert(anApiKey(other.id))
        })
        assert.deepEqual(await storage.apiKeys.findByHash(first.keyHash), first)
        assert.equal(await storage.apiKeys.findByHash('nope'), undefined)
        assert.deepEqual((await storage.apiKeys.listByCompany(company.id)).map((key) => key.id), [first.id, second.id])
        const revoked = { ...second, revokedAt: '2026-02-03T04:05:06.000Z' }
        await storage.transaction((tx) => tx.apiKeys.update(revoked))
        assert.deepEqual(await storage.apiKeys.get(second.id), revoked)
      })
    })

    describe('customers', () => {
      it('round-trips every field and keeps companies apart', async () => {
        const company = aCompany()
        const other = aCompany()
        const customer = aCustomer(company.id)
        const bare = aCustomer(company.id, { email: null, vatId: null, paymentTermDays: null, defaultLocale: null, sepaMandateDate: null })
        await storage.transaction(async (tx) => {
          await tx.companies.insert(company)
          await tx.companies.insert(other)
          await tx.customers.insert(customer)
          await tx.customers.insert(bare)
        })
        assert.deepEqual(await storage.customers.get(company.id, customer.id), customer)
        assert.deepEqual(await storage.customers.get(company.id, bare.id), bare)
        assert.equal(await storage.customers.get(other.id, customer.id), undefined)
        assert.deepEqual(await storage.customers.findByNumber(company.id, customer.customerNumber), customer)
        assert.equal(await storage.customers.findByNumber(other.id, customer.customerNumber), undefined)
        assert.equal((await storage.customers.list(other.id, page)).total, 0)
      })

      it('lists newest first with the total before paging', async () => {
        const company = aCompany()
        const customers = Array.from({ length: 5 }, (_, index) =>
          aCustomer(company.id, { createdAt: `2026-01-0${index + 1}T00:00:00.000Z` }))
        const sameInstant = aCustomer(company.id, { createdAt: '2026-01-05T00:00:00.000Z' })
        await storage.transaction(async (tx) => {
          await tx.companies.insert(company)
          for (const customer of [...customers, sameInstant]) await tx.customers.insert(customer)
        })
        const first = await storage.customers.list(company.id, { limit: 2, offset: 0 })
        assert.equal(first.total, 6)
        assert.deepEqual(first.items.map((c) => c.id), [sameInstant.id, customers[4]!.id])
        const last = await storage.customers.list(company.id, { limit: 2, offset: 4 })
        assert.deepEqual(last.items.map((c) => c.id), [customers[1]!.id, customers[0]!.id])
        assert.deepEqual({ ...last, items: [] }, { items: [], total: 6, limit: 2, offset: 4 })
      })

      it('searches name, number and email ignoring case beyond ASCII, with % and _ taken literally', async () => {
        const company = aCompany()
        const umlaut = aCustomer(company.id, { name: 'ÄRZTEHAUS Öst', customerNumber: 'KD-1', email: null })
        const percent = aCustomer(company.id, { name: '100% Bio_Laden', customerNumber: 'KD-2', email: 'x@bio.de' })
        const plain = aCustomer(company.id, { name: 'Plain', customerNumber: 'KD-3', email: 'Kontakt@Firma.DE' })
        await storage.transaction(async (tx) => {
          await tx.companies.insert(company)
          for (const customer of [umlaut, percent, plain]) await tx.customers.insert(customer)
        })
        const ids = async (search: string) =>
          (await storage.customers.list(company.id, { ...page, search })).items.map((c) => c.id).sort()
        assert.deepEqual(await ids('ärzte'), [umlaut.id])
        assert.deepEqual(await ids('öST'), [umlaut.id])
        assert.deepEqual(await ids('%'), [percent.id])
        assert.deepEqual(await ids('o_l'), [percent.id])
        assert.deepEqual(await ids('_'), [percent.id])
        assert.deepEqual(await ids('kd-3'), [plain.id])
        assert.deepEqual(await ids('firma.de'), [plain.id])
        assert.deepEqual(await ids('kd-'), [umlaut.id, percent.id, plain.id].sort())
        assert.equal((await storage.customers.list(company.id, { ...page, search: 'nothing' })).total, 0)
      })

      it('updates and deletes only within the company', async () => {
        const company = aCompany()
        const other = aCompany()
        const customer = aCustomer(company.id)
        await storage.transaction(async (tx) => {
          await tx.companies.insert(company)
          await tx.companies.insert(other)
          await tx.customers.insert(customer)
        })
        const renamed = { ...customer, name: 'Zebra Ltd', email: null }
        await storage.transaction((tx) => tx.customers.update(renamed))
        assert.deepEqual(await storage.customers.get(company.id, customer.id), renamed)
        assert.deepEqual((await storage.customers.list(company.id, { ...page, search: 'zebra' })).items, [renamed])
        await storage.transaction((tx) => tx.customers.delete(other.id, customer.id))
        assert.ok(await storage.customers.get(company.id, customer.id))
        await storage.transaction((tx) => tx.customers.delete(company.id, customer.id))
        assert.equal(await storage.customers.get(company.id, customer.id), undefined)
      })
    })

    describe('products', () => {
      it('round-trips, finds by number, searches, lists and deletes within the company', async () => {
        const company = aCompany()
        const other = aCompany()
        const product = aProduct(company.id)
        const bare = aProduct(company.id, { productNumber: null, description: null, taxRate: null, unit: null, lineType: 'PRODUCT', name: 'Kabel' })
        await storage.transaction(async (tx) => {
          await tx.companies.insert(company)
          await tx.companies.insert(other)
          await tx.products.insert(product)
          await tx.products.insert(bare)
        })
        assert.deepEqual(await storage.products.get(company.id, product.id), product)
        assert.deepEqual(await storage.products.get(company.id, bare.id), bare)
        assert.equal(await storage.products.get(other.id, product.id), undefined)
        assert.deepEqual(await storage.products.findByNumber(company.id, product.productNumber!), product)
        assert.deepEqual((await storage.products.list(company.id, { ...page, search: 'VOR ORT' })).items, [product])
        assert.equal((await storage.products.list(company.id, page)).total, 2)
        const cheaper = { ...product, unitPrice: '0.000001' }
        await storage.transaction((tx) => tx.products.update(cheaper))
        assert.deepEqual(await storage.products.get(company.id, product.id), cheaper)
        await storage.transaction((tx) => tx.products.delete(company.id, product.id))
        assert.equal((await storage.products.list(company.id, page)).total, 1)
      })
    })

    describe('sequences', () => {
      it('starts each key at 1, counts per company and key, and reports the current value', async () => {
        const [a, b] = (await storedCompanies(2)) as [Company, Company]
        const taken = await storage.transaction(async (tx) => [
          await tx.sequences.next(a.id, 'INVOICE:2026'),
          await tx.sequences.next(a.id, 'INVOICE:2026'),
          await tx.sequences.next(a.id, 'INVOICE:2027'),
          await tx.sequences.next(b.id, 'INVOICE:2026'),
        ])
        assert.deepEqual(taken, [1, 2, 1, 1])
        assert.equal(await storage.sequences.current(a.id, 'INVOICE:2026'), 2)
        assert.equal(await storage.sequences.current(a.id, 'CREDIT_NOTE:2026'), 0)
      })

      it('raises a key to a value but never lowers it', async () => {
        const [company] = (await storedCompanies(1)) as [Company]
        await storage.transaction(async (tx) => {
          await tx.sequences.raiseTo(company.id, 'INVOICE', 7)
          await tx.sequences.next(company.id, 'CREDIT_NOTE')
          await tx.sequences.next(company.id, 'CREDIT_NOTE')
          await tx.sequences.raiseTo(company.id, 'CREDIT_NOTE', 1)
        })
        assert.equal(await storage.sequences.current(company.id, 'INVOICE'), 7)
        assert.equal(await storage.sequences.current(company.id, 'CREDIT_NOTE'), 2)
        assert.equal(await storage.transaction((tx) => tx.sequences.next(company.id, 'INVOICE')), 8)
      })

      it('gives a number back when its transaction rolls back', async () => {
        const [company] = (await storedCompanies(1)) as [Company]
        await storage.transaction((tx) => tx.sequences.next(company.id, 'INVOICE'))
        await assert.rejects(storage.transaction(async (tx) => {
          await tx.sequences.next(company.id, 'INVOICE')
          throw new Error('issue failed')
        }))
        assert.equal(await storage.transaction((tx) => tx.sequences.next(company.id, 'INVOICE')), 2)
      })

      it('hands out 1..50 with no gap or duplicate to 50 concurrent transactions', async () => {
        const [company] = (await storedCompanies(1)) as [Company]
        const taken = await Promise.all(Array.from({ length: 50 }, () =>
          storage.transaction((tx) => tx.sequences.next(company.id, 'INVOICE'))))
        assert.deepEqual([...taken].sort((x, y) => x - y), Array.from({ length: 50 }, (_, index) => index + 1))
      })
    })

    describe('usage', () => {
      it('adds API calls per company and month and returns the new total', async () => {
        const [a, b] = (await storedCompanies(2)) as [Company, Company]
        assert.deepEqual(await storage.usage.get(a.id, '2026-03'), { apiCalls: 0, documentsIssued: 0 })
        const totals = await storage.transaction(async (tx) => [
          await tx.usage.addApiCalls(a.id, '2026-03', 5),
          await tx.usage.addApiCalls(a.id, '2026-03', 7),
          await tx.usage.addApiCalls(a.id, '2026-04', 1),
          await tx.usage.addApiCalls(b.id, '2026-03', 2),
        ])
        assert.deepEqual(totals, [5, 12, 1, 2])
        assert.deepEqual(await storage.usage.get(a.id, '2026-03'), { apiCalls: 12, documentsIssued: 0 })
        await Promise.all(Array.from({ length: 10 }, () =>
          storage.transaction((tx) => tx.usage.addApiCalls(b.id, '2026-03', 1))))
        assert.equal((await storage.usage.get(b.id, '2026-03')).apiCalls, 12)
      })
    })
  })
}
