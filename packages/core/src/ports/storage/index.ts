import type { ApiKeyReader, ApiKeyRepository } from './api-keys'
import type { AuditReader, AuditLog } from './audit'
import type { BlogReader, BlogRepository } from './blog'
import type { StorageCapabilities } from './capabilities'
import type { ClaimsDue } from './claims-due'
import type { CompanyReader, CompanyRepository } from './companies'
import type { CustomerReader, CustomerRepository } from './customers'
import type { DocumentCategoryReader, DocumentCategoryRepository } from './document-categories'
import type { FileDocumentReader, FileDocumentRepository } from './file-documents'
import type { ExportReader, ExportRepository } from './exports'
import type { DocumentVersionReader, DocumentVersionRepository } from './document-versions'
import type { EventReader, EventOutbox } from './events'
import type { IdempotencyReader, IdempotencyRepository } from './idempotency'
import type { InvoiceReader, InvoiceRepository } from './invoices'
import type { OrderDocumentReader, OrderDocumentRepository } from './order-documents'
import type { RecurringScheduleReader, RecurringScheduleRepository } from './recurring-schedules'
import type { PaymentReader, PaymentRepository } from './payments'
import type { ProductReader, ProductRepository } from './products'
import type { ReminderReader, ReminderRepository } from './reminders'
import type { SendReservationReader, SendReservationRepository } from './send-reservations'
import type { SequenceReader, SequenceAllocator } from './sequences'
import type { UsageReader, UsageRepository } from './usage'
import type { WebhookEndpointReader, WebhookEndpointRepository, WebhookDeliveryReader, WebhookDeliveryRepository } from './webhooks'
import type { WebhookDelivery } from '../../webhooks'

/**
 * Persistence of the engine. The only way to write is {@link Storage.transaction}: numbering,
 * idempotency and events must commit or roll back together with the change they belong to.
 * Records that many transactions change at once (number sequences, usage counters, idempotency
 * keys, send reservations, a version's PDF) change only through named primitives whose MUSTs
 * say what concurrent callers get.
 *
 * Every adapter MUST pass the storage contract suite (`@invoicing/core/testing`).
 */
export interface Storage extends StorageReader {
  /** How this adapter runs transactions, where the port lets adapters differ. */
  readonly capabilities: StorageCapabilities
  /** The queues workers claim due work from, each claim a step of its own (see {@link ClaimsDue}). */
  readonly queues: StorageQueues
  /**
   * Runs `work` as one atomic unit: every write made through `tx` commits when `work` resolves
   * and none does when it throws (the error is rethrown unchanged).
   *
   * Committed transactions MUST have the effect of running one after another (serializable),
   * also across processes sharing one database. An adapter keeps that either by running them one
   * at a time, or by letting them overlap and rolling back one of two that conflict: then
   * `transaction` MAY reject with {@link TransactionConflict} (a serialization failure, a
   * deadlock, a lock not granted in time), and nothing of that attempt is applied.
   *
   * So the engine runs `work` again after a conflict, and `work` MUST NOT have effects outside
   * the transaction: no mail, no HTTP, no files, no state in memory that outlives a failed
   * attempt. Whatever must happen beyond the database is collected per attempt and done after
   * the commit.
   *
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
  readonly orderDocuments: OrderDocumentReader
  readonly recurringSchedules: RecurringScheduleReader
  readonly documentCategories: DocumentCategoryReader
  readonly fileDocuments: FileDocumentReader
  readonly exports: ExportReader
  readonly idempotency: IdempotencyReader
  readonly events: EventReader
  readonly audit: AuditReader
  readonly documentVersions: DocumentVersionReader
  readonly sendReservations: SendReservationReader
  readonly payments: PaymentReader
  readonly webhookEndpoints: WebhookEndpointReader
  readonly webhookDeliveries: WebhookDeliveryReader
  readonly reminders: ReminderReader
  /** The platform's blog (no company's data). */
  readonly blog: BlogReader
}

/** The queues of due work, claimed outside any transaction. */
export interface StorageQueues {
  /** Due webhook deliveries, at most one per endpoint (see `WebhookDeliveryRepository`). */
  readonly webhookDeliveries: ClaimsDue<WebhookDelivery>
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
  readonly orderDocuments: OrderDocumentRepository
  readonly recurringSchedules: RecurringScheduleRepository
  readonly documentCategories: DocumentCategoryRepository
  readonly fileDocuments: FileDocumentRepository
  readonly exports: ExportRepository
  readonly idempotency: IdempotencyRepository
  readonly events: EventOutbox
  readonly audit: AuditLog
  readonly documentVersions: DocumentVersionRepository
  readonly sendReservations: SendReservationRepository
  readonly payments: PaymentRepository
  readonly webhookEndpoints: WebhookEndpointRepository
  readonly webhookDeliveries: WebhookDeliveryRepository
  readonly reminders: ReminderRepository
  readonly blog: BlogRepository
}

export type * from './capabilities'
export type * from './list-query'
export type * from './companies'
export type * from './api-keys'
export type * from './customers'
export type * from './products'
export type * from './sequences'
export type * from './usage'
export type * from './invoices'
export type * from './order-documents'
export type * from './recurring-schedules'
export type * from './document-categories'
export type * from './file-documents'
export type * from './exports'
export type * from './idempotency'
export type * from './events'
export type * from './audit'
export type * from './document-versions'
export type * from './send-reservations'
export type * from './payments'
export type * from './webhooks'
export type * from './claims-due'
export type * from './reminders'
export type * from './blog'
export { StorageUnavailable } from './storage-unavailable'
export { TransactionConflict } from './transaction-conflict'
