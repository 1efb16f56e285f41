import { createApiGate, type ApiGateOptions } from './access/api-gate'
import { createApiKeyService } from './access/api-key-service'
import { createAuditService } from './audit/audit-service'
import { createCategoryService } from './categories/category-service'
import { createCompanyService } from './companies/company-service'
import { createCustomerService } from './customers/customer-service'
import type { DomainEvent } from './events/domain-event'
import { createEventBus, type EventBus } from './events/event-bus'
import { createIdempotencyService } from './idempotency/idempotency-service'
import { createCorrectionService } from './corrections/correction-service'
import { createCreditNoteService } from './credit-notes/credit-note-service'
import { createDunningService } from './dunning/dunning-service'
import type { PdfRenderer } from './print'
import { createInvoiceExportService } from './invoices/invoice-exports'
import { createCancelService } from './invoices/cancel-service'
import { createCopyService } from './invoices/copy-service'
import { createInvoiceService } from './invoices/invoice-service'
import { systemClock, type Clock } from './ports/clock'
import type { FileStore } from './ports/files'
import type { CoreDeps, MailSettings } from './ports/deps'
import { createMemoryFileStore } from './memory-storage/memory-file-store'
import { createPaymentService } from './payments/payment-service'
import { createSendService } from './sending/send-service'
import { createVersionService } from './versions/version-service'
import { cuidIds, type IdGenerator } from './ports/ids'
import type { Storage } from './ports/storage'
import { createProductService } from './products/product-service'
import type { JobDefinition } from './jobs/job'
import { idempotencyRetentionJob } from './idempotency/idempotency-retention-job'
import { createWebhookDispatcher, type WebhookDispatchOptions } from './webhooks/webhook-dispatcher'
import { webhookDeliveryJob } from './webhooks/webhook-delivery-job'
import { createWebhookService } from './webhooks/webhook-service'
import type { WebhookTransport } from './ports/webhook-transport'
import { createOccurrenceProcessing, createOccurrenceSending, createScheduler, createScheduleService, type TickReport } from './recurring-schedules'
import {
  createConversionService, createDocumentChain, createOrderDocumentSending, createOrderDocumentService, createQuoteExpiry, type OrderDocumentType,
  requireOrderDocument, settleFulfilment,
} from './order-documents'
import { requireInvoice } from './invoices/document-parts'
import { createFileDocumentService, createFileUploads, fileCleanupJob, type FileUploadOptions } from './file-documents'
import type { Actor } from './access/actor'
import { createMetaService } from './meta'
import { createBlog } from './blog'
import { createExportService, type ExportOptions } from './exports'

export interface InvoicingOptions {
  storage: Storage
  /** Default: the system clock. */
  clock?: Clock
  /** Default: cuid2 ids. */
  ids?: IdGenerator
  /** Limits of the API gate (rate, key cache, usage flushing). */
  access?: ApiGateOptions
  /** Draws PDFs (`invoices.pdf`); the host uses `createPdfLibRenderer()` from @invoicing/pdf. */
  pdf?: PdfRenderer
  /** Mails documents (`invoices.send`): a transport from `@invoicing/mail`, and the sender address. */
  mail?: MailSettings
  /** Keeps archived version PDFs; default in memory (gone with the process). The host keeps them under INVOICING_DATA_DIR. */
  files?: FileStore
  /** Keeps the bytes of documents (files); default in memory. The host keeps them under INVOICING_DATA_DIR/files or in S3. */
  documentFiles?: FileStore
  /** Limits and URLs of direct uploads of documents. */
  uploads?: FileUploadOptions
  /** Where webhooks are posted (the host's https adapter) and how retries are spaced; without it no URL is accepted. */
  webhooks?: WebhookDispatchOptions & { transport: WebhookTransport }
  /** Called when an event subscriber throws; default: logged with console.error. */
  onEventHandlerError?: (error: unknown, event: DomainEvent) => void
  /** Runs the scheduler (recurring schedules, quote expiry, scheduled blog posts) as a job every `intervalMs`; without it, call `scheduler.tick()` yourself. */
  scheduler?: { intervalMs: number; onTick?: (report: TickReport) => void; onError?: (error: unknown, scheduleId: string | undefined) => void }
  /** Limits of exports, and where the progress of a large one is reported (every 10,000 documents). */
  exports?: ExportOptions
  /** Recurring SEND occurrences: the waits before each retry of a failed send (default 1, 10, 60 minutes). */
  recurringSendRetryDelaysMs?: readonly number[]
  /** Called when a version PDF could not be archived after its change committed; default: logged with console.error. */
  onArchiveError?: (error: unknown, versionId: string) => void
}

/**
 * Composes the engine from its ports. Every use case takes the acting company explicitly;
 * records of other companies are never visible to it.
 */
export function createInvoicing(options: InvoicingOptions) {
  const deps: CoreDeps = {
    storage: options.storage,
    clock: options.clock ?? systemClock,
    ids: options.ids ?? cuidIds,
    events: createEventBus(options.onEventHandlerError ?? ((error, event) => console.error(`event handler failed for ${event.type} ${event.id}`, error))),
    files: options.files ?? createMemoryFileStore(),
    documentFiles: options.documentFiles ?? createMemoryFileStore(),
    pdf: options.pdf,
    mail: options.mail,
    onArchiveError: options.onArchiveError ?? ((error, versionId) => console.error(`the PDF of document version ${versionId} could not be archived`, error)),
    settleWrittenDocuments: settleFulfilment,
  }
  const chainOf = createDocumentChain(deps)
  const access = createApiGate(deps, options.access)
  const sending = createSendService(deps)
  const events: EventBus = { on: deps.events.on, off: deps.events.off }
  const webhookTransport = options.webhooks?.transport ?? noWebhookTransport
  const webhookDispatcher = createWebhookDispatcher(deps, webhookTransport, options.webhooks)
  const expireQuotes = createQuoteExpiry(deps)
  const occurrenceSending = createOccurrenceSending(deps, sending, options.recurringSendRetryDelaysMs)
  const blog = createBlog(deps)
  const scheduler = createScheduler(deps, createOccurrenceProcessing(deps), occurrenceSending, expireQuotes, blog.publishDuePosts)
  const jobs: readonly JobDefinition[] = [
    webhookDeliveryJob(webhookDispatcher, events, options.webhooks?.pollIntervalMs),
    idempotencyRetentionJob(deps.storage, deps.clock),
    fileCleanupJob(deps),
    ...(options.scheduler ? [scheduler.job(options.scheduler.intervalMs, options.scheduler.onTick, options.scheduler.onError)] : []),
  ]
  return {
    companies: createCompanyService(deps),
    apiKeys: createApiKeyService(deps),
    access,
    customers: createCustomerService(deps),
    products: createProductService(deps),
    documentCategories: createCategoryService(deps),
    invoices: {
      ...createInvoiceService(deps),
      ...createInvoiceExportService(deps),
      ...sending,
      ...createCorrectionService(deps),
      ...createCancelService(deps, sending),
      ...createCopyService(deps),
      /** The document chain an invoice belongs to (`GET /invoices/{id}/related`). */
      related: async (actor: Actor, id: string) => chainOf(actor, await requireInvoice(deps.storage, actor, id)),
    },
    /** Quotes, order confirmations, delivery notes and orders (one set of use cases; the type says which). */
    orderDocuments: {
      ...createOrderDocumentService(deps),
      ...createConversionService(deps),
      /** `pdf` and `send` of quotes, order confirmations and delivery notes (orders have neither). */
      ...createOrderDocumentSending(deps),
      /** The document chain a document belongs to (`GET /{group}/{id}/related`). */
      related: async (actor: Actor, type: OrderDocumentType, id: string) => chainOf(actor, await requireOrderDocument(deps.storage, actor.companyId, type, id)),
      /** OPEN quotes past their validUntil become EXPIRED (the scheduler does it; callable directly). */
      expireQuotes,
    },
    /** Credit notes and their payouts (they are documents too: `invoices` reads and changes them as well). */
    creditNotes: createCreditNoteService(deps, sending),
    /** Reminders of overdue invoices: status, pause, resume, send. */
    dunning: createDunningService(deps),
    /** Money received for documents. */
    payments: createPaymentService(deps),
    /** Documents (files): multipart and direct uploads, reads, metadata, links. */
    documents: { ...createFileDocumentService(deps), ...createFileUploads(deps, options.uploads) },
    /** Exports for accountants and banks: made, listed, downloaded, voided (each type a policy of EXPORT_POLICIES). */
    exports: createExportService(deps, options.exports),
    /** Recurring schedules: an invoice template and the rule of its dates. */
    recurringSchedules: createScheduleService(deps, occurrenceSending),
    /** The platform's blog (posts, categories, tags, media): platform administrators only. */
    blog,
    /** Recurring invoices, their sends, quote expiry and scheduled blog posts, as one tick or until nothing is due (`run-once`). */
    scheduler: { tick: scheduler.tick, runOnce: scheduler.runOnce },
    /** Frozen versions of locked documents and their archived PDFs. */
    versions: createVersionService(deps),
    /** Webhook endpoints and their delivery log (Enterprise). */
    webhooks: createWebhookService(deps, webhookTransport, webhookDispatcher),
    /** Background work (webhook delivery, forgetting old Idempotency-Keys); run it with `startJobs(invoicing.jobs, { onError })`. */
    jobs,
    /** Reference data for API clients: the calling key, VAT rates, countries, currencies, units, event types. */
    meta: createMetaService(deps, access),
    /** The audit trail of API actions. */
    audit: createAuditService(deps),
    idempotency: createIdempotencyService(deps),
    /** Committed events, in process. Durable delivery reads the outbox (`storage.events`). */
    events,
    /** Writes pending usage counts. The storage stays open: its owner closes it. */
    close: () => access.close(),
  }
}

/** Without a transport, the engine delivers no webhooks and says so when an endpoint is added. */
const noWebhookTransport: WebhookTransport = {
  checkUrl: async () => {
    throw new Error('this engine was set up without a webhooks transport, so it delivers no webhooks')
  },
  post: async () => {
    throw new Error('no webhooks transport')
  },
}

export type Invoicing = ReturnType<typeof createInvoicing>
