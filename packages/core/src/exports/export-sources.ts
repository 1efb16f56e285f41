import type { Customer } from '../customers'
import type { Invoice, InvoiceStatus, InvoiceType } from '../invoices'
import type { OrderDocument, OrderDocumentStatus, OrderDocumentType } from '../order-documents'
import type { Payment } from '../payments'
import type { StorageReader } from '../ports/storage'
import { addDays, type CalendarDate } from '../shared/calendar-date'
import { MAX_PAGE_SIZE, type Page, type PageRequest } from '../shared/pagination'

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
  /** Read each document's payments too (one more read per document). */
  withPayments?: boolean | undefined
}

/**
 * Invoices, credit notes or proformas of the selection by issueDate, then number, with their
 * customer (and payments when asked for).
 */
export async function* invoiceRecords(reader: Reader, companyId: string, selection: InvoiceSelection): AsyncGenerator<InvoiceRecord> {
  const { from, to, invoiceTypes, status, withPayments = false } = selection
  // The list filters one type or all: with several types asked for, the rest is filtered here.
  const documentType = invoiceTypes.length === 1 ? invoiceTypes[0] : undefined
  const invoices = documentsByDay(from, to, (day, page) => reader.invoices.list(companyId, { ...page, from: day, to: day, status, documentType }))
  for await (const { document: invoice, customer } of withCustomers(reader, companyId, invoices)) {
    if (!invoiceTypes.includes(invoice.documentType)) continue
    yield { invoice, customer, payments: withPayments ? await reader.payments.listByInvoice(companyId, invoice.id) : [] }
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

const byPaymentOrder = (a: PaymentRecord, b: PaymentRecord): number =>
  a.payment.paymentDate < b.payment.paymentDate ? -1 : a.payment.paymentDate > b.payment.paymentDate ? 1
    : byNumber({ number: a.invoiceNumber, id: a.payment.createdAt + a.payment.id }, { number: b.invoiceNumber, id: b.payment.createdAt + b.payment.id })

/**
 * Payments with a paymentDate in [from, to], by paymentDate, then document number, then when
 * recorded. The payments port lists per document only, so every document is asked for its
 * payments (drafts take none; a payment may predate its document's issueDate, e.g. one moved
 * from a proforma); the period's payments are held to be ordered.
 */
export async function* paymentRecords(reader: Reader, companyId: string, from: CalendarDate, to: CalendarDate): AsyncGenerator<PaymentRecord> {
  const inPeriod: PaymentRecord[] = []
  for await (const invoice of allPages((page) => reader.invoices.list(companyId, page))) {
    if (invoice.status === 'DRAFT') continue
    for (const payment of await reader.payments.listByInvoice(companyId, invoice.id)) {
      if (payment.paymentDate >= from && payment.paymentDate <= to) inPeriod.push({ payment, invoice, invoiceNumber: invoice.number })
    }
  }
  yield* inPeriod.sort(byPaymentOrder)
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
