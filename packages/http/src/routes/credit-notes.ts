import {
  CreditNoteCreateSchema, CreditNoteListQuerySchema, CreditNoteUpdateSchema, PayoutChangeSchema, PayoutExecuteSchema, SendRequestSchema,
  paginationOf, type Invoicing,
} from '@invoicing/core'
import * as v from 'valibot'
import { CreditNoteListItemSchema, CreditNoteResponseSchema, toCreditNoteDetailResponse, toCreditNoteResponse } from '../responses/credit-note'
import { SendResponseSchema, toSendResponse } from '../responses/sending'
import { data, dataSchema, listOf, PaginationSchema } from '../responses/shapes'
import { defineRoute } from './route'

const tag = 'credit-notes'

const CreditNoteListSchema = v.strictObject({
  data: v.array(CreditNoteListItemSchema),
  pagination: v.strictObject({ ...PaginationSchema.entries, has_more: v.pipe(v.boolean(), v.description('Same as hasMore')) }),
})

const PAYOUT_TABLE = 'Payout transitions: PENDING → APPROVED or CANCELLED; APPROVED → EXECUTED, FAILED, CANCELLED or PENDING (withdrawn); FAILED → APPROVED or CANCELLED; EXECUTED and CANCELLED are final (else 400 invalid_status_transition with allowedTransitions). While APPROVED, the content cannot change.'

export const creditNoteRoutes = ({ creditNotes }: Invoicing) => [
  defineRoute({
    method: 'get', path: '/credit-notes', tag, operationId: 'listCreditNotes', summary: 'List credit notes',
    description: 'Sorted by issueDate descending (then newest first). recipient_id and customer_id both filter by recipient. The payout_status filter is applied before pagination, so total and has_more count the filtered list. Cancellation credit notes have no payout and are never matched by payout_status.',
    scopes: ['invoices:read'],
    query: CreditNoteListQuerySchema,
    responses: { 200: { description: 'A page of credit notes with their lines', schema: CreditNoteListSchema } },
    handle: async ({ principal, query }) => {
      const page = await creditNotes.list(principal.actor, query)
      const pagination = paginationOf(page)
      return { body: listOf(page, toCreditNoteResponse, { ...pagination, has_more: pagination.hasMore }) }
    },
  }),
  defineRoute({
    method: 'post', path: '/credit-notes', tag, operationId: 'createCreditNote', summary: 'Create a draft credit note',
    description: [
      'Always a DRAFT with a placeholder number; its number comes from the CREDIT_NOTE range when it is issued (PUT status, send or',
      'execute). Standalone: recipient_id and lines are required. Linked (parent_invoice_id): the invoice must be SENT, PAID or OVERDUE',
      '(else 409 status_conflict; a proforma or credit note is 400); without lines every line of it is credited, partial_lines credits',
      'the lines named with the quantities given (the line discount in proportion), lines credits what is given. The credit note takes',
      'the invoice\'s customer, tax details, currency, category and language and is priced with the rates of the invoice\'s date; giving',
      'another value for those is a 400; a percent discount below a line credited in part comes along. The credit notes of one invoice',
      '(drafts included, cancelled ones not) cannot credit more than its gross total, plus a cent per credited line for rounding: 409',
      'credit_exceeds_invoice with creditableAmount. A total of 0 or above is a 400. Quantities and prices are given positive; quantities and amounts are',
      'stored negative; payout.amount is positive and the payout starts PENDING. reason CANCELLATION is a 400: cancellation credit',
      'notes come from POST /invoices/{id}/cancel. Emits credit_note.created.',
    ].join(' '),
    scopes: ['invoices:write'],
    body: CreditNoteCreateSchema,
    responses: { 201: { description: 'The new draft credit note', schema: dataSchema(CreditNoteResponseSchema) } },
    errors: [404, 409, 422],
    run: ({ principal, body }, claim) => creditNotes.create(principal.actor, body, claim),
    respond: (creditNote) => ({ status: 201, body: data(toCreditNoteDetailResponse(creditNote)), resourceId: creditNote.id }),
    replay: async (principal, id) => ({ status: 201, body: data(toCreditNoteDetailResponse(await creditNotes.getCreatedByKey(principal.actor, id))) }),
  }),
  defineRoute({
    method: 'get', path: '/credit-notes/{id}', tag, operationId: 'getCreditNote', summary: 'Read a credit note',
    description: 'Any credit note, cancellation credit notes included; invoices and proformas answer 404 here (read them under /invoices).',
    scopes: ['invoices:read'],
    responses: { 200: { description: 'The credit note with its recipient', schema: dataSchema(CreditNoteResponseSchema) } },
    errors: [404],
    handle: async ({ principal, params }) => ({ body: data(toCreditNoteDetailResponse(await creditNotes.get(principal.actor, params.id!))) }),
  }),
  defineRoute({
    method: 'put', path: '/credit-notes/{id}', tag, operationId: 'updateCreditNote', summary: 'Change a credit note',
    description: [
      'As PUT /invoices/{id}: content may change while the credit note is a DRAFT or an unlocked FINAL (else 400 content_locked), lines',
      'replaces all lines (given positive, stored negative), reason changes the reason. A linked credit note keeps the invoice\'s tax',
      'details, currency and category. status follows the credit-note transitions: DRAFT → FINAL, SENT or CANCELLED; FINAL → SENT, DRAFT',
      'or CANCELLED; SENT → CANCELLED; once its payout is EXECUTED only FINAL → SENT (else 400 invalid_status_transition). Leaving',
      'DRAFT issues the number (403 plan_limit_reached when the monthly quota is used up). CANCELLED also cancels the payout. Emits',
      'what PUT of an invoice emits (invoice.sent, invoice.cancelled, otherwise invoice.updated). As there, issuing or locking a credit note',
      'whose PDF would exceed 200 pages answers 400 document_too_large (estimatedPages, maxPages 200).',
    ].join(' '),
    scopes: ['invoices:write'],
    body: CreditNoteUpdateSchema,
    responses: { 200: { description: 'The credit note after the change', schema: dataSchema(CreditNoteListItemSchema) } },
    errors: [404, 409],
    handle: async ({ principal, params, body }) => ({ body: data(toCreditNoteResponse((await creditNotes.update(principal.actor, params.id!, body)).invoice)) }),
  }),
  defineRoute({
    method: 'post', path: '/credit-notes/{id}/send', tag, operationId: 'sendCreditNote', summary: 'Mail the credit note to its recipient',
    description: 'As POST /invoices/{id}/send: a draft first gets its number from the CREDIT_NOTE range; only after the mail server accepted the mail is it SENT, locked and archived as version 1. Subject and body come from the company\'s CREDIT_NOTE texts; over 200 pages 400 document_too_large (estimatedPages, maxPages 200), before a number is issued. Emits invoice.sent.',
    scopes: ['invoices:write'],
    body: SendRequestSchema,
    responses: { 200: { description: 'Sent', schema: dataSchema(SendResponseSchema) } },
    errors: [404, 409, 422, 500],
    run: ({ principal, params, body }, claim) => creditNotes.send(principal.actor, params.id!, body, claim),
    respond: (sent) => ({ body: data(toSendResponse(sent)) }),
  }),
  defineRoute({
    method: 'put', path: '/credit-notes/{id}/payout', tag, operationId: 'changeCreditNotePayout', summary: 'Change the payout status',
    description: `${PAYOUT_TABLE} EXECUTED works as POST /credit-notes/{id}/execute. reference and note are kept unless given. Cancellation credit notes have no payout (409 status_conflict). Emits no event; the audit trail records CREDIT_NOTE_PAYOUT_CHANGED_VIA_API.`,
    scopes: ['invoices:write'],
    body: PayoutChangeSchema,
    responses: { 200: { description: 'The credit note with its payout', schema: dataSchema(CreditNoteResponseSchema) } },
    errors: [404, 409],
    handle: async ({ principal, params, body }) => ({ body: data(toCreditNoteDetailResponse(await creditNotes.changePayout(principal.actor, params.id!, body))) }),
  }),
  defineRoute({
    method: 'post', path: '/credit-notes/{id}/execute', tag, operationId: 'executeCreditNote', summary: 'Record the approved payout as paid out',
    description: `The payout must be APPROVED (else 400 invalid_status_transition). It becomes EXECUTED with executedAt; a DRAFT credit note is issued (its number from the CREDIT_NOTE range, FINAL; 403 plan_limit_reached when the quota is used up), and the credit note is locked and archived as version 1, as it was paid out. Afterwards it can only be mailed; it cannot be edited or cancelled. A credit note whose PDF would exceed 200 pages is not executed: 400 document_too_large (estimatedPages, maxPages 200). ${PAYOUT_TABLE} Emits no event; the audit trail records CREDIT_NOTE_EXECUTED_VIA_API.`,
    scopes: ['invoices:write'],
    body: PayoutExecuteSchema,
    responses: { 200: { description: 'The issued credit note with its executed payout', schema: dataSchema(CreditNoteResponseSchema) } },
    errors: [404, 409],
    run: ({ principal, params, body }, claim) => creditNotes.execute(principal.actor, params.id!, body, claim),
    respond: (creditNote) => ({ body: data(toCreditNoteDetailResponse(creditNote)) }),
  }),
]
