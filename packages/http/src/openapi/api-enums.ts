import {
  AUDIT_ACTIONS, BLOG_MEDIA_TYPES, BMD_DOCUMENT_NUMBER_MODES, CHARTS_OF_ACCOUNTS, OTHER_EXEMPTION_KENNZAHLEN, PAIN_VERSIONS, SEPA_MANDATE_SEQUENCES,
  SEPA_MANDATE_TYPES, VAT_RETURN_BASES, BLOG_POST_STATUSES, CATCH_UP_MODES, CONTENT_FORMATS, CHANGE_TYPES, CONTENT_DISPOSITIONS, CREDIT_NOTE_REASONS, DELIVERY_NOTE_STATUSES, DELIVERY_STATUSES, DOCUMENT_DELIVERY_STATUSES,
  DOCUMENT_INVOICE_STATUSES, DOCUMENT_TYPES, DUNNING_ACTIONS, EVENT_TYPES, FILE_CONTENT_TYPE_NAMES, FILE_DOCUMENT_CATEGORIES, FILE_DOCUMENT_STATUSES,
  FILE_LINK_TYPES, INTERVAL_UNITS, INVOICE_STATUSES, INVOICE_TYPES, ISSUE_MODES, LINE_TYPES, LOCALES, NUMBER_RANGE_TYPES, OCCURRENCE_STATUSES,
  ORDER_CONFIRMATION_STATUSES, ORDER_STATUSES, PAYMENT_METHODS, PAYOUT_STATUSES, PLANS, PRODUCT_LINE_TYPES, PUBLISHED_RATE_CATEGORIES,
  QUOTE_STATUSES, REMINDER_LEVEL_NUMBERS, SCHEDULE_STATUSES, SCOPES, SERVICE_PERIOD_MODES, SKIP_REASONS, TAX_CATEGORIES,
  TAX_EXEMPTION_REASONS, EXPORT_STATUSES, BUILT_EXPORT_TYPES,
} from '@invoicing/core'
import { LOWERCASE_INVOICE_STATUSES, WEBHOOK_EVENTS } from '../responses/shapes'


/**
 * Every enum of the API by name, from the very arrays the request and response schemas are
 * built with, so the list cannot differ from what is validated and documented.
 *
 * Naming: the field's camelCase name (singular for a list), prefixed by what it belongs to when
 * the same field name means different things (`status` → `quoteStatus`, `payoutStatus`), or its
 * shared last word when several fields take the same values (`defaultLocale`, `documentLocale`
 * → `locale`). Enums of one value (fixed discriminators such as `documentType: QUOTE`) and
 * true/false query parameters are not listed.
 */
export const API_ENUMS = {
  plan: PLANS,
  locale: LOCALES,
  scope: SCOPES,
  numberRangeType: NUMBER_RANGE_TYPES,
  auditAction: AUDIT_ACTIONS,
  documentType: DOCUMENT_TYPES,
  invoiceType: INVOICE_TYPES,
  invoiceStatus: INVOICE_STATUSES,
  lowercaseInvoiceStatus: LOWERCASE_INVOICE_STATUSES,
  lineType: LINE_TYPES,
  productLineType: PRODUCT_LINE_TYPES,
  taxCategory: TAX_CATEGORIES,
  taxExemptionReason: TAX_EXEMPTION_REASONS,
  taxRateCategory: PUBLISHED_RATE_CATEGORIES,
  creditNoteReason: CREDIT_NOTE_REASONS,
  payoutStatus: PAYOUT_STATUSES,
  paymentMethod: PAYMENT_METHODS,
  versionChangeType: CHANGE_TYPES,
  reminderLevel: REMINDER_LEVEL_NUMBERS,
  dunningAction: DUNNING_ACTIONS,
  quoteStatus: QUOTE_STATUSES,
  orderConfirmationStatus: ORDER_CONFIRMATION_STATUSES,
  deliveryNoteStatus: DELIVERY_NOTE_STATUSES,
  orderStatus: ORDER_STATUSES,
  deliveryStatus: DOCUMENT_DELIVERY_STATUSES,
  orderDocumentInvoiceStatus: DOCUMENT_INVOICE_STATUSES,
  intervalUnit: INTERVAL_UNITS,
  servicePeriodMode: SERVICE_PERIOD_MODES,
  issueMode: ISSUE_MODES,
  catchUpMode: CATCH_UP_MODES,
  recurringScheduleStatus: SCHEDULE_STATUSES,
  occurrenceStatus: OCCURRENCE_STATUSES,
  skipReason: SKIP_REASONS,
  documentStatus: FILE_DOCUMENT_STATUSES,
  documentCategory: FILE_DOCUMENT_CATEGORIES,
  documentContentType: FILE_CONTENT_TYPE_NAMES,
  documentLinkType: FILE_LINK_TYPES,
  disposition: CONTENT_DISPOSITIONS,
  eventType: EVENT_TYPES,
  webhookEvent: WEBHOOK_EVENTS,
  webhookDeliveryStatus: DELIVERY_STATUSES,
  blogPostStatus: BLOG_POST_STATUSES,
  contentFormat: CONTENT_FORMATS,
  blogMediaContentType: BLOG_MEDIA_TYPES,
  sepaMandateType: SEPA_MANDATE_TYPES,
  sepaMandateSequence: SEPA_MANDATE_SEQUENCES,
  chartOfAccounts: CHARTS_OF_ACCOUNTS,
  documentNumberMode: BMD_DOCUMENT_NUMBER_MODES,
  vatReturnBasis: VAT_RETURN_BASES,
  otherExemptionKz: OTHER_EXEMPTION_KENNZAHLEN,
  painVersion: PAIN_VERSIONS,
  exportStatus: EXPORT_STATUSES,
  exportType: BUILT_EXPORT_TYPES,
} as const satisfies Record<string, readonly (string | number)[]>
