import { createApiGate, type ApiGateOptions } from './access/api-gate'
import { createApiKeyService } from './access/api-key-service'
import { createCategoryService } from './categories/category-service'
import { createCompanyService } from './companies/company-service'
import { createCustomerService } from './customers/customer-service'
import type { DomainEvent } from './events/domain-event'
import { createEventBus, type EventBus } from './events/event-bus'
import { createIdempotencyService } from './idempotency/idempotency-service'
import type { PdfRenderer } from './documents'
import { createInvoiceExportService } from './invoices/invoice-exports'
import { createInvoiceService } from './invoices/invoice-service'
import { systemClock, type Clock } from './ports/clock'
import type { CoreDeps } from './ports/deps'
import { cuidIds, type IdGenerator } from './ports/ids'
import type { Storage } from './ports/storage'
import { createProductService } from './products/product-service'

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
  /** Called when an event subscriber throws; default: logged with console.error. */
  onEventHandlerError?: (error: unknown, event: DomainEvent) => void
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
  }
  const access = createApiGate(deps, options.access)
  const events: EventBus = { on: deps.events.on, off: deps.events.off }
  return {
    companies: createCompanyService(deps),
    apiKeys: createApiKeyService(deps),
    access,
    customers: createCustomerService(deps),
    products: createProductService(deps),
    documentCategories: createCategoryService(deps),
    invoices: { ...createInvoiceService(deps), ...createInvoiceExportService({ ...deps, pdf: options.pdf }) },
    idempotency: createIdempotencyService(deps),
    /** Committed events, in process. Durable delivery reads the outbox (`storage.events`). */
    events,
    /** Writes pending usage counts. The storage stays open: its owner closes it. */
    close: () => access.close(),
  }
}

export type Invoicing = ReturnType<typeof createInvoicing>
