import { CREDIT_NOTE_REASONS, INVOICE_STATUSES, INVOICE_TYPES, creditedInvoiceIdOf, type CancelResult, type ConvertResult, type DuplicateResult, type Invoice, type StornoResult } from '@invoicing/core'
import * as v from 'valibot'
import { calendarDate, money, nullableString, timestamp } from './shapes'

const warning = v.optional(v.pipe(v.string(), v.description('Present when the cancellation credit note could not be mailed; the cancellation itself happened')))

export const toCancelResponse = ({ invoice, cancellationCreditNote, stornoEmailSent, warning }: CancelResult) => ({
  id: invoice.id,
  invoiceNumber: invoice.number,
  status: invoice.status,
  stornoInvoiceId: cancellationCreditNote?.id ?? null,
  stornoInvoiceNumber: cancellationCreditNote?.number ?? null,
  stornoEmailSent,
  ...(warning ? { warning } : {}),
})

export const CancelResponseSchema = v.strictObject({
  id: v.string(),
  invoiceNumber: v.string(),
  status: v.literal('CANCELLED'),
  stornoInvoiceId: v.pipe(nullableString, v.description('The cancellation credit note; null for drafts, proformas, credit notes or createStorno false')),
  stornoInvoiceNumber: nullableString,
  stornoEmailSent: v.boolean(),
  warning,
})

export const toStornoResponse = ({ creditNote, stornoEmailSent, warning }: StornoResult) => ({
  id: creditNote.id,
  invoiceNumber: creditNote.number,
  invoiceType: creditNote.documentType,
  creditNoteReason: creditNote.creditNoteReason,
  status: creditNote.status,
  parentInvoiceId: creditedInvoiceIdOf(creditNote),
  issueDate: creditNote.issueDate,
  currency: creditNote.currency,
  netTotal: money(creditNote.netTotal),
  taxTotal: money(creditNote.taxTotal),
  grossTotal: money(creditNote.grossTotal),
  stornoEmailSent,
  ...(warning ? { warning } : {}),
})

export const StornoResponseSchema = v.strictObject({
  id: v.string(),
  invoiceNumber: v.string(),
  invoiceType: v.literal('CREDIT_NOTE'),
  creditNoteReason: v.picklist(CREDIT_NOTE_REASONS),
  status: v.picklist(INVOICE_STATUSES),
  parentInvoiceId: nullableString,
  issueDate: calendarDate,
  currency: v.string(),
  netTotal: v.pipe(v.number(), v.description('Negative')),
  taxTotal: v.number(),
  grossTotal: v.number(),
  stornoEmailSent: v.boolean(),
  warning,
})

const draftSummary = (invoice: Invoice) => ({
  id: invoice.id,
  invoiceNumber: invoice.number,
  invoiceType: invoice.documentType,
  status: invoice.status,
})

const amounts = (invoice: Invoice) => ({
  customerId: invoice.customerId,
  documentCategoryId: invoice.documentCategoryId,
  issueDate: invoice.issueDate,
  dueDate: invoice.dueDate,
  currency: invoice.currency,
  netTotal: money(invoice.netTotal),
  taxTotal: money(invoice.taxTotal),
  grossTotal: money(invoice.grossTotal),
  createdAt: invoice.createdAt,
})

const draftEntries = {
  id: v.string(),
  invoiceNumber: v.pipe(v.string(), v.description('Placeholder ENTWURF-…')),
  invoiceType: v.picklist(INVOICE_TYPES),
  status: v.picklist(INVOICE_STATUSES),
}

const amountEntries = {
  customerId: v.string(),
  documentCategoryId: nullableString,
  issueDate: calendarDate,
  dueDate: calendarDate,
  currency: v.string(),
  netTotal: v.number(),
  taxTotal: v.number(),
  grossTotal: v.number(),
  createdAt: timestamp,
}

export const toDuplicateResponse = ({ invoice, sourceInvoiceId }: DuplicateResult) => ({ ...draftSummary(invoice), sourceInvoiceId, ...amounts(invoice) })
export const DuplicateResponseSchema = v.strictObject({ ...draftEntries, sourceInvoiceId: v.string(), ...amountEntries })

export const toConvertResponse = ({ invoice, proforma }: ConvertResult) => ({
  ...draftSummary(invoice), proformaInvoiceId: proforma.id, proformaInvoiceNumber: proforma.number, ...amounts(invoice),
})
export const ConvertResponseSchema = v.strictObject({ ...draftEntries, proformaInvoiceId: v.string(), proformaInvoiceNumber: v.string(), ...amountEntries })
