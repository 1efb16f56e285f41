import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import type { Company } from '../companies'
import type { Customer } from '../customers'
import type { DocumentCategory } from '../categories'
import type { OrderDocument } from '../order-documents'
import type { OrderDocumentListQuery, Storage, StorageTx } from '../ports/storage'
import { anAuditEntry, anEvent, anInvoiceLine, anOrderDocument } from './fixtures'

/** What the storage contract hands its order-document cases: the storage under test and its helpers. */
export interface OrderDocumentContractContext {
  storage(): Storage
  storedCustomers(customers: Partial<Customer>[], categories?: number): Promise<{ company: Company; customers: Customer[]; categories: DocumentCategory[] }>
  concurrently<T>(count: number, work: (tx: StorageTx, index: number) => Promise<T>): Promise<PromiseSettledResult<T>[]>
}

const page = { limit: 50, offset: 0 }

/** A document with the defaults and empties a new one has: the other end of what must round-trip. */
const bareOverrides: Partial<OrderDocument> = {
  documentType: 'QUOTE', status: 'DRAFT', number: 'ENTWURF-bare', numberIssued: false, servicePeriodStart: null, servicePeriodEnd: null,
  taxBreakdown: [], reverseCharge: false, taxExemptionReason: 'NONE', taxExemptionNote: null, ossApplicable: false, ossCountry: null,
  notes: null, footer: null, headerText: null, customTitle: null, pdfWithoutLetterhead: false, useShippingAddress: false,
  shippingName: null, shippingStreet: null, shippingZipCode: null, shippingCity: null, shippingCountry: null, orderNumber: null,
  buyerReference: null, metadata: {}, sentAt: null, lockedAt: null, precedingDocument: null, finalizedAt: null, validUntil: null,
  acceptedAt: null, rejectedAt: null, rejectionReason: null, expiredAt: null, deliveryDate: null, completedAt: null,
  completedAutomatically: false, showPrices: false, trackingReference: null, deliveredAt: null, requestedDeliveryDate: null,
  externalId: null, source: null, deliveryStatus: null, invoiceStatus: 'NONE', convertedQuantities: {}, lines: [],
}

/** The order-document cases of the storage contract (quotes, order confirmations, delivery notes, orders). */
export function orderDocumentContract(context: OrderDocumentContractContext): void {
  const { storedCustomers, concurrently } = context
  const stored = (...documents: OrderDocument[]) =>
    context.storage().transaction(async (tx) => {
      for (const document of documents) await tx.orderDocuments.insert(document)
    })
  /** The ids of a list page, in list order. */
  const listed = async (companyId: string, query: Partial<OrderDocumentListQuery> = {}) =>
    (await context.storage().orderDocuments.list(companyId, { ...page, documentType: 'DELIVERY_NOTE', ...query })).items.map((document) => document.id)

  describe('order documents', () => {
    it('round-trips every field, the lines in order and exact decimals, by id, number, external id and in the list', async () => {
      const storage = context.storage()
      const { company, customers: [customer], categories: [category] } = await storedCustomers([{}], 1)
      const document = anOrderDocument(company.id, customer!.id, { documentCategoryId: category!.id })
      document.lines.push(anInvoiceLine({ quantity: '1.10', unitPrice: '12345678901234567.89', discount: '0.000', netAmount: '13580246791358024.68' }))
      const bare = anOrderDocument(company.id, customer!.id, bareOverrides)
      await stored(document, bare)
      assert.deepEqual(await storage.orderDocuments.get(company.id, document.id), document)
      assert.deepEqual(await storage.orderDocuments.get(company.id, bare.id), bare)
      assert.deepEqual(await storage.orderDocuments.findByNumber(company.id, document.number), document)
      assert.deepEqual(await storage.orderDocuments.findByExternalId(company.id, document.externalId!), document)
      assert.deepEqual(await storage.orderDocuments.list(company.id, { ...page, documentType: 'DELIVERY_NOTE' }), { items: [document], total: 1, limit: 50, offset: 0 })
      assert.deepEqual(await storage.orderDocuments.list(company.id, { ...page, documentType: 'QUOTE' }), { items: [bare], total: 1, limit: 50, offset: 0 })
      assert.equal(await storage.orderDocuments.get(company.id, 'missing'), undefined)
      assert.equal(await storage.orderDocuments.findByNumber(company.id, 'AN-missing'), undefined)
      assert.equal(await storage.orderDocuments.findByExternalId(company.id, 'shop-missing'), undefined)
      assert.deepEqual(await storage.transaction((tx) => tx.orderDocuments.get(company.id, document.id)), document)
    })

    it('keeps companies apart: another company’s documents are invisible and untouchable', async () => {
      const storage = context.storage()
      const { company, customers: [customer], categories: [category] } = await storedCustomers([{}], 1)
      const { company: other } = await storedCustomers([])
      const document = anOrderDocument(company.id, customer!.id, { documentCategoryId: category!.id })
      const derived = anOrderDocument(company.id, customer!.id, { precedingDocument: { documentType: 'DELIVERY_NOTE', id: document.id } })
      await stored(document, derived)
      assert.equal(await storage.orderDocuments.get(other.id, document.id), undefined)
      assert.equal(await storage.orderDocuments.findByNumber(other.id, document.number), undefined)
      assert.equal(await storage.orderDocuments.findByExternalId(other.id, document.externalId!), undefined)
      assert.deepEqual(await storage.orderDocuments.list(other.id, { ...page, documentType: 'DELIVERY_NOTE' }), { items: [], total: 0, limit: 50, offset: 0 })
      assert.deepEqual(await storage.orderDocuments.listDerived(other.id, document.id), [])
      assert.deepEqual(await storage.orderDocuments.summariesDerivedFrom(other.id, [document.id]), [])
      assert.equal(await storage.orderDocuments.existsForCustomer(other.id, customer!.id), false)
      assert.equal(await storage.orderDocuments.existsForCategory(other.id, category!.id), false)
      await storage.transaction(async (tx) => {
        await tx.orderDocuments.update({ ...document, companyId: other.id, status: 'CANCELLED', lines: [] })
        await tx.orderDocuments.delete(other.id, document.id)
      })
      assert.deepEqual(await storage.orderDocuments.get(company.id, document.id), document)
    })

    it('hands out copies: changing a returned document, its lines or quantities changes nothing stored', async () => {
      const { company, customers: [customer] } = await storedCustomers([{}])
      const document = anOrderDocument(company.id, customer!.id)
      await stored(document)
      const read = (await context.storage().orderDocuments.get(company.id, document.id))!
      read.lines[0]!.quantity = '999'
      read.lines.pop()
      read.metadata.shopOrder = 1
      read.convertedQuantities[document.lines[0]!.id]!.INVOICE = '0'
      assert.deepEqual(await context.storage().orderDocuments.get(company.id, document.id), document)
    })

    it('names documents in brief by id: the company\'s own, unknown ids left out', async () => {
      const storage = context.storage()
      const { company, customers: [customer] } = await storedCustomers([{}])
      const { company: other, customers: [stranger] } = await storedCustomers([{}])
      const [a, b] = [anOrderDocument(company.id, customer!.id), anOrderDocument(company.id, customer!.id, { documentType: 'QUOTE' })]
      const foreign = anOrderDocument(other.id, stranger!.id)
      await stored(a, b)
      await stored(foreign)
      const refs = await storage.orderDocuments.refsOf(company.id, [b.id, a.id, foreign.id, 'missing', a.id])
      assert.deepEqual(refs.sort((x, y) => x.id.localeCompare(y.id)), [a, b].map(({ documentType, id, number }) => ({ documentType, id, number })).sort((x, y) => x.id.localeCompare(y.id)))
      assert.deepEqual(await storage.orderDocuments.refsOf(company.id, []), [])
    })

    it('saves what a document derives (status, completion, delivery and invoice status, converted quantities) and nothing else', async () => {
      const storage = context.storage()
      const { company, customers: [customer] } = await storedCustomers([{}])
      const { company: other } = await storedCustomers([])
      const document = anOrderDocument(company.id, customer!.id, { status: 'OPEN', completedAt: null, completedAutomatically: false })
      await stored(document)
      const derived: OrderDocument = {
        ...document, status: 'COMPLETED', completedAt: '2026-03-01T10:00:00.000Z', completedAutomatically: true, deliveryStatus: 'FULL',
        invoiceStatus: 'PARTIAL', convertedQuantities: { [document.lines[0]!.id]: { INVOICE: '1.5' } }, updatedAt: '2026-03-01T10:00:00.000Z',
        // Not stored by this primitive:
        notes: 'changed', grossTotal: '1.00', lines: [],
      }
      await storage.transaction((tx) => tx.orderDocuments.saveFulfilment(derived))
      assert.deepEqual(await storage.orderDocuments.get(company.id, document.id), { ...derived, notes: document.notes, grossTotal: document.grossTotal, lines: document.lines })
      await storage.transaction((tx) => tx.orderDocuments.saveFulfilment({ ...derived, companyId: other.id, status: 'CANCELLED' }))
      assert.equal((await storage.orderDocuments.get(company.id, document.id))!.status, 'COMPLETED')
    })

    it('replaces the document and all its lines on update, and removes both on delete', async () => {
      const storage = context.storage()
      const { company, customers: [customer] } = await storedCustomers([{}])
      const document = anOrderDocument(company.id, customer!.id)
      const kept = anOrderDocument(company.id, customer!.id)
      await stored(document, kept)
      const changed: OrderDocument = {
        ...document, status: 'CANCELLED', grossTotal: '0.01', metadata: { replaced: true }, precedingDocument: null, externalId: null,
        invoiceStatus: 'PARTIAL', deliveryStatus: 'FULL', convertedQuantities: { other: { PROFORMA: '0.5' } },
        lines: [anInvoiceLine({ quantity: '0.001', sourceLineId: 'li-elsewhere' }), { ...document.lines[2]!, description: 'Rabatt neu' }],
      }
      await storage.transaction((tx) => tx.orderDocuments.update(changed))
      assert.deepEqual(await storage.orderDocuments.get(company.id, document.id), changed)
      assert.equal(await storage.orderDocuments.findByExternalId(company.id, document.externalId!), undefined)
      const many = { ...changed, lines: Array.from({ length: 30 }, (_, index) => anInvoiceLine({ description: `Zeile ${index}` })) }
      await storage.transaction((tx) => tx.orderDocuments.update(many))
      assert.deepEqual(await storage.orderDocuments.get(company.id, document.id), many)

      await storage.transaction((tx) => tx.orderDocuments.delete(company.id, document.id))
      assert.equal(await storage.orderDocuments.get(company.id, document.id), undefined)
      assert.equal(await storage.orderDocuments.findByNumber(company.id, document.number), undefined)
      assert.deepEqual(await listed(company.id), [kept.id])
      // Stored again under the same id without lines, it has none: the old lines are gone.
      const again = { ...document, lines: [] }
      await stored(again)
      assert.deepEqual(await storage.orderDocuments.get(company.id, document.id), again)
      assert.deepEqual(await storage.orderDocuments.get(company.id, kept.id), kept)
    })

    it('refuses a second document with the same number in the company, of any type, on insert and update, rolling back', async () => {
      const storage = context.storage()
      const { company, customers: [customer] } = await storedCustomers([{}])
      const { company: other, customers: [otherCustomer] } = await storedCustomers([{}])
      const first = anOrderDocument(company.id, customer!.id)
      const second = anOrderDocument(company.id, customer!.id)
      await stored(first, second, anOrderDocument(other.id, otherCustomer!.id, { number: first.number }))
      const unrelated = anOrderDocument(company.id, customer!.id)
      await assert.rejects(storage.transaction(async (tx) => {
        await tx.orderDocuments.insert(unrelated)
        await tx.events.append(anEvent(company.id))
        await tx.orderDocuments.insert(anOrderDocument(company.id, customer!.id, { number: first.number, documentType: 'QUOTE' }))
      }))
      await assert.rejects(storage.transaction((tx) => tx.orderDocuments.update({ ...second, number: first.number })))
      assert.equal(await storage.orderDocuments.get(company.id, unrelated.id), undefined)
      assert.equal((await storage.events.list(company.id, page)).total, 0)
      assert.deepEqual(await storage.orderDocuments.get(company.id, second.id), second)
      // Keeping its own number is no duplicate.
      await storage.transaction((tx) => tx.orderDocuments.update({ ...first, status: 'OPEN' }))
      assert.equal((await storage.orderDocuments.get(company.id, first.id))?.status, 'OPEN')
    })

    it('refuses a second order with the same external id in the company, allows any number without one', async () => {
      const storage = context.storage()
      const { company, customers: [customer] } = await storedCustomers([{}])
      const { company: other, customers: [otherCustomer] } = await storedCustomers([{}])
      const order = (externalId: string | null) => anOrderDocument(company.id, customer!.id, { documentType: 'ORDER', status: 'OPEN', externalId })
      const first = order('shop-4711')
      const second = order('shop-4712')
      const [withoutA, withoutB] = [order(null), order(null)]
      await stored(first, second, withoutA, withoutB, anOrderDocument(other.id, otherCustomer!.id, { externalId: 'shop-4711' }))
      await assert.rejects(stored(order('shop-4711')))
      await assert.rejects(storage.transaction((tx) => tx.orderDocuments.update({ ...second, externalId: 'shop-4711' })))
      await assert.rejects(storage.transaction((tx) => tx.orderDocuments.update({ ...withoutA, externalId: 'shop-4712' })))
      assert.deepEqual(await storage.orderDocuments.findByExternalId(company.id, 'shop-4711'), first)
      assert.deepEqual(await storage.orderDocuments.get(company.id, withoutA.id), withoutA)
      assert.equal((await listed(company.id, { documentType: 'ORDER' })).length, 4)
      await storage.transaction((tx) => tx.orderDocuments.update({ ...first, status: 'COMPLETED' }))
      assert.equal((await storage.orderDocuments.findByExternalId(company.id, 'shop-4711'))?.status, 'COMPLETED')
    })

    it('lists one type by issue date, then number, both descending, with the total before paging', async () => {
      const storage = context.storage()
      const { company, customers: [customer] } = await storedCustomers([{}])
      const at = (issueDate: string, number: string) => anOrderDocument(company.id, customer!.id, { issueDate, number })
      const lowNumber = at('2026-01-05', 'LS-2026-00002')
      const highNumber = at('2026-01-05', 'LS-2026-00010')
      const latestDate = at('2026-01-07', 'LS-2026-00001')
      const draft = at('2026-01-05', 'ENTWURF-zz')
      const quote = anOrderDocument(company.id, customer!.id, { documentType: 'QUOTE', issueDate: '2026-12-31', number: 'AN-2026-00001' })
      await stored(lowNumber, draft, latestDate, quote, highNumber)
      const first = await storage.orderDocuments.list(company.id, { limit: 2, offset: 0, documentType: 'DELIVERY_NOTE' })
      assert.deepEqual([first.items.map((document) => document.id), first.total], [[latestDate.id, highNumber.id], 4])
      const last = await storage.orderDocuments.list(company.id, { limit: 2, offset: 2, documentType: 'DELIVERY_NOTE' })
      assert.deepEqual({ ...last, items: last.items.map((document) => document.id) }, { items: [lowNumber.id, draft.id], total: 4, limit: 2, offset: 2 })
      assert.deepEqual((await storage.orderDocuments.list(company.id, { limit: 2, offset: 4, documentType: 'DELIVERY_NOTE' })).items, [])
      assert.deepEqual(await listed(company.id, { documentType: 'QUOTE' }), [quote.id])
      assert.deepEqual(await listed(company.id, { documentType: 'ORDER' }), [])
    })

    it('filters by status, customer, category, invoice and delivery status, issue date range and validity, alone and combined', async () => {
      const storage = context.storage()
      const { company, customers: [c1, c2], categories: [k1, k2] } = await storedCustomers([{}, {}], 2)
      const { company: other, customers: [otherCustomer] } = await storedCustomers([{}])
      const note = (overrides: Partial<OrderDocument>) => anOrderDocument(company.id, c1!.id, { documentType: 'DELIVERY_NOTE', deliveryStatus: null, ...overrides })
      const confirmation = (overrides: Partial<OrderDocument>) => anOrderDocument(company.id, c1!.id, { documentType: 'ORDER_CONFIRMATION', ...overrides })
      const d1 = note({ status: 'OPEN', documentCategoryId: k1!.id, issueDate: '2026-01-10', invoiceStatus: 'NONE', validUntil: null })
      const d2 = note({ status: 'DELIVERED', customerId: c2!.id, issueDate: '2026-01-20', invoiceStatus: 'PARTIAL', validUntil: '2026-01-25' })
      const d3 = note({ status: 'DELIVERED', documentCategoryId: k2!.id, issueDate: '2026-01-31', invoiceStatus: 'FULL', validUntil: '2026-03-12' })
      const o1 = confirmation({ status: 'OPEN', documentCategoryId: k1!.id, issueDate: '2026-01-11', invoiceStatus: 'NONE', deliveryStatus: 'NONE' })
      const o2 = confirmation({ status: 'OPEN', customerId: c2!.id, issueDate: '2026-01-12', invoiceStatus: 'PARTIAL', deliveryStatus: 'PARTIAL' })
      const o3 = confirmation({ status: 'COMPLETED', issueDate: '2026-01-13', invoiceStatus: 'FULL', deliveryStatus: 'FULL' })
      const elsewhere = anOrderDocument(other.id, otherCustomer!.id, { status: 'DELIVERED', issueDate: '2026-01-20', invoiceStatus: 'PARTIAL' })
      await stored(d1, d2, d3, o1, o2, o3, elsewhere)
      const cases: [Partial<OrderDocumentListQuery>, OrderDocument[]][] = [
        [{}, [d3, d2, d1]],
        [{ documentType: 'ORDER_CONFIRMATION' }, [o3, o2, o1]],
        [{ status: 'DELIVERED' }, [d3, d2]],
        [{ status: 'COMPLETED' }, []],
        [{ documentType: 'ORDER_CONFIRMATION', status: 'OPEN' }, [o2, o1]],
        [{ customerId: c1!.id }, [d3, d1]],
        [{ customerId: otherCustomer!.id }, []],
        [{ documentType: 'ORDER_CONFIRMATION', customerId: c2!.id }, [o2]],
        [{ documentCategoryId: k1!.id }, [d1]],
        [{ documentType: 'ORDER_CONFIRMATION', documentCategoryId: k1!.id }, [o1]],
        [{ invoiceStatus: 'PARTIAL' }, [d2]],
        [{ invoiceStatus: 'FULL' }, [d3]],
        [{ documentType: 'ORDER_CONFIRMATION', deliveryStatus: 'NONE' }, [o1]],
        [{ documentType: 'ORDER_CONFIRMATION', deliveryStatus: 'FULL' }, [o3]],
        [{ deliveryStatus: 'NONE' }, []],
        [{ from: '2026-01-20' }, [d3, d2]],
        [{ to: '2026-01-20' }, [d2, d1]],
        [{ from: '2026-01-11', to: '2026-01-30' }, [d2]],
        [{ validUntilBefore: '2026-03-12' }, [d2]],
        [{ validUntilBefore: '2026-03-13' }, [d3, d2]],
        [{ status: 'DELIVERED', validUntilBefore: '2026-01-25' }, []],
        [{ status: 'DELIVERED', customerId: c1!.id }, [d3]],
        [{ status: 'DELIVERED', from: '2026-01-21' }, [d3]],
        [{ documentType: 'ORDER_CONFIRMATION', customerId: c1!.id, status: 'COMPLETED', invoiceStatus: 'FULL', deliveryStatus: 'FULL', from: '2026-01-13', to: '2026-01-13' }, [o3]],
        [{ documentType: 'ORDER_CONFIRMATION', customerId: c2!.id, deliveryStatus: 'FULL' }, []],
      ]
      for (const [query, expected] of cases) {
        const found = await storage.orderDocuments.list(company.id, { ...page, documentType: 'DELIVERY_NOTE', ...query })
        const label = JSON.stringify(query)
        assert.deepEqual(found.items.map((item) => item.id), expected.map((item) => item.id), label)
        assert.equal(found.total, expected.length, label)
      }
      const paged = await storage.orderDocuments.list(company.id, { limit: 1, offset: 1, documentType: 'DELIVERY_NOTE', status: 'DELIVERED' })
      assert.deepEqual([paged.items.map((item) => item.id), paged.total], [[d2.id], 2])
    })

    it('searches the number and the customer’s current name, ignoring case beyond ASCII, with % and _ taken literally', async () => {
      const storage = context.storage()
      const { company, customers: [umlaut, percent, plain] } = await storedCustomers([
        { name: 'ÄRZTEHAUS Öst', customerNumber: 'KD-ÄRZTE', email: 'arzt@praxis.de' },
        { name: '100% Bio_Laden', customerNumber: 'KD-BIO', email: null },
        { name: 'Plain', customerNumber: 'KD-PLAIN', email: 'kontakt@firma.de' },
      ])
      const { company: other, customers: [namesake] } = await storedCustomers([{ name: 'ÄRZTEHAUS Öst' }])
      const quote = (customer: Customer, number: string, issueDate: string) => anOrderDocument(company.id, customer.id, { documentType: 'QUOTE', number, issueDate })
      const ofUmlaut = quote(umlaut!, 'AN-2026-001', '2026-01-04')
      const ofPercent = quote(percent!, 'AN-2026-002', '2026-01-03')
      const ofPlain = quote(plain!, 'AN-2026-003', '2026-01-02')
      const oddNumber = quote(plain!, 'AN_50%-Ü1', '2026-01-01')
      const noteOfUmlaut = anOrderDocument(company.id, umlaut!.id, { number: 'LS-2026-001' })
      await stored(ofUmlaut, ofPercent, ofPlain, oddNumber, noteOfUmlaut, anOrderDocument(other.id, namesake!.id, { documentType: 'QUOTE', number: 'AN-2026-001' }))
      const ids = (search: string, query: Partial<OrderDocumentListQuery> = {}) => listed(company.id, { documentType: 'QUOTE', ...query, search })
      assert.deepEqual(await ids('ärzte'), [ofUmlaut.id])
      assert.deepEqual(await ids('öST'), [ofUmlaut.id])
      assert.deepEqual(await ids('ärzte', { documentType: 'DELIVERY_NOTE' }), [noteOfUmlaut.id])
      assert.deepEqual(await ids('an-2026'), [ofUmlaut.id, ofPercent.id, ofPlain.id])
      assert.deepEqual(await ids('an-2026-003'), [ofPlain.id])
      assert.deepEqual(await ids('%'), [ofPercent.id, oddNumber.id])
      assert.deepEqual(await ids('_'), [ofPercent.id, oddNumber.id])
      assert.deepEqual(await ids('o_l'), [ofPercent.id])
      assert.deepEqual(await ids('an_50%-ü'), [oddNumber.id])
      assert.deepEqual(await ids('PLAIN'), [ofPlain.id, oddNumber.id])
      // The customer's number and email are not searched, only the name.
      assert.deepEqual(await ids('kd-'), [])
      assert.deepEqual(await ids('firma.de'), [])
      assert.deepEqual(await ids('an-2026', { customerId: percent!.id }), [ofPercent.id])
      const counted = await storage.orderDocuments.list(company.id, { limit: 1, offset: 0, documentType: 'QUOTE', search: 'AN-2026' })
      assert.deepEqual([counted.items.map((item) => item.id), counted.total], [[ofUmlaut.id], 3])
      await storage.transaction((tx) => tx.customers.update({ ...plain!, name: 'Zebra Öl AG' }))
      assert.deepEqual(await ids('plain'), [])
      assert.deepEqual(await ids('zebra öl'), [ofPlain.id, oddNumber.id])
    })

    it('lists and summarises the documents made from a document, oldest first, only in the company', async () => {
      const storage = context.storage()
      const { company, customers: [customer] } = await storedCustomers([{}])
      const made = (from: OrderDocument, documentType: OrderDocument['documentType']) =>
        anOrderDocument(company.id, customer!.id, { documentType, precedingDocument: { documentType: from.documentType, id: from.id } })
      const quote = anOrderDocument(company.id, customer!.id, { documentType: 'QUOTE', precedingDocument: null })
      const confirmation = made(quote, 'ORDER_CONFIRMATION')
      const note = made(quote, 'DELIVERY_NOTE')
      const noteOfConfirmation = made(confirmation, 'DELIVERY_NOTE')
      const unrelated = anOrderDocument(company.id, customer!.id)
      await stored(quote, confirmation, note, noteOfConfirmation, unrelated)
      const derived = await storage.orderDocuments.listDerived(company.id, quote.id)
      assert.deepEqual(derived, [confirmation, note])
      assert.deepEqual(await storage.orderDocuments.listDerived(company.id, confirmation.id), [noteOfConfirmation])
      assert.deepEqual(await storage.orderDocuments.listDerived(company.id, note.id), [])
      const summary = (document: OrderDocument) => ({
        documentType: document.documentType, id: document.id, number: document.number, status: document.status, precedingDocumentId: document.precedingDocument!.id,
      })
      assert.deepEqual(await storage.orderDocuments.summariesDerivedFrom(company.id, [unrelated.precedingDocument!.id, confirmation.id, quote.id]),
        [summary(confirmation), summary(note), summary(noteOfConfirmation), summary(unrelated)])
      assert.deepEqual(await storage.orderDocuments.summariesDerivedFrom(company.id, []), [])
      assert.deepEqual(await storage.transaction((tx) => tx.orderDocuments.listDerived(company.id, quote.id)), [confirmation, note])
    })

    it('tells whether a customer or a category has documents in the company', async () => {
      const storage = context.storage()
      const { company, customers: [used, unused], categories: [usedCategory, unusedCategory] } = await storedCustomers([{}, {}], 2)
      await stored(anOrderDocument(company.id, used!.id, { documentType: 'ORDER', documentCategoryId: usedCategory!.id }))
      assert.equal(await storage.orderDocuments.existsForCustomer(company.id, used!.id), true)
      assert.equal(await storage.orderDocuments.existsForCustomer(company.id, unused!.id), false)
      assert.equal(await storage.orderDocuments.existsForCategory(company.id, usedCategory!.id), true)
      assert.equal(await storage.orderDocuments.existsForCategory(company.id, unusedCategory!.id), false)
      assert.equal(await storage.invoices.existsForCustomer(company.id, used!.id), false, 'an order document is no invoice')
      assert.equal(await storage.transaction((tx) => tx.orderDocuments.existsForCustomer(company.id, used!.id)), true)
    })

    it('rolls back an insert, an update and a delete with the transaction, and reads its own writes inside it', async () => {
      const storage = context.storage()
      const { company, customers: [customer] } = await storedCustomers([{}])
      const kept = anOrderDocument(company.id, customer!.id)
      const removed = anOrderDocument(company.id, customer!.id)
      await stored(kept, removed)
      const created = anOrderDocument(company.id, customer!.id)
      const failure = new Error('boom')
      await assert.rejects(storage.transaction(async (tx) => {
        await tx.orderDocuments.insert(created)
        await tx.orderDocuments.update({ ...kept, status: 'CANCELLED', lines: [anInvoiceLine()] })
        await tx.orderDocuments.delete(company.id, removed.id)
        await tx.audit.append(anAuditEntry(company.id))
        assert.deepEqual(await tx.orderDocuments.get(company.id, created.id), created)
        assert.equal((await tx.orderDocuments.list(company.id, { ...page, documentType: 'DELIVERY_NOTE' })).total, 2)
        throw failure
      }), (error) => error === failure)
      assert.equal(await storage.orderDocuments.get(company.id, created.id), undefined)
      assert.equal(await storage.orderDocuments.findByExternalId(company.id, created.externalId!), undefined)
      assert.deepEqual(await storage.orderDocuments.get(company.id, kept.id), kept)
      assert.deepEqual(await storage.orderDocuments.get(company.id, removed.id), removed)
      assert.equal((await storage.audit.list(company.id, page)).total, 0)
    })

    it('MUST refuse one of two concurrent orders with the same external id', async () => {
      const { company, customers: [customer] } = await storedCustomers([{}])
      const rivals = [0, 1].map(() => anOrderDocument(company.id, customer!.id, { documentType: 'ORDER', status: 'OPEN', externalId: 'shop-1' }))
      const settled = await concurrently(2, (tx, index) => tx.orderDocuments.insert(rivals[index]!))
      assert.deepEqual(settled.map((result) => result.status).sort(), ['fulfilled', 'rejected'])
      const winner = rivals[settled.findIndex((result) => result.status === 'fulfilled')]!
      assert.deepEqual(await context.storage().orderDocuments.findByExternalId(company.id, 'shop-1'), winner)
      assert.deepEqual(await listed(company.id, { documentType: 'ORDER' }), [winner.id])
    })
  })
}
