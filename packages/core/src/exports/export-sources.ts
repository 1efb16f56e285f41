import type { Customer } from '../customers'
import type { Invoice, InvoiceStatus, InvoiceType } from '../invoices'
import type { OrderDocument, OrderDocumentStatus, OrderDocumentType } from '../order-documents'
import type { Payment } from '../payments'
import { LRUCache } from 'lru-cache'
import type { IssueDateCursor, PaymentDateCursor, StorageReader } from '../ports/storage'
import { addDays, type CalendarDate } from '../shared/calendar-date'
import { MAX_PAGE_SIZE, type Page, type PageRequest, type WalkPage } from '../shared/pagination'

/*
 * The records of an export in the order of the file, read page by page: memory holds one page
 * (documents: one day's documents, to order them by number) and never the whole period.
 */

type Reader = Pick<StorageReader, 'invoices' | 'orderDocuments' | 'payments' | 'customers'>

/** Every item of a paged list, one page in memory at a time. */
async function* allPages<T>(list: (page: PageRequest) => Promise<Page<T>>): AsyncGenerator<T> {
  for (let offset = 0; ; offset += MAX_PAGE_SIZE) {
    const page = await list({ limit: MAX_PAGE_SIZE, offset })
    yield* page.items
    if (page.items.length < MAX_PAGE_SIZE || offset + page.items.length >= page.total) return
  }
}

/** By number, then id: the order of documents of one day. Plain code-unit order, the same on every machine. */
const byNumber = (a: { number: string; id: string }, b: { number: string; id: string }): number =>
  a.number < b.number ? -1 : a.number > b.number ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0

/**
 * The documents of [from, to] by issueDate, then number. The lists sort by date descending,
 * so the period is read one day at a time; a day's pages are kept by id (a document that moves
 * between pages while they are read appears once) and ordered by number.
 */
async function* documentsByDay<D extends { id: string; number: string }>(
  from: CalendarDate, to: CalendarDate, listDay: (day: CalendarDate, page: PageRequest) => Promise<Page<D>>,
): AsyncGenerator<D> {
  for (let day = from; day <= to; day = addDays(day, 1)) {
    const ofDay = new Map<string, D>()
    for await (const document of allPages((page) => listDay(day, page))) ofDay.set(document.id, document)
    yield* [...ofDay.values()].sort(byNumber)
  }
}

/**
 * Each document with its customer, looked up once per day of documents (a day's documents
 * share few customers; the lookups of one day are all that is kept).
 */
async function* withCustomers<D extends { issueDate: CalendarDate; customerId: string }>(
  reader: Reader, companyId: string, documents: AsyncGenerator<D>,
): AsyncGenerator<{ document: D; customer: Customer | undefined }> {
  let day = ''
  let customers = new Map<string, Customer | undefined>()
  for await (const document of documents) {
    if (document.issueDate !== day) {
      day = document.issueDate
      customers = new Map()
    }
    if (!customers.has(document.customerId)) customers.set(document.customerId, await reader.customers.get(companyId, document.customerId))
    yield { document, customer: customers.get(document.customerId) }
  }
}

export interface InvoiceRecord {
  invoice: Invoice
  customer: Customer | undefined
  /** Empty unless asked for (`withPayments`). */
  payments: Payment[]
}

export interface InvoiceSelection {
  /** issueDate from, included. */
  from: CalendarDate
  /** issueDate to, included. */
  to: CalendarDate
  invoiceTypes: readonly InvoiceType[]
  /** One status, or all. */
  status?: InvoiceStatus | undefined
  /** Read the documents' payments too (one more read per stretch). */
  withPayments?: boolean | undefined
}

/** Documents read per stretch of a walk. */
const STRETCH = 250

/** Every item of a keyset walk, one stretch in memory at a time. */
async function* walkOf<T, C>(walk: (after: C | null) => Promise<WalkPage<T, C>>): AsyncGenerator<T[]> {
  let after: C | null = null
  for (;;) {
    const stretch: WalkPage<T, C> = await walk(after)
    if (stretch.items.length > 0) yield stretch.items
    if (stretch.next === null) return
    after = stretch.next
  }
}

/**
 * Customers by id, read once and kept while they are used: the documents of a period share
 * their customers. At most `max` are kept, so memory stays bounded for any number of customers.
 */
function customerLookup(reader: Reader, companyId: string, max = 5000) {
  const known = new LRUCache<string, { customer: Customer | undefined }>({ max })
  return async (id: string): Promise<Customer | undefined> => {
    let found = known.get(id)
    if (!found) {
      found = { customer: await reader.customers.get(companyId, id) }
      known.set(id, found)
    }
    return found.customer
  }
}

/**
 * Invoices, credit notes or proformas of the selection by issueDate, then number, with their
 * customer (and payments when asked for), read in stretches of a keyset walk.
 */
export async function* invoiceRecords(reader: Reader, companyId: string, selection: InvoiceSelection): AsyncGenerator<InvoiceRecord> {
  const { from, to, invoiceTypes, status, withPayments = false } = selection
  const customerOf = customerLookup(reader, companyId)
  const stretches = walkOf<Invoice, IssueDateCursor>((after) =>
    reader.invoices.walkByIssueDate(companyId, { from, to, documentTypes: invoiceTypes, status, after, limit: STRETCH }))
  for await (const invoices of stretches) {
    const payments = new Map<string, Payment[]>()
    if (withPayments) {
      for (const payment of await reader.payments.listByInvoices(companyId, invoices.map((invoice) => invoice.id))) {
        payments.set(payment.invoiceId, [...payments.get(payment.invoiceId) ?? [], payment])
      }
    }
    for (const invoice of invoices) yield { invoice, customer: await customerOf(invoice.customerId), payments: payments.get(invoice.id) ?? [] }
  }
}

/** The statuses of a document the accounting exports book: issued and not a draft. */
const BOOKED_STATUSES: readonly InvoiceStatus[] = ['FINAL', 'SENT', 'PAID', 'OVERDUE', 'CANCELLED']

/**
 * The documents DATEV, BMD and UStVA book: invoices and credit notes (cancellations included)
 * that hold an issued number and are not drafts, issueDate in [from, to], by issueDate, then
 * number. A cancelled invoice stays in its own period; proformas never appear.
 */
export async function* bookedDocumentRecords(
  reader: Reader, companyId: string, selection: { from: CalendarDate; to: CalendarDate; documentTypes: readonly ('INVOICE' | 'CREDIT_NOTE')[]; withPayments?: boolean },
): AsyncGenerator<InvoiceRecord> {
  for await (const record of invoiceRecords(reader, companyId, { ...selection, invoiceTypes: selection.documentTypes })) {
    if (record.invoice.numberIssued && BOOKED_STATUSES.includes(record.invoice.status)) yield record
  }
}

export interface OrderDocumentRecord {
  document: OrderDocument
  customer: Customer | undefined
}

export interface OrderDocumentSelection {
  documentType: OrderDocumentType
  from: CalendarDate
  to: CalendarDate
  status: OrderDocumentStatus | undefined
}

export async function* orderDocumentRecords(reader: Reader, companyId: string, selection: OrderDocumentSelection): AsyncGenerator<OrderDocumentRecord> {
  const { documentType, from, to, status } = selection
  const documents = documentsByDay(from, to, (day, page) => reader.orderDocuments.list(companyId, { ...page, documentType, status, from: day, to: day }))
  yield* withCustomers(reader, companyId, documents)
}

export interface PaymentRecord {
  payment: Payment
  /** The document the payment was recorded on. */
  invoice: Invoice
  invoiceNumber: string
}

/**
 * Payments with a paymentDate in [from, to], by paymentDate, then when recorded, each with its
 * document (read once and kept while its payments follow).
 */
export async function* paymentRecords(reader: Reader, companyId: string, from: CalendarDate, to: CalendarDate): AsyncGenerator<PaymentRecord> {
  const documents = new LRUCache<string, { invoice: Invoice | undefined }>({ max: 5000 })
  const stretches = walkOf<Payment, PaymentDateCursor>((after) => reader.payments.walkByPaymentDate(companyId, { from, to, after, limit: STRETCH }))
  for await (const payments of stretches) {
    for (const payment of payments) {
      let found = documents.get(payment.invoiceId)
      if (!found) {
        found = { invoice: await reader.invoices.get(companyId, payment.invoiceId) }
        documents.set(payment.invoiceId, found)
      }
      if (found.invoice) yield { payment, invoice: found.invoice, invoiceNumber: found.invoice.number }
    }
  }
}

/** The company's customers in the order of the customer list (newest first), each once. */
export async function* customerRecords(reader: Reader, companyId: string): AsyncGenerator<Customer> {
  const seen = new Set<string>()
  for await (const customer of allPages((page) => reader.customers.list(companyId, page))) {
    if (seen.has(customer.id)) continue
    seen.add(customer.id)
    yield customer
  }
}
