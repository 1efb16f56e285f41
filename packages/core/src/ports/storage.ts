import type { ApiKey } from '../access/api-key'
import type { AuditAction, AuditEntry } from '../audit/audit-entry'
import type { DocumentCategory } from '../categories/document-category'
import type { Company } from '../companies/company'
import type { Customer } from '../customers/customer'
import type { DomainEvent } from '../events/domain-event'
import type { IdempotencyRecord } from '../idempotency/idempotency-record'
import type { PayoutStatus } from '../credit-notes/payout'
import type { Invoice, InvoiceStatus, InvoiceType } from '../invoices/invoice'
import type { Reminder } from '../dunning/reminder'
import type { Payment } from '../payments/payment'
import type { Product } from '../products/product'
import type { SendReservation } from '../sending/send-reservation'
import type { DocumentVersion } from '../versions/document-version'
import type { WebhookAttempt, WebhookDelivery, WebhookEndpoint } from '../webhooks/webhook'
import type { CalendarDate } from '../shared/calendar-date'
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

/**
 * Reads outside a transaction. Each call sees one committed state: a record and its parts (an
 * invoice and its lines, a page and its total) never mix two versions.
 */
export interface StorageReader {
  readonly companies: CompanyReader
  readonly apiKeys: ApiKeyReader
  readonly customers: CustomerReader
  readonly products: ProductReader
  readonly sequences: SequenceReader
  readonly usage: UsageReader
  readonly invoices: InvoiceReader
  readonly documentCategories: DocumentCategoryReader
  readonly idempotency: IdempotencyReader
  readonly events: EventReader
  readonly audit: AuditReader
  readonly documentVersions: DocumentVersionReader
  readonly sendReservations: SendReservationReader
  readonly payments: PaymentReader
  readonly webhookEndpoints: WebhookEndpointReader
  readonly webhookDeliveries: WebhookDeliveryReader
  readonly reminders: ReminderReader
}

/** The repositories of one transaction. It has no `transaction` member: nesting is impossible. */
export interface StorageTx {
  readonly companies: CompanyRepository
  readonly apiKeys: ApiKeyRepository
  readonly customers: CustomerRepository
  readonly products: ProductRepository
  readonly sequences: SequenceAllocator
  readonly usage: UsageRepository
  readonly invoices: InvoiceRepository
  readonly documentCategories: DocumentCategoryRepository
  readonly idempotency: IdempotencyRepository
  readonly events: EventOutbox
  readonly audit: AuditLog
  readonly documentVersions: DocumentVersionRepository
  readonly sendReservations: SendReservationRepository
  readonly payments: PaymentRepository
  readonly webhookEndpoints: WebhookEndpointRepository
  readonly webhookDeliveries: WebhookDeliveryRepository
  readonly reminders: ReminderRepository
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
  /** Adds one document that left draft this month and returns the new total. */
  addDocumentIssued(companyId: string, month: string): Promise<number>
}

/** The filters of the invoice list; all optional, combined with AND. */
export interface InvoiceListQuery extends PageRequest {
  status?: InvoiceStatus | undefined
  invoiceType?: InvoiceType | undefined
  customerId?: string | undefined
  /** Case-insensitive literal part of the document number or of the customer's current name. */
  search?: string | undefined
  /** issueDate >= from. */
  from?: CalendarDate | undefined
  /** issueDate <= to. */
  to?: CalendarDate | undefined
  documentCategoryId?: string | undefined
  /** Credit notes whose payout has this status. */
  payoutStatus?: PayoutStatus | undefined
}

export interface InvoiceReader {
  /** The document with its lines in order. */
  get(companyId: string, id: string): Promise<Invoice | undefined>
  findByNumber(companyId: string, invoiceNumber: string): Promise<Invoice | undefined>
  /**
   * Sorted by issueDate descending, then newest created first. Items carry their lines. It MUST
   * stay fast for 100,000 documents of one company (indexes on the filtered columns).
   */
  list(companyId: string, query: InvoiceListQuery): Promise<Page<Invoice>>
  /** The credit notes that refer to `parentInvoiceId` (cancellations among them), oldest first. */
  listByParent(companyId: string, parentInvoiceId: string): Promise<Invoice[]>
  /** Whether any document of the company names this customer. */
  existsForCustomer(companyId: string, customerId: string): Promise<boolean>
  /** Whether any document of the company is in this category. */
  existsForCategory(companyId: string, documentCategoryId: string): Promise<boolean>
}

/**
 * Documents. Amounts are exact decimal strings; `metadata` and `eInvoiceAudit` are JSON values.
 * An adapter MAY refuse to delete a customer or category that documents still name (a foreign
 * key); the core checks `existsForCustomer` / `existsForCategory` first and answers 409.
 */
export interface InvoiceRepository extends InvoiceReader {
  /**
   * Stores a document with its lines. A second document with the same number in the company
   * MUST be refused (the adapter's unique index is the last guard against a duplicate number).
   */
  insert(invoice: Invoice): Promise<void>
  /** Replaces the stored document and all its lines; a document of another company is untouched. */
  update(invoice: Invoice): Promise<void>
  /** Removes the document and its lines. */
  delete(companyId: string, id: string): Promise<void>
}

export interface DocumentCategoryReader {
  get(companyId: string, id: string): Promise<DocumentCategory | undefined>
  /** Sorted by name. */
  list(companyId: string): Promise<DocumentCategory[]>
}

export interface DocumentCategoryRepository extends DocumentCategoryReader {
  insert(category: DocumentCategory): Promise<void>
  delete(companyId: string, id: string): Promise<void>
}

export interface IdempotencyReader {
  get(companyId: string, key: string): Promise<IdempotencyRecord | undefined>
}

/** The race-safe primitive behind `Idempotency-Key`. */
export interface IdempotencyRepository extends IdempotencyReader {
  /**
   * Stores `record` unless the company already has a record for its key, and says whether it
   * did. Of concurrent inserts of one key (also from other processes) exactly one MUST succeed.
   */
  insertIfAbsent(record: IdempotencyRecord): Promise<boolean>
  update(record: IdempotencyRecord): Promise<void>
  delete(companyId: string, key: string): Promise<void>
  /** Forgets every key whose request created `resourceId`, so the key may create anew. */
  deleteForResource(companyId: string, resourceId: string): Promise<void>
  /** Removes records created before `cutoff` (an ISO timestamp), at most `limit`; returns how many. */
  deleteCreatedBefore(cutoff: string, limit: number): Promise<number>
}

export interface EventReader {
  /** A company's events, oldest first. */
  list(companyId: string, page: PageRequest): Promise<Page<DomainEvent>>
  /** Events of every company not yet handed to the webhook dispatcher, oldest first. */
  listUndispatched(limit: number): Promise<DomainEvent[]>
}

/** The transactional outbox: events are appended in the transaction of their change. */
export interface EventOutbox extends EventReader {
  append(event: DomainEvent): Promise<void>
  /** Marks the event as handed to the dispatcher (its deliveries exist). */
  markDispatched(eventId: string, at: string): Promise<void>
}

export interface AuditQuery extends PageRequest {
  targetId?: string | undefined
  action?: AuditAction | undefined
}

export interface AuditReader {
  /** A company's entries, newest first. */
  list(companyId: string, query: AuditQuery): Promise<Page<AuditEntry>>
}

export interface AuditLog extends AuditReader {
  append(entry: AuditEntry): Promise<void>
}

export interface DocumentVersionReader {
  /** A document's versions, highest version number first. */
  list(companyId: string, invoiceId: string): Promise<DocumentVersion[]>
  get(companyId: string, invoiceId: string, versionNumber: number): Promise<DocumentVersion | undefined>
}

/** Frozen states of locked documents. Versions are never changed, except to record their PDF once. */
export interface DocumentVersionRepository extends DocumentVersionReader {
  /** Stores a version. A second version with the same number of one document MUST be refused. */
  insert(version: DocumentVersion): Promise<void>
  /**
   * Records where the version's archived PDF lies, unless a PDF is recorded already, and says
   * whether it recorded `pdfKey`. The race-safe primitive behind "a version's PDF never changes":
   * of concurrent calls for one version (in any process) exactly one records its key. A version
   * of another company is untouched (false).
   */
  recordPdfKey(companyId: string, id: string, pdfKey: string): Promise<boolean>
}

export interface SendReservationReader {
  /** The reservation a document holds, expired or not. */
  get(companyId: string, invoiceId: string): Promise<SendReservation | undefined>
}

/** The race-safe primitive behind 409 `send_in_progress`. */
export interface SendReservationRepository extends SendReservationReader {
  /**
   * Stores `reservation` unless the document holds one that expires after `now`, replacing an
   * expired one (`expiresAt <= now`). Both are UTC ISO timestamps as `toISOString()` writes them,
   * so adapters may compare them as text. and says whether it did. Of concurrent reservations
   * of one document (also from other processes) at most one MUST succeed.
   */
  tryReserve(reservation: SendReservation, now: string): Promise<boolean>
  /** Ends the document's reservation if `token` still holds it; otherwise does nothing. */
  release(companyId: string, invoiceId: string, token: string): Promise<void>
}

export interface PaymentReader {
  get(companyId: string, id: string): Promise<Payment | undefined>
  /** A document's payments, latest payment date first (then newest recorded first). */
  listByInvoice(companyId: string, invoiceId: string): Promise<Payment[]>
}

/**
 * Payments of documents. Deleting a document deletes its payments (only drafts are deleted, and
 * drafts take no payments, so this is a safety net, not a rule).
 */
export interface PaymentRepository extends PaymentReader {
  insert(payment: Payment): Promise<void>
  /** Replaces the stored payment (also to move it to another document); one of another company is untouched. */
  update(payment: Payment): Promise<void>
  delete(companyId: string, id: string): Promise<void>
}

export interface WebhookEndpointReader {
  get(companyId: string, id: string): Promise<WebhookEndpoint | undefined>
  /** A company's endpoints, oldest first. */
  list(companyId: string): Promise<WebhookEndpoint[]>
}

export interface WebhookEndpointRepository extends WebhookEndpointReader {
  insert(endpoint: WebhookEndpoint): Promise<void>
  update(endpoint: WebhookEndpoint): Promise<void>
  /** Removes the endpoint with its deliveries and their log. */
  delete(companyId: string, id: string): Promise<void>
}

export interface WebhookDeliveryReader {
  /** Any company's delivery by id (the dispatcher works across companies). */
  get(id: string): Promise<WebhookDelivery | undefined>
  /** PENDING deliveries of every company whose next attempt is due at `now`, earliest first. */
  listDue(now: string, limit: number): Promise<WebhookDelivery[]>
  /** The attempts of one endpoint's deliveries, newest first. */
  listAttempts(companyId: string, endpointId: string, page: PageRequest): Promise<Page<WebhookAttempt>>
}

export interface WebhookDeliveryRepository extends WebhookDeliveryReader {
  insert(delivery: WebhookDelivery): Promise<void>
  update(delivery: WebhookDelivery): Promise<void>
  appendAttempt(attempt: WebhookAttempt): Promise<void>
}

export interface ReminderReader {
  /** The reminders of a document, oldest (lowest level) first. */
  listByInvoice(companyId: string, invoiceId: string): Promise<Reminder[]>
}

export interface ReminderRepository extends ReminderReader {
  /** A second reminder of the same level for one document MUST be refused (a unique index). */
  insert(reminder: Reminder): Promise<void>
}
