import {
  InvoiceCreateSchema, InvoiceListQuerySchema, InvoiceUpdateSchema, type Invoicing,
} from '@invoicing/core'
import {
  CreatedInvoiceResponseSchema, InvoiceDetailResponseSchema, InvoiceResponseSchema, InvoiceUpdateResponseSchema,
  toCreatedInvoiceResponse, toInvoiceDetailResponse, toInvoiceResponse, toInvoiceUpdateResponse,
} from '../responses/invoice'
import { ChainResponseSchema, toChainResponse } from '../responses/order-document'
import { data, dataSchema, listOf, listSchema, SuccessSchema } from '../responses/shapes'
import { defineRoute } from './route'

const tag = 'invoices'

export const invoiceRoutes = ({ invoices }: Invoicing) => [
  defineRoute({
    method: 'get', path: '/invoices', tag, operationId: 'listInvoices', summary: 'List invoices, credit notes and proformas',
    description: 'Sorted by issueDate descending (then newest first). Without invoice_type every type is listed.',
    scopes: ['invoices:read'],
    query: InvoiceListQuerySchema,
    responses: { 200: { description: 'A page of documents with their lines', schema: listSchema(InvoiceResponseSchema) } },
    handle: async ({ principal, query }) => ({ body: listOf(await invoices.list(principal.actor, query), toInvoiceResponse) }),
  }),
  defineRoute({
    method: 'post', path: '/invoices', tag, operationId: 'createInvoice', summary: 'Create a draft invoice or proforma',
    description: [
      'The draft carries a placeholder number (ENTWURF-…) until it is issued. Defaults: issueDate today (company time zone),',
      'dueDate from the customer\'s payment term, else the company\'s (14 days), currency EUR, documentLocale from the customer,',
      'else the company, header and footer texts from the company\'s texts for the locale and type, buyerReference from the',
      'customer. Tax: when reverseCharge, taxExemptionReason, taxCountry or ossApplicable are omitted they are derived',
      '(small business, EU reverse charge with the customer\'s VAT id, OSS for EU consumers when the company is OSS-registered,',
      'third country outside the EU). Credit notes are created with POST /credit-notes (400 here).',
      'With an Idempotency-Key a repeated request answers 201 with the invoice in its current state and Idempotent-Replayed: true.',
    ].join(' '),
    scopes: ['invoices:write'],
    body: InvoiceCreateSchema,
    responses: { 201: { description: 'The new draft with its customer', schema: dataSchema(CreatedInvoiceResponseSchema) } },
    errors: [404, 409, 422],
    run: ({ principal, body }, claim) => invoices.create(principal.actor, body, claim),
    respond: (invoice) => ({ status: 201, body: data(toCreatedInvoiceResponse(invoice)), resourceId: invoice.id }),
    replay: async (principal, id) => ({ status: 201, body: data(toCreatedInvoiceResponse(await invoices.getCreatedByKey(principal.actor, id))) }),
  }),
  defineRoute({
    method: 'get', path: '/invoices/{id}', tag, operationId: 'getInvoice', summary: 'Read a document',
    scopes: ['invoices:read'],
    responses: { 200: { description: 'The document with customer, lines, payments and paidAmount', schema: dataSchema(InvoiceDetailResponseSchema) } },
    errors: [404],
    handle: async ({ principal, params }) => ({ body: data(toInvoiceDetailResponse(await invoices.get(principal.actor, params.id!))) }),
  }),
  defineRoute({
    method: 'get', path: '/invoices/{id}/related', tag, operationId: 'getInvoiceRelatedDocuments', summary: 'The document chain of an invoice',
    description: 'The whole connected chain: its first document (a quote, order, order confirmation, delivery note or proforma it came from, else the invoice) and every document made from it, directly or through others (credit notes included), sorted by createdAt.',
    scopes: ['invoices:read'],
    responses: { 200: { description: 'The chain', schema: dataSchema(ChainResponseSchema) } },
    errors: [404],
    handle: async ({ principal, params }) => ({ body: data(toChainResponse(await invoices.related(principal.actor, params.id!))) }),
  }),
  defineRoute({
    method: 'put', path: '/invoices/{id}', tag, operationId: 'updateInvoice', summary: 'Change content or status',
    description: [
      'Status changes follow the transition table (else 400 invalid_status_transition with allowedTransitions).',
      'Leaving DRAFT issues the real number (403 plan_limit_reached when the monthly document quota is used up; a document',
      'that already holds its number keeps it and is not counted again). SENT sets sentAt and locks; PAID sets paidAt;',
      'CANCELLED of an issued invoice creates a cancellation credit note (stornoInvoiceId). Content may change only on',
      'DRAFT or unlocked FINAL documents (else 400 content_locked with lockedFields); content repeated unchanged never blocks.',
      'lines replaces all lines. A document is issued or locked only if its PDF has at most 200 pages: else 400 document_too_large (estimatedPages, maxPages 200)',
      'and nothing changes.',
    ].join(' '),
    scopes: ['invoices:write'],
    body: InvoiceUpdateSchema,
    responses: { 200: { description: 'The changed document in brief', schema: dataSchema(InvoiceUpdateResponseSchema) } },
    errors: [404, 409],
    handle: async ({ principal, params, body }) => ({ body: data(toInvoiceUpdateResponse(await invoices.update(principal.actor, params.id!, body))) }),
  }),
  defineRoute({
    method: 'delete', path: '/invoices/{id}', tag, operationId: 'deleteInvoice', summary: 'Delete a draft',
    description: 'Drafts only (else 400 invoice_status); a draft holding an issued number answers 409 invoice_number_issued. The lines go with it, a source document is released, and an Idempotency-Key that created it may create anew.',
    scopes: ['invoices:write'],
    responses: { 200: { description: 'Deleted', schema: SuccessSchema } },
    errors: [400, 404, 409],
    handle: async ({ principal, params }) => {
      await invoices.delete(principal.actor, params.id!)
      return { body: { success: true } }
    },
  }),
]
