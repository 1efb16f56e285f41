import type { StorageTx } from '@invoicing/core'
import type { Executor } from '../executor'
import { createApiKeyRepository } from './api-keys'
import { createAuditLog } from './audit'
import { createBlogRepository } from './blog'
import { createCompanyRepository } from './companies'
import { createSequenceAllocator, createUsageRepository } from './counters'
import { createCustomerRepository } from './customers'
import { createDocumentCategoryRepository } from './document-categories'
import { createDocumentVersionRepository } from './document-versions'
import { createEventOutbox } from './events'
import { createExportRepository } from './exports'
import { createFileDocumentRepository } from './file-documents'
import { createIdempotencyRepository } from './idempotency'
import { createInvoiceRepository } from './invoices'
import { createOrderDocumentRepository } from './order-documents'
import { createPaymentRepository } from './payments'
import { createProductRepository } from './products'
import { createRecurringScheduleRepository } from './recurring-schedules'
import { createReminderRepository } from './reminders'
import { createSendReservationRepository } from './send-reservations'
import { createWebhookDeliveryRepository, createWebhookEndpointRepository } from './webhooks'

/** Every repository of the storage port, running its queries through `executor`. */
export const repositoriesOf = (executor: Executor): StorageTx => ({
  companies: createCompanyRepository(executor),
  apiKeys: createApiKeyRepository(executor),
  customers: createCustomerRepository(executor),
  products: createProductRepository(executor),
  sequences: createSequenceAllocator(executor),
  usage: createUsageRepository(executor),
  invoices: createInvoiceRepository(executor),
  orderDocuments: createOrderDocumentRepository(executor),
  recurringSchedules: createRecurringScheduleRepository(executor),
  documentCategories: createDocumentCategoryRepository(executor),
  fileDocuments: createFileDocumentRepository(executor),
  exports: createExportRepository(executor),
  idempotency: createIdempotencyRepository(executor),
  events: createEventOutbox(executor),
  audit: createAuditLog(executor),
  documentVersions: createDocumentVersionRepository(executor),
  sendReservations: createSendReservationRepository(executor),
  payments: createPaymentRepository(executor),
  webhookEndpoints: createWebhookEndpointRepository(executor),
  webhookDeliveries: createWebhookDeliveryRepository(executor),
  reminders: createReminderRepository(executor),
  blog: createBlogRepository(executor),
})
