import assert from 'node:assert/strict'
import { afterEach, beforeEach, describe, it } from 'node:test'
import type { Company } from '../companies'
import type { Customer } from '../customers'
import type { Invoice, InvoiceType } from '../invoices'
import type { InvoiceListQuery, Storage, StorageTx } from '../ports/storage'
import { retryingTransaction } from '../unit-of-work'
import {
  aCompany, aCustomer, aDocumentCategory, aDocumentVersion, anApiKey, anAuditEntry, anEvent, anIdempotencyRecord, anInvoice, anInvoiceLine,
  aPayment, aProduct, aReminder, aSendReservation, aWebhookAttempt, aWebhookDelivery, aWebhookEndpoint,
} from './fixtures'
import { claimsDueContract } from './claims-due-contract'
import { webhookDeliveryClaims } from './webhook-claims'
import { orderDocumentContract } from './order-document-contract'
import { recurringScheduleContract } from './recurring-schedule-contract'
import { fileDocumentContract } from './file-document-contract'
import { blogContract } from './blog-contract'
import { exportContract } from './export-contract'
import { exportWalkContract } from './export-walk-contract'
import { searchContract } from './search-contract'

/** How the contract suite gets a fresh, migrated, empty storage of one adapter. */
export interface StorageHarness {
  /** Shown in test names, e.g. 'memory' or 'sqlite'. */
  name: string
  create(): Promise<Storage>
  destroy(storage: Storage): Promise<void>
}

const page = { limit: 50, offset: 0 }

/** A timer tick: long enough for anything already queued to run. */
const pause = () => new Promise((resolve) => setTimeout(resolve, 1))

/** Where `count` callers wait until all have arrived (then a tick more); later callers pass at once. */
function meeting(count: number): () => Promise<void> {
  let arrived = 0
  let open!: () => void
  const opened = new Promise<void>((resolve) => { open = resolve })
  return async () => {
    arrived += 1
    if (arrived >= count) open()
    await opened
    await pause()
  }
}

/** The values of settled promises; fails unless every one was fulfilled. */
function valuesOf<T>(results: PromiseSettledResult<T>[]): T[] {
  return results.map((result) => {
    if (result.status === 'rejected') throw result.reason
    return result.value
  })
}

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
    /**
     * Runs `work` in `count` transactions at once, as the engine runs work (again after a
     * conflict), and settles each. Each holds its transaction open across an await before its
     * work writes: where transactions overlap, until all have begun, so they truly meet; where
     * they run one at a time, for a timer tick, in which no other transaction may get in.
     */
    const concurrently = <T>(count: number, work: (tx: StorageTx, index: number) => Promise<T>) => {
      const everyone = meeting(storage.capabilities.concurrentTransactions ? count : 1)
      return Promise.allSettled(Array.from({ length: count }, (_, index) => retryingTransaction(storage, async (tx) => {
        await everyone()
        return work(tx, index)
      })))
    }

    describe('transaction', () => {
      it('commits writes to several repositories together and returns the result', async () => {
        const company = aCompany()
        const result = await storage.transaction(async (tx) => {
          await tx.companies.insert(company)
          await tx.customers.insert(aCustomer(company.id))
          return tx.sequences.takeNextNumber(company.id, 'CUSTOMER')
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
            await tx.sequences.takeNextNumber(company.id, 'CUSTOMER')
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

      it('runs concurrent transactions one after another (read-modify-write loses nothing)', async (t) => {
        if (storage.capabilities.concurrentTransactions) return t.skip('its transactions overlap (concurrentTransactions)')
        const company = aCompany({ apiCallQuota: 0 })
        await storage.transaction((tx) => tx.companies.insert(company))
        await Promise.all(Array.from({ length: 20 }, () => storage.transaction(async (tx) => {
          const current = (await tx.companies.get(company.id))!
          await tx.companies.update({ ...current, apiCallQuota: (current.apiCallQuota ?? 0) + 1 })
        })))
        assert.equal((await storage.companies.get(company.id))?.apiCallQuota, 20)
      })

      it('MUST be serializable: concurrent read-modify-write units, re-run after conflicts, lose nothing', async () => {
        const company = aCompany({ apiCallQuota: 0 })
        await storage.transaction((tx) => tx.companies.insert(company))
        valuesOf(await concurrently(2, async (tx) => {
          const current = (await tx.companies.get(company.id))!
          await pause()
          await tx.companies.update({ ...current, apiCallQuota: (current.apiCallQuota ?? 0) + 1 })
        }))
        assert.equal((await storage.companies.get(company.id))?.apiCallQuota, 2)
      })

      it('MUST NOT let a transaction begin while another runs, when it says it runs them one at a time', async (t) => {
        if (storage.capabilities.concurrentTransactions) return t.skip('its transactions overlap (concurrentTransactions)')
        const steps: string[] = []
        let finish!: () => void
        const finished = new Promise<void>((resolve) => { finish = resolve })
        let began!: () => void
        const beginning = new Promise<void>((resolve) => { began = resolve })
        const first = storage.transaction(async () => {
          steps.push('first begins')
          began()
          await finished
          steps.push('first ends')
        })
        await beginning
        const second = storage.transaction(async () => { steps.push('second begins') })
        await pause()
        finish()
        await Promise.all([first, second])
        assert.deepEqual(steps, ['first begins', 'first ends', 'second begins'])
      })
    })

    describe('companies', () => {
      it('round-trips every field, nested settings and nulls included', async () => {
        const company = aCompany()
        const bare = aCompany({
          street: null, email: null, vatId: null, apiCallQuota: null, documentQuota: 7, texts: {}, smallBusiness: true, ossRegistered: false,
          datev: {}, bmd: {}, vatReturn: {}, sepa: {},
        })
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
        const changed = {
          ...company, name: 'Neu', plan: 'ENTERPRISE' as const, numberRanges: { ...company.numberRanges, INVOICE: { format: 'R{SEQ}', resetYearly: false } },
          datev: { consultantNumber: 1001 }, bmd: {}, sepa: { ...company.sepa, batchBooking: true },
        }
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

      it('moves lastUsedAt forward only', async () => {
        const company = aCompany()
        const key = anApiKey(company.id)
        await storage.transaction(async (tx) => {
          await tx.companies.insert(company)
          await tx.apiKeys.insert(key)
        })
        assert.equal((await storage.apiKeys.get(key.id))!.lastUsedAt, null)
        await storage.transaction((tx) => tx.apiKeys.recordUse(key.id, '2026-03-04T05:06:07.000Z'))
        await storage.transaction((tx) => tx.apiKeys.recordUse(key.id, '2026-03-04T05:06:06.000Z'))
        await storage.transaction((tx) => tx.apiKeys.recordUse('no-such-key', '2026-03-04T05:06:08.000Z'))
        assert.deepEqual(await storage.apiKeys.get(key.id), { ...key, lastUsedAt: '2026-03-04T05:06:07.000Z' })
      })
    })

    describe('customers', () => {
      it('round-trips every field and keeps companies apart', async () => {
        const company = aCompany()
        const other = aCompany()
        const customer = aCustomer(company.id)
        const bare = aCustomer(company.id, {
          email: null, vatId: null, paymentTermDays: null, defaultLocale: null, sepaMandateDate: null,
          ledgerAccount: null, sepaMandateLastUsedAt: null, sepaMandateType: 'CORE', sepaMandateSequence: 'RECURRING',
        })
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
          await tx.sequences.takeNextNumber(a.id, 'INVOICE:2026'),
          await tx.sequences.takeNextNumber(a.id, 'INVOICE:2026'),
          await tx.sequences.takeNextNumber(a.id, 'INVOICE:2027'),
          await tx.sequences.takeNextNumber(b.id, 'INVOICE:2026'),
        ])
        assert.deepEqual(taken, [1, 2, 1, 1])
        assert.equal(await storage.sequences.current(a.id, 'INVOICE:2026'), 2)
        assert.equal(await storage.sequences.current(a.id, 'CREDIT_NOTE:2026'), 0)
      })

      it('raises a key to a value but never lowers it', async () => {
        const [company] = (await storedCompanies(1)) as [Company]
        await storage.transaction(async (tx) => {
          await tx.sequences.raiseTo(company.id, 'INVOICE', 7)
          await tx.sequences.takeNextNumber(company.id, 'CREDIT_NOTE')
          await tx.sequences.takeNextNumber(company.id, 'CREDIT_NOTE')
          await tx.sequences.raiseTo(company.id, 'CREDIT_NOTE', 1)
        })
        assert.equal(await storage.sequences.current(company.id, 'INVOICE'), 7)
        assert.equal(await storage.sequences.current(company.id, 'CREDIT_NOTE'), 2)
        assert.equal(await storage.transaction((tx) => tx.sequences.takeNextNumber(company.id, 'INVOICE')), 8)
      })

      it('gives a number back when its transaction rolls back', async () => {
        const [company] = (await storedCompanies(1)) as [Company]
        await storage.transaction((tx) => tx.sequences.takeNextNumber(company.id, 'INVOICE'))
        await assert.rejects(storage.transaction(async (tx) => {
          await tx.sequences.takeNextNumber(company.id, 'INVOICE')
          throw new Error('issue failed')
        }))
        assert.equal(await storage.transaction((tx) => tx.sequences.takeNextNumber(company.id, 'INVOICE')), 2)
      })

      it('hands out 1..50 with no gap or duplicate to 50 concurrent transactions', async () => {
        const [company] = (await storedCompanies(1)) as [Company]
        const taken = await Promise.all(Array.from({ length: 50 }, () =>
          retryingTransaction(storage, (tx) => tx.sequences.takeNextNumber(company.id, 'INVOICE'))))
        assert.deepEqual([...taken].sort((x, y) => x - y), Array.from({ length: 50 }, (_, index) => index + 1))
      })
    })

    describe('usage', () => {
      it('adds API calls per company and month and returns the new total', async () => {
        const [a, b] = (await storedCompanies(2)) as [Company, Company]
        assert.deepEqual(await storage.usage.get(a.id, '2026-03'), { apiCalls: 0, documentsIssued: 0, documentsByType: {} })
        const totals = await storage.transaction(async (tx) => [
          await tx.usage.addApiCalls(a.id, '2026-03', 5),
          await tx.usage.addApiCalls(a.id, '2026-03', 7),
          await tx.usage.addApiCalls(a.id, '2026-04', 1),
          await tx.usage.addApiCalls(b.id, '2026-03', 2),
        ])
        assert.deepEqual(totals, [5, 12, 1, 2])
        assert.deepEqual(await storage.usage.get(a.id, '2026-03'), { apiCalls: 12, documentsIssued: 0, documentsByType: {} })
        await Promise.all(Array.from({ length: 10 }, () =>
          retryingTransaction(storage, (tx) => tx.usage.addApiCalls(b.id, '2026-03', 1))))
        assert.equal((await storage.usage.get(b.id, '2026-03')).apiCalls, 12)
      })

      it('counts documents issued per company and month beside the API calls, and gives them back on rollback', async () => {
        const [a, b] = (await storedCompanies(2)) as [Company, Company]
        const totals = await storage.transaction(async (tx) => [
          await tx.usage.addDocumentIssued(a.id, '2026-03', 'INVOICE'),
          await tx.usage.addApiCalls(a.id, '2026-03', 4),
          await tx.usage.addDocumentIssued(a.id, '2026-03', 'QUOTE'),
          await tx.usage.addDocumentIssued(a.id, '2026-04', 'INVOICE'),
          await tx.usage.addDocumentIssued(b.id, '2026-03', 'INVOICE'),
        ])
        assert.deepEqual(totals, [1, 4, 2, 1, 1])
        assert.deepEqual(await storage.usage.get(a.id, '2026-03'), { apiCalls: 4, documentsIssued: 2, documentsByType: { INVOICE: 1, QUOTE: 1 } })
        await assert.rejects(storage.transaction(async (tx) => {
          await tx.usage.addDocumentIssued(a.id, '2026-03', 'QUOTE')
          await tx.usage.addDocumentIssued(a.id, '2026-05', 'QUOTE')
          throw new Error('issue failed')
        }))
        assert.deepEqual(await storage.usage.get(a.id, '2026-03'), { apiCalls: 4, documentsIssued: 2, documentsByType: { INVOICE: 1, QUOTE: 1 } })
        assert.deepEqual(await storage.usage.get(a.id, '2026-05'), { apiCalls: 0, documentsIssued: 0, documentsByType: {} })
        await Promise.all(Array.from({ length: 10 }, () =>
          retryingTransaction(storage, (tx) => tx.usage.addDocumentIssued(b.id, '2026-03', 'DELIVERY_NOTE'))))
        assert.deepEqual(await storage.usage.get(b.id, '2026-03'), { apiCalls: 0, documentsIssued: 11, documentsByType: { INVOICE: 1, DELIVERY_NOTE: 10 } })
      })
    })

    /** A stored company with stored customers (overrides per customer) and, with `categories`, document categories. */
    const storedCustomers = async (customers: Partial<Customer>[], categories = 0) => {
      const company = aCompany()
      const stored = customers.map((overrides) => aCustomer(company.id, overrides))
      const storedCategories = Array.from({ length: categories }, () => aDocumentCategory(company.id))
      await storage.transaction(async (tx) => {
        await tx.companies.insert(company)
        for (const customer of stored) await tx.customers.insert(customer)
        for (const category of storedCategories) await tx.documentCategories.insert(category)
      })
      return { company, customers: stored, categories: storedCategories }
    }
    const storedInvoices = (...invoices: Invoice[]) =>
      storage.transaction(async (tx) => {
        for (const invoice of invoices) await tx.invoices.insert(invoice)
      })
    /** The ids of a list page, in list order. */
    const listed = async (companyId: string, query: Partial<InvoiceListQuery> = {}) =>
      (await storage.invoices.list(companyId, { ...page, ...query })).items.map((invoice) => invoice.id)

    describe('invoices', () => {
      it('round-trips every field and the lines in order, by id, by number and in the list', async () => {
        const { company, customers: [customer], categories: [category] } = await storedCustomers([{}], 1)
        const invoice = anInvoice(company.id, customer!.id, { documentCategoryId: category!.id })
        const bare = anInvoice(company.id, customer!.id, {
          numberIssued: false, number: 'ENTWURF-1', documentType: 'INVOICE', status: 'DRAFT', issueDate: '2026-02-09',
          servicePeriodStart: null, servicePeriodEnd: null, taxBreakdown: [], reverseCharge: false, taxExemptionReason: 'NONE',
          taxExemptionNote: null, ossApplicable: false, ossCountry: null, notes: null, footer: null, headerText: null, customTitle: null,
          pdfWithoutLetterhead: false, invoiceDateIsServiceDate: false, useShippingAddress: false, shippingName: null,
          shippingStreet: null, shippingZipCode: null, shippingCity: null, shippingCountry: null, orderNumber: null,
          buyerReference: null, eInvoiceAudit: null, metadata: {}, sentAt: null, paidAt: null, lockedAt: null,
          creditNoteReason: null, precedingDocument: null, sourceDocuments: [], dunningPaused: false, dunningPausedAt: null,
          dunningPausedReason: null, lines: [],
        })
        await storedInvoices(invoice, bare)
        assert.deepEqual(await storage.invoices.get(company.id, invoice.id), invoice)
        assert.deepEqual(await storage.invoices.get(company.id, bare.id), bare)
        assert.deepEqual(await storage.invoices.findByNumber(company.id, invoice.number), invoice)
        assert.deepEqual(await storage.invoices.list(company.id, page), { items: [invoice, bare], total: 2, limit: 50, offset: 0 })
        assert.equal(await storage.invoices.get(company.id, 'missing'), undefined)
        assert.equal(await storage.invoices.findByNumber(company.id, 'RE-missing'), undefined)
        assert.deepEqual(await storage.transaction((tx) => tx.invoices.get(company.id, invoice.id)), invoice)
      })

      it('keeps companies apart: another company’s documents are invisible and untouchable', async () => {
        const { company, customers: [customer] } = await storedCustomers([{}])
        const { company: other } = await storedCustomers([])
        const invoice = anInvoice(company.id, customer!.id)
        await storedInvoices(invoice)
        assert.equal(await storage.invoices.get(other.id, invoice.id), undefined)
        assert.equal(await storage.invoices.findByNumber(other.id, invoice.number), undefined)
        assert.deepEqual(await storage.invoices.list(other.id, page), { items: [], total: 0, limit: 50, offset: 0 })
        assert.equal(await storage.invoices.existsForCustomer(other.id, customer!.id), false)
        await storage.transaction(async (tx) => {
          await tx.invoices.update({ ...invoice, companyId: other.id, status: 'PAID' })
          await tx.invoices.delete(other.id, invoice.id)
        })
        assert.deepEqual(await storage.invoices.get(company.id, invoice.id), invoice)
      })

      it('hands out copies: changing a returned document or its lines changes nothing stored', async () => {
        const { company, customers: [customer] } = await storedCustomers([{}])
        const invoice = anInvoice(company.id, customer!.id)
        await storedInvoices(invoice)
        const read = (await storage.invoices.get(company.id, invoice.id))!
        read.lines[0]!.quantity = '999'
        read.lines.pop()
        read.metadata.shopOrder = 1
        assert.deepEqual(await storage.invoices.get(company.id, invoice.id), invoice)
      })

      it('replaces the document and all its lines on update', async () => {
        const { company, customers: [customer] } = await storedCustomers([{}])
        const invoice = anInvoice(company.id, customer!.id)
        await storedInvoices(invoice)
        const changed: Invoice = {
          ...invoice, status: 'PAID', grossTotal: '0.01', metadata: { replaced: true }, precedingDocument: null, eInvoiceAudit: null,
          sourceDocuments: [invoice.sourceDocuments[1]!, { documentType: 'QUOTE', id: 'an-replaced' }],
          lines: [anInvoiceLine({ quantity: '0.001', netAmount: '0.10', sourceLineId: 'li-credited-elsewhere' }), { ...invoice.lines[2]!, description: 'Rabatt neu' }],
        }
        await storage.transaction((tx) => tx.invoices.update(changed))
        assert.deepEqual(await storage.invoices.get(company.id, invoice.id), changed)
        const many = { ...changed, lines: Array.from({ length: 30 }, (_, index) => anInvoiceLine({ description: `Zeile ${index}` })) }
        await storage.transaction((tx) => tx.invoices.update(many))
        assert.deepEqual(await storage.invoices.get(company.id, invoice.id), many)
      })

      it('removes the document and its lines on delete', async () => {
        const { company, customers: [customer] } = await storedCustomers([{}])
        const invoice = anInvoice(company.id, customer!.id)
        const kept = anInvoice(company.id, customer!.id)
        await storedInvoices(invoice, kept)
        await storage.transaction((tx) => tx.invoices.delete(company.id, invoice.id))
        assert.equal(await storage.invoices.get(company.id, invoice.id), undefined)
        assert.equal(await storage.invoices.findByNumber(company.id, invoice.number), undefined)
        assert.deepEqual(await listed(company.id), [kept.id])
        // Stored again under the same id without lines or sources, it has none: the old ones are gone.
        const again = { ...invoice, lines: [], sourceDocuments: [] }
        await storedInvoices(again)
        assert.deepEqual(await storage.invoices.get(company.id, invoice.id), again)
        assert.deepEqual(await storage.invoices.get(company.id, kept.id), kept)
      })

      it('refuses a second document with the same number in the company, on insert and update, rolling back', async () => {
        const { company, customers: [customer] } = await storedCustomers([{}])
        const { company: other, customers: [otherCustomer] } = await storedCustomers([{}])
        const first = anInvoice(company.id, customer!.id)
        const second = anInvoice(company.id, customer!.id)
        await storedInvoices(first, second, anInvoice(other.id, otherCustomer!.id, { number: first.number }))
        const unrelated = anInvoice(company.id, customer!.id)
        const event = anEvent(company.id)
        await assert.rejects(storage.transaction(async (tx) => {
          await tx.invoices.insert(unrelated)
          await tx.events.append(event)
          await tx.invoices.insert(anInvoice(company.id, customer!.id, { number: first.number }))
        }))
        await assert.rejects(storage.transaction(async (tx) => {
          await tx.usage.addDocumentIssued(company.id, '2026-02', 'INVOICE')
          await tx.invoices.update({ ...second, number: first.number })
        }))
        assert.equal(await storage.invoices.get(company.id, unrelated.id), undefined)
        assert.equal((await storage.events.list(company.id, page)).total, 0)
        assert.equal((await storage.usage.get(company.id, '2026-02')).documentsIssued, 0)
        assert.deepEqual(await storage.invoices.get(company.id, second.id), second)
        assert.deepEqual(await listed(company.id), [second.id, first.id])
        // Keeping its own number is no duplicate.
        await storage.transaction((tx) => tx.invoices.update({ ...first, status: 'PAID' }))
        assert.equal((await storage.invoices.get(company.id, first.id))?.status, 'PAID')
      })

      it('lists by issue date, then newest created, then the later insert first, with the total before paging', async () => {
        const { company, customers: [customer] } = await storedCustomers([{}])
        const at = (issueDate: string, createdAt: string) => anInvoice(company.id, customer!.id, { issueDate, createdAt })
        const oldest = at('2026-01-05', '2026-01-05T10:00:00.000Z')
        const latestDate = at('2026-01-07', '2026-01-01T00:00:00.000Z')
        const sameInstant = at('2026-01-05', '2026-01-06T00:00:00.000Z')
        const sameInstantLater = at('2026-01-05', '2026-01-06T00:00:00.000Z')
        await storedInvoices(sameInstant, oldest, latestDate, sameInstantLater)
        const first = await storage.invoices.list(company.id, { limit: 2, offset: 0 })
        assert.deepEqual(first.items.map((invoice) => invoice.id), [latestDate.id, sameInstantLater.id])
        assert.equal(first.total, 4)
        const last = await storage.invoices.list(company.id, { limit: 2, offset: 2 })
        assert.deepEqual(last.items.map((invoice) => invoice.id), [sameInstant.id, oldest.id])
        assert.deepEqual({ ...last, items: [] }, { items: [], total: 4, limit: 2, offset: 2 })
        assert.deepEqual((await storage.invoices.list(company.id, { limit: 2, offset: 4 })).items, [])
        // An update keeps the document's place among equals.
        await storage.transaction((tx) => tx.invoices.update({ ...sameInstant, status: 'PAID', lines: [] }))
        assert.deepEqual(await listed(company.id), [latestDate.id, sameInstantLater.id, sameInstant.id, oldest.id])
      })

      it('filters by status, type, customer, category, payout status and issue date range, alone and combined', async () => {
        const { company, customers: [c1, c2], categories: [k1, k2] } = await storedCustomers([{}, {}], 2)
        const { company: other, customers: [otherCustomer] } = await storedCustomers([{}])
        const invoice = (overrides: Partial<Invoice>) => anInvoice(company.id, c1!.id, { payout: null, ...overrides })
        const i1 = invoice({ status: 'DRAFT', documentType: 'INVOICE', documentCategoryId: k1!.id, issueDate: '2026-01-10' })
        const i2 = invoice({ status: 'SENT', documentType: 'INVOICE', customerId: c2!.id, documentCategoryId: null, issueDate: '2026-01-20' })
        const i3 = invoice({
          status: 'SENT', documentType: 'CREDIT_NOTE', documentCategoryId: k2!.id, issueDate: '2026-01-31',
          payout: { status: 'APPROVED', reference: null, note: null, executedAt: null, updatedAt: '2026-01-31T10:00:00.000Z' },
        })
        const i4 = invoice({ status: 'PAID', documentType: 'PROFORMA', customerId: c2!.id, documentCategoryId: k1!.id, issueDate: '2026-02-01' })
        const elsewhere = anInvoice(other.id, otherCustomer!.id, { status: 'SENT', documentType: 'INVOICE', issueDate: '2026-01-20' })
        await storedInvoices(i1, i2, i3, i4, elsewhere)
        const cases: [Partial<InvoiceListQuery>, Invoice[]][] = [
          [{}, [i4, i3, i2, i1]],
          [{ status: 'SENT' }, [i3, i2]],
          [{ status: 'OVERDUE' }, []],
          [{ documentType: 'INVOICE' }, [i2, i1]],
          [{ documentType: 'PROFORMA' }, [i4]],
          [{ customerId: c1!.id }, [i3, i1]],
          [{ customerId: otherCustomer!.id }, []],
          [{ documentCategoryId: k1!.id }, [i4, i1]],
          [{ from: '2026-01-20' }, [i4, i3, i2]],
          [{ to: '2026-01-20' }, [i2, i1]],
          [{ from: '2026-01-31', to: '2026-01-31' }, [i3]],
          [{ from: '2026-01-11', to: '2026-01-30' }, [i2]],
          [{ status: 'SENT', customerId: c1!.id }, [i3]],
          [{ status: 'SENT', from: '2026-01-21' }, [i3]],
          [{ documentType: 'INVOICE', documentCategoryId: k1!.id, to: '2026-01-10' }, [i1]],
          [{ customerId: c2!.id, documentCategoryId: k1!.id, status: 'PAID', documentType: 'PROFORMA', from: '2026-02-01', to: '2026-02-01' }, [i4]],
          [{ customerId: c2!.id, status: 'DRAFT' }, []],
          [{ payoutStatus: 'APPROVED' }, [i3]],
          [{ payoutStatus: 'PENDING' }, []],
          [{ documentType: 'CREDIT_NOTE', payoutStatus: 'APPROVED', status: 'SENT', customerId: c1!.id }, [i3]],
        ]
        for (const [query, expected] of cases) {
          const found = await storage.invoices.list(company.id, { ...page, ...query })
          const label = JSON.stringify(query)
          assert.deepEqual(found.items.map((item) => item.id), expected.map((item) => item.id), label)
          assert.equal(found.total, expected.length, label)
        }
        const paged = await storage.invoices.list(company.id, { limit: 1, offset: 1, status: 'SENT' })
        assert.deepEqual([paged.items.map((item) => item.id), paged.total], [[i2.id], 2])
      })

      it('searches the number and the customer’s name, ignoring case beyond ASCII, with % and _ taken literally', async () => {
        const { company, customers: [umlaut, percent, plain] } = await storedCustomers([
          { name: 'ÄRZTEHAUS Öst', customerNumber: 'KD-ÄRZTE', email: 'arzt@praxis.de' },
          { name: '100% Bio_Laden', customerNumber: 'KD-BIO', email: null },
          { name: 'Plain', customerNumber: 'KD-PLAIN', email: 'kontakt@firma.de' },
        ])
        const { company: other, customers: [namesake] } = await storedCustomers([{ name: 'ÄRZTEHAUS Öst' }])
        const document = (customer: Customer, invoiceNumber: string, issueDate: string) =>
          anInvoice(company.id, customer.id, { number: invoiceNumber, issueDate })
        const ofUmlaut = document(umlaut!, 'RE-2026-001', '2026-01-04')
        const ofPercent = document(percent!, 'RE-2026-002', '2026-01-03')
        const ofPlain = document(plain!, 'RE-2026-003', '2026-01-02')
        const oddNumber = document(plain!, 'GS_50%-Ü1', '2026-01-01')
        await storedInvoices(ofUmlaut, ofPercent, ofPlain, oddNumber, anInvoice(other.id, namesake!.id, { number: 'RE-2026-001' }))
        const ids = (search: string, query: Partial<InvoiceListQuery> = {}) => listed(company.id, { ...query, search })
        assert.deepEqual(await ids('ärzte'), [ofUmlaut.id])
        assert.deepEqual(await ids('öST'), [ofUmlaut.id])
        assert.deepEqual(await ids('re-2026'), [ofUmlaut.id, ofPercent.id, ofPlain.id])
        assert.deepEqual(await ids('re-2026-003'), [ofPlain.id])
        assert.deepEqual(await ids('%'), [ofPercent.id, oddNumber.id])
        assert.deepEqual(await ids('_'), [ofPercent.id, oddNumber.id])
        assert.deepEqual(await ids('o_l'), [ofPercent.id])
        assert.deepEqual(await ids('gs_50%-ü'), [oddNumber.id])
        assert.deepEqual(await ids('PLAIN'), [ofPlain.id, oddNumber.id])
        // The customer's number and email are not searched, only the name.
        assert.deepEqual(await ids('kd-'), [])
        assert.deepEqual(await ids('firma.de'), [])
        assert.deepEqual(await ids('re-2026', { customerId: percent!.id }), [ofPercent.id])
        assert.deepEqual(await ids('plain', { from: '2026-01-02' }), [ofPlain.id])
        const counted = await storage.invoices.list(company.id, { limit: 1, offset: 0, search: 'RE-2026' })
        assert.deepEqual([counted.items.map((item) => item.id), counted.total], [[ofUmlaut.id], 3])
      })

      it('searches the customer’s current name after a rename', async () => {
        const { company, customers: [customer] } = await storedCustomers([{ name: 'Alpha Bäckerei' }])
        const invoice = anInvoice(company.id, customer!.id)
        await storedInvoices(invoice)
        assert.deepEqual(await listed(company.id, { search: 'alpha' }), [invoice.id])
        await storage.transaction((tx) => tx.customers.update({ ...customer!, name: 'Zebra Öl AG' }))
        assert.deepEqual(await listed(company.id, { search: 'alpha' }), [])
        assert.deepEqual(await listed(company.id, { search: 'zebra öl' }), [invoice.id])
      })

      it('tells whether a customer or a category has documents in the company', async () => {
        const { company, customers: [used, unused], categories: [usedCategory, unusedCategory] } = await storedCustomers([{}, {}], 2)
        const { company: other } = await storedCustomers([])
        await storedInvoices(anInvoice(company.id, used!.id, { documentCategoryId: usedCategory!.id }))
        assert.equal(await storage.invoices.existsForCustomer(company.id, used!.id), true)
        assert.equal(await storage.invoices.existsForCustomer(company.id, unused!.id), false)
        assert.equal(await storage.invoices.existsForCustomer(other.id, used!.id), false)
        assert.equal(await storage.invoices.existsForCategory(company.id, usedCategory!.id), true)
        assert.equal(await storage.invoices.existsForCategory(company.id, unusedCategory!.id), false)
        assert.equal(await storage.invoices.existsForCategory(other.id, usedCategory!.id), false)
        assert.equal(await storage.transaction((tx) => tx.invoices.existsForCustomer(company.id, used!.id)), true)
      })

      it('lists the documents made from a document, oldest first, with their lines, only in the company', async () => {
        const { company, customers: [customer] } = await storedCustomers([{}])
        const parent = anInvoice(company.id, customer!.id, { precedingDocument: null })
        const made = (documentType: InvoiceType) => ({ documentType, precedingDocument: { documentType: parent.documentType, id: parent.id } })
        const first = anInvoice(company.id, customer!.id, { ...made('CREDIT_NOTE'), creditNoteReason: 'CANCELLATION' })
        const second = anInvoice(company.id, customer!.id, { ...made('CREDIT_NOTE'), creditNoteReason: 'GOODWILL' })
        const unrelated = anInvoice(company.id, customer!.id, { documentType: 'CREDIT_NOTE' })
        await storedInvoices(parent, first, second, unrelated)
        const listed = await storage.invoices.listDerived(company.id, parent.id)
        assert.deepEqual(listed.map((note) => note.id), [first.id, second.id])
        assert.deepEqual(listed[0]!.lines, first.lines)
        assert.deepEqual(await storage.invoices.listDerived(company.id, first.id), [])
        const { company: other } = await storedCustomers([])
        assert.deepEqual(await storage.invoices.listDerived(other.id, parent.id), [])
        const summary = (document: Invoice) => ({
          documentType: document.documentType, id: document.id, number: document.number, status: document.status, precedingDocumentId: document.precedingDocument!.id,
        })
        assert.deepEqual(await storage.invoices.summariesDerivedFrom(company.id, [parent.id, first.id, unrelated.precedingDocument!.id]),
          [summary(first), summary(second), summary(unrelated)])
        assert.deepEqual(await storage.invoices.summariesDerivedFrom(company.id, []), [])
        assert.deepEqual(await storage.invoices.summariesDerivedFrom(other.id, [parent.id]), [])
      })

      it('finds an invoice by each of its source documents, once per source, and forgets the sources an update drops', async () => {
        const { company, customers: [customer] } = await storedCustomers([{}])
        const { company: other, customers: [otherCustomer] } = await storedCustomers([{}])
        const [n1, n2, n3] = ['ls-1', 'ls-2', 'ls-3'].map((id) => ({ documentType: 'DELIVERY_NOTE' as const, id }))
        const collective = anInvoice(company.id, customer!.id, { documentType: 'INVOICE', precedingDocument: n1!, sourceDocuments: [n1!, n2!] })
        const later = anInvoice(company.id, customer!.id, { documentType: 'INVOICE', precedingDocument: null, sourceDocuments: [n3!, n2!] })
        await storedInvoices(collective, later, anInvoice(other.id, otherCustomer!.id, { precedingDocument: n2!, sourceDocuments: [n2!] }))
        assert.deepEqual(await storage.invoices.listDerived(company.id, n2!.id), [collective, later])
        assert.deepEqual(await storage.invoices.listDerived(company.id, n1!.id), [collective])
        const summary = (document: Invoice, source: { id: string }) => ({
          documentType: document.documentType, id: document.id, number: document.number, status: document.status, precedingDocumentId: source.id,
        })
        assert.deepEqual(await storage.invoices.summariesDerivedFrom(company.id, [n2!.id, n1!.id, n3!.id]),
          [summary(collective, n1!), summary(collective, n2!), summary(later, n3!), summary(later, n2!)])
        await storage.transaction((tx) => tx.invoices.update({ ...later, sourceDocuments: [n3!] }))
        assert.deepEqual((await storage.invoices.listDerived(company.id, n2!.id)).map((invoice) => invoice.id), [collective.id])
        await storage.transaction((tx) => tx.invoices.delete(company.id, collective.id))
        assert.deepEqual(await storage.invoices.summariesDerivedFrom(company.id, [n1!.id, n2!.id]), [])
        assert.deepEqual((await storage.invoices.summariesDerivedFrom(other.id, [n2!.id])).length, 1)
      })

      it('rolls back a document with its lines, events, audit entries and idempotency records together', async () => {
        const { company, customers: [customer] } = await storedCustomers([{}])
        const kept = anInvoice(company.id, customer!.id)
        const claim = anIdempotencyRecord(company.id, { resourceId: null })
        await storage.transaction(async (tx) => {
          await tx.invoices.insert(kept)
          await tx.idempotency.insertIfAbsent(claim)
        })
        const created = anInvoice(company.id, customer!.id)
        const failure = new Error('boom')
        await assert.rejects(storage.transaction(async (tx) => {
          await tx.invoices.insert(created)
          await tx.invoices.update({ ...kept, status: 'CANCELLED', lines: [anInvoiceLine()] })
          await tx.events.append(anEvent(company.id))
          await tx.audit.append(anAuditEntry(company.id))
          await tx.idempotency.insertIfAbsent(anIdempotencyRecord(company.id))
          await tx.idempotency.update({ ...claim, responseStatus: 200, resourceId: created.id })
          await tx.documentCategories.insert(aDocumentCategory(company.id))
          // The transaction reads its own writes.
          assert.deepEqual(await tx.invoices.get(company.id, created.id), created)
          assert.equal((await tx.invoices.list(company.id, page)).total, 2)
          assert.equal((await tx.events.list(company.id, page)).total, 1)
          throw failure
        }), (error) => error === failure)
        assert.equal(await storage.invoices.get(company.id, created.id), undefined)
        assert.deepEqual(await storage.invoices.get(company.id, kept.id), kept)
        assert.deepEqual(await storage.invoices.list(company.id, page), { items: [kept], total: 1, limit: 50, offset: 0 })
        assert.equal((await storage.events.list(company.id, page)).total, 0)
        assert.equal((await storage.audit.list(company.id, page)).total, 0)
        assert.deepEqual(await storage.idempotency.get(company.id, claim.key), claim)
        assert.deepEqual(await storage.documentCategories.list(company.id), [])
      })
    })

    orderDocumentContract({ storage: () => storage, storedCustomers, concurrently })
    recurringScheduleContract({ storage: () => storage, storedCustomers, concurrently })
    fileDocumentContract({ storage: () => storage, storedCustomers, concurrently })
    exportContract({ storage: () => storage, storedCustomers, concurrently })
    exportWalkContract({ storage: () => storage, storedCustomers })
    blogContract({ storage: () => storage, concurrently })
    searchContract({ storage: () => storage })

    describe('document categories', () => {
      it('round-trips, lists a company’s categories by name, and deletes within the company', async () => {
        const [company, other] = (await storedCompanies(2)) as [Company, Company]
        const shop = aDocumentCategory(company.id, { name: 'Shop' })
        const consulting = aDocumentCategory(company.id, { name: 'Consulting – Ärzte & Co. ✓' })
        const fair = aDocumentCategory(company.id, { name: 'Messe' })
        await storage.transaction(async (tx) => {
          for (const category of [shop, consulting, fair, aDocumentCategory(other.id, { name: 'Andere' })]) await tx.documentCategories.insert(category)
        })
        assert.deepEqual(await storage.documentCategories.get(company.id, consulting.id), consulting)
        assert.equal(await storage.documentCategories.get(other.id, consulting.id), undefined)
        assert.deepEqual(await storage.documentCategories.list(company.id), [consulting, fair, shop])
        await storage.transaction((tx) => tx.documentCategories.delete(other.id, shop.id))
        assert.deepEqual(await storage.documentCategories.get(company.id, shop.id), shop)
        await storage.transaction((tx) => tx.documentCategories.delete(company.id, shop.id))
        assert.deepEqual(await storage.documentCategories.list(company.id), [consulting, fair])
      })
    })

    describe('idempotency', () => {
      it('stores a key’s answer once per company, round-trips and restates it', async () => {
        const [company, other] = (await storedCompanies(2)) as [Company, Company]
        const claim = anIdempotencyRecord(company.id, { responseStatus: 200, responseBody: { body: null }, resourceId: null })
        const claimed = await storage.transaction(async (tx) => [
          await tx.idempotency.insertIfAbsent(claim),
          await tx.idempotency.insertIfAbsent({ ...claim, fingerprint: 'another request' }),
          await tx.idempotency.insertIfAbsent({ ...claim, companyId: other.id }),
        ])
        assert.deepEqual(claimed, [true, false, true])
        assert.deepEqual(await storage.idempotency.get(company.id, claim.key), claim)
        assert.equal(await storage.idempotency.get(company.id, 'missing'), undefined)
        const completed = { ...anIdempotencyRecord(company.id), key: claim.key, createdAt: claim.createdAt }
        await storage.transaction((tx) => tx.idempotency.update(completed))
        assert.deepEqual(await storage.idempotency.get(company.id, claim.key), completed)
        assert.deepEqual(await storage.idempotency.get(other.id, claim.key), { ...claim, companyId: other.id })
        await storage.transaction((tx) => tx.idempotency.update({ ...completed, companyId: 'no-such-company' }))
        assert.equal(await storage.idempotency.get('no-such-company', claim.key), undefined, 'update stores no new record')
      })

      it('lets exactly one of concurrent transactions claim a key', async () => {
        const [company] = (await storedCompanies(1)) as [Company]
        const claim = anIdempotencyRecord(company.id)
        const claimed = await Promise.all(Array.from({ length: 10 }, (_, index) =>
          retryingTransaction(storage, (tx) => tx.idempotency.insertIfAbsent({ ...claim, fingerprint: `request-${index}` }))))
        assert.equal(claimed.filter(Boolean).length, 1)
        const winner = claimed.indexOf(true)
        assert.equal((await storage.idempotency.get(company.id, claim.key))?.fingerprint, `request-${winner}`)
      })

      it('forgets the keys that created a resource, within the company', async () => {
        const [company, other] = (await storedCompanies(2)) as [Company, Company]
        const first = anIdempotencyRecord(company.id, { resourceId: 'inv_1' })
        const second = anIdempotencyRecord(company.id, { resourceId: 'inv_1' })
        const unrelated = anIdempotencyRecord(company.id, { resourceId: 'inv_2' })
        const withoutResource = anIdempotencyRecord(company.id, { resourceId: null })
        const elsewhere = anIdempotencyRecord(other.id, { resourceId: 'inv_1' })
        await storage.transaction(async (tx) => {
          for (const record of [first, second, unrelated, withoutResource, elsewhere]) await tx.idempotency.insertIfAbsent(record)
        })
        await storage.transaction((tx) => tx.idempotency.deleteForResource(company.id, 'inv_1'))
        assert.equal(await storage.idempotency.get(company.id, first.key), undefined)
        assert.equal(await storage.idempotency.get(company.id, second.key), undefined)
        assert.deepEqual(await storage.idempotency.get(company.id, unrelated.key), unrelated)
        assert.deepEqual(await storage.idempotency.get(company.id, withoutResource.key), withoutResource)
        assert.deepEqual(await storage.idempotency.get(other.id, elsewhere.key), elsewhere)
      })

      it('deletes records created before a cutoff, at most `limit` at a time, and says how many', async () => {
        const [company, other] = (await storedCompanies(2)) as [Company, Company]
        const old = [1, 2, 3, 4, 5].map((day) => anIdempotencyRecord(day % 2 ? company.id : other.id, { createdAt: `2026-01-0${day}T00:00:00.000Z` }))
        const atCutoff = anIdempotencyRecord(company.id, { createdAt: '2026-01-06T00:00:00.000Z' })
        const newer = anIdempotencyRecord(other.id, { createdAt: '2026-01-07T00:00:00.000Z' })
        await storage.transaction(async (tx) => {
          for (const record of [...old, atCutoff, newer]) await tx.idempotency.insertIfAbsent(record)
        })
        const cutoff = '2026-01-06T00:00:00.000Z'
        const removed = await storage.transaction(async (tx) => [
          await tx.idempotency.deleteCreatedBefore(cutoff, 0),
          await tx.idempotency.deleteCreatedBefore(cutoff, 3),
          await tx.idempotency.deleteCreatedBefore(cutoff, 3),
          await tx.idempotency.deleteCreatedBefore(cutoff, 3),
        ])
        assert.deepEqual(removed, [0, 3, 2, 0])
        for (const record of old) assert.equal(await storage.idempotency.get(record.companyId, record.key), undefined)
        assert.deepEqual(await storage.idempotency.get(company.id, atCutoff.key), atCutoff)
        assert.deepEqual(await storage.idempotency.get(other.id, newer.key), newer)
      })
    })

    describe('events', () => {
      it('lists a company’s events oldest appended first, with the total before paging', async () => {
        const [company, other] = (await storedCompanies(2)) as [Company, Company]
        // Appending order counts, not createdAt.
        const first = anEvent(company.id, { type: 'invoice.created', createdAt: '2026-03-02T00:00:00.000Z' })
        const second = anEvent(company.id, { type: 'invoice.updated', createdAt: '2026-03-01T00:00:00.000Z' })
        const third = anEvent(company.id, { type: 'credit_note.created', data: {} })
        await storage.transaction(async (tx) => {
          await tx.events.append(first)
          await tx.events.append(anEvent(other.id))
          await tx.events.append(second)
        })
        await storage.transaction((tx) => tx.events.append(third))
        assert.deepEqual(await storage.events.list(company.id, page), { items: [first, second, third], total: 3, limit: 50, offset: 0 })
        assert.deepEqual(await storage.events.list(company.id, { limit: 1, offset: 1 }), { items: [second], total: 3, limit: 1, offset: 1 })
        assert.equal((await storage.events.list(other.id, page)).total, 1)
      })
    })

    describe('audit', () => {
      it('lists a company’s entries newest first, filtered by target and action', async () => {
        const [company, other] = (await storedCompanies(2)) as [Company, Company]
        const sent = anAuditEntry(company.id, { targetId: 'inv_1', action: 'INVOICE_SENT_VIA_API', createdAt: '2026-03-01T00:00:00.000Z', apiKeyId: null })
        const cancelled = anAuditEntry(company.id, { targetId: 'inv_1', action: 'INVOICE_CANCELLED_VIA_API', createdAt: '2026-03-02T00:00:00.000Z' })
        const sameInstant = anAuditEntry(company.id, { targetId: 'inv_2', action: 'INVOICE_SENT_VIA_API', createdAt: '2026-03-02T00:00:00.000Z' })
        await storage.transaction(async (tx) => {
          for (const entry of [sent, cancelled, sameInstant, anAuditEntry(other.id, { targetId: 'inv_1' })]) await tx.audit.append(entry)
        })
        const ids = async (query: object) => (await storage.audit.list(company.id, { ...page, ...query })).items.map((entry) => entry.id)
        assert.deepEqual(await storage.audit.list(company.id, page), { items: [sameInstant, cancelled, sent], total: 3, limit: 50, offset: 0 })
        assert.deepEqual(await ids({ targetId: 'inv_1' }), [cancelled.id, sent.id])
        assert.deepEqual(await ids({ action: 'INVOICE_SENT_VIA_API' }), [sameInstant.id, sent.id])
        assert.deepEqual(await ids({ targetId: 'inv_1', action: 'INVOICE_SENT_VIA_API' }), [sent.id])
        assert.deepEqual(await ids({ targetId: 'inv_9' }), [])
        const paged = await storage.audit.list(company.id, { limit: 1, offset: 1, action: 'INVOICE_SENT_VIA_API' })
        assert.deepEqual(paged, { items: [sent], total: 2, limit: 1, offset: 1 })
      })
    })

    /** A stored company with one customer and `count` stored documents of it. */
    const storedDocuments = async (count: number) => {
      const { company, customers: [customer] } = await storedCustomers([{}])
      const documents = Array.from({ length: count }, () => anInvoice(company.id, customer!.id))
      await storedInvoices(...documents)
      return { company, documents }
    }

    describe('document versions', () => {
      it('lists a document’s versions highest number first, gets one by number, and round-trips the snapshot', async () => {
        const { company, documents: [invoice, other] } = await storedDocuments(2)
        const first = aDocumentVersion(company.id, invoice!.id, { changeType: 'INITIAL', changeReason: null, pdfKey: null })
        const second = aDocumentVersion(company.id, invoice!.id, { versionNumber: 2 })
        const third = aDocumentVersion(company.id, invoice!.id, { versionNumber: 3, snapshot: { ...second.snapshot, parentInvoice: null } })
        const ofOther = aDocumentVersion(company.id, other!.id, { versionNumber: 2 })
        await storage.transaction(async (tx) => {
          // Inserted out of order: the list sorts by number, not by insertion.
          for (const version of [first, third, ofOther, second]) await tx.documentVersions.insert(version)
        })
        assert.deepEqual(await storage.documentVersions.list(company.id, invoice!.id), [third, second, first])
        assert.deepEqual(await storage.documentVersions.list(company.id, other!.id), [ofOther])
        assert.deepEqual(await storage.documentVersions.get(company.id, invoice!.id, 2), second)
        assert.deepEqual(await storage.documentVersions.get(company.id, invoice!.id, 1), first)
        assert.equal(await storage.documentVersions.get(company.id, invoice!.id, 4), undefined)
        assert.equal(await storage.documentVersions.get(company.id, other!.id, 1), undefined)
        assert.deepEqual(await storage.documentVersions.list(company.id, 'missing'), [])
        assert.deepEqual(await storage.transaction((tx) => tx.documentVersions.list(company.id, invoice!.id)), [third, second, first])
      })

      it('hands out copies: changing a returned snapshot changes nothing stored', async () => {
        const { company, documents: [invoice] } = await storedDocuments(1)
        const version = aDocumentVersion(company.id, invoice!.id)
        await storage.transaction((tx) => tx.documentVersions.insert(version))
        const read = (await storage.documentVersions.get(company.id, invoice!.id, 1))!
        read.snapshot.invoice.lines[0]!.quantity = '999'
        read.snapshot.company.name = 'mutated'
        assert.deepEqual(await storage.documentVersions.get(company.id, invoice!.id, 1), version)
      })

      it('refuses a second version with the same number of one document, rolling back', async () => {
        const { company, documents: [invoice, other] } = await storedDocuments(2)
        const first = aDocumentVersion(company.id, invoice!.id)
        await storage.transaction((tx) => tx.documentVersions.insert(first))
        const unrelated = aDocumentVersion(company.id, other!.id)
        await assert.rejects(storage.transaction(async (tx) => {
          await tx.documentVersions.insert(unrelated)
          await tx.documentVersions.insert(aDocumentVersion(company.id, invoice!.id, { versionNumber: 1 }))
        }))
        assert.deepEqual(await storage.documentVersions.list(company.id, invoice!.id), [first])
        assert.deepEqual(await storage.documentVersions.list(company.id, other!.id), [])
        // The same number of another document is no duplicate.
        await storage.transaction((tx) => tx.documentVersions.insert(unrelated))
        assert.deepEqual(await storage.documentVersions.list(company.id, other!.id), [unrelated])
      })

      it('records where the PDF lies, changing nothing else', async () => {
        const { company, documents: [invoice] } = await storedDocuments(1)
        const version = aDocumentVersion(company.id, invoice!.id, { pdfKey: null })
        const kept = aDocumentVersion(company.id, invoice!.id, { versionNumber: 2, pdfKey: null })
        await storage.transaction(async (tx) => {
          await tx.documentVersions.insert(version)
          await tx.documentVersions.insert(kept)
        })
        const pdfKey = `versions/${company.id}/${invoice!.id}/${version.id}.pdf`
        assert.equal(await storage.transaction((tx) => tx.documentVersions.recordPdfKey(company.id, version.id, pdfKey)), true)
        assert.deepEqual(await storage.documentVersions.list(company.id, invoice!.id), [kept, { ...version, pdfKey }])
      })

      it('records a PDF once: a second key is refused and the first stays', async () => {
        const { company, documents: [invoice] } = await storedDocuments(1)
        const version = aDocumentVersion(company.id, invoice!.id, { pdfKey: null })
        const archived = aDocumentVersion(company.id, invoice!.id, { versionNumber: 2, pdfKey: 'versions/mailed.pdf' })
        await storage.transaction(async (tx) => {
          await tx.documentVersions.insert(version)
          await tx.documentVersions.insert(archived)
        })
        assert.equal(await storage.transaction((tx) => tx.documentVersions.recordPdfKey(company.id, version.id, 'versions/first.pdf')), true)
        assert.equal(await storage.transaction((tx) => tx.documentVersions.recordPdfKey(company.id, version.id, 'versions/second.pdf')), false)
        assert.equal(await storage.transaction((tx) => tx.documentVersions.recordPdfKey(company.id, archived.id, 'versions/drawn.pdf')), false)
        assert.deepEqual(await storage.documentVersions.list(company.id, invoice!.id), [archived, { ...version, pdfKey: 'versions/first.pdf' }])
      })

      it('records exactly one of concurrent PDF keys for one version', async () => {
        const { company, documents: [invoice] } = await storedDocuments(1)
        const version = aDocumentVersion(company.id, invoice!.id, { pdfKey: null })
        await storage.transaction((tx) => tx.documentVersions.insert(version))
        const keys = Array.from({ length: 8 }, (_, index) => `versions/drawing-${index}.pdf`)
        const recorded = await Promise.all(keys.map((key) => retryingTransaction(storage, (tx) => tx.documentVersions.recordPdfKey(company.id, version.id, key))))
        assert.equal(recorded.filter(Boolean).length, 1)
        const winner = keys[recorded.indexOf(true)]
        assert.equal((await storage.documentVersions.get(company.id, invoice!.id, 1))!.pdfKey, winner)
      })

      it('keeps companies apart: another company’s versions are invisible and untouchable', async () => {
        const { company, documents: [invoice] } = await storedDocuments(1)
        const { company: other } = await storedDocuments(0)
        const version = aDocumentVersion(company.id, invoice!.id, { pdfKey: null })
        await storage.transaction((tx) => tx.documentVersions.insert(version))
        assert.deepEqual(await storage.documentVersions.list(other.id, invoice!.id), [])
        assert.equal(await storage.documentVersions.get(other.id, invoice!.id, 1), undefined)
        assert.equal(await storage.transaction((tx) => tx.documentVersions.recordPdfKey(other.id, version.id, 'versions/elsewhere.pdf')), false)
        assert.deepEqual(await storage.documentVersions.get(company.id, invoice!.id, 1), version)
      })

      it('rolls back a version and its PDF key with the transaction', async () => {
        const { company, documents: [invoice] } = await storedDocuments(1)
        const kept = aDocumentVersion(company.id, invoice!.id, { pdfKey: null })
        await storage.transaction((tx) => tx.documentVersions.insert(kept))
        await assert.rejects(storage.transaction(async (tx) => {
          await tx.documentVersions.insert(aDocumentVersion(company.id, invoice!.id, { versionNumber: 2 }))
          await tx.documentVersions.recordPdfKey(company.id, kept.id, 'versions/rolled-back.pdf')
          assert.equal((await tx.documentVersions.list(company.id, invoice!.id)).length, 2)
          throw new Error('correction failed')
        }))
        assert.deepEqual(await storage.documentVersions.list(company.id, invoice!.id), [kept])
      })

      it('removes a document’s versions with the document', async () => {
        const { company, documents: [invoice, other] } = await storedDocuments(2)
        const versions = [1, 2].map((versionNumber) => aDocumentVersion(company.id, invoice!.id, { versionNumber }))
        const ofOther = aDocumentVersion(company.id, other!.id)
        await storage.transaction(async (tx) => {
          for (const version of [...versions, ofOther]) await tx.documentVersions.insert(version)
        })
        // A delete that rolls back takes no version with it.
        await assert.rejects(storage.transaction(async (tx) => {
          await tx.invoices.delete(company.id, invoice!.id)
          throw new Error('rolled back')
        }))
        assert.equal((await storage.documentVersions.list(company.id, invoice!.id)).length, 2)
        await storage.transaction((tx) => tx.invoices.delete(company.id, invoice!.id))
        assert.deepEqual(await storage.documentVersions.list(company.id, invoice!.id), [])
        assert.equal(await storage.documentVersions.get(company.id, invoice!.id, 1), undefined)
        assert.deepEqual(await storage.documentVersions.list(company.id, other!.id), [ofOther])
        // Stored again under the same id, the document starts without versions.
        await storedInvoices(invoice!)
        assert.deepEqual(await storage.documentVersions.list(company.id, invoice!.id), [])
      })
    })

    describe('send reservations', () => {
      const now = '2026-03-01T00:00:00.000Z'

      it('reserves a free document and refuses another reservation while the first holds, per document and company', async () => {
        const { company, documents: [invoice, other] } = await storedDocuments(2)
        const { company: otherCompany } = await storedDocuments(0)
        const held = aSendReservation(company.id, invoice!.id)
        assert.equal(await storage.sendReservations.get(company.id, invoice!.id), undefined)
        assert.equal(await storage.transaction((tx) => tx.sendReservations.tryReserve(held, now)), true)
        assert.deepEqual(await storage.sendReservations.get(company.id, invoice!.id), held)
        const rival = aSendReservation(company.id, invoice!.id, { expiresAt: '2026-03-01T00:20:00.000Z' })
        // One millisecond before it expires, the reservation still holds.
        assert.equal(await storage.transaction((tx) => tx.sendReservations.tryReserve(rival, '2026-03-01T00:09:59.999Z')), false)
        assert.deepEqual(await storage.sendReservations.get(company.id, invoice!.id), held)
        assert.deepEqual(await storage.transaction((tx) => tx.sendReservations.get(company.id, invoice!.id)), held)
        assert.equal(await storage.transaction((tx) => tx.sendReservations.tryReserve(aSendReservation(company.id, other!.id), now)), true)
        assert.equal(await storage.sendReservations.get(otherCompany.id, invoice!.id), undefined)
      })

      it('replaces an expired reservation, also one that expires at that very instant', async () => {
        const { company, documents: [invoice] } = await storedDocuments(1)
        const expired = aSendReservation(company.id, invoice!.id)
        const next = aSendReservation(company.id, invoice!.id, { expiresAt: '2026-03-01T00:20:00.000Z' })
        const last = aSendReservation(company.id, invoice!.id, { expiresAt: '2026-03-02T00:00:00.000Z' })
        await storage.transaction((tx) => tx.sendReservations.tryReserve(expired, now))
        assert.equal(await storage.transaction((tx) => tx.sendReservations.tryReserve(next, expired.expiresAt)), true)
        assert.deepEqual(await storage.sendReservations.get(company.id, invoice!.id), next)
        assert.equal(await storage.transaction((tx) => tx.sendReservations.tryReserve(last, '2026-03-01T12:00:00.000Z')), true)
        assert.deepEqual(await storage.sendReservations.get(company.id, invoice!.id), last)
      })

      it('releases a reservation only with the token that holds it', async () => {
        const { company, documents: [invoice] } = await storedDocuments(1)
        const { company: other } = await storedDocuments(0)
        const held = aSendReservation(company.id, invoice!.id)
        await storage.transaction((tx) => tx.sendReservations.tryReserve(held, now))
        await storage.transaction(async (tx) => {
          await tx.sendReservations.release(company.id, invoice!.id, 'another-token')
          await tx.sendReservations.release(other.id, invoice!.id, held.token)
        })
        assert.deepEqual(await storage.sendReservations.get(company.id, invoice!.id), held)
        await storage.transaction((tx) => tx.sendReservations.release(company.id, invoice!.id, held.token))
        assert.equal(await storage.sendReservations.get(company.id, invoice!.id), undefined)
        // Releasing what is no longer held does nothing, and the document is free again.
        await storage.transaction((tx) => tx.sendReservations.release(company.id, invoice!.id, held.token))
        assert.equal(await storage.transaction((tx) => tx.sendReservations.tryReserve(aSendReservation(company.id, invoice!.id), now)), true)
      })

      it('rolls back a reservation with the transaction', async () => {
        const { company, documents: [invoice] } = await storedDocuments(1)
        await assert.rejects(storage.transaction(async (tx) => {
          assert.equal(await tx.sendReservations.tryReserve(aSendReservation(company.id, invoice!.id), now), true)
          throw new Error('send failed')
        }))
        assert.equal(await storage.sendReservations.get(company.id, invoice!.id), undefined)
      })

      it('lets exactly one of concurrent transactions reserve a free document', async () => {
        const { company, documents: [invoice] } = await storedDocuments(1)
        const rivals = Array.from({ length: 10 }, () => aSendReservation(company.id, invoice!.id))
        const reserved = await Promise.all(rivals.map((reservation) =>
          retryingTransaction(storage, (tx) => tx.sendReservations.tryReserve(reservation, now))))
        assert.equal(reserved.filter(Boolean).length, 1)
        assert.deepEqual(await storage.sendReservations.get(company.id, invoice!.id), rivals[reserved.indexOf(true)])
      })
    })

    describe('payments', () => {
      /** The ids of a document's payments, in list order. */
      const paymentIds = async (companyId: string, invoiceId: string) =>
        (await storage.payments.listByInvoice(companyId, invoiceId)).map((payment) => payment.id)

      it('round-trips every field, the amount as the exact string stored, nulls included', async () => {
        const { company, documents: [invoice, proforma] } = await storedDocuments(2)
        const payment = aPayment(company.id, invoice!.id, {
          amount: '0.10', paymentMethod: 'PAYPAL', movedFromInvoiceId: proforma!.id, updatedAt: '2026-03-02T11:00:00.000Z',
        })
        const bare = aPayment(company.id, invoice!.id, { amount: '12345678901234567890.123456789', reference: null, notes: null })
        await storage.transaction(async (tx) => {
          await tx.payments.insert(payment)
          await tx.payments.insert(bare)
        })
        assert.deepEqual(await storage.payments.get(company.id, payment.id), payment)
        assert.deepEqual(await storage.payments.get(company.id, bare.id), bare)
        assert.equal(await storage.payments.get(company.id, 'missing'), undefined)
        assert.deepEqual(await storage.transaction((tx) => tx.payments.get(company.id, payment.id)), payment)
      })

      it('lists a document’s payments only, latest payment date first, then newest recorded first', async () => {
        const { company, documents: [invoice, other] } = await storedDocuments(2)
        const early = aPayment(company.id, invoice!.id, { paymentDate: '2026-02-27', createdAt: '2026-03-05T00:00:00.000Z' })
        const olderOfDay = aPayment(company.id, invoice!.id, { paymentDate: '2026-03-01', createdAt: '2026-03-01T09:00:00.000Z' })
        const newerOfDay = aPayment(company.id, invoice!.id, { paymentDate: '2026-03-01', createdAt: '2026-03-01T09:00:00.001Z' })
        const latest = aPayment(company.id, invoice!.id, { paymentDate: '2026-03-10', createdAt: '2026-02-01T00:00:00.000Z' })
        const ofOther = aPayment(company.id, other!.id)
        await storage.transaction(async (tx) => {
          // Inserted out of order: the list sorts by date and time recorded, not by insertion.
          for (const payment of [olderOfDay, ofOther, latest, early, newerOfDay]) await tx.payments.insert(payment)
        })
        assert.deepEqual(await storage.payments.listByInvoice(company.id, invoice!.id), [latest, newerOfDay, olderOfDay, early])
        assert.deepEqual(await storage.payments.listByInvoice(company.id, other!.id), [ofOther])
        assert.deepEqual(await storage.payments.listByInvoice(company.id, 'missing'), [])
        assert.deepEqual(await storage.transaction((tx) => tx.payments.listByInvoice(company.id, other!.id)), [ofOther])
      })

      it('replaces a payment on update, also moving it to another document', async () => {
        const { company, documents: [proforma, invoice] } = await storedDocuments(2)
        const payment = aPayment(company.id, proforma!.id)
        const kept = aPayment(company.id, proforma!.id)
        await storage.transaction(async (tx) => {
          await tx.payments.insert(payment)
          await tx.payments.insert(kept)
        })
        const changed = {
          ...payment, amount: '99.90', paymentDate: '2026-03-03', paymentMethod: 'CASH' as const, reference: null,
          notes: 'bar', updatedAt: '2026-03-04T00:00:00.000Z',
        }
        await storage.transaction((tx) => tx.payments.update(changed))
        assert.deepEqual(await storage.payments.get(company.id, payment.id), changed)
        const moved = { ...changed, invoiceId: invoice!.id, movedFromInvoiceId: proforma!.id, updatedAt: '2026-03-05T00:00:00.000Z' }
        await storage.transaction((tx) => tx.payments.update(moved))
        assert.deepEqual(await storage.payments.get(company.id, payment.id), moved)
        assert.deepEqual(await storage.payments.listByInvoice(company.id, proforma!.id), [kept])
        assert.deepEqual(await storage.payments.listByInvoice(company.id, invoice!.id), [moved])
        // And back, forgetting where it came from.
        const returned = { ...moved, invoiceId: proforma!.id, movedFromInvoiceId: null }
        await storage.transaction((tx) => tx.payments.update(returned))
        assert.deepEqual(await paymentIds(company.id, invoice!.id), [])
        assert.deepEqual(await storage.payments.get(company.id, payment.id), returned)
      })

      it('deletes a payment, and only that one', async () => {
        const { company, documents: [invoice] } = await storedDocuments(1)
        const payment = aPayment(company.id, invoice!.id)
        const kept = aPayment(company.id, invoice!.id)
        await storage.transaction(async (tx) => {
          await tx.payments.insert(payment)
          await tx.payments.insert(kept)
        })
        await storage.transaction((tx) => tx.payments.delete(company.id, payment.id))
        assert.equal(await storage.payments.get(company.id, payment.id), undefined)
        assert.deepEqual(await storage.payments.listByInvoice(company.id, invoice!.id), [kept])
        // Deleting what is gone does nothing.
        await storage.transaction((tx) => tx.payments.delete(company.id, payment.id))
        assert.deepEqual(await storage.payments.listByInvoice(company.id, invoice!.id), [kept])
      })

      it('keeps companies apart: another company’s payments are invisible and untouchable', async () => {
        const { company, documents: [invoice] } = await storedDocuments(1)
        const { company: other, documents: [otherInvoice] } = await storedDocuments(1)
        const payment = aPayment(company.id, invoice!.id)
        await storage.transaction((tx) => tx.payments.insert(payment))
        assert.equal(await storage.payments.get(other.id, payment.id), undefined)
        assert.deepEqual(await storage.payments.listByInvoice(other.id, invoice!.id), [])
        await storage.transaction(async (tx) => {
          await tx.payments.update({ ...payment, companyId: other.id, invoiceId: otherInvoice!.id, amount: '1.00' })
          await tx.payments.delete(other.id, payment.id)
        })
        assert.deepEqual(await storage.payments.get(company.id, payment.id), payment)
        assert.deepEqual(await storage.payments.listByInvoice(company.id, invoice!.id), [payment])
        assert.deepEqual(await storage.payments.listByInvoice(other.id, otherInvoice!.id), [])
      })

      it('rolls back an insert, an update and a delete with the transaction', async () => {
        const { company, documents: [invoice, other] } = await storedDocuments(2)
        const updated = aPayment(company.id, invoice!.id)
        const deleted = aPayment(company.id, invoice!.id, { paymentDate: '2026-02-01' })
        await storage.transaction(async (tx) => {
          await tx.payments.insert(updated)
          await tx.payments.insert(deleted)
        })
        const inserted = aPayment(company.id, invoice!.id)
        await assert.rejects(storage.transaction(async (tx) => {
          await tx.payments.insert(inserted)
          await tx.payments.update({ ...updated, invoiceId: other!.id, amount: '5.00' })
          await tx.payments.delete(company.id, deleted.id)
          assert.deepEqual((await tx.payments.listByInvoice(company.id, invoice!.id)).map((payment) => payment.id), [inserted.id])
          throw new Error('recording failed')
        }))
        assert.equal(await storage.payments.get(company.id, inserted.id), undefined)
        assert.deepEqual(await storage.payments.listByInvoice(company.id, invoice!.id), [updated, deleted])
        assert.deepEqual(await storage.payments.listByInvoice(company.id, other!.id), [])
      })

      it('removes a document’s payments with the document', async () => {
        const { company, documents: [invoice, other] } = await storedDocuments(2)
        const payments = [aPayment(company.id, invoice!.id), aPayment(company.id, invoice!.id, { paymentDate: '2026-02-01' })]
        const ofOther = aPayment(company.id, other!.id)
        await storage.transaction(async (tx) => {
          for (const payment of [...payments, ofOther]) await tx.payments.insert(payment)
        })
        // A delete that rolls back takes no payment with it.
        await assert.rejects(storage.transaction(async (tx) => {
          await tx.invoices.delete(company.id, invoice!.id)
          throw new Error('rolled back')
        }))
        assert.deepEqual(await storage.payments.listByInvoice(company.id, invoice!.id), payments)
        await storage.transaction((tx) => tx.invoices.delete(company.id, invoice!.id))
        assert.deepEqual(await storage.payments.listByInvoice(company.id, invoice!.id), [])
        assert.equal(await storage.payments.get(company.id, payments[0]!.id), undefined)
        assert.deepEqual(await storage.payments.listByInvoice(company.id, other!.id), [ofOther])
        // Stored again under the same id, the document starts without payments.
        await storedInvoices(invoice!)
        assert.deepEqual(await storage.payments.listByInvoice(company.id, invoice!.id), [])
      })
    })
    describe('webhooks', () => {
      it('round-trips endpoints, lists a company’s oldest first, updates and keeps companies apart', async () => {
        const [company, other] = await storedCompanies(2)
        const first = aWebhookEndpoint(company!.id, { events: ['*'], description: null })
        const second = aWebhookEndpoint(company!.id, { active: false })
        const foreign = aWebhookEndpoint(other!.id)
        await storage.transaction(async (tx) => {
          for (const endpoint of [first, second, foreign]) await tx.webhookEndpoints.insert(endpoint)
        })
        assert.deepEqual(await storage.webhookEndpoints.list(company!.id), [first, second])
        assert.deepEqual(await storage.webhookEndpoints.get(company!.id, first.id), first)
        assert.equal(await storage.webhookEndpoints.get(other!.id, first.id), undefined)
        const changed = { ...first, url: 'https://other.example/hook', events: ['invoice.sent' as const], active: false, updatedAt: '2026-04-01T00:00:00.000Z' }
        await storage.transaction(async (tx) => {
          await tx.webhookEndpoints.update(changed)
          await tx.webhookEndpoints.update({ ...foreign, companyId: company!.id, url: 'https://evil.example' })
          await tx.webhookEndpoints.delete(company!.id, foreign.id)
        })
        assert.deepEqual(await storage.webhookEndpoints.get(company!.id, first.id), changed)
        assert.deepEqual(await storage.webhookEndpoints.list(other!.id), [foreign])
      })

      it('hands out undispatched events of every company oldest first, until they are marked, and rolls the mark back', async () => {
        const [company, other] = await storedCompanies(2)
        const events = [anEvent(company!.id), anEvent(other!.id), anEvent(company!.id)]
        await storage.transaction(async (tx) => {
          for (const event of events) await tx.events.append(event)
        })
        assert.deepEqual(await storage.events.listUndispatched(10), events)
        assert.deepEqual(await storage.events.listUndispatched(2), events.slice(0, 2))
        await storage.transaction((tx) => tx.events.markDispatched(events[0]!.id, '2026-03-01T00:00:01.000Z'))
        await assert.rejects(storage.transaction(async (tx) => {
          await tx.events.markDispatched(events[1]!.id, '2026-03-01T00:00:02.000Z')
          throw new Error('rolled back')
        }))
        assert.deepEqual(await storage.events.listUndispatched(10), events.slice(1))
        assert.deepEqual((await storage.events.list(company!.id, page)).items, [events[0], events[2]])
      })

      it('claims due PENDING deliveries of every company, none that succeeded or failed, and updates them', async () => {
        const [company, other] = await storedCompanies(2)
        const endpoint = aWebhookEndpoint(company!.id)
        const otherEndpoint = aWebhookEndpoint(other!.id)
        const pending = aWebhookDelivery(company!.id, endpoint.id, { nextAttemptAt: '2026-03-01T10:05:00.000Z' })
        const ofOther = aWebhookDelivery(other!.id, otherEndpoint.id, { nextAttemptAt: '2026-03-01T10:00:00.000Z' })
        const done = aWebhookDelivery(company!.id, endpoint.id, { status: 'SUCCEEDED', attempts: 1, nextAttemptAt: '2026-03-01T09:00:00.000Z' })
        const failed = aWebhookDelivery(company!.id, endpoint.id, { status: 'FAILED', attempts: 8, nextAttemptAt: '2026-03-01T09:00:00.000Z' })
        await storage.transaction(async (tx) => {
          await tx.webhookEndpoints.insert(endpoint)
          await tx.webhookEndpoints.insert(otherEndpoint)
          for (const delivery of [pending, ofOther, done, failed]) await tx.webhookDeliveries.insert(delivery)
        })
        const claimed = await storage.queues.webhookDeliveries.claimDue('2026-03-01T10:05:00.000Z', 10, 70_000)
        assert.deepEqual(new Set(claimed.map((delivery) => delivery.id)), new Set([pending.id, ofOther.id]))
        assert.deepEqual(await storage.webhookDeliveries.get(done.id), done)
        assert.deepEqual(await storage.webhookDeliveries.get(failed.id), failed)
        const leased = { ...pending, attempts: 1, leasedUntil: '2026-03-01T10:06:10.000Z' }
        assert.deepEqual(await storage.webhookDeliveries.get(pending.id), leased)
        const retried = { ...leased, nextAttemptAt: '2026-03-01T10:07:00.000Z', leasedUntil: null, updatedAt: '2026-03-01T10:05:01.000Z' }
        await storage.transaction((tx) => tx.webhookDeliveries.update(retried))
        assert.deepEqual(await storage.webhookDeliveries.get(pending.id), retried)
        assert.deepEqual(await storage.queues.webhookDeliveries.claimDue('2026-03-01T10:06:09.999Z', 10, 70_000), [])
        const claimedIds = async (now: string) => (await storage.queues.webhookDeliveries.claimDue(now, 10, 70_000)).map((each) => each.id)
        assert.deepEqual(await claimedIds('2026-03-01T10:06:59.999Z'), [ofOther.id], 'its lease ended unrecorded; the retry is not due yet')
        assert.deepEqual(await claimedIds('2026-03-01T10:07:00.000Z'), [pending.id])
      })

      it('gives one endpoint one attempt at a time: its earliest due delivery, none while one is leased, also to concurrent claimers', async () => {
        const [company] = await storedCompanies(1)
        const [slow, quick] = [aWebhookEndpoint(company!.id), aWebhookEndpoint(company!.id)]
        const at = (minute: number) => `2026-03-01T10:0${minute}:00.000Z`
        const ofSlow = [3, 1, 2].map((minute) => aWebhookDelivery(company!.id, slow.id, { nextAttemptAt: at(minute) }))
        const ofQuick = [aWebhookDelivery(company!.id, quick.id, { nextAttemptAt: at(4) })]
        await storage.transaction(async (tx) => {
          for (const endpoint of [slow, quick]) await tx.webhookEndpoints.insert(endpoint)
          for (const delivery of [...ofSlow, ...ofQuick]) await tx.webhookDeliveries.insert(delivery)
        })
        const claim = (now: string, limit = 10) => storage.queues.webhookDeliveries.claimDue(now, limit, 60_000)
        const ids = (deliveries: { id: string }[]) => deliveries.map((each) => each.id).sort()

        const claimers = await Promise.all([claim(at(5), 1), claim(at(5), 1), claim(at(5), 1), claim(at(5), 1)])
        assert.deepEqual(ids(claimers.flat()), ids([ofSlow[1]!, ofQuick[0]!]), 'each endpoint’s earliest, once')
        assert.deepEqual(await claim('2026-03-01T10:05:59.999Z'), [], 'no second attempt while one is leased')

        const [first] = claimers.flat().filter((each) => each.endpointId === slow.id)
        await storage.transaction((tx) => tx.webhookDeliveries.update({ ...first!, status: 'SUCCEEDED', leasedUntil: null }))
        assert.deepEqual(ids(await claim(at(5))), [ofSlow[2]!.id], 'the next one once the attempt is recorded')
        assert.deepEqual(ids(await claim('2026-03-01T10:06:00.000Z')), ids([ofSlow[2]!, ofQuick[0]!]), 'and those whose lease ended without a record')
      })

      it('MUST NOT hand out again a delivery that another worker delivered while the claim ran', async () => {
        const [company] = await storedCompanies(1)
        const endpoints = Array.from({ length: 6 }, () => aWebhookEndpoint(company!.id))
        // Several deliveries per endpoint: each is due once the one before it is recorded.
        const deliveries = endpoints.flatMap((endpoint) => Array.from({ length: 5 }, (_, index) =>
          aWebhookDelivery(company!.id, endpoint.id, { nextAttemptAt: `2026-03-01T10:00:0${index}.000Z` })))
        await storage.transaction(async (tx) => {
          for (const endpoint of endpoints) await tx.webhookEndpoints.insert(endpoint)
          for (const delivery of deliveries) await tx.webhookDeliveries.insert(delivery)
        })
        const delivered: string[] = []
        // Workers claim one at a time and record each attempt as delivered at once, as fast as they can.
        const worker = async () => {
          for (let claimed = await storage.queues.webhookDeliveries.claimDue('2026-03-01T10:05:00.000Z', 1, 60_000); claimed.length > 0;
            claimed = await storage.queues.webhookDeliveries.claimDue('2026-03-01T10:05:00.000Z', 1, 60_000)) {
            const [delivery] = claimed
            delivered.push(delivery!.id)
            await retryingTransaction(storage, (tx) => tx.webhookDeliveries.update({ ...delivery!, status: 'SUCCEEDED', leasedUntil: null }))
          }
        }
        await Promise.all(Array.from({ length: 4 }, worker))
        assert.deepEqual([...delivered].sort(), deliveries.map((delivery) => delivery.id).sort(), 'each delivery once')
      })

      claimsDueContract('webhook deliveries', () => webhookDeliveryClaims(storage))

      it('logs attempts per endpoint newest first, paged, and deletes them with their endpoint', async () => {
        const [company] = await storedCompanies(1)
        const endpoint = aWebhookEndpoint(company!.id)
        const otherEndpoint = aWebhookEndpoint(company!.id)
        const delivery = aWebhookDelivery(company!.id, endpoint.id)
        const otherDelivery = aWebhookDelivery(company!.id, otherEndpoint.id)
        const first = aWebhookAttempt(delivery, { attemptedAt: '2026-03-01T10:00:00.000Z' })
        const second = aWebhookAttempt(delivery, { attempt: 2, succeeded: true, statusCode: 204, error: null, responseBody: null, nextAttemptAt: null, attemptedAt: '2026-03-01T10:01:00.000Z' })
        const elsewhere = aWebhookAttempt(otherDelivery)
        await storage.transaction(async (tx) => {
          await tx.webhookEndpoints.insert(endpoint)
          await tx.webhookEndpoints.insert(otherEndpoint)
          await tx.webhookDeliveries.insert(delivery)
          await tx.webhookDeliveries.insert(otherDelivery)
          for (const attempt of [first, second, elsewhere]) await tx.webhookDeliveries.appendAttempt(attempt)
        })
        assert.deepEqual(await storage.webhookDeliveries.listAttempts(company!.id, endpoint.id, page), { items: [second, first], total: 2, limit: 50, offset: 0 })
        assert.deepEqual((await storage.webhookDeliveries.listAttempts(company!.id, endpoint.id, { limit: 1, offset: 1 })).items, [first])
        await storage.transaction((tx) => tx.webhookEndpoints.delete(company!.id, endpoint.id))
        assert.equal(await storage.webhookDeliveries.get(delivery.id), undefined)
        assert.equal((await storage.webhookDeliveries.listAttempts(company!.id, endpoint.id, page)).total, 0)
        assert.deepEqual((await storage.webhookDeliveries.listAttempts(company!.id, otherEndpoint.id, page)).items, [elsewhere])
      })
    })
    describe('reminders', () => {
      it('round-trips reminders, lists a document’s by level, refuses a second of one level and keeps companies apart', async () => {
        const { company, documents: [invoice, other] } = await storedDocuments(2)
        const third = aReminder(company.id, invoice!.id, { level: 3, interestRate: '0', interestDays: 0, interestAmount: '0.00' })
        const first = aReminder(company.id, invoice!.id, { level: 1, fee: '0.00', totalAmount: '12345678901234567890.125' })
        await storage.transaction(async (tx) => {
          await tx.reminders.insert(third)
          await tx.reminders.insert(first)
        })
        assert.deepEqual(await storage.reminders.listByInvoice(company.id, invoice!.id), [first, third])
        assert.deepEqual(await storage.reminders.listByInvoice(company.id, other!.id), [])
        assert.deepEqual(await storage.reminders.listByInvoice('other-company', invoice!.id), [])
        await assert.rejects(storage.transaction((tx) => tx.reminders.insert(aReminder(company.id, invoice!.id, { level: 1 }))))
        assert.equal((await storage.reminders.listByInvoice(company.id, invoice!.id)).length, 2)
      })
    })

    // Each guarantee of a primitive, with two units of work at once that each hold their
    // transaction open across an await before they write (see `concurrently`).
    describe('two concurrent units of work', () => {
      it('takeNextNumber: they MUST get distinct consecutive values', async () => {
        const [company] = (await storedCompanies(1)) as [Company]
        const taken = valuesOf(await concurrently(2, (tx) => tx.sequences.takeNextNumber(company.id, 'INVOICE:2026')))
        assert.deepEqual([...taken].sort((x, y) => x - y), [1, 2])
        assert.equal(await storage.sequences.current(company.id, 'INVOICE:2026'), 2)
      })

      it('takeNextNumber: a unit that rolls back MUST give its value back, leaving no gap', async () => {
        const [company] = (await storedCompanies(1)) as [Company]
        const [kept, rolledBack] = await concurrently(2, async (tx, index) => {
          const value = await tx.sequences.takeNextNumber(company.id, 'INVOICE:2026')
          if (index === 1) throw new Error('issue failed')
          return value
        })
        assert.equal(rolledBack?.status, 'rejected')
        assert.deepEqual(kept, { status: 'fulfilled', value: 1 })
        assert.equal(await storage.transaction((tx) => tx.sequences.takeNextNumber(company.id, 'INVOICE:2026')), 2)
      })

      it('insertIfAbsent: exactly one MUST store its record; the other answers false and changes nothing', async () => {
        const [company] = (await storedCompanies(1)) as [Company]
        const claim = anIdempotencyRecord(company.id)
        const claimed = valuesOf(await concurrently(2, (tx, index) => tx.idempotency.insertIfAbsent({ ...claim, fingerprint: `request-${index}` })))
        assert.deepEqual([...claimed].sort(), [false, true])
        assert.equal((await storage.idempotency.get(company.id, claim.key))?.fingerprint, `request-${claimed.indexOf(true)}`)
      })

      it('tryReserve: at most one MUST reserve a free document; the reservation that holds stays', async () => {
        const { company, documents: [invoice] } = await storedDocuments(1)
        const rivals = [aSendReservation(company.id, invoice!.id), aSendReservation(company.id, invoice!.id)]
        const reserved = valuesOf(await concurrently(2, (tx, index) => tx.sendReservations.tryReserve(rivals[index]!, '2026-03-01T00:00:00.000Z')))
        assert.deepEqual([...reserved].sort(), [false, true])
        assert.deepEqual(await storage.sendReservations.get(company.id, invoice!.id), rivals[reserved.indexOf(true)])
      })

      it('recordPdfKey: exactly one MUST record its key; the other answers false and changes nothing', async () => {
        const { company, documents: [invoice] } = await storedDocuments(1)
        const version = aDocumentVersion(company.id, invoice!.id, { pdfKey: null })
        await storage.transaction((tx) => tx.documentVersions.insert(version))
        const keys = ['versions/first.pdf', 'versions/second.pdf']
        const recorded = valuesOf(await concurrently(2, (tx, index) => tx.documentVersions.recordPdfKey(company.id, version.id, keys[index]!)))
        assert.deepEqual([...recorded].sort(), [false, true])
        assert.equal((await storage.documentVersions.get(company.id, invoice!.id, 1))?.pdfKey, keys[recorded.indexOf(true)])
      })

      it('addApiCalls: both adds MUST be counted, each answering the total after its own', async () => {
        const [company] = (await storedCompanies(1)) as [Company]
        const calls = [3, 4]
        const totals = valuesOf(await concurrently(2, (tx, index) => tx.usage.addApiCalls(company.id, '2026-03', calls[index]!)))
        assert.equal((await storage.usage.get(company.id, '2026-03')).apiCalls, 7)
        assert.ok(totals.includes(7) && (totals.includes(3) || totals.includes(4)), `totals ${totals.join(', ')}`)
      })

      it('invoices: a second document with the same number in the company MUST be refused', async () => {
        const { company, customers: [customer] } = await storedCustomers([{}])
        const rivals = [anInvoice(company.id, customer!.id, { number: 'RE-2026-00001' }), anInvoice(company.id, customer!.id, { number: 'RE-2026-00001' })]
        const settled = await concurrently(2, (tx, index) => tx.invoices.insert(rivals[index]!))
        assert.deepEqual(settled.map((result) => result.status).sort(), ['fulfilled', 'rejected'])
        const stored = rivals[settled.findIndex((result) => result.status === 'fulfilled')]!
        assert.deepEqual(await listed(company.id), [stored.id])
        assert.deepEqual(await storage.invoices.findByNumber(company.id, 'RE-2026-00001'), stored)
      })

      it('reminders: a second reminder of the same level for one document MUST be refused', async () => {
        const { company, documents: [invoice] } = await storedDocuments(1)
        const rivals = [aReminder(company.id, invoice!.id, { level: 1 }), aReminder(company.id, invoice!.id, { level: 1 })]
        const settled = await concurrently(2, (tx, index) => tx.reminders.insert(rivals[index]!))
        assert.deepEqual(settled.map((result) => result.status).sort(), ['fulfilled', 'rejected'])
        assert.deepEqual(await storage.reminders.listByInvoice(company.id, invoice!.id), [rivals[settled.findIndex((result) => result.status === 'fulfilled')]])
      })

      it('a unit that rolls back MUST leave nothing, while the other commits all of its writes', async () => {
        const { company, customers: [customer] } = await storedCustomers([{}])
        const written = [0, 1].map(() => ({ invoice: anInvoice(company.id, customer!.id), event: anEvent(company.id), audit: anAuditEntry(company.id) }))
        const settled = await concurrently(2, async (tx, index) => {
          const { invoice, event, audit } = written[index]!
          await tx.invoices.insert({ ...invoice, number: `RE-${await tx.sequences.takeNextNumber(company.id, 'INVOICE')}` })
          await tx.events.append(event)
          await tx.audit.append(audit)
          await tx.usage.addDocumentIssued(company.id, '2026-03', 'INVOICE')
          await tx.idempotency.insertIfAbsent(anIdempotencyRecord(company.id, { key: `key-of-unit-${index}` }))
          if (index === 1) throw new Error('rolled back')
        })
        assert.deepEqual(settled.map((result) => result.status), ['fulfilled', 'rejected'])
        const [kept, rolledBack] = written as [typeof written[0], typeof written[0]]
        assert.deepEqual(await listed(company.id), [kept.invoice.id])
        assert.equal((await storage.invoices.get(company.id, kept.invoice.id))?.number, 'RE-1')
        assert.equal(await storage.invoices.get(company.id, rolledBack.invoice.id), undefined)
        assert.deepEqual((await storage.events.list(company.id, page)).items, [kept.event])
        assert.deepEqual((await storage.audit.list(company.id, page)).items, [kept.audit])
        assert.equal(await storage.sequences.current(company.id, 'INVOICE'), 1)
        assert.equal((await storage.usage.get(company.id, '2026-03')).documentsIssued, 1)
        assert.ok(await storage.idempotency.get(company.id, 'key-of-unit-0'))
        assert.equal(await storage.idempotency.get(company.id, 'key-of-unit-1'), undefined)
      })
    })
  })
}
