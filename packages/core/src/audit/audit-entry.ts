/** The actions the audit trail records. */
export const AUDIT_ACTIONS = [
  'INVOICE_CREATED_VIA_API', 'INVOICE_UPDATED_VIA_API', 'INVOICE_DELETED_VIA_API', 'INVOICE_SENT_VIA_API',
  'INVOICE_CANCELLED_VIA_API', 'INVOICE_STORNO_CREATED_VIA_API', 'INVOICE_DUPLICATED_VIA_API', 'CONVERT_TO_INVOICE',
  'CREATE_FROM_PROFORMA', 'INVOICE_NUMBER_ISSUED', 'PAYMENT_RECORDED_VIA_API', 'PAYMENT_UPDATED_VIA_API',
  'PAYMENT_DELETED_VIA_API', 'DUNNING_PAUSED_VIA_API', 'DUNNING_RESUMED_VIA_API', 'REMINDER_SENT_VIA_API',
  'DOCUMENT_CORRECTED', 'DOCUMENT_VERSION_PDF_DOWNLOADED', 'PDF_DOWNLOADED_VIA_API', 'EINVOICE_XML_DOWNLOADED_VIA_API',
  'CREDIT_NOTE_CREATED_VIA_API', 'CREDIT_NOTE_PAYOUT_CHANGED_VIA_API', 'CREDIT_NOTE_EXECUTED_VIA_API',
  // And every other API action, so each one leaves an entry.
  'CUSTOMER_CREATED_VIA_API', 'CUSTOMER_UPDATED_VIA_API', 'CUSTOMER_DELETED_VIA_API',
  'PRODUCT_CREATED_VIA_API', 'PRODUCT_UPDATED_VIA_API', 'PRODUCT_DELETED_VIA_API',
  'DOCUMENT_CATEGORY_CREATED_VIA_API', 'DOCUMENT_CATEGORY_DELETED_VIA_API',
  'WEBHOOK_CREATED_VIA_API', 'WEBHOOK_UPDATED_VIA_API', 'WEBHOOK_DELETED_VIA_API',
  ...(['QUOTE', 'ORDER_CONFIRMATION', 'DELIVERY_NOTE', 'ORDER'] as const).flatMap((resource) => [
    `${resource}_CREATED_VIA_API`, `${resource}_UPDATED_VIA_API`, `${resource}_STATUS_CHANGED_VIA_API`, `${resource}_DELETED_VIA_API`,
    `${resource}_SENT_VIA_API`, `${resource}_DUPLICATED_VIA_API`, `${resource}_CONVERTED_VIA_API`, `${resource}_NUMBER_ISSUED`,
  ] as const),
  /** The scheduler's: a quote past its validUntil. */
  'QUOTE_EXPIRED',
  'DOCUMENT_UPLOAD_STARTED_VIA_API', 'DOCUMENT_UPLOADED_VIA_API', 'DOCUMENT_UPDATED_VIA_API', 'DOCUMENT_DELETED_VIA_API',
  'DOCUMENT_LINKED_VIA_API', 'DOCUMENT_UNLINKED_VIA_API',
  'RECURRING_SCHEDULE_CREATED_VIA_API', 'RECURRING_SCHEDULE_UPDATED_VIA_API', 'RECURRING_SCHEDULE_STATUS_CHANGED_VIA_API',
  'RECURRING_SCHEDULE_DELETED_VIA_API', 'RECURRING_SCHEDULE_RUN_VIA_API', 'RECURRING_SCHEDULE_SKIPPED_VIA_API',
  /** The scheduler's (or a run's): an occurrence processed into an invoice, skipped or failed. */
  'RECURRING_OCCURRENCE_CREATED',
] as const
export type AuditAction = (typeof AUDIT_ACTIONS)[number]

/** One entry of the audit trail, written in the transaction of the action it records. */
export interface AuditEntry {
  id: string
  companyId: string
  /** The key that acted; null for the company itself (CLI, embedding code). */
  apiKeyId: string | null
  action: AuditAction
  /** e.g. `invoice`. */
  targetType: string
  targetId: string
  createdAt: string
  /** A small object with what the action changed, e.g. `{ from: 'DRAFT', to: 'FINAL' }`. */
  details: Record<string, unknown>
}
