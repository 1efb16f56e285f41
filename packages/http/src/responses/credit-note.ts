import {
  CREDIT_NOTE_REASONS, INVOICE_STATUSES, TAX_EXEMPTION_REASONS, creditedInvoiceIdOf, type CreditNoteDetail, type Invoice,
} from '@invoicing/core'
import * as v from 'valibot'
import { customerFields } from './customer'
import { BreakdownResponseSchema, lineResponseEntries, toBreakdownResponse, toLineResponse } from './invoice'
import { payoutEntries, toPayoutFields } from './payout'
import { calendarDate, legacyResponse, money, nullableString, timestamp } from './shapes'

const jsonObject = v.record(v.string(), v.unknown())

const breakdownResponse = legacyResponse(BreakdownResponseSchema.entries)
const lineResponse = legacyResponse(lineResponseEntries)
const payoutResponse = legacyResponse(payoutEntries)

/** The fields of a credit note, camelCase; the shapers below add the snake_case forms. */
const creditNoteFields = (creditNote: Invoice) => ({
  id: creditNote.id,
  invoiceNumber: creditNote.number,
  numberIssued: creditNote.numberIssued,
  creditNoteReason: creditNote.creditNoteReason,
  status: creditNote.status,
  recipientId: creditNote.customerId,
  documentLocale: creditNote.documentLocale,
  documentCategoryId: creditNote.documentCategoryId,
  issueDate: creditNote.issueDate,
  dueDate: creditNote.dueDate,
  servicePeriodStart: creditNote.servicePeriodStart,
  servicePeriodEnd: creditNote.servicePeriodEnd,
  currency: creditNote.currency,
  netTotal: money(creditNote.netTotal),
  taxTotal: money(creditNote.taxTotal),
  grossTotal: money(creditNote.grossTotal),
  taxBreakdown: creditNote.taxBreakdown.map((entry) => breakdownResponse.shape(toBreakdownResponse(entry))),
  reverseCharge: creditNote.reverseCharge,
  taxExemptionReason: creditNote.taxExemptionReason,
  taxExemptionNote: creditNote.taxExemptionNote,
  taxCountry: creditNote.taxCountry,
  lines: creditNote.lines.map((line) => lineResponse.shape(toLineResponse(line, creditNote))),
  notes: creditNote.notes,
  headerText: creditNote.headerText,
  footer: creditNote.footer,
  customTitle: creditNote.customTitle,
  orderNumber: creditNote.orderNumber,
  buyerReference: creditNote.buyerReference,
  metadata: creditNote.metadata,
  parentInvoiceId: creditedInvoiceIdOf(creditNote),
  payout: creditNote.payout && payoutResponse.shape(toPayoutFields(creditNote)),
  sentAt: creditNote.sentAt,
  lockedAt: creditNote.lockedAt,
  createdAt: creditNote.createdAt,
  updatedAt: creditNote.updatedAt,
})

const creditNoteEntries = {
  id: v.string(),
  invoiceNumber: v.pipe(v.string(), v.description('A placeholder ENTWURF-… until issued; then a number of the CREDIT_NOTE range')),
  numberIssued: v.boolean(),
  creditNoteReason: v.picklist(CREDIT_NOTE_REASONS),
  status: v.picklist(INVOICE_STATUSES),
  recipientId: v.pipe(v.string(), v.description('The customer credited')),
  documentLocale: v.picklist(['de', 'en']),
  documentCategoryId: nullableString,
  issueDate: calendarDate,
  dueDate: calendarDate,
  servicePeriodStart: v.nullable(calendarDate),
  servicePeriodEnd: v.nullable(calendarDate),
  currency: v.string(),
  netTotal: v.pipe(v.number(), v.description('Negative')),
  taxTotal: v.pipe(v.number(), v.description('Negative or 0')),
  grossTotal: v.pipe(v.number(), v.description('Negative')),
  taxBreakdown: v.array(breakdownResponse.schema),
  reverseCharge: v.boolean(),
  taxExemptionReason: v.picklist(TAX_EXEMPTION_REASONS),
  taxExemptionNote: nullableString,
  taxCountry: v.string(),
  lines: v.pipe(v.array(lineResponse.schema), v.description('Quantities and amounts negative')),
  notes: v.pipe(nullableString, v.description('Internal, never printed')),
  headerText: nullableString,
  footer: nullableString,
  customTitle: nullableString,
  orderNumber: nullableString,
  buyerReference: nullableString,
  metadata: jsonObject,
  parentInvoiceId: v.pipe(nullableString, v.description('The invoice credited (linked mode)')),
  payout: v.pipe(v.nullable(payoutResponse.schema), v.description('Null only on cancellation credit notes')),
  sentAt: v.nullable(timestamp),
  lockedAt: v.pipe(v.nullable(timestamp), v.description('Set when sent or when the payout is executed')),
  createdAt: timestamp,
  updatedAt: timestamp,
}

/** A credit note: a legacy resource, snake_case fields with camelCase aliases, nested objects too. */
const creditNoteResponse = legacyResponse(creditNoteEntries)
export const CreditNoteListItemSchema = creditNoteResponse.schema
export const toCreditNoteResponse = (creditNote: Invoice) => creditNoteResponse.shape(creditNoteFields(creditNote))

const recipientResponse = legacyResponse(v.pick(v.object(customerFields), [
  'id', 'customerNumber', 'name', 'email', 'street', 'zipCode', 'city', 'country', 'vatId',
]).entries)

/** A single credit note: the list item and its recipient with address and VAT id. */
const creditNoteDetailResponse = legacyResponse({ ...creditNoteEntries, recipient: recipientResponse.schema })
export const CreditNoteResponseSchema = creditNoteDetailResponse.schema
export const toCreditNoteDetailResponse = (creditNote: CreditNoteDetail) =>
  creditNoteDetailResponse.shape({ ...creditNoteFields(creditNote), recipient: recipientResponse.shape(creditNote.recipient) })
