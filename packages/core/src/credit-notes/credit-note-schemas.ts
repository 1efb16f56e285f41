import * as v from 'valibot'
import { CREDIT_NOTE_REASONS, INVOICE_STATUSES, contentEntries, currency, jsonObject, lines } from '../invoices'
import { boundedString, calendarDate, decimal, locale, optionalText, requiredText, upperCased } from '../shared/fields'
import { pageEntries } from '../shared/pagination'
import { aliased } from '../shared/validation'
import { PAYOUT_STATUSES } from './payout'

const reason = v.pipe(
  v.picklist(CREDIT_NOTE_REASONS),
  v.description('PAYOUT (default), COMMISSION, GOODWILL, RETURN, PRICE_CORRECTION or OTHER; CANCELLATION credit notes come only from cancelling an invoice'),
  v.check((given) => given !== 'CANCELLATION', 'CANCELLATION credit notes are created by cancelling the invoice (POST /api/v1/invoices/{id}/cancel)'),
)

const PartialLineSchema = aliased(v.object({
  lineId: v.pipe(requiredText(100), v.description('A line of the credited invoice')),
  quantity: decimal({ min: 0, minExclusive: true, max: 1_000_000_000, maxDecimals: 4, description: 'How much of it to credit: more than 0, at most the invoiced quantity' }),
}))

export const CreditNoteCreateSchema = aliased(
  v.object({
    ...contentEntries,
    documentLocale: v.optional(locale),
    recipientId: v.optional(v.pipe(requiredText(100), v.description('The customer credited; required unless parent_invoice_id is given (then default: its customer)'))),
    reason: v.optional(reason, 'PAYOUT'),
    lines: v.optional(v.pipe(lines, v.description('Required unless parent_invoice_id is given. Quantities and prices positive: the credit note stores them negative'))),
    parentInvoiceId: v.optional(v.pipe(requiredText(100), v.description('Linked mode: the SENT, PAID or OVERDUE invoice credited; its tax details, currency and category are used'))),
    partialLines: v.optional(v.pipe(
      v.array(PartialLineSchema, 'must be an array of { line_id, quantity }'),
      v.minLength(1, 'must name at least one line'),
      v.description('Linked mode without lines: the invoice lines credited and how much of each; omitted, every line is credited in full'),
    )),
    issueDate: v.optional(calendarDate),
    currency: v.optional(currency),
    metadata: v.optional(v.pipe(jsonObject, v.description('Free JSON object'))),
  }),
  { e_invoice: 'eInvoiceAudit', customer_id: 'recipientId', customerId: 'recipientId', credit_note_reason: 'reason', creditNoteReason: 'reason', category_id: 'documentCategoryId' },
)

export const CreditNoteUpdateSchema = aliased(
  v.object({
    ...contentEntries,
    reason: v.optional(reason),
    status: v.optional(v.picklist(INVOICE_STATUSES)),
  }),
  { e_invoice: 'eInvoiceAudit', credit_note_reason: 'reason', creditNoteReason: 'reason', category_id: 'documentCategoryId' },
)

export const CreditNoteListQuerySchema = aliased(
  v.object({
    status: v.optional(v.pipe(upperCased(INVOICE_STATUSES), v.description('Case-insensitive'))),
    payoutStatus: v.optional(v.pipe(upperCased(PAYOUT_STATUSES), v.description('Case-insensitive; applied before pagination'))),
    recipientId: v.optional(boundedString(100)),
    customerId: v.optional(v.pipe(boundedString(100), v.description('Same as recipient_id'))),
    categoryId: v.optional(v.pipe(boundedString(100), v.description('Document category id'))),
    ...pageEntries,
  }),
)

const payoutDetails = {
  reference: optionalText(200),
  note: optionalText(1000),
}

export const PayoutChangeSchema = aliased(v.object({
  status: v.pipe(v.picklist(PAYOUT_STATUSES), v.description('The payout status to move to, by the transition table')),
  ...payoutDetails,
}))

export const PayoutExecuteSchema = aliased(v.object(payoutDetails))

export type CreditNoteCreateInput = v.InferInput<typeof CreditNoteCreateSchema>
export type CreditNoteUpdateInput = v.InferInput<typeof CreditNoteUpdateSchema>
export type CreditNoteListQueryInput = v.InferInput<typeof CreditNoteListQuerySchema>
export type PayoutChangeInput = v.InferInput<typeof PayoutChangeSchema>
export type PayoutExecuteInput = v.InferInput<typeof PayoutExecuteSchema>
