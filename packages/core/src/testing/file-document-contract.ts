import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import type { Company } from '../companies'
import type { Customer } from '../customers'
import type { FileDocument, FileDocumentLink, FileLinkType } from '../file-documents'
import type { FileDocumentListQuery, Storage, StorageTx } from '../ports/storage'
import { aFileDocument, anInvoice, anOrderDocument, aRecurringSchedule } from './fixtures'

/** What the storage contract hands its document (file) cases: the storage under test and its helpers. */
export interface FileDocumentContractContext {
  storage(): Storage
  storedCustomers(customers: Partial<Customer>[]): Promise<{ company: Company; customers: Customer[] }>
  concurrently<T>(count: number, work: (tx: StorageTx, index: number) => Promise<T>): Promise<PromiseSettledResult<T>[]>
}

const page = { limit: 50, offset: 0 }

/** A document as a direct upload leaves it before its bytes arrive: the empties that must round-trip. */
const bareDocument: Partial<FileDocument> = {
  contentType: 'text/plain', size: 0, sha256: null, status: 'PENDING_UPLOAD', title: null, description: null, category: 'OTHER',
  links: [], uploadedAt: null, createdByKeyId: null,
}

/** An instant of 2026-03-01, `minute` minutes after 10:00, as stored timestamps are. */
const at = (minute: number) => new Date(Date.UTC(2026, 2, 1, 10, minute)).toISOString()

let linkCounter = 0
/** A link to `targetId`, made at `createdAt`. */
const aLink = (type: FileLinkType, targetId: string, overrides: Partial<FileDocumentLink> = {}): FileDocumentLink =>
  ({ id: `fl-contract-${++linkCounter}`, type, targetId, sendWithDocument: false, createdAt: at(0), ...overrides })

/** The values of settled promises; fails unless every one was fulfilled. */
const valuesOf = <T>(results: PromiseSettledResult<T>[]): T[] => results.map((result) => {
  if (result.status === 'rejected') throw result.reason
  return result.value
})

/** The document (file) cases of the storage contract: documents, their links, upload claims, the deletion queue and the signing key. */
export function fileDocumentContract(context: FileDocumentContractContext): void {
  const { storedCustomers, concurrently } = context
  const stored = (...documents: FileDocument[]) =>
    context.storage().transaction(async (tx) => {
      for (const document of documents) await tx.fileDocuments.insert(document)
    })
  /** A stored company with one stored AVAILABLE document. */
  const storedDocument = async (overrides: Partial<FileDocument> = {}) => {
    const { company } = await storedCustomers([])
    const document = aFileDocument(company.id, overrides)
    await stored(document)
    return { company, document }
  }
  const ids = (records: { id: string }[]) => records.map((record) => record.id)
  /** The ids of a list page (AVAILABLE unless the query says otherwise), in list order. */
  const listed = async (companyId: string, query: Partial<FileDocumentListQuery> = {}) =>
    ids((await context.storage().fileDocuments.list(companyId, { ...page, status: 'AVAILABLE', ...query })).items)
  const linksOf = async (companyId: string, id: string) => (await context.storage().fileDocuments.get(companyId, id))?.links
  const inTx = <T>(work: (tx: StorageTx) => Promise<T>) => context.storage().transaction(work)

  describe('documents (files)', () => {
    it('round-trips every field, links in order and nulls, by id and in the list, also inside a transaction', async () => {
      const storage = context.storage()
      const { company, document } = await storedDocument()
      const bare = aFileDocument(company.id, bareDocument)
      await stored(bare)
      assert.deepEqual(await storage.fileDocuments.get(company.id, document.id), document)
      assert.deepEqual(await storage.fileDocuments.get(company.id, bare.id), bare)
      assert.deepEqual(await storage.fileDocuments.list(company.id, { ...page, status: 'AVAILABLE' }), { items: [document], total: 1, limit: 50, offset: 0 })
      assert.deepEqual(await storage.fileDocuments.list(company.id, { ...page, status: 'PENDING_UPLOAD' }), { items: [bare], total: 1, limit: 50, offset: 0 })
      assert.equal(await storage.fileDocuments.get(company.id, 'missing'), undefined)
      assert.deepEqual(await inTx((tx) => tx.fileDocuments.get(company.id, document.id)), document)
      assert.deepEqual(await inTx((tx) => tx.fileDocuments.get(company.id, bare.id)), bare)
      assert.deepEqual((await inTx((tx) => tx.fileDocuments.list(company.id, { ...page, status: 'AVAILABLE' }))).items, [document])
    })

    it('keeps a document’s links in the order they were made, not by their timestamps or ids', async () => {
      const { company } = await storedCustomers([])
      const links = [aLink('ORDER', 'od-z', { id: 'fl-z', createdAt: at(5) }), aLink('CUSTOMER', 'cu-a', { id: 'fl-a', createdAt: at(1) })]
      const document = aFileDocument(company.id, { links })
      await stored(document)
      const later = aLink('QUOTE', 'qu-m', { id: 'fl-m', createdAt: at(0) })
      assert.equal(await inTx((tx) => tx.fileDocuments.insertLinkIfAbsent(company.id, document.id, later)), true)
      assert.deepEqual(await linksOf(company.id, document.id), [...links, later])
      assert.deepEqual((await context.storage().fileDocuments.list(company.id, { ...page, status: 'AVAILABLE' })).items[0]?.links, [...links, later])
    })

    it('hands out copies: changing a returned document changes nothing stored', async () => {
      const storage = context.storage()
      const { company, document } = await storedDocument()
      const read = (await storage.fileDocuments.get(company.id, document.id))!
      read.links.pop()
      read.links[0]!.sendWithDocument = true
      read.title = 'changed'
      assert.deepEqual(await storage.fileDocuments.get(company.id, document.id), document)
    })

    it('replaces the document’s own fields on update, and leaves its links alone', async () => {
      const storage = context.storage()
      const { company, document } = await storedDocument()
      const changed: FileDocument = {
        ...aFileDocument(company.id, { ...bareDocument, status: 'AVAILABLE', fileName: 'Lieferschein Zürich.png', contentType: 'image/png', size: 77, sha256: 'b'.repeat(64) }),
        id: document.id, createdAt: document.createdAt, links: [aLink('CUSTOMER', 'someone-else')],
      }
      await inTx((tx) => tx.fileDocuments.update(changed))
      assert.deepEqual(await storage.fileDocuments.get(company.id, document.id), { ...changed, links: document.links })
      // The search follows the new name.
      assert.deepEqual(await listed(company.id, { search: 'zürich' }), [document.id])
      assert.deepEqual(await listed(company.id, { search: 'müller' }), [])
      assert.deepEqual(await listed(company.id, { link: { type: 'CUSTOMER', targetId: 'someone-else' } }), [])
    })

    it('keeps companies apart: another company’s documents are invisible and untouchable', async () => {
      const storage = context.storage()
      const { company, document } = await storedDocument()
      const { company: other } = await storedCustomers([])
      const [customerLink, invoiceLink] = document.links as [FileDocumentLink, FileDocumentLink]
      assert.equal(await storage.fileDocuments.get(other.id, document.id), undefined)
      assert.deepEqual(await storage.fileDocuments.list(other.id, { ...page, status: 'AVAILABLE' }), { items: [], total: 0, limit: 50, offset: 0 })
      assert.deepEqual(await listed(other.id, { link: { type: 'INVOICE', targetId: invoiceLink.targetId } }), [])
      assert.deepEqual(await listed(other.id, { customerId: customerLink.targetId }), [])
      assert.deepEqual(await storage.fileDocuments.listAttachments(other.id, 'INVOICE', invoiceLink.targetId, 10), [])
      assert.equal(await storage.fileDocuments.storedBytes(other.id), 0)
      const answers = await inTx(async (tx) => {
        await tx.fileDocuments.update({ ...document, companyId: other.id, title: 'taken over' })
        await tx.fileDocuments.deleteLink(other.id, document.id, customerLink.id)
        const linked = await tx.fileDocuments.insertLinkIfAbsent(other.id, document.id, aLink('QUOTE', 'qu-foreign'))
        const claimed = await tx.fileDocuments.claimUpload(other.id, document.id)
        await tx.fileDocuments.delete(other.id, document.id)
        return [linked, claimed]
      })
      assert.deepEqual(answers, [false, false])
      assert.deepEqual(await storage.fileDocuments.get(company.id, document.id), document)
      assert.equal(await storage.fileDocuments.get(other.id, document.id), undefined)
      // The other company's claim took nothing, and its release gives nothing back.
      assert.equal(await inTx((tx) => tx.fileDocuments.claimUpload(company.id, document.id)), true)
      await inTx((tx) => tx.fileDocuments.releaseUpload(other.id, document.id))
      assert.equal(await inTx((tx) => tx.fileDocuments.claimUpload(company.id, document.id)), false)
    })

    it('lists newest created first, then by id descending, with the total before paging', async () => {
      const storage = context.storage()
      const { company } = await storedCustomers([])
      const base = aFileDocument(company.id).id
      const made = (suffix: string, minute: number) => aFileDocument(company.id, { id: `${base}-${suffix}`, createdAt: at(minute) })
      // Stored in an order that is neither the ids' nor the instants'.
      const order = [made('b', 30), made('c', 20), made('a', 20), made('d', 10), made('e', 0)]
      const [b, c, a, d, e] = order as [FileDocument, FileDocument, FileDocument, FileDocument, FileDocument]
      await stored(c, e, a, b, d)
      assert.deepEqual(await listed(company.id), ids(order))
      const second = await storage.fileDocuments.list(company.id, { status: 'AVAILABLE', limit: 2, offset: 1 })
      assert.deepEqual({ ...second, items: ids(second.items) }, { items: ids(order.slice(1, 3)), total: 5, limit: 2, offset: 1 })
      assert.deepEqual(await storage.fileDocuments.list(company.id, { status: 'AVAILABLE', limit: 2, offset: 5 }), { items: [], total: 5, limit: 2, offset: 5 })
    })

    it('filters by status, category, link and creation instant, alone and combined, in list order', async () => {
      const storage = context.storage()
      const { company } = await storedCustomers([])
      const target = { type: 'DELIVERY_NOTE', targetId: 'ls-1' } as const
      const doc = (minute: number, overrides: Partial<FileDocument>) => aFileDocument(company.id, { createdAt: at(minute), links: [], ...overrides })
      const receipt = doc(10, { category: 'RECEIPT', links: [aLink(target.type, target.targetId)] })
      const contract = doc(20, { category: 'CONTRACT', links: [aLink('CUSTOMER', 'cu-1'), aLink(target.type, target.targetId)] })
      const pending = doc(30, { ...bareDocument, createdAt: at(30), category: 'RECEIPT', links: [aLink(target.type, target.targetId)] })
      const otherTarget = doc(40, { category: 'RECEIPT', links: [aLink(target.type, 'ls-2'), aLink('ORDER', target.targetId)] })
      const unlinked = doc(50, { category: 'OTHER' })
      await stored(receipt, contract, pending, otherTarget, unlinked)
      const cases: [Partial<FileDocumentListQuery>, FileDocument[]][] = [
        [{}, [unlinked, otherTarget, contract, receipt]],
        [{ status: 'PENDING_UPLOAD' }, [pending]],
        [{ category: 'RECEIPT' }, [otherTarget, receipt]],
        [{ category: 'CORRESPONDENCE' }, []],
        [{ link: target }, [contract, receipt]],
        [{ link: { type: 'ORDER', targetId: target.targetId } }, [otherTarget]],
        [{ link: { type: 'QUOTE', targetId: target.targetId } }, []],
        [{ link: target, status: 'PENDING_UPLOAD' }, [pending]],
        [{ link: target, category: 'RECEIPT' }, [receipt]],
        [{ createdFrom: at(20) }, [unlinked, otherTarget, contract]],
        [{ createdBefore: at(20) }, [receipt]],
        [{ createdFrom: at(20), createdBefore: at(50) }, [otherTarget, contract]],
        [{ createdFrom: at(11), createdBefore: at(40), category: 'RECEIPT' }, []],
        [{ createdFrom: at(50), createdBefore: at(50) }, []],
      ]
      for (const [query, expected] of cases) {
        const found = await storage.fileDocuments.list(company.id, { ...page, status: 'AVAILABLE', ...query })
        assert.deepEqual([ids(found.items), found.total], [ids(expected), expected.length], JSON.stringify(query))
      }
      const paged = await storage.fileDocuments.list(company.id, { status: 'AVAILABLE', limit: 1, offset: 1, category: 'RECEIPT' })
      assert.deepEqual([ids(paged.items), paged.total], [[receipt.id], 2])
    })

    it('filters by customer: documents linked to it, to its invoices, order documents or schedules, each once, none of other customers', async () => {
      const storage = context.storage()
      const { company, customers: [customer, neighbour] } = await storedCustomers([{}, {}])
      const { company: other, customers: [stranger] } = await storedCustomers([{}])
      const invoice = anInvoice(company.id, customer!.id)
      const quote = anOrderDocument(company.id, customer!.id, { documentType: 'QUOTE' })
      const deliveryNote = anOrderDocument(company.id, customer!.id, { documentType: 'DELIVERY_NOTE' })
      const schedule = aRecurringSchedule(company.id, customer!.id)
      const neighbours = { invoice: anInvoice(company.id, neighbour!.id), order: anOrderDocument(company.id, neighbour!.id, { documentType: 'ORDER' }), schedule: aRecurringSchedule(company.id, neighbour!.id) }
      await inTx(async (tx) => {
        for (const each of [invoice, neighbours.invoice]) await tx.invoices.insert(each)
        for (const each of [quote, deliveryNote, neighbours.order]) await tx.orderDocuments.insert(each)
        for (const each of [schedule, neighbours.schedule]) await tx.recurringSchedules.insert(each)
      })
      const doc = (minute: number, links: FileDocumentLink[], overrides: Partial<FileDocument> = {}) =>
        aFileDocument(company.id, { createdAt: at(minute), links, ...overrides })
      const ofCustomer = doc(1, [aLink('CUSTOMER', customer!.id)])
      const ofInvoice = doc(2, [aLink('INVOICE', invoice.id)])
      const ofQuote = doc(3, [aLink('QUOTE', quote.id)])
      const ofDeliveryNote = doc(4, [aLink('DELIVERY_NOTE', deliveryNote.id)])
      const ofSchedule = doc(5, [aLink('RECURRING_SCHEDULE', schedule.id)])
      const ofAll = doc(6, [aLink('CUSTOMER', customer!.id), aLink('INVOICE', invoice.id), aLink('QUOTE', quote.id), aLink('RECURRING_SCHEDULE', schedule.id)])
      const ofNeighbour = doc(7, [aLink('CUSTOMER', neighbour!.id), aLink('INVOICE', neighbours.invoice.id), aLink('ORDER', neighbours.order.id), aLink('RECURRING_SCHEDULE', neighbours.schedule.id)])
      const unlinked = doc(8, [])
      const pending = doc(9, [aLink('CUSTOMER', customer!.id)], { status: 'PENDING_UPLOAD' })
      await stored(ofCustomer, ofInvoice, ofQuote, ofDeliveryNote, ofSchedule, ofAll, ofNeighbour, unlinked, pending)
      // Another company's document linked to the customer's id, as a forged link would be.
      await stored(aFileDocument(other.id, { createdAt: at(10), links: [aLink('CUSTOMER', customer!.id)] }))
      const mine = [ofAll, ofSchedule, ofDeliveryNote, ofQuote, ofInvoice, ofCustomer]
      const found = await storage.fileDocuments.list(company.id, { ...page, status: 'AVAILABLE', customerId: customer!.id })
      assert.deepEqual([ids(found.items), found.total], [ids(mine), 6])
      assert.deepEqual(found.items, mine, 'documents come whole, with all their links')
      assert.deepEqual(await listed(company.id, { customerId: neighbour!.id }), [ofNeighbour.id])
      assert.deepEqual(await listed(company.id, { customerId: stranger!.id }), [])
      assert.deepEqual(await listed(company.id, { customerId: customer!.id, status: 'PENDING_UPLOAD' }), [pending.id])
      assert.deepEqual(await listed(company.id, { customerId: customer!.id, link: { type: 'QUOTE', targetId: quote.id } }), [ofAll.id, ofQuote.id])
      assert.deepEqual(await listed(company.id, { customerId: customer!.id, createdBefore: at(3) }), [ofInvoice.id, ofCustomer.id])
      const paged = await storage.fileDocuments.list(company.id, { status: 'AVAILABLE', limit: 2, offset: 2, customerId: customer!.id })
      assert.deepEqual([ids(paged.items), paged.total], [ids(mine.slice(2, 4)), 6])
    })

    it('searches the file name and the title, ignoring case beyond ASCII, with % and _ taken literally', async () => {
      const { company } = await storedCustomers([])
      const { company: other } = await storedCustomers([])
      const doc = (minute: number, fileName: string, title: string | null, description: string | null = null) =>
        aFileDocument(company.id, { createdAt: at(minute), fileName, title, description })
      const umlaut = doc(1, 'ÄRZTEHAUS_Öst 100%.pdf', null)
      const titled = doc(2, 'scan-0001.pdf', 'Überweisung Grüße')
      const plain = doc(3, 'notes.txt', 'Plain', 'ärztehaus überweisung in the description only')
      await stored(umlaut, titled, plain, aFileDocument(other.id, { fileName: 'ÄRZTEHAUS_Öst 100%.pdf' }))
      const search = (text: string, query: Partial<FileDocumentListQuery> = {}) => listed(company.id, { ...query, search: text })
      assert.deepEqual(await search('ärztehaus'), [umlaut.id])
      assert.deepEqual(await search('öST'), [umlaut.id])
      assert.deepEqual(await search('ÜBERWEISUNG'), [titled.id])
      assert.deepEqual(await search('grüsse'), [])
      assert.deepEqual(await search('.PDF'), [titled.id, umlaut.id])
      assert.deepEqual(await search('%'), [umlaut.id])
      assert.deepEqual(await search('_'), [umlaut.id])
      assert.deepEqual(await search('s_ö'), [umlaut.id])
      assert.deepEqual(await search('0%.'), [umlaut.id])
      assert.deepEqual(await search('1%'), [])
      assert.deepEqual(await search('s%'), [])
      // No match across the end of the name into the title.
      assert.deepEqual(await search('pdfüber'), [])
      assert.deepEqual(await search('pdf über'), [])
      assert.deepEqual(await search('pdf', { createdFrom: at(2) }), [titled.id])
      const counted = await context.storage().fileDocuments.list(company.id, { status: 'AVAILABLE', limit: 1, offset: 0, search: 'PDF' })
      assert.deepEqual([ids(counted.items), counted.total], [[titled.id], 2])
    })

    it('lists the attachments of a record: AVAILABLE documents with a sendWithDocument link to it, in link order, up to the limit', async () => {
      const storage = context.storage()
      const { company } = await storedCustomers([])
      const { company: other } = await storedCustomers([])
      const target = 'in-target'
      const send = (id: string, createdAt: string, type: FileLinkType = 'INVOICE', targetId = target) => aLink(type, targetId, { id, createdAt, sendWithDocument: true })
      const doc = (minute: number, links: FileDocumentLink[], overrides: Partial<FileDocument> = {}) => aFileDocument(company.id, { createdAt: at(minute), links, ...overrides })
      // Documents made in the opposite order of their links: the links' order counts.
      const third = doc(1, [aLink('CUSTOMER', 'cu-x'), send('fl-3', at(30))])
      const second = doc(2, [send('fl-2b', at(20))])
      const first = doc(3, [send('fl-2a', at(20))])
      const notSent = doc(4, [aLink('INVOICE', target, { createdAt: at(10) })])
      const pending = doc(5, [send('fl-p', at(10))], { status: 'PENDING_UPLOAD' })
      const otherRecord = doc(6, [send('fl-o', at(10), 'INVOICE', 'in-other')])
      const otherType = doc(7, [send('fl-t', at(10), 'QUOTE')])
      await stored(third, second, first, notSent, pending, otherRecord, otherType)
      await stored(aFileDocument(other.id, { links: [send('fl-x', at(5))] }))
      assert.deepEqual(await storage.fileDocuments.listAttachments(company.id, 'INVOICE', target, 10), [first, second, third])
      assert.deepEqual(ids(await storage.fileDocuments.listAttachments(company.id, 'INVOICE', target, 2)), [first.id, second.id])
      assert.deepEqual(ids(await storage.fileDocuments.listAttachments(company.id, 'QUOTE', target, 10)), [otherType.id])
      assert.deepEqual(await storage.fileDocuments.listAttachments(company.id, 'INVOICE', 'in-none', 10), [])
      // A link added later comes last.
      await inTx((tx) => tx.fileDocuments.insertLinkIfAbsent(company.id, otherRecord.id, send('fl-later', at(40))))
      assert.deepEqual(ids(await inTx((tx) => tx.fileDocuments.listAttachments(company.id, 'INVOICE', target, 10))), [first.id, second.id, third.id, otherRecord.id])
    })

    it('sums the stored bytes of a company, pending uploads included', async () => {
      const storage = context.storage()
      const { company } = await storedCustomers([])
      const { company: other } = await storedCustomers([])
      const { company: empty } = await storedCustomers([])
      const removed = aFileDocument(company.id, { size: 4_000_000_000 })
      await stored(aFileDocument(company.id, { size: 100 }), aFileDocument(company.id, { ...bareDocument, size: 250 }), removed, aFileDocument(other.id, { size: 1000 }))
      assert.equal(await storage.fileDocuments.storedBytes(company.id), 4_000_000_350)
      assert.equal(await storage.fileDocuments.storedBytes(other.id), 1000)
      assert.equal(await storage.fileDocuments.storedBytes(empty.id), 0)
      await inTx((tx) => tx.fileDocuments.delete(company.id, removed.id))
      assert.equal(await inTx((tx) => tx.fileDocuments.storedBytes(company.id)), 350)
    })

    it('lists the pending uploads of every company created before an instant, oldest first, up to the limit', async () => {
      const storage = context.storage()
      const { company } = await storedCustomers([])
      const { company: other } = await storedCustomers([])
      const pending = (companyId: string, minute: number) => aFileDocument(companyId, { ...bareDocument, createdAt: at(minute) })
      const later = pending(company.id, 20)
      const earlier = pending(other.id, 10)
      const sameInstant = pending(company.id, 20)
      await stored(later, pending(company.id, 30), earlier, sameInstant, pending(other.id, 31), aFileDocument(company.id, { createdAt: at(1) }))
      assert.deepEqual(await storage.fileDocuments.listPendingCreatedBefore(at(30), 10), [earlier, later, sameInstant])
      assert.deepEqual(ids(await storage.fileDocuments.listPendingCreatedBefore(at(30), 2)), [earlier.id, later.id])
      assert.deepEqual(await storage.fileDocuments.listPendingCreatedBefore(at(10), 10), [])
    })

    it('adds a link unless the document has one to the same record, and deletes a link by id', async () => {
      const storage = context.storage()
      const { company, document } = await storedDocument()
      const { document: neighbour } = await storedDocument()
      const [customerLink, invoiceLink] = document.links as [FileDocumentLink, FileDocumentLink]
      const added = aLink('INVOICE', 'in-new', { sendWithDocument: true, createdAt: at(50) })
      const answers = await inTx(async (tx) => [
        await tx.fileDocuments.insertLinkIfAbsent(company.id, document.id, added),
        await tx.fileDocuments.insertLinkIfAbsent(company.id, document.id, aLink('INVOICE', 'in-new', { sendWithDocument: false })),
        await tx.fileDocuments.insertLinkIfAbsent(company.id, document.id, aLink('INVOICE', customerLink.targetId)),
        await tx.fileDocuments.insertLinkIfAbsent(company.id, document.id, aLink('CUSTOMER', customerLink.targetId)),
        await tx.fileDocuments.insertLinkIfAbsent(neighbour.companyId, neighbour.id, aLink('INVOICE', 'in-new')),
      ])
      assert.deepEqual(answers, [true, false, true, false, true])
      const links = (await linksOf(company.id, document.id))!
      assert.deepEqual(links.slice(0, 3), [customerLink, invoiceLink, added])
      assert.equal(links.length, 4)
      await inTx(async (tx) => {
        await tx.fileDocuments.deleteLink(company.id, document.id, invoiceLink.id)
        await tx.fileDocuments.deleteLink(company.id, document.id, 'missing-link')
        // Another document's link is not this document's to delete.
        await tx.fileDocuments.deleteLink(company.id, document.id, (await tx.fileDocuments.get(neighbour.companyId, neighbour.id))!.links[2]!.id)
      })
      assert.deepEqual((await linksOf(company.id, document.id))!.slice(0, 2), [customerLink, added])
      assert.equal((await linksOf(neighbour.companyId, neighbour.id))!.length, 3)
      assert.deepEqual(await listed(company.id, { link: { type: 'INVOICE', targetId: invoiceLink.targetId } }), [])
      // Its record is free again.
      assert.equal(await inTx((tx) => tx.fileDocuments.insertLinkIfAbsent(company.id, document.id, { ...invoiceLink, id: 'fl-again' })), true)
      assert.deepEqual(await storage.fileDocuments.list(company.id, { ...page, status: 'AVAILABLE', link: { type: 'INVOICE', targetId: invoiceLink.targetId } }),
        { items: [(await storage.fileDocuments.get(company.id, document.id))!], total: 1, limit: 50, offset: 0 })
    })

    it('deletes a document with its links, only in its company', async () => {
      const storage = context.storage()
      const { company, document } = await storedDocument()
      const kept = aFileDocument(company.id, { links: document.links.map((link) => ({ ...link, id: `${link.id}-kept` })) })
      await stored(kept)
      const invoiceLink = document.links[1]!
      await inTx((tx) => tx.fileDocuments.delete(company.id, document.id))
      assert.equal(await storage.fileDocuments.get(company.id, document.id), undefined)
      assert.deepEqual(await listed(company.id), [kept.id])
      assert.deepEqual(await listed(company.id, { link: { type: 'INVOICE', targetId: invoiceLink.targetId } }), [kept.id])
      assert.deepEqual(ids(await storage.fileDocuments.listAttachments(company.id, 'INVOICE', invoiceLink.targetId, 10)), [kept.id])
      assert.deepEqual(await storage.fileDocuments.get(company.id, kept.id), kept)
      // Stored again under the same id, it has none of its old links, and they can be made again.
      await stored({ ...document, links: [] })
      assert.deepEqual(await linksOf(company.id, document.id), [])
      assert.equal(await inTx((tx) => tx.fileDocuments.insertLinkIfAbsent(company.id, document.id, invoiceLink)), true)
    })

    it('gives the upload right to one claim until it is released; updates keep it', async () => {
      const storage = context.storage()
      const { company, document } = await storedDocument(bareDocument)
      const claim = () => inTx((tx) => tx.fileDocuments.claimUpload(company.id, document.id))
      assert.equal(await claim(), true)
      assert.equal(await claim(), false)
      assert.deepEqual(await storage.fileDocuments.get(company.id, document.id), document, 'the claim is no field of the document')
      await inTx((tx) => tx.fileDocuments.releaseUpload(company.id, document.id))
      assert.equal(await claim(), true)
      await inTx((tx) => tx.fileDocuments.update({ ...document, status: 'AVAILABLE', uploadedAt: at(9), sha256: 'c'.repeat(64) }))
      assert.equal(await claim(), false)
      assert.equal(await inTx((tx) => tx.fileDocuments.claimUpload(company.id, 'missing')), false)
    })

    it('queues file deletions once per key, oldest first up to the limit, until removed', async () => {
      const storage = context.storage()
      await inTx(async (tx) => {
        await tx.fileDocuments.enqueueFileDeletion('co/k1', at(20))
        await tx.fileDocuments.enqueueFileDeletion('co/k2', at(10))
        await tx.fileDocuments.enqueueFileDeletion('co/k3', at(30))
        await tx.fileDocuments.enqueueFileDeletion('co/k5', at(40))
        await tx.fileDocuments.enqueueFileDeletion('co/k4', at(40))
      })
      // Noted again, due earlier: the key keeps its first entry.
      await inTx((tx) => tx.fileDocuments.enqueueFileDeletion('co/k1', at(0)))
      assert.deepEqual(await storage.fileDocuments.listFileDeletions(at(40), 10), ['co/k2', 'co/k1', 'co/k3', 'co/k5', 'co/k4'])
      assert.deepEqual(await storage.fileDocuments.listFileDeletions(at(40), 2), ['co/k2', 'co/k1'])
      // Only those due by then: the key noted again earlier is still due at its first instant.
      assert.deepEqual(await storage.fileDocuments.listFileDeletions(at(30), 10), ['co/k2', 'co/k1', 'co/k3'])
      assert.deepEqual(await storage.fileDocuments.listFileDeletions(at(19), 10), ['co/k2'])
      assert.deepEqual(await storage.fileDocuments.listFileDeletions(at(9), 10), [])
      await inTx(async (tx) => {
        await tx.fileDocuments.removeFileDeletion('co/k1')
        await tx.fileDocuments.removeFileDeletion('co/missing')
      })
      assert.deepEqual(await inTx((tx) => tx.fileDocuments.listFileDeletions(at(40), 10)), ['co/k2', 'co/k3', 'co/k5', 'co/k4'])
    })

    it('keeps the first upload signing key stored', async () => {
      assert.equal(await inTx((tx) => tx.fileDocuments.uploadSigningKey('first-secret')), 'first-secret')
      assert.equal(await inTx((tx) => tx.fileDocuments.uploadSigningKey('second-secret')), 'first-secret')
    })

    it('rolls back every document write with the transaction, and reads its own writes inside it', async () => {
      const storage = context.storage()
      const { company, document: kept } = await storedDocument(bareDocument)
      const removed = aFileDocument(company.id)
      await stored(removed)
      const created = aFileDocument(company.id)
      const link = aLink('CUSTOMER', 'cu-rolled-back', { sendWithDocument: true })
      const failure = new Error('boom')
      await assert.rejects(inTx(async (tx) => {
        await tx.fileDocuments.insert(created)
        assert.equal(await tx.fileDocuments.insertLinkIfAbsent(company.id, kept.id, link), true)
        await tx.fileDocuments.deleteLink(company.id, removed.id, removed.links[0]!.id)
        await tx.fileDocuments.update({ ...kept, title: 'changed', status: 'AVAILABLE' })
        await tx.fileDocuments.delete(company.id, removed.id)
        assert.equal(await tx.fileDocuments.claimUpload(company.id, kept.id), true)
        await tx.fileDocuments.enqueueFileDeletion('co/rolled-back', at(1))
        assert.equal(await tx.fileDocuments.uploadSigningKey('rolled-back'), 'rolled-back')
        assert.deepEqual(await tx.fileDocuments.get(company.id, created.id), created)
        assert.deepEqual(ids((await tx.fileDocuments.list(company.id, { ...page, status: 'AVAILABLE', link: { type: 'CUSTOMER', targetId: 'cu-rolled-back' } })).items), [kept.id])
        assert.equal(await tx.fileDocuments.get(company.id, removed.id), undefined)
        assert.deepEqual(await tx.fileDocuments.listFileDeletions(at(1), 10), ['co/rolled-back'])
        throw failure
      }), (error) => error === failure)
      assert.equal(await storage.fileDocuments.get(company.id, created.id), undefined)
      assert.deepEqual(await storage.fileDocuments.get(company.id, kept.id), kept)
      assert.deepEqual(await storage.fileDocuments.get(company.id, removed.id), removed)
      assert.equal(await storage.fileDocuments.storedBytes(company.id), kept.size + removed.size)
      assert.deepEqual(await storage.fileDocuments.listFileDeletions(at(1), 10), [])
      assert.equal(await inTx((tx) => tx.fileDocuments.claimUpload(company.id, kept.id)), true)
      assert.equal(await inTx((tx) => tx.fileDocuments.uploadSigningKey('kept')), 'kept')
    })

    it('MUST let exactly one of concurrent transactions add the same link', async () => {
      const { company, document } = await storedDocument({ links: [] })
      const rivals = Array.from({ length: 10 }, (_, index) => aLink('ORDER_CONFIRMATION', 'ab-1', { sendWithDocument: index % 2 === 0 }))
      const answers = valuesOf(await concurrently(10, (tx, index) => tx.fileDocuments.insertLinkIfAbsent(company.id, document.id, rivals[index]!)))
      assert.equal(answers.filter(Boolean).length, 1, `answers: ${answers.join(', ')}`)
      assert.deepEqual(await linksOf(company.id, document.id), [rivals[answers.indexOf(true)]])
    })

    it('MUST give the upload right to exactly one of concurrent claims', async () => {
      const { company, document } = await storedDocument(bareDocument)
      const answers = valuesOf(await concurrently(10, (tx) => tx.fileDocuments.claimUpload(company.id, document.id)))
      assert.equal(answers.filter(Boolean).length, 1, `answers: ${answers.join(', ')}`)
    })

    it('MUST answer concurrent callers the same upload signing key', async () => {
      const candidates = Array.from({ length: 10 }, (_, index) => `candidate-${index}`)
      const keys = valuesOf(await concurrently(10, (tx, index) => tx.fileDocuments.uploadSigningKey(candidates[index]!)))
      assert.equal(new Set(keys).size, 1, `keys: ${keys.join(', ')}`)
      assert.ok(candidates.includes(keys[0]!))
      assert.equal(await inTx((tx) => tx.fileDocuments.uploadSigningKey('late')), keys[0])
    })
  })
}
