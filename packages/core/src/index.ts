export { createInvoicing, type Invoicing, type InvoicingOptions } from './create-invoicing'
export { ERROR_CODES, InvoicingError, isInvoicingError, type ErrorCode, type ErrorDetails } from './errors'

export type { Clock } from './ports/clock'
export { systemClock } from './ports/clock'
export type { IdGenerator } from './ports/ids'
export { cuidIds } from './ports/ids'
export { createMemoryStorage } from './memory-storage/memory-storage'
export { createMemoryFileStore } from './memory-storage/memory-file-store'
export { isFileKey, assertExpectedContent, FileContentRejected, type FileStore, type ExpectedContent, type StoredContent, type ByteRange, type FileContent, type PresignedUpload, type PresignedUploadRequest, type FileContentRejection } from './ports/files'
export type * from './ports/storage'
export { StorageUnavailable, TransactionConflict } from './ports/storage'

export { companyActor, type Actor } from './access/actor'
export { API_KEY_PREFIX, type ApiKey } from './access/api-key'
export type { Admission, ApiGateOptions, Principal } from './access/api-gate'
export { ApiKeyCreateSchema, type ApiKeyCreateInput } from './access/api-key-service'
export type { RateLimitStatus } from './access/rate-limiter'
export { SCOPES, isScope, requireScopes, type Scope } from './access/scopes'

export { effectiveApiCallQuota, type Company, type CompanyTexts, type DocumentTexts } from './companies/company'
export { CompanyCreateSchema, CompanyUpdateSchema, type CompanyCreateInput, type CompanyUpdateInput } from './companies/company-schemas'
export type { NumberRangeState } from './companies/company-service'
export { PLANS, PLAN_FEATURES, type Plan, type PlanFeatures } from './companies/plans'
export { CHARTS_OF_ACCOUNTS, DATEV_BANK_ACCOUNTS, DATEV_REVENUE_ACCOUNTS, type ChartOfAccounts } from './companies/datev-revenue-accounts'
export {
  BMD_DOCUMENT_NUMBER_MODES, OTHER_EXEMPTION_KENNZAHLEN, PAIN_VERSIONS, VAT_RETURN_BASES,
  effectiveBmdSettings, effectiveDatevSettings, effectiveExportSettings, effectiveSepaSettings, effectiveVatReturnSettings, firstDebtorAccount,
  type BmdDocumentNumberMode, type BmdSettings, type DatevSettings, type EffectiveBmdSettings, type EffectiveDatevSettings,
  type EffectiveExportSettings, type EffectiveSepaSettings, type EffectiveVatReturnSettings, type ExportSettings, type OtherExemptionKz,
  type PainVersion, type SepaSettings, type TaxCaseAccounts, type TaxCaseOrDefault, type VatReturnBasis, type VatReturnSettings,
} from './companies/export-settings'

export { SEPA_MANDATE_SEQUENCES, SEPA_MANDATE_TYPES, type Customer, type SepaMandateSequence, type SepaMandateType } from './customers/customer'
export {
  CustomerCreateSchema, CustomerListQuerySchema, CustomerUpdateSchema,
  type CustomerCreateInput, type CustomerListQuery, type CustomerUpdateInput,
} from './customers/customer-schemas'

export { PRODUCT_LINE_TYPES, type Product, type ProductLineType } from './products/product'
export {
  ProductCreateSchema, ProductListQuerySchema, ProductUpdateSchema,
  type ProductCreateInput, type ProductListQuery, type ProductUpdateInput,
} from './products/product-schemas'

export { NUMBER_RANGE_TYPES, DEFAULT_NUMBER_RANGES, type NumberRange, type NumberRangeType, type NumberRanges } from './numbering/number-ranges'

export { LOCALES, type Locale } from './shared/fields'
export { isCalendarDate, type CalendarDate } from './shared/calendar-date'
export { paginationOf, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, type Page, type PageRequest, type WalkPage } from './shared/pagination'
export { foldForSearch, searchTextOf } from './shared/search'
export { aliasedObjectOf, parseInput, snakeCase, type AliasedObject } from './shared/validation'
export { assertJsonWithinLimits, MAX_JSON_ARRAY_ITEMS, MAX_JSON_DEPTH } from './shared/json-limits'

export {
  DOCUMENT_TYPES, LINE_TYPES, isChargedLine, isLayoutLine, PLACEHOLDER_PREFIX, isPlaceholderNumber, DOCUMENT_KINDS, kindOf, STATUS_TRANSITIONS,
  allowedTransitionsOf, assertTransition, canTransition, changeStatus, isContentEditable, isOpen, issueNumber, issuesNumber,
  type DocumentRef, type DocumentSummary, type DocumentType, type DocumentLine, type LineType, type DocumentTotals, type SalesDocument,
  type ShippingAddress, type TaxContext, type DocumentKind, type Transitions, type WithDerived,
} from './sales-documents'
export {
  INVOICE_STATUSES, INVOICE_TYPES, CREDIT_NOTE_REASONS, SOURCE_DOCUMENT_TYPES,
  type Invoice, type InvoiceStatus, type InvoiceType, type CreditNoteReason, type SourceDocumentType,
} from './invoices/invoice'
export { creditedInvoiceIdOf, creditedLineIdOf, invoiceLinksOf, type InvoiceLinks } from './invoices/invoice-links'
export {
  TAX_CATEGORIES, TAX_EXEMPTION_REASONS,
  type TaxBreakdownEntry, type TaxCategory, type TaxExemptionReason,
} from './tax/tax-types'
export { TAX_CASES, type TaxCase } from './shared/tax-cases'
export type { DocumentCategory } from './categories/document-category'
export type { IdempotencyRecord, IdempotentResponse } from './idempotency/idempotency-record'
export type { IdempotencyClaim } from './idempotency/idempotency-claim'
export { EVENT_TYPES, type DomainEvent, type EventType } from './events/domain-event'
export { EVENT_DESCRIPTIONS } from './events/event-descriptions'
export { TaxRateQuerySchema, type ApiKeyView, type Country, type Currency, type EventTypeInfo, type TaxRateQueryInput, type Unit } from './meta'
export { PUBLISHED_RATE_CATEGORIES, type PublishedRate, type PublishedRateCategory } from './tax/published-rates'
export {
  DELIVERY_STATUSES, DELIVERY_TIMEOUT_MS, MAX_DELIVERY_ATTEMPTS, RETRY_DELAYS_MS, deliveryStatusAfter,
  type DeliveryStatus, type WebhookAttempt, type WebhookDelivery, type WebhookEndpoint,
} from './webhooks/webhook'
export type { WebhookRequest, WebhookResponse, WebhookTransport } from './ports/webhook-transport'
export { createWebhookDispatcher, webhookPayload, type WebhookDispatcher, type WebhookDispatchOptions } from './webhooks/webhook-dispatcher'
export { WEBHOOK_DELIVERY_JOB } from './webhooks/webhook-delivery-job'
export { IDEMPOTENCY_RETENTION_JOB } from './idempotency/idempotency-retention-job'
export { JobDeadlineError, type JobDefinition } from './jobs/job'
export { startJobs, type JobRunner, type JobRunnerOptions } from './jobs/job-runner'
export { TEST_EVENT_TYPE } from './webhooks/webhook-service'
export {
  WebhookCreateSchema, WebhookDeliveryQuerySchema, WebhookUpdateSchema,
  type WebhookCreateInput, type WebhookDeliveryQueryInput, type WebhookUpdateInput,
} from './webhooks/webhook-schemas'
export { AUDIT_ACTIONS, type AuditAction, type AuditEntry } from './audit/audit-entry'
export type { EventBus, EventHandler } from './events/event-bus'
export {
  InvoiceCreateSchema, InvoiceUpdateSchema, InvoiceListQuerySchema, LineInputSchema, MAX_LINES,
  type InvoiceCreateInput, type InvoiceUpdateInput, type InvoiceListQueryInput,
} from './invoices/invoice-schemas'
export { DOCUMENT_TEXT_VERSION, type InvoiceCustomer, type InvoiceDetail } from './invoices/invoice-service'
export type { InvoiceUpdateResult } from './invoices/document-update'
export { DocumentCategoryCreateSchema, type DocumentCategoryCreateInput } from './categories/category-service'
export {
  IDEMPOTENCY_KEY_PATTERN, IDEMPOTENCY_RETENTION_DAYS,
  type IdempotentOutcome, type IdempotentRequest,
} from './idempotency/idempotency-service'
export { requestFingerprint } from './idempotency/request-fingerprint'
export * from './print'
export * from './einvoice'
export { EInvoiceQuerySchema, type DocumentFile, type EInvoiceQuery, type ExportedFile, type FileSource } from './invoices/invoice-exports'

export type { MailTransport, OutgoingMail, MailAttachment, MailReceipt } from './ports/mail-transport'
export { createMemoryMailbox, type MemoryMailbox } from './mail/memory-mailbox'
export type { MailSettings } from './ports/deps'
export { SendRequestSchema, type SendRequest } from './sending/send-schemas'
export type { SendResult } from './sending/send-service'
export { SEND_RESERVATION_MINUTES, type SendReservation } from './sending/send-reservation'
export { CorrectionSchema, CorrectionLineSchema, MIN_CHANGE_REASON_LENGTH, type CorrectionInput } from './corrections/correction-schemas'
export type { CorrectionResult } from './corrections/correction-service'
export { CHANGE_TYPES, type ChangeType, type DocumentSnapshot, type DocumentVersion } from './versions/document-version'
export { VersionPdfQuerySchema, VersionPdfRequestSchema, type VersionList, type VersionPdfRequest, type VersionSummary } from './versions/version-service'
export { AuditListQuerySchema, type AuditListQueryInput } from './audit/audit-service'
export { DunningActionSchema, DUNNING_ACTIONS, type DunningActionInput } from './dunning/dunning-schemas'
export type { DunningActionResult, DunningStatus } from './dunning/dunning-service'
export { MAX_REMINDER_LEVEL, REMINDER_LEVEL_NUMBERS, type Reminder, type ReminderLevelNumber } from './dunning/reminder'
export { PAYOUT_STATUSES, PAYOUT_TRANSITIONS, payoutAmountOf, type CreditNotePayout, type PayoutStatus } from './credit-notes/payout'
export {
  CreditNoteCreateSchema, CreditNoteListQuerySchema, CreditNoteUpdateSchema, PayoutChangeSchema, PayoutExecuteSchema,
  type CreditNoteCreateInput, type CreditNoteListQueryInput, type CreditNoteUpdateInput, type PayoutChangeInput, type PayoutExecuteInput,
} from './credit-notes/credit-note-schemas'
export type { CreditNoteDetail } from './credit-notes/credit-note-service'
export { PAYMENT_METHODS, type Payment, type PaymentMethod } from './payments/payment'
export { PaymentCreateSchema, PaymentUpdateSchema, type PaymentCreateInput, type PaymentUpdateInput } from './payments/payment-schemas'
export { OVERSHOOT_TOLERANCE, type Balance } from './payments/balance'
export type { InvoicePayments, PaymentChange } from './payments/payment-service'
export { CancelRequestSchema, StornoRequestSchema, type CancelRequest, type CancelResult, type StornoRequest, type StornoResult } from './invoices/cancel-service'
export { DuplicateRequestSchema, type DuplicateRequest, type DuplicateResult, type ConvertResult } from './invoices/copy-service'
export { ORDER_DOCUMENT_KINDS, type NumberedRef, type OrderDocumentKind } from './sales-documents'
export {
  CONVERSION_TARGETS, DOCUMENT_DELIVERY_STATUSES, DOCUMENT_INVOICE_STATUSES, ORDER_DOCUMENT_TYPES, QUOTE_STATUSES, ORDER_CONFIRMATION_STATUSES,
  DELIVERY_NOTE_STATUSES, ORDER_STATUSES, isOrderDocumentType, CollectiveInvoiceSchema, ConvertRequestSchema, createSchemaOf, listQuerySchemaOf,
  updateSchemaOf, OrderDuplicateSchema,
  type ConversionResult, type ConversionTarget, type ConvertedQuantities, type DocumentDeliveryStatus, type DocumentInvoiceStatus, type OrderDocument,
  type OrderDocumentDetail, type OrderDocumentStatus, type OrderDocumentType, type OrderDocumentService, type DocumentChain, type OrderDocumentSendResult,
} from './order-documents'
export type { OrderDocumentListQuery, OrderDocumentReader, OrderDocumentRepository } from './ports/storage'
export { INTERVAL_UNITS, SERVICE_PERIOD_MODES, type PreviewedOccurrence } from './recurring'
export {
  CATCH_UP_MODES, ISSUE_MODES, OCCURRENCE_STATUSES, SCHEDULE_STATUSES, SKIP_REASONS, SCHEDULER_JOB,
  OccurrenceListQuerySchema, PreviewQuerySchema, ScheduleCreateSchema, ScheduleListQuerySchema, ScheduleUpdateSchema, TemplateSchema,
  occurrenceData, scheduleData,
  type RecurringOccurrence, type RecurringSchedule, type ScheduleDetail, type ScheduleRun, type TickReport,
} from './recurring-schedules'
export type { RecurringScheduleListQuery, RecurringScheduleReader, RecurringScheduleRepository } from './ports/storage'
export {
  FILE_CONTENT_TYPE_NAMES, FILE_DOCUMENT_CATEGORIES, FILE_DOCUMENT_STATUSES, FILE_LINK_TYPES, FILE_CLEANUP_JOB, MULTIPART_MAX_BYTES, MAX_MAIL_ATTACHMENT_BYTES,
  CONTENT_DISPOSITIONS, ContentQuerySchema, DocumentListQuerySchema, DocumentUpdateSchema, LinkInputSchema, UploadFieldsSchema, UploadStartSchema,
  type FileDocument, type FileDocumentLink, type FileDocumentView, type FileDocumentLinkView, type FileContentType, type FileLinkType,
  type FileUploadOptions, type StagedFile, type StartedUpload,
} from './file-documents'
export type { FileDocumentListQuery, FileDocumentReader, FileDocumentRepository } from './ports/storage'
export {
  BLOG_MEDIA_MAX_BYTES, BLOG_MEDIA_TYPES, BLOG_POST_STATUSES, BlogPageQuerySchema, CategoryCreateSchema, CategoryUpdateSchema, CONTENT_FORMATS,
  MediaFieldsSchema, MediaUpdateSchema, PostCreateSchema, PostListQuerySchema, PostUpdateSchema, PublishSchema, SLUG_PATTERN, TagCreateSchema, TagUpdateSchema,
  blogMediaContentPath, contentHtmlOf, sanitiseMarkdown, sanitisePostHtml, slugOf,
  type Blog, type BlogCaller, type BlogCategory, type BlogMedia, type BlogMediaType, type BlogPageQuery, type BlogPost, type BlogPostStatus, type BlogTag,
  type CategoryCreateInput, type CategoryUpdateInput, type ContentFormat, type MediaFieldsInput, type MediaUpdateInput, type PostCreateInput,
  type PostListQuery, type PostUpdateInput, type PublishInput, type StagedMedia, type TagCreateInput, type TagUpdateInput,
} from './blog'
export type { BlogPostListQuery, BlogReader, BlogRepository, BlogSlugNamespace } from './ports/storage'
export {
  BUILT_EXPORT_TYPES, CSV_DIALECTS, CSV_ENTITIES, CsvExportSchema, EXPORT_POLICIES, EXPORT_STATUSES, EXPORT_TYPES, ExportListQuerySchema,
  bookedDocumentRecords, ExportFindings, MAX_EXPORT_DOCUMENTS, MAX_EXPORT_PERIOD_DAYS, VoidExportSchema, exportFileKeyOf, exportViewOf, taxCaseOf, taxGroupsOf, writtenExport,
  type BuiltExportType, type CsvExportInput, type Export, type ExportContext, type ExportFile, type ExportFileDescription, type ExportFinding,
  type ExportListQuery as ExportListQueryInput, type ExportOptions, type ExportPolicy, type ExportProgress, type ExportWriting,
  type ExportService, type ExportStatus, type ExportType, type ExportView, type TaxGroup, type VoidExportInput, type WrittenExport,
} from './exports'
export {
  checkDatevFile, DATEV_COLUMNS, DatevExportSchema, type DatevCheckOptions, type DatevExportInput, type DatevFinding, type DatevFindingCode,
} from './exports'
export type { ExportListQuery, ExportReader, ExportRepository } from './ports/storage'
