import {
  CollectiveInvoiceSchema, ConvertRequestSchema, createSchemaOf, listQuerySchemaOf, ORDER_DOCUMENT_KINDS, OrderDuplicateSchema, requireScopes, SendRequestSchema,
  updateSchemaOf, type ConversionResult, type Invoicing, type OrderDocumentType, type Principal, type Scope,
} from '@invoicing/core'
import * as v from 'valibot'
import { InvoiceDetailResponseSchema, toInvoiceDetailResponse } from '../responses/invoice'
import {
  ChainResponseSchema, orderDocumentDetailSchemaOf, orderDocumentSchemaOf, toChainResponse, toOrderDocumentDetailResponse, toOrderDocumentResponse,
} from '../responses/order-document'
import { data, dataSchema, listOf, listSchema, SuccessSchema } from '../responses/shapes'
import { defineRoute, type Route } from './route'

/** The scope a conversion into `target` needs besides the source group's: the target group's. */
function targetScopeOf(target: unknown, allowed: readonly string[]): Scope | null {
  const type = typeof target === 'string' ? target.toUpperCase() : ''
  if (!allowed.includes(type)) return null
  if (type === 'INVOICE' || type === 'PROFORMA') return 'invoices:write'
  const kind = ORDER_DOCUMENT_KINDS[type as OrderDocumentType]
  return kind ? `${kind.group}:write` as Scope : null
}

const conversionResponse = (result: ConversionResult) => result.resource === 'invoice'
  ? { status: 201, body: data(toInvoiceDetailResponse(result.invoice)), resourceId: result.invoice.id }
  : { status: 201, body: data(toOrderDocumentDetailResponse(result.document)), resourceId: result.document.id }

/** The resource a conversion answers with: the invoice's, or one of the order-document groups'. */
function conversionResultSchemaOf(targets: readonly string[]): v.GenericSchema {
  const groups = targets.filter((target): target is OrderDocumentType => target in ORDER_DOCUMENT_KINDS).map(orderDocumentDetailSchemaOf)
  return groups.length === 0 ? InvoiceDetailResponseSchema : v.union([InvoiceDetailResponseSchema, ...groups])
}

const OrderDocumentSendResponseSchema = v.strictObject({
  id: v.string(),
  number: v.string(),
  status: v.pipe(v.string(), v.description('OPEN for a draft that was mailed, else unchanged')),
  sentTo: v.string(),
  cc: v.array(v.string()),
  bcc: v.array(v.string()),
  sentAt: v.pipe(v.string(), v.description('ISO 8601 timestamp')),
})

/** Human names of a kind for summaries: `quote`, `order confirmation`, … */
const nameOf = (type: OrderDocumentType) => ORDER_DOCUMENT_KINDS[type].resource.replace(/_/g, ' ')

/**
 * The routes of one order-document group (`/quotes`, `/order-confirmations`, `/delivery-notes`,
 * `/orders`), made from its kind's entry: which endpoints exist and what they say follows from it.
 */
function orderDocumentGroupRoutes({ orderDocuments }: Invoicing, type: OrderDocumentType): Route[] {
  const kind = ORDER_DOCUMENT_KINDS[type]
  const { group } = kind
  const name = nameOf(type)
  const tag = group
  const read: Scope[] = [`${group}:read` as Scope]
  const write: Scope[] = [`${group}:write` as Scope]
  const pascal = (name: string) => name.replace(/(^|-)(\w)/g, (_, __, letter: string) => letter.toUpperCase())
  const singular = pascal(group.replace(/s$/, ''))
  const operation = (verb: string, plural = false) => `${verb}${plural ? pascal(group) : singular}`
  const itemSchema = orderDocumentSchemaOf(type)
  const detailSchema = orderDocumentDetailSchemaOf(type)
  const detail = async (principal: Principal, id: string) => ({ body: data(toOrderDocumentDetailResponse(await orderDocuments.get(principal.actor, type, id))) })
  const dateName = kind.numberedAtCreation ? 'orderDate' : 'issueDate'
  const routes: Route[] = [
    defineRoute({
      method: 'get', path: `/${group}`, tag, operationId: operation('list', true), summary: `List ${name}s`,
      description: `Sorted by ${dateName} descending, then number descending. search matches the number or the customer's name (case-insensitive, % and _ literal).`,
      scopes: read,
      query: listQuerySchemaOf(kind.statuses, kind.fulfilment?.tracksDelivery ?? false),
      responses: { 200: { description: `A page of ${name}s with their lines`, schema: listSchema(itemSchema) } },
      handle: async ({ principal, query }) => ({ body: listOf(await orderDocuments.list(principal.actor, type, query), toOrderDocumentResponse) }),
    }),
    defineRoute({
      method: 'post', path: `/${group}`, tag, operationId: operation('create'),
      summary: kind.numberedAtCreation ? `Record an ${name}` : `Create a draft ${name}`,
      description: [
        kind.numberedAtCreation
          ? `Created OPEN with its number from the ${kind.numbering.range} range (never counted against the document quota). A second order with the same externalId answers 409 external_id_taken with the id and number of the existing one.`
          : `Created as a DRAFT with a placeholder number (ENTWURF-…); it is numbered from the ${kind.numbering.range} range when it leaves DRAFT.`,
        `Defaults: ${dateName} today (company time zone), currency EUR, documentLocale from the customer, else the company; buyerReference from the customer;`,
        type === 'ORDER' ? '' : 'headerText and footer from the company\'s texts for the locale and type;',
        type === 'QUOTE' ? 'validUntil = issueDate + the company\'s quoteValidityDays (400 invalid_valid_until before issueDate);' : '',
        type === 'DELIVERY_NOTE' ? 'deliveryDate = issueDate;' : '',
        'a line\'s unit defaults to its product\'s unit, else H87. Tax values are derived as for invoices when omitted. Unknown customer, category or product: 404.',
      ].filter(Boolean).join(' '),
      scopes: write,
      body: createSchemaOf(type),
      responses: { 201: { description: `The new ${name} with its customer`, schema: dataSchema(detailSchema) } },
      errors: kind.numberedAtCreation ? [404, 409, 422] : [404, 422],
      run: ({ principal, body }, claim) => orderDocuments.create(principal.actor, type, body, claim),
      respond: (document) => ({ status: 201, body: data(toOrderDocumentDetailResponse(document)), resourceId: document.id }),
      replay: async (principal, id) => ({ status: 201, body: data(toOrderDocumentDetailResponse(await orderDocuments.getCreatedByKey(principal.actor, type, id))) }),
    }),
    defineRoute({
      method: 'get', path: `/${group}/{id}`, tag, operationId: operation('get'), summary: `Read a ${name}`,
      scopes: read,
      responses: { 200: { description: `The ${name} with its customer, lines and the documents made from it`, schema: dataSchema(detailSchema) } },
      errors: [404],
      handle: async ({ principal, params }) => detail(principal, params.id!),
    }),
    defineRoute({
      method: 'put', path: `/${group}/{id}`, tag, operationId: operation('update'), summary: `Change a ${name}'s content or status`,
      description: [
        `Status changes follow the ${name} state table (else 400 invalid_status_transition with allowedTransitions); a change the table conditions on derived documents answers 409 has_derived_documents.`,
        kind.numberedAtCreation ? '' : 'Leaving DRAFT issues the number (403 plan_limit_reached when the monthly document quota is used up).',
        kind.numberedAtCreation
          ? 'Content changes while OPEN and without documents made from it that are not cancelled (else 400 content_locked with lockedFields).'
          : 'Content changes in DRAFT only (else 400 content_locked with lockedFields); content repeated unchanged never blocks.',
        type === 'DELIVERY_NOTE' ? 'trackingReference and deliveredAt may also change in OPEN and DELIVERED; status DELIVERED sets deliveredAt (default now).' : '',
        type === 'QUOTE' ? 'ACCEPTED may come with acceptedAt (default now), REJECTED with rejectionReason; an EXPIRED or REJECTED quote reopens (status OPEN) only with a validUntil of today or later in the same body.' : '',
        'lines replaces all lines (new ids).',
      ].filter(Boolean).join(' '),
      scopes: write,
      body: updateSchemaOf(type, kind.statuses),
      responses: { 200: { description: `The changed ${name}`, schema: dataSchema(detailSchema) } },
      errors: [403, 404, 409],
      handle: async ({ principal, params, body }) => ({ body: data(toOrderDocumentDetailResponse(await orderDocuments.update(principal.actor, type, params.id!, body))) }),
    }),
    defineRoute({
      method: 'post', path: `/${group}/{id}/convert`, tag, operationId: operation('convert'), summary: `Convert a ${name} into the next document`,
      description: [
        `Targets: ${kind.convertibleTo.join(', ')} (else 400 with allowedValues), from status ${kind.convertibleIn.join(', ')} (else 409 status_conflict).`,
        `Needs ${group}:write and the target's scope (invoices:write for INVOICE and PROFORMA).`,
        'The new document is a DRAFT (INVOICE and PROFORMA with issue: true are issued FINAL, and with payment paid) with every line that has a remaining quantity for the target type, or the partialLines quantities',
        '(400 unknown_line / quantity_exceeds_remaining with lineIndex and remaining); nothing left: 409 nothing_to_convert. Lines keep sourceLineId; TEXT lines come along on a full conversion only.',
        'Header and footer come from the company texts of the target type; metadata.convertedFrom names the source.',
        type === 'QUOTE' ? 'An OPEN or EXPIRED quote becomes ACCEPTED (quote.accepted).' : '',
        type === 'DELIVERY_NOTE' ? 'An invoice from a delivery note without a service period gets servicePeriodStart = servicePeriodEnd = deliveryDate.' : '',
        'Without an Idempotency-Key every call creates a new document. Emits the target\'s created event and ' + `${kind.resource}.converted.`,
      ].filter(Boolean).join(' '),
      scopes: write,
      body: ConvertRequestSchema,
      responses: { 201: { description: 'The new document: the invoice resource for INVOICE and PROFORMA, else the target group\'s resource', schema: dataSchema(conversionResultSchemaOf(kind.convertibleTo)) } },
      errors: [403, 404, 409],
      run: ({ principal, params, body }, claim) => {
        // The target's scope is asked only for a target the matrix allows: another one answers 400 with allowedValues.
        const targetScope = targetScopeOf((body as { target?: unknown } | undefined)?.target, kind.convertibleTo)
        if (targetScope) requireScopes(principal.scopes, [...write, targetScope])
        return orderDocuments.convert(principal.actor, type, params.id!, body, claim)
      },
      respond: conversionResponse,
    }),
    defineRoute({
      method: 'get', path: `/${group}/{id}/related`, tag, operationId: `get${singular}RelatedDocuments`, summary: `The document chain of a ${name}`,
      description: 'The whole connected chain: its first document and every document made from it, directly or through others (invoices and credit notes included), sorted by createdAt.',
      scopes: read,
      responses: { 200: { description: 'The chain', schema: dataSchema(ChainResponseSchema) } },
      errors: [404],
      handle: async ({ principal, params }) => ({ body: data(toChainResponse(await orderDocuments.related(principal.actor, type, params.id!))) }),
    }),
  ]
  if (!kind.numberedAtCreation) {
    routes.push(defineRoute({
      method: 'delete', path: `/${group}/{id}`, tag, operationId: operation('delete'), summary: `Delete a draft ${name}`,
      description: 'A DRAFT with a placeholder number only: one holding an issued number answers 409 number_issued (cancel it instead), any other status 409 status_conflict.',
      scopes: write,
      responses: { 200: { description: 'Deleted', schema: SuccessSchema } },
      errors: [404, 409],
      handle: async ({ principal, params }) => {
        await orderDocuments.delete(principal.actor, type, params.id!)
        return { body: { success: true } }
      },
    }))
  }
  if (kind.printed) {
    routes.push(defineRoute({
      method: 'get', path: `/${group}/{id}/pdf`, tag, operationId: `get${singular}Pdf`, summary: `The ${name} as PDF`,
      description: [
        `Rendered from current data in the document language (X-PDF-Source: generated), titled ${type === 'QUOTE' ? 'Angebot / Quote, with "Gültig bis" / "Valid until"' : type === 'ORDER_CONFIRMATION' ? 'Auftragsbestätigung / Order confirmation' : 'Lieferschein / Delivery note, with the delivery date and tracking reference, to the shipping address when useShippingAddress; prices and totals only with showPrices'}`,
        '(customTitle replaces the title); drafts carry a watermark. More than 200 pages: 400 document_too_large (estimatedPages, maxPages 200).',
      ].join(' '),
      scopes: read,
      responses: { 200: { description: 'PDF bytes', contentType: 'application/pdf', headers: { 'Content-Disposition': 'inline', 'X-PDF-Source': 'generated' } } },
      errors: [404],
      handle: async ({ principal, params }) => {
        const file = await orderDocuments.pdf(principal.actor, type, params.id!)
        return { body: Buffer.from(file.content), headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': 'inline', 'X-PDF-Source': 'generated' } }
      },
    }))
  }
  if (kind.sendable) {
    routes.push(defineRoute({
      method: 'post', path: `/${group}/{id}/send`, tag, operationId: `send${singular}`, summary: `Mail the ${name} to the customer`,
      description: [
        `Mails the PDF to recipientEmail, else the customer's address (400 no_recipient), with cc and bcc; subject and body from the company's texts for the locale and type, else built-in ones.`,
        `Sendable in ${kind.sendableIn.join(', ')} (else 409 status_conflict with allowedStatuses). A draft first gets its number (403 plan_limit_reached before any number is taken)`,
        'and becomes OPEN only after the mail server accepted the mail; sent again, the status stays and sentAt moves. A failed delivery answers 500 email_delivery_failed and keeps only the number.',
        'While a send runs another send, PUT or DELETE answers 409 send_in_progress. Emits .finalized (when it left DRAFT) and .sent.',
      ].join(' '),
      scopes: write,
      body: SendRequestSchema,
      responses: { 200: { description: 'Sent', schema: dataSchema(OrderDocumentSendResponseSchema) } },
      errors: [404, 409, 422, 500],
      run: ({ principal, params, body }, claim) => orderDocuments.send(principal.actor, type, params.id!, body, claim),
      respond: (sent) => ({ body: data(sent) }),
    }))
  }
  if (kind.duplicateAs) {
    routes.push(defineRoute({
      method: 'post', path: `/${group}/{id}/duplicate`, tag, operationId: operation('duplicate'), summary: `Copy a ${name} as a new draft`,
      description: `A new DRAFT ${name} with the source's content and a placeholder number; customerId makes it for another customer (tax derived anew). adjustDates (default true) dates it today${type === 'QUOTE' ? ' and keeps validUntil\'s distance' : ''}. 403 plan_limit_reached with the monthly document quota used up. Emits no event.`,
      scopes: write,
      body: OrderDuplicateSchema,
      responses: { 201: { description: 'The new draft', schema: dataSchema(detailSchema) } },
      errors: [404],
      run: ({ principal, params, body }, claim) => orderDocuments.duplicate(principal.actor, type, params.id!, body, claim),
      respond: (document) => ({ status: 201, body: data(toOrderDocumentDetailResponse(document)), resourceId: document.id }),
    }))
  }
  return routes
}

/** The four order-document groups, and the collective invoice of delivery notes. */
export const orderDocumentRoutes = (invoicing: Invoicing): Route[] => [
  defineRoute({
    method: 'post', path: '/delivery-notes/convert', tag: 'delivery-notes', operationId: 'createCollectiveInvoice', summary: 'One invoice from several delivery notes',
    description: [
      'Needs delivery-notes:write and invoices:write. Every note must be OPEN or DELIVERED (else 409 status_conflict) and of one customer, currency and tax context',
      '(else 400 incompatible_sources naming the first differing field), with quantities left to invoice (else 409 nothing_to_convert).',
      'The invoice gets their remaining lines in the order of the notes\' deliveryDate, each note\'s lines after a TEXT line "Lieferschein {number} vom {date}",',
      'sourceDocuments = the notes, and the service period from the first to the last deliveryDate. issue: true issues it FINAL.',
      'Emits invoice.created and delivery_note.converted per note.',
    ].join(' '),
    scopes: ['delivery-notes:write', 'invoices:write'],
    body: CollectiveInvoiceSchema,
    responses: { 201: { description: 'The new invoice', schema: dataSchema(InvoiceDetailResponseSchema) } },
    errors: [404, 409],
    run: ({ principal, body }, claim) => invoicing.orderDocuments.collectiveInvoice(principal.actor, body, claim),
    respond: conversionResponse,
  }),
  ...(Object.keys(ORDER_DOCUMENT_KINDS) as OrderDocumentType[]).flatMap((type) => orderDocumentGroupRoutes(invoicing, type)),
]
