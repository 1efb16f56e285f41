import { CancelRequestSchema, DuplicateRequestSchema, StornoRequestSchema, type Invoicing } from '@invoicing/core'
import {
  CancelResponseSchema, ConvertResponseSchema, DuplicateResponseSchema, StornoResponseSchema,
  toCancelResponse, toConvertResponse, toDuplicateResponse, toStornoResponse,
} from '../responses/derived'
import { data, dataSchema } from '../responses/shapes'
import { defineRoute } from './route'

const tag = 'invoices'

export const invoiceActionRoutes = ({ invoices }: Invoicing) => [
  defineRoute({
    method: 'post', path: '/invoices/{id}/cancel', tag, operationId: 'cancelInvoice', summary: 'Cancel a document',
    description: [
      'From DRAFT, FINAL, SENT or OVERDUE, as PUT status CANCELLED allows (else 409 status_conflict; also for cancellation credit notes',
      'and credit notes whose payout was executed, and for invoices with credit notes that are not cancelled). In one transaction:',
      'the status becomes CANCELLED and an',
      'issued INVOICE gets its cancellation credit note (reason CANCELLATION, own number from the credit-note range, FINAL,',
      'negative amounts, parentInvoiceId) unless createStorno is false; drafts, proformas and credit notes are only cancelled',
      '(a credit note\'s payout with it).',
      'Payments moved from a proforma return to it (rule 7); if that proforma is gone or cancelled, 409 payments_block_cancellation',
      'and nothing changes. sendStornoToCustomer mails the credit note after the cancellation committed: a failed mail gives',
      'stornoEmailSent false and a warning, never an error. A document being sent answers 409 send_in_progress; a converted',
      'proforma 409 naming the invoice. A cancellation credit note whose PDF would exceed 200 pages answers 400 document_too_large (estimatedPages, maxPages 200)',
      'and nothing changes. Emits invoice.cancelled, credit_note.created and, when mailed, invoice.sent.',
    ].join(' '),
    scopes: ['invoices:write'],
    body: CancelRequestSchema,
    responses: { 200: { description: 'Cancelled', schema: dataSchema(CancelResponseSchema) } },
    errors: [404, 409],
    run: ({ principal, params, body }, claim) => invoices.cancel(principal.actor, params.id!, body, claim),
    respond: (cancelled) => ({ body: data(toCancelResponse(cancelled)) }),
  }),
  defineRoute({
    method: 'post', path: '/invoices/{id}/storno', tag, operationId: 'createStorno', summary: 'The cancellation credit note of a cancelled invoice',
    description: 'For an issued invoice cancelled without its cancellation credit note (createStorno false). 409 status_conflict when the invoice is not CANCELLED, 409 storno_exists when it already has one, 400 invoice_status for proformas, credit notes and drafts that were never issued. The invoice does not change. sendToCustomer mails the credit note (a failed mail is a warning). Over 200 pages: 400 document_too_large (estimatedPages, maxPages 200). Emits credit_note.created and, when mailed, invoice.sent.',
    scopes: ['invoices:write'],
    body: StornoRequestSchema,
    responses: { 201: { description: 'The cancellation credit note', schema: dataSchema(StornoResponseSchema) } },
    errors: [404, 409],
    run: ({ principal, params, body }, claim) => invoices.storno(principal.actor, params.id!, body, claim),
    respond: (result) => ({ status: 201, body: data(toStornoResponse(result)), resourceId: result.creditNote.id }),
  }),
  defineRoute({
    method: 'post', path: '/invoices/{id}/duplicate', tag, operationId: 'duplicateInvoice', summary: 'Copy a document as a new invoice draft',
    description: 'Always an INVOICE draft with a placeholder number, also from a credit note or proforma; quantities and amounts are positive; the service period is not copied. adjustDates (default true) sets the issue date to today and keeps the payment term length. customerId makes the copy for another customer (its tax situation is derived anew). With the monthly document quota used up: 403 plan_limit_reached (the copy is counted when it is issued). Emits no event.',
    scopes: ['invoices:write'],
    body: DuplicateRequestSchema,
    responses: { 201: { description: 'The new draft', schema: dataSchema(DuplicateResponseSchema) } },
    errors: [404],
    run: ({ principal, params, body }, claim) => invoices.duplicate(principal.actor, params.id!, body, claim),
    respond: (result) => ({ status: 201, body: data(toDuplicateResponse(result)), resourceId: result.invoice.id }),
  }),
  defineRoute({
    method: 'post', path: '/invoices/{id}/convert', tag, operationId: 'convertProforma', summary: 'Convert a proforma into an invoice draft',
    description: 'From a DRAFT, FINAL, SENT or OVERDUE proforma (else 409 status_conflict; 400 invoice_status when it is not a proforma). The new INVOICE draft takes the proforma\'s lines and its header and footer from the company\'s invoice texts; metadata.convertedFromProformaId names the proforma, whose metadata.convertedToInvoiceId names the invoice and which otherwise stays as it is. The proforma\'s payments move to the invoice (they return if the invoice is cancelled or deleted). A second convert answers 409 proforma_converted with invoice_id and invoice_number; with the document quota used up 403 plan_limit_reached. Emits invoice.created (not on an Idempotency-Key replay).',
    scopes: ['invoices:write'],
    responses: { 201: { description: 'The new invoice draft', schema: dataSchema(ConvertResponseSchema) } },
    errors: [400, 404, 409],
    run: ({ principal, params }, claim) => invoices.convert(principal.actor, params.id!, claim),
    respond: (result) => ({ status: 201, body: data(toConvertResponse(result)), resourceId: result.invoice.id }),
  }),
]
