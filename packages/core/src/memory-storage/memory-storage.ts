import type { ApiKey } from '../access'
import type { AuditEntry } from '../audit'
import type { DocumentCategory } from '../categories'
import type { Company } from '../companies'
import type { Customer } from '../customers'
import type { DomainEvent } from '../events'
import type { IdempotencyRecord } from '../idempotency'
import type { Invoice } from '../invoices'
import type { Reminder } from '../dunning'
import type { Payment } from '../payments'
import type { Product } from '../products'
import type {
  AuditLog, ClaimsDue, DocumentVersionRepository, EventOutbox, IdempotencyRepository, InvoiceListQuery, InvoiceRepository, ListQuery,
  PaymentRepository, ReminderRepository, SendReservationRepository, Storage, StorageReader, StorageTx, UsageCounts, WebhookDeliveryRepository,
  WebhookEndpointRepository,
} from '../ports/storage'
import type { SendReservation } from '../sending'
import type { DocumentVersion } from '../versions'
import type { WebhookAttempt, WebhookDelivery, WebhookEndpoint } from '../webhooks'
import type { Page } from '../shared/pagination'
import { foldForSearch, searchTextOf } from '../shared/search'
import { compareText, createTable, walkStretch, newestFirst, sliceOf, type Row, type Table } from './memory-table'
import { orderDocumentRecords } from './order-document-records'
import { recurringScheduleRecords } from './recurring-schedule-records'
import { fileDocumentRecords, type StoredFileDocument } from './file-document-records'
import { blogRecords } from './blog-records'
import { exportRecords } from './export-records'
import type { Export } from '../exports'
import type { BlogCategory, BlogMedia, BlogPost, BlogTag } from '../blog'
import type { RecurringOccurrence, RecurringSchedule } from '../recurring-schedules'
import type { OrderDocument } from '../order-documents'

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
    invoices: createTable<Invoice>(),
    orderDocuments: createTable<OrderDocument>(),
    recurringSchedules: createTable<RecurringSchedule>(),
    recurringOccurrences: createTable<RecurringOccurrence>(),
    documentCategories: createTable<DocumentCategory>(),
    fileDocuments: createTable<StoredFileDocument>(),
    exports: createTable<Export>(),
    exportedRecords: createTable<string[]>(),
    fileDeletions: createTable<{ key: string; at: string }>(),
    hostSecrets: createTable<string>(),
    idempotency: createTable<IdempotencyRecord>(),
    events: createTable<DomainEvent & { dispatchedAt?: string }>(),
    audit: createTable<AuditEntry>(),
    documentVersions: createTable<DocumentVersion>(),
    sendReservations: createTable<SendReservation>(),
    payments: createTable<Payment>(),
    webhookEndpoints: createTable<WebhookEndpoint>(),
    webhookDeliveries: createTable<WebhookDelivery>(),
    webhookAttempts: createTable<WebhookAttempt>(),
    reminders: createTable<Reminder>(),
    blogPosts: createTable<BlogPost>(),
    blogCategories: createTable<BlogCategory>(),
    blogTags: createTable<BlogTag>(),
    blogMedia: createTable<BlogMedia>(),
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

  const transaction = <T>(work: (tx: StorageTx) => Promise<T>) =>
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
    })
  const claimDeliveries = claimDueDeliveries(tables.webhookDeliveries)

  return {
    ...serializeReads(repositories, serialized),
    capabilities: { concurrentTransactions: false },
    queues: {
      webhookDeliveries: { claimDue: (now, limit, leaseMs) => transaction(() => claimDeliveries(now, limit, leaseMs)) },
    },
    transaction,
    close: async () => {},
  }
}


interface Tables {
  companies: Table<Company>
  apiKeys: Table<ApiKey>
  customers: Table<Customer>
  products: Table<Product>
  sequences: Table<number>
  usage: Table<UsageCounts>
  invoices: Table<Invoice>
  orderDocuments: Table<OrderDocument>
  recurringSchedules: Table<RecurringSchedule>
  recurringOccurrences: Table<RecurringOccurrence>
  documentCategories: Table<DocumentCategory>
  fileDocuments: Table<StoredFileDocument>
  exports: Table<Export>
  exportedRecords: Table<string[]>
  fileDeletions: Table<{ key: string; at: string }>
  hostSecrets: Table<string>
  idempotency: Table<IdempotencyRecord>
  events: Table<DomainEvent & { dispatchedAt?: string }>
  audit: Table<AuditEntry>
  documentVersions: Table<DocumentVersion>
  sendReservations: Table<SendReservation>
  payments: Table<Payment>
  webhookEndpoints: Table<WebhookEndpoint>
  webhookDeliveries: Table<WebhookDelivery>
  webhookAttempts: Table<WebhookAttempt>
  reminders: Table<Reminder>
  blogPosts: Table<BlogPost>
  blogCategories: Table<BlogCategory>
  blogTags: Table<BlogTag>
  blogMedia: Table<BlogMedia>
}

const scoped = (companyId: string, id: string) => `${companyId}\u0000${id}`

/** Newest first, then a page of them. */
const pageOf = <T extends { createdAt: string }>(rows: Row<T>[], query: ListQuery): Page<T> => sliceOf(rows.sort(newestFirst), query)

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

/**
 * Documents with their lines (stored inside the record). Invoice numbers are unique per company:
 * a duplicate is a bug in the caller (numbers are taken inside a serialized transaction), so it
 * is refused with a plain Error, as a database's unique index would refuse it.
 */
function invoiceRecords(
  invoices: Table<Invoice>, customers: Table<Customer>, versions: Table<DocumentVersion>, payments: Table<Payment>,
): InvoiceRepository {
  const ofCompany = (companyId: string) => [...invoices.rows()].filter((row) => row.value.companyId === companyId)
  const refuseDuplicateNumber = (invoice: Invoice) => {
    const taken = ofCompany(invoice.companyId).some((row) => row.value.number === invoice.number && row.value.id !== invoice.id)
    if (taken) throw new Error(`invoice number ${invoice.number} already exists in company ${invoice.companyId}`)
  }
  const stored = (companyId: string, id: string) => {
    const invoice = invoices.get(id)
    return invoice?.companyId === companyId ? invoice : undefined
  }
  /** Each document made from one of `documentIds`, once per such source, with the source it was made from. */
  const derivedFrom = (companyId: string, documentIds: readonly string[]) => {
    const ids = new Set(documentIds)
    return ofCompany(companyId).sort((a, b) => a.seq - b.seq).flatMap((row) => {
      const sources = [row.value.precedingDocument, ...row.value.sourceDocuments].filter((ref) => ref !== null && ids.has(ref.id)).map((ref) => ref!.id)
      return [...new Set(sources)].map((sourceId) => ({ ...row, sourceId }))
    })
  }
  /** The rows passing every filter of `query`. */
  const matching = (companyId: string, query: InvoiceListQuery) => {
    const needle = query.search ? foldForSearch(query.search) : ''
    const namedCustomers = new Set<string>()
    if (needle) {
      for (const { value } of customers.rows()) {
        if (value.companyId === companyId && foldForSearch(value.name).includes(needle)) namedCustomers.add(value.id)
      }
    }
    const equalities = (['status', 'documentType', 'customerId', 'documentCategoryId'] as const).filter((field) => query[field])
    return ofCompany(companyId).filter(({ value }) =>
      equalities.every((field) => value[field] === query[field]) &&
      (!query.payoutStatus || value.payout?.status === query.payoutStatus) &&
      (!query.from || value.issueDate >= query.from) &&
      (!query.to || value.issueDate <= query.to) &&
      (!needle || foldForSearch(value.number).includes(needle) || namedCustomers.has(value.customerId)))
  }
  return {
    get: async (companyId, id) => stored(companyId, id),
    findByNumber: async (companyId, invoiceNumber) => {
      const found = ofCompany(companyId).find((row) => row.value.number === invoiceNumber)
      return found && structuredClone(found.value)
    },
    list: async (companyId, query) =>
      sliceOf(matching(companyId, query).sort((a, b) => compareText(b.value.issueDate, a.value.issueDate) || newestFirst(a, b)), query),
    walkByIssueDate: async (companyId, { from, to, documentTypes, status, after, limit }) => walkStretch(
      ofCompany(companyId).map((row) => row.value).filter((invoice) => invoice.issueDate >= from && invoice.issueDate <= to &&
        (!documentTypes || documentTypes.includes(invoice.documentType)) && (!status || invoice.status === status)),
      (invoice) => [invoice.issueDate, invoice.number, invoice.id],
      ({ issueDate, number, id }) => ({ issueDate, number, id }),
      (cursor) => [cursor.issueDate, cursor.number, cursor.id],
      after, limit,
    ),
    listDerived: async (companyId, documentId) => derivedFrom(companyId, [documentId]).map((row) => structuredClone(row.value)),
    summariesDerivedFrom: async (companyId, documentIds) => derivedFrom(companyId, documentIds).map(({ value, sourceId }) => ({
      documentType: value.documentType, id: value.id, number: value.number, status: value.status, precedingDocumentId: sourceId,
    })),
    existsForCustomer: async (companyId, customerId) => ofCompany(companyId).some((row) => row.value.customerId === customerId),
    existsForCategory: async (companyId, categoryId) => ofCompany(companyId).some((row) => row.value.documentCategoryId === categoryId),
    insert: async (invoice) => {
      if (invoices.get(invoice.id)) throw new Error(`invoice ${invoice.id} already exists`)
      refuseDuplicateNumber(invoice)
      invoices.set(invoice.id, invoice)
    },
    update: async (invoice) => {
      if (!stored(invoice.companyId, invoice.id)) return
      refuseDuplicateNumber(invoice)
      invoices.set(invoice.id, invoice)
    },
    delete: async (companyId, id) => {
      if (!stored(companyId, id)) return
      invoices.delete(id)
      // Its versions and payments go with it, as the database's ON DELETE CASCADE removes them;
      // a payment moved away from it forgets where it came from, as ON DELETE SET NULL does.
      for (const { value } of [...versions.rows()]) {
        if (value.invoiceId === id) versions.delete(value.id)
      }
      for (const { value } of [...payments.rows()]) {
        if (value.invoiceId === id) payments.delete(value.id)
        else if (value.movedFromInvoiceId === id) payments.set(value.id, { ...value, movedFromInvoiceId: null })
      }
    },
  }
}

/** `Idempotency-Key` records by company and key; transactions run one at a time, so the check-then-insert is atomic. */
function idempotencyRecords(records: Table<IdempotencyRecord>): IdempotencyRepository {
  return {
    get: async (companyId, key) => records.get(scoped(companyId, key)),
    insertIfAbsent: async (record) => {
      if (records.get(scoped(record.companyId, record.key))) return false
      records.set(scoped(record.companyId, record.key), record)
      return true
    },
    update: async (record) => {
      if (records.get(scoped(record.companyId, record.key))) records.set(scoped(record.companyId, record.key), record)
    },
    deleteForResource: async (companyId, resourceId) => {
      for (const { value } of [...records.rows()]) {
        if (value.companyId === companyId && value.resourceId === resourceId) records.delete(scoped(companyId, value.key))
      }
    },
    deleteCreatedBefore: async (cutoff, limit) => {
      const expired = [...records.rows()].filter((row) => row.value.createdAt < cutoff)
        .sort((a, b) => compareText(a.value.createdAt, b.value.createdAt) || a.seq - b.seq)
        .slice(0, Math.max(0, Math.floor(limit)))
      for (const { value } of expired) records.delete(scoped(value.companyId, value.key))
      return expired.length
    },
  }
}

/**
 * Versions by id. A second version number of one document is refused with a plain Error, as
 * the database's unique index refuses it.
 */
function documentVersionRecords(versions: Table<DocumentVersion>): DocumentVersionRepository {
  const ofDocument = (companyId: string, invoiceId: string) =>
    [...versions.rows()].filter(({ value }) => value.companyId === companyId && value.invoiceId === invoiceId)
  return {
    list: async (companyId, invoiceId) =>
      ofDocument(companyId, invoiceId).sort((a, b) => b.value.versionNumber - a.value.versionNumber).map((row) => structuredClone(row.value)),
    get: async (companyId, invoiceId, versionNumber) => {
      const found = ofDocument(companyId, invoiceId).find((row) => row.value.versionNumber === versionNumber)
      return found && structuredClone(found.value)
    },
    insert: async (version) => {
      if (versions.get(version.id)) throw new Error(`document version ${version.id} already exists`)
      if (ofDocument(version.companyId, version.invoiceId).some((row) => row.value.versionNumber === version.versionNumber)) {
        throw new Error(`version ${version.versionNumber} of document ${version.invoiceId} already exists`)
      }
      versions.set(version.id, version)
    },
    // Transactions run one at a time, so the check-then-set is atomic.
    recordPdfKey: async (companyId, id, pdfKey) => {
      const version = versions.get(id)
      if (version?.companyId !== companyId || version.pdfKey !== null) return false
      versions.set(id, { ...version, pdfKey })
      return true
    },
  }
}

/** One reservation per document; transactions run one at a time, so the check-then-set is atomic. */
function sendReservationRecords(reservations: Table<SendReservation>): SendReservationRepository {
  return {
    get: async (companyId, invoiceId) => reservations.get(scoped(companyId, invoiceId)),
    tryReserve: async (reservation, now) => {
      const key = scoped(reservation.companyId, reservation.invoiceId)
      const held = reservations.get(key)
      if (held && held.expiresAt > now) return false
      reservations.set(key, reservation)
      return true
    },
    release: async (companyId, invoiceId, token) => {
      if (reservations.get(scoped(companyId, invoiceId))?.token === token) reservations.delete(scoped(companyId, invoiceId))
    },
  }
}

/** Payments by id. A second payment with the same id is refused with a plain Error, as the primary key refuses it. */
function paymentRecords(payments: Table<Payment>): PaymentRepository {
  const stored = (companyId: string, id: string) => {
    const payment = payments.get(id)
    return payment?.companyId === companyId ? payment : undefined
  }
  return {
    get: async (companyId, id) => stored(companyId, id),
    listByInvoice: async (companyId, invoiceId) =>
      [...payments.rows()].filter(({ value }) => value.companyId === companyId && value.invoiceId === invoiceId)
        .sort((a, b) =>
          compareText(b.value.paymentDate, a.value.paymentDate) || compareText(b.value.createdAt, a.value.createdAt) ||
          compareText(b.value.id, a.value.id))
        .map((row) => structuredClone(row.value)),
    listByInvoices: async (companyId, invoiceIds) => {
      const ids = new Set(invoiceIds)
      return [...payments.rows()].filter(({ value }) => value.companyId === companyId && ids.has(value.invoiceId))
        .sort((a, b) =>
          compareText(a.value.invoiceId, b.value.invoiceId) || compareText(b.value.paymentDate, a.value.paymentDate) ||
          compareText(b.value.createdAt, a.value.createdAt) || compareText(b.value.id, a.value.id))
        .map((row) => structuredClone(row.value))
    },
    walkByPaymentDate: async (companyId, { from, to, after, limit }) => walkStretch(
      [...payments.rows()].map((row) => row.value)
        .filter((payment) => payment.companyId === companyId && payment.paymentDate >= from && payment.paymentDate <= to),
      (payment) => [payment.paymentDate, payment.createdAt, payment.id],
      ({ paymentDate, createdAt, id }) => ({ paymentDate, createdAt, id }),
      (cursor) => [cursor.paymentDate, cursor.createdAt, cursor.id],
      after, limit,
    ),
    insert: async (payment) => {
      if (payments.get(payment.id)) throw new Error(`payment ${payment.id} already exists`)
      payments.set(payment.id, payment)
    },
    update: async (payment) => {
      if (stored(payment.companyId, payment.id)) payments.set(payment.id, payment)
    },
    delete: async (companyId, id) => {
      if (stored(companyId, id)) payments.delete(id)
    },
  }
}

/** Outbox rows; `dispatched` remembers which the webhook dispatcher has taken. */
function eventRecords(events: Table<DomainEvent & { dispatchedAt?: string }>): EventOutbox {
  const strip = ({ dispatchedAt: _, ...event }: DomainEvent & { dispatchedAt?: string }): DomainEvent => structuredClone(event)
  return {
    list: async (companyId, page) => {
      const found = sliceOf([...events.rows()].filter((row) => row.value.companyId === companyId).sort((a, b) => a.seq - b.seq), page)
      return { ...found, items: found.items.map(strip) }
    },
    listUndispatched: async (limit) =>
      [...events.rows()].filter((row) => row.value.dispatchedAt === undefined).sort((a, b) => a.seq - b.seq).slice(0, limit).map((row) => strip(row.value)),
    append: async (event) => events.set(event.id, event),
    markDispatched: async (eventId, at) => {
      const event = events.get(eventId)
      if (event) events.set(eventId, { ...event, dispatchedAt: at })
    },
  }
}

/** Endpoints by id; deleting one removes its deliveries and their log, as ON DELETE CASCADE does. */
function webhookEndpointRecords(endpoints: Table<WebhookEndpoint>, deliveries: Table<WebhookDelivery>, attempts: Table<WebhookAttempt>): WebhookEndpointRepository {
  const stored = (companyId: string, id: string) => {
    const endpoint = endpoints.get(id)
    return endpoint?.companyId === companyId ? endpoint : undefined
  }
  return {
    get: async (companyId, id) => stored(companyId, id),
    list: async (companyId) =>
      [...endpoints.rows()].filter((row) => row.value.companyId === companyId).sort((a, b) => a.seq - b.seq).map((row) => structuredClone(row.value)),
    insert: async (endpoint) => {
      if (endpoints.get(endpoint.id)) throw new Error(`webhook endpoint ${endpoint.id} already exists`)
      endpoints.set(endpoint.id, endpoint)
    },
    update: async (endpoint) => {
      if (stored(endpoint.companyId, endpoint.id)) endpoints.set(endpoint.id, endpoint)
    },
    delete: async (companyId, id) => {
      if (!stored(companyId, id)) return
      endpoints.delete(id)
      for (const { value } of [...deliveries.rows()]) if (value.endpointId === id) deliveries.delete(value.id)
      for (const { value } of [...attempts.rows()]) if (value.endpointId === id) attempts.delete(value.id)
    },
  }
}

/** The claim of due deliveries; run as a transaction of its own, finding and leasing are one step. */
function claimDueDeliveries(deliveries: Table<WebhookDelivery>): ClaimsDue<WebhookDelivery>['claimDue'] {
  return async (now, limit, leaseMs) => {
      const leasedUntil = new Date(Date.parse(now) + leaseMs).toISOString()
      const leased = (delivery: WebhookDelivery) => delivery.status === 'PENDING' && delivery.leasedUntil !== null && delivery.leasedUntil > now
      const busyEndpoints = new Set([...deliveries.rows()].filter(({ value }) => leased(value)).map(({ value }) => value.endpointId))
      const due = [...deliveries.rows()]
        .filter(({ value }) => value.status === 'PENDING' && value.nextAttemptAt <= now && !leased(value) && !busyEndpoints.has(value.endpointId))
        .sort((a, b) => compareText(a.value.nextAttemptAt, b.value.nextAttemptAt) || a.seq - b.seq)
        .filter(({ value }) => !busyEndpoints.has(value.endpointId) && busyEndpoints.add(value.endpointId))
        .slice(0, limit)
      return due.map(({ value }) => {
        const claimed = { ...value, attempts: value.attempts + 1, leasedUntil }
        deliveries.set(claimed.id, claimed)
        return structuredClone(claimed)
      })
  }
}

function webhookDeliveryRecords(deliveries: Table<WebhookDelivery>, attempts: Table<WebhookAttempt>): WebhookDeliveryRepository {
  return {
    get: async (id) => deliveries.get(id),
    listAttempts: async (companyId, endpointId, page) =>
      sliceOf([...attempts.rows()].filter(({ value }) => value.companyId === companyId && value.endpointId === endpointId)
        .sort((a, b) => compareText(b.value.attemptedAt, a.value.attemptedAt) || b.seq - a.seq), page),
    insert: async (delivery) => {
      if (deliveries.get(delivery.id)) throw new Error(`webhook delivery ${delivery.id} already exists`)
      deliveries.set(delivery.id, delivery)
    },
    update: async (delivery) => {
      if (deliveries.get(delivery.id)) deliveries.set(delivery.id, delivery)
    },
    appendAttempt: async (attempt) => attempts.set(attempt.id, attempt),
  }
}

function auditRecords(entries: Table<AuditEntry>): AuditLog {
  return {
    list: async (companyId, query) =>
      sliceOf([...entries.rows()].filter(({ value }) =>
        value.companyId === companyId &&
        (!query.targetId || value.targetId === query.targetId) &&
        (!query.action || value.action === query.action)).sort(newestFirst), query),
    append: async (entry) => entries.set(entry.id, entry),
  }
}

function createRepositories(tables: Tables): StorageTx {
  const { companies, apiKeys, customers, products, sequences, usage, documentCategories } = tables
  const emptyUsage = (): UsageCounts => ({ apiCalls: 0, documentsIssued: 0, documentsByType: {} })
  const addUsage = (companyId: string, month: string, add: (counts: UsageCounts) => void) => {
    const counts = usage.get(scoped(companyId, month)) ?? emptyUsage()
    add(counts)
    usage.set(scoped(companyId, month), counts)
    return counts
  }

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
      recordUse: async (id, at) => {
        const key = apiKeys.get(id)
        if (key && (key.lastUsedAt === null || key.lastUsedAt < at)) apiKeys.set(id, { ...key, lastUsedAt: at })
      },
    },
    customers: companyRecords(customers, (c) => c.customerNumber, (c) => searchTextOf(c.name, c.customerNumber, c.email)),
    products: companyRecords(products, (p) => p.productNumber, (p) => searchTextOf(p.name, p.productNumber, p.description)),
    sequences: {
      current: async (companyId, key) => sequences.get(scoped(companyId, key)) ?? 0,
      takeNextNumber: async (companyId, key) => {
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
      addApiCalls: async (companyId, month, calls) => addUsage(companyId, month, (counts) => { counts.apiCalls += calls }).apiCalls,
      addDocumentIssued: async (companyId, month, documentType) => addUsage(companyId, month, (counts) => {
        counts.documentsIssued += 1
        counts.documentsByType = { ...counts.documentsByType, [documentType]: (counts.documentsByType[documentType] ?? 0) + 1 }
      }).documentsIssued,
    },
    invoices: invoiceRecords(tables.invoices, customers, tables.documentVersions, tables.payments),
    orderDocuments: orderDocumentRecords(tables.orderDocuments, customers),
    recurringSchedules: recurringScheduleRecords(tables.recurringSchedules, tables.recurringOccurrences, customers),
    documentCategories: {
      get: async (companyId, id) => {
        const category = documentCategories.get(id)
        return category?.companyId === companyId ? category : undefined
      },
      list: async (companyId) =>
        [...documentCategories.rows()].filter((row) => row.value.companyId === companyId)
          .sort((a, b) => compareText(a.value.name, b.value.name) || compareText(a.value.createdAt, b.value.createdAt) || a.seq - b.seq)
          .map((row) => structuredClone(row.value)),
      insert: async (category) => documentCategories.set(category.id, category),
      delete: async (companyId, id) => {
        if (documentCategories.get(id)?.companyId === companyId) documentCategories.delete(id)
      },
    },
    fileDocuments: fileDocumentRecords(tables, tables),
    exports: exportRecords(tables),
    blog: blogRecords(tables),
    idempotency: idempotencyRecords(tables.idempotency),
    events: eventRecords(tables.events),
    audit: auditRecords(tables.audit),
    documentVersions: documentVersionRecords(tables.documentVersions),
    sendReservations: sendReservationRecords(tables.sendReservations),
    payments: paymentRecords(tables.payments),
    webhookEndpoints: webhookEndpointRecords(tables.webhookEndpoints, tables.webhookDeliveries, tables.webhookAttempts),
    webhookDeliveries: webhookDeliveryRecords(tables.webhookDeliveries, tables.webhookAttempts),
    reminders: reminderRecords(tables.reminders),
  }
}

/** Reminders by id; one per level and document, as the database's unique index has it. */
function reminderRecords(reminders: Table<Reminder>): ReminderRepository {
  const ofInvoice = (companyId: string, invoiceId: string) =>
    [...reminders.rows()].filter(({ value }) => value.companyId === companyId && value.invoiceId === invoiceId)
  return {
    listByInvoice: async (companyId, invoiceId) =>
      ofInvoice(companyId, invoiceId).sort((a, b) => a.value.level - b.value.level).map((row) => structuredClone(row.value)),
    insert: async (reminder) => {
      if (ofInvoice(reminder.companyId, reminder.invoiceId).some((row) => row.value.level === reminder.level)) {
        throw new Error(`reminder level ${reminder.level} of document ${reminder.invoiceId} already exists`)
      }
      reminders.set(reminder.id, reminder)
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
    invoices: wrap(repositories.invoices),
    orderDocuments: wrap(repositories.orderDocuments),
    recurringSchedules: wrap(repositories.recurringSchedules),
    documentCategories: wrap(repositories.documentCategories),
    fileDocuments: wrap(repositories.fileDocuments),
    exports: wrap(repositories.exports),
    blog: wrap(repositories.blog),
    idempotency: wrap(repositories.idempotency),
    events: wrap(repositories.events),
    audit: wrap(repositories.audit),
    documentVersions: wrap(repositories.documentVersions),
    sendReservations: wrap(repositories.sendReservations),
    payments: wrap(repositories.payments),
    webhookEndpoints: wrap(repositories.webhookEndpoints),
    webhookDeliveries: wrap(repositories.webhookDeliveries),
    reminders: wrap(repositories.reminders),
  }
}
