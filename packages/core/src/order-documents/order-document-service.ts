import type { Actor } from '../access'
import type { AuditAction } from '../audit'
import { requireCategory } from '../categories'
import { requireCompany, type TextDocumentType } from '../companies'
import { requireCustomer } from '../customers'
import { InvoicingError } from '../errors'
import { createdByKey, type IdempotencyClaim } from '../idempotency'
import { DOCUMENT_TEXT_VERSION, requestedTaxValues } from '../invoices'
import type { CoreDeps } from '../ports/deps'
import {
  assertDocumentQuota, assertTransition, changeStatus, draftsOf, issueNumber, ORDER_DOCUMENT_KINDS, type OrderDocumentKind, PLACEHOLDER_PREFIX,
  priceDocument, STATUS_EVENTS, STATUS_TIMESTAMPS,
} from '../sales-documents'
import { addDays, calendarDateOf, daysBetween } from '../shared/calendar-date'
import type { Page } from '../shared/pagination'
import { assertNotBeingSent } from '../sending'
import { parseInput } from '../shared/validation'
import { createUnitOfWork, type UnitOfWork } from '../unit-of-work'
import * as v from 'valibot'
import { requiredText } from '../shared/fields'
import { aliased } from '../shared/validation'
import { fulfilmentOf } from './document-chain'
import { applyOrderContent, assertValidity, orderLineDrafts, storedNamesOf } from './order-content'
import type { OrderDocument, OrderDocumentStatus, OrderDocumentType } from './order-document'
import { createSchemaOf, listQuerySchemaOf, updateSchemaOf } from './order-document-schemas'
import { emitOrderDocumentEvent } from './order-document-events'
import { derivedSummariesOf, detailOf, nameOf, requireOrderDocument, type OrderDocumentDetail } from './order-document-parts'

export const OrderDuplicateSchema = aliased(v.object({
  customerId: v.optional(v.pipe(requiredText(100), v.description('Another customer of the company; default the source\'s'))),
  adjustDates: v.optional(v.pipe(v.boolean(), v.description('Default true: issue date today (a quote\'s validUntil keeps its distance)')), true),
}))
export type OrderDuplicateRequest = v.InferInput<typeof OrderDuplicateSchema>

/** The audit action `<RESOURCE>_<WHAT>` of a kind, e.g. `QUOTE_CREATED_VIA_API`. */
export const auditActionOf = (kind: OrderDocumentKind, what: string): AuditAction => `${kind.resource.toUpperCase()}_${what}` as AuditAction

/** The schemas of each kind, built once. */
const schemas = Object.fromEntries(Object.entries(ORDER_DOCUMENT_KINDS).map(([type, kind]) => [type, {
  create: createSchemaOf(type as OrderDocumentType),
  update: updateSchemaOf(type as OrderDocumentType, kind.statuses),
  list: listQuerySchemaOf(kind.statuses, kind.fulfilment?.tracksDelivery ?? false),
}])) as Record<OrderDocumentType, { create: ReturnType<typeof createSchemaOf>; update: ReturnType<typeof updateSchemaOf>; list: ReturnType<typeof listQuerySchemaOf> }>

/** The fields a status sets when a document reaches it, and clears when it returns to OPEN or DRAFT. */
export function withStatusFields(document: OrderDocument, from: OrderDocumentStatus, to: OrderDocumentStatus, given: { acceptedAt?: string | undefined; rejectionReason?: string | null | undefined }, timestamp: string): OrderDocument {
  let next: OrderDocument = { ...document }
  // Back to OPEN (or DRAFT), what the status left had set is cleared: a reopened quote is no longer rejected.
  const left = STATUS_TIMESTAMPS[from as keyof typeof STATUS_TIMESTAMPS]
  if ((to === 'OPEN' || to === 'DRAFT') && left) next = { ...next, [left]: null, rejectionReason: null, completedAutomatically: false }
  const field = STATUS_TIMESTAMPS[to as keyof typeof STATUS_TIMESTAMPS]
  if (field) next = { ...next, [field]: (to === 'ACCEPTED' ? given.acceptedAt : to === 'DELIVERED' ? document.deliveredAt ?? undefined : undefined) ?? timestamp }
  if (to === 'REJECTED') next = { ...next, rejectionReason: given.rejectionReason ?? null }
  if (to === 'COMPLETED') next = { ...next, completedAutomatically: false }
  if (from === 'DRAFT' && to === 'OPEN') next = { ...next, finalizedAt: next.finalizedAt ?? timestamp }
  return next
}

/** The verb of a status change's event: `finalized` on leaving draft, else the status's own, else `updated`. */
export const statusVerbOf = (from: OrderDocumentStatus, to: OrderDocumentStatus): string =>
  from === 'DRAFT' && to === 'OPEN' ? 'finalized' : STATUS_EVENTS[to as keyof typeof STATUS_EVENTS] ?? 'updated'

/** 409 `has_derived_documents` when documents made from `document` forbid the change (`any`: cancelled ones too). */
async function assertDerivedAllow(unit: UnitOfWork, kind: OrderDocumentKind, document: OrderDocument, to: OrderDocumentStatus): Promise<void> {
  const block = kind.derivedDocumentsBlock(document.status, to)
  if (!block) return
  const derived = (await derivedSummariesOf(unit.tx, document)).filter((each) => block === 'any' || each.status !== 'CANCELLED')
  if (derived.length === 0) return
  throw new InvoicingError('has_derived_documents',
    `${document.number} cannot change to ${to}: documents were made from it (${derived.map((each) => each.number).join(', ')})${block === 'active' ? '; cancel them first' : ''}`,
    { derivedDocuments: derived.map(({ documentType, id, number, status }) => ({ documentType, id, number, status })) })
}

/** Quotes, order confirmations, delivery notes and orders: one set of use cases, read from each kind's entry. */
export function createOrderDocumentService(deps: CoreDeps) {
  const { storage, ids } = deps
  const inUnitOfWork = createUnitOfWork(deps)

  async function get(actor: Actor, type: OrderDocumentType, id: string): Promise<OrderDocumentDetail> {
    return detailOf(storage, await requireOrderDocument(storage, actor.companyId, type, id))
  }

  /** A new document of `type` as a draft (orders: OPEN with their number). */
  async function create(actor: Actor, type: OrderDocumentType, input: unknown, claim?: IdempotencyClaim<OrderDocumentDetail>): Promise<OrderDocumentDetail> {
    const kind = ORDER_DOCUMENT_KINDS[type]
    const fields = storedNamesOf(parseInput(schemas[type].create, input))
    return inUnitOfWork(actor, async (unit) => {
      const { tx, now } = unit
      const company = await requireCompany(tx, actor)
      const customer = await requireCustomer(tx, company.id, fields.customerId)
      if (fields.documentCategoryId != null) await requireCategory(tx, company.id, fields.documentCategoryId)
      if (fields.externalId) {
        const existing = await tx.orderDocuments.findByExternalId(company.id, fields.externalId)
        if (existing) {
          throw new InvoicingError('external_id_taken', `Order ${existing.number} already has externalId ${fields.externalId}`, { id: existing.id, number: existing.number })
        }
      }
      const issueDate = fields.issueDate ?? calendarDateOf(now, company.timeZone)
      const documentLocale = fields.documentLocale ?? customer.defaultLocale ?? company.defaultLocale
      const texts = kind.printed ? company.texts[documentLocale]?.[type as TextDocumentType] : undefined
      const defaults = kind.creationDefaults(issueDate, company)
      const drafts = await orderLineDrafts(tx, company.id, fields.lines)
      const id = ids.next()
      const timestamp = now.toISOString()
      let document: OrderDocument = {
        id, companyId: company.id, documentType: type,
        number: `${PLACEHOLDER_PREFIX}${id}`, numberIssued: false, status: kind.statuses[0]!,
        customerId: customer.id, documentCategoryId: fields.documentCategoryId ?? null,
        documentLocale, documentTextVersion: DOCUMENT_TEXT_VERSION, issueDate,
        servicePeriodStart: fields.servicePeriodStart ?? null, servicePeriodEnd: fields.servicePeriodEnd ?? null,
        currency: fields.currency ?? 'EUR',
        ...priceDocument(company, customer, issueDate, requestedTaxValues(fields), drafts, ids),
        taxExemptionNote: fields.taxExemptionNote ?? null,
        notes: fields.notes ?? null,
        headerText: fields.headerText !== undefined ? fields.headerText : texts?.headerText ?? null,
        footer: fields.footer !== undefined ? fields.footer : texts?.footer ?? null,
        customTitle: fields.customTitle ?? null, pdfWithoutLetterhead: fields.pdfWithoutLetterhead ?? false,
        useShippingAddress: fields.useShippingAddress ?? false,
        shippingName: fields.shippingName ?? null, shippingStreet: fields.shippingStreet ?? null, shippingZipCode: fields.shippingZipCode ?? null,
        shippingCity: fields.shippingCity ?? null, shippingCountry: fields.shippingCountry ?? null,
        orderNumber: fields.orderNumber ?? null,
        buyerReference: fields.buyerReference !== undefined ? fields.buyerReference : customer.buyerReference,
        metadata: fields.metadata ?? {},
        precedingDocument: null, sentAt: null, lockedAt: null, finalizedAt: null,
        validUntil: fields.validUntil ?? defaults.validUntil ?? null,
        acceptedAt: null, rejectedAt: null, rejectionReason: null, expiredAt: null,
        deliveryDate: fields.deliveryDate !== undefined ? fields.deliveryDate : defaults.deliveryDate ?? null,
        completedAt: null, completedAutomatically: false,
        showPrices: fields.showPrices ?? false, trackingReference: fields.trackingReference ?? null, deliveredAt: fields.deliveredAt ?? null,
        requestedDeliveryDate: fields.requestedDeliveryDate ?? null,
        externalId: fields.externalId ?? null, source: fields.source ?? defaults.source ?? null,
        deliveryStatus: null, invoiceStatus: 'NONE', convertedQuantities: {},
        createdAt: timestamp, updatedAt: timestamp,
      }
      document = { ...document, ...fulfilmentOf(document, []) }
      assertValidity(document)
      // Numbered at creation (orders): the number comes with the insert, not with a status change.
      if (kind.numberedAtCreation) document = await issueNumber(unit, company, document, kind)
      await tx.orderDocuments.insert(document)
      await unit.audit(auditActionOf(kind, 'CREATED_VIA_API'), { type: kind.resource, id }, { grossTotal: document.grossTotal })
      await emitOrderDocumentEvent(unit, document, 'created')
      return detailOf(tx, document, customer)
    }, claim)
  }


  async function list(actor: Actor, type: OrderDocumentType, query: unknown = {}): Promise<Page<Omit<OrderDocumentDetail, 'customer'>>> {
    const { categoryId, ...filters } = parseInput(schemas[type].list, query ?? {})
    const page = await storage.orderDocuments.list(actor.companyId, { ...filters, documentType: type, documentCategoryId: categoryId })
    const ids = page.items.map((document) => document.id)
    const derived = ids.length === 0 ? [] : [
      ...await storage.orderDocuments.summariesDerivedFrom(actor.companyId, ids),
      ...await storage.invoices.summariesDerivedFrom(actor.companyId, ids),
    ]
    const preceding = new Map((await storage.orderDocuments.refsOf(actor.companyId, page.items.flatMap((document) => document.precedingDocument ? [document.precedingDocument.id] : [])))
      .map((ref) => [ref.id, ref]))
    return {
      ...page,
      // The added fields first: see withDerivedDocuments.
      items: page.items.map((document) => ({
        derivedDocuments: derived.filter((each) => each.precedingDocumentId === document.id),
        precedingDocumentSummary: document.precedingDocument ? preceding.get(document.precedingDocument.id) ?? null : null,
        ...document,
      })),
    }
  }

  /**
   * Content and/or `status`. Content only where the kind's table allows it (plus the fields
   * some kinds let change later); content given unchanged never blocks a status change.
   */
  async function update(actor: Actor, type: OrderDocumentType, id: string, input: unknown = {}): Promise<OrderDocumentDetail> {
    const kind = ORDER_DOCUMENT_KINDS[type]
    const { status, acceptedAt, rejectionReason, ...content } = parseInput(schemas[type].update, input ?? {})
    return inUnitOfWork(actor, async (unit) => {
      const { tx, now } = unit
      const company = await requireCompany(tx, actor)
      const current = await requireOrderDocument(tx, company.id, type, id)
      // A draft being mailed is recorded as it was drawn; it changes once that send is done.
      await assertNotBeingSent(tx, current, now)
      const newStatus = status !== undefined && status !== current.status ? status : undefined
      if (newStatus) assertTransition(current, newStatus, kind)
      const customer = await requireCustomer(tx, company.id, current.customerId)
      const edit = await applyOrderContent(tx, company, customer, current, content, ids)
      const locked = await lockedFieldsOf(unit, kind, current, edit.changedFields, newStatus)
      if (locked.length > 0) {
        throw new InvoicingError('content_locked', `${current.number} is ${current.status}; ${locked.join(', ')} cannot change now`, { lockedFields: locked })
      }
      if (edit.changedFields.length === 0 && !newStatus) return detailOf(tx, current, customer)
      let next = edit.document
      if (newStatus) {
        await assertDerivedAllow(unit, kind, current, newStatus)
        kind.guardTransition(current, newStatus, next, calendarDateOf(now, company.timeZone), Object.keys(content).filter((field) => content[field as keyof typeof content] !== undefined))
        next = withStatusFields(await changeStatus(unit, company, next, newStatus, kind), current.status, newStatus, { acceptedAt, rejectionReason }, now.toISOString())
      }
      next = { ...next, updatedAt: now.toISOString() }
      await tx.orderDocuments.update(next)
      const details = { changedFields: edit.changedFields, ...(newStatus ? { fromStatus: current.status, toStatus: newStatus } : {}) }
      await unit.audit(auditActionOf(kind, newStatus ? 'STATUS_CHANGED_VIA_API' : 'UPDATED_VIA_API'), { type: kind.resource, id }, details)
      await emitOrderDocumentEvent(unit, next, newStatus ? statusVerbOf(current.status, newStatus) : 'updated')
      return detailOf(tx, next, customer)
    })
  }

  /** The changed fields this change may not touch: all outside editable states, except the kind's late fields and a quote's reopening validUntil. */
  async function lockedFieldsOf(unit: UnitOfWork, kind: OrderDocumentKind, current: OrderDocument, changed: string[], newStatus: OrderDocumentStatus | undefined): Promise<string[]> {
    if (changed.length === 0) return []
    const editable = kind.isContentEditable(current) &&
      !(kind.contentLockedByDerived && (await derivedSummariesOf(unit.tx, current)).some((each) => each.status !== 'CANCELLED'))
    if (editable) return []
    const late = new Set<string>(kind.lateEditableFields[current.status] ?? [])
    // Reopening an expired or rejected quote comes with its new validUntil (the reopen row of the table).
    if (newStatus === 'OPEN' && (current.status === 'EXPIRED' || current.status === 'REJECTED')) late.add('validUntil')
    return changed.filter((field) => !late.has(field))
  }

  /** Deletes a draft that never held a number; anything else is cancelled instead. */
  async function remove(actor: Actor, type: OrderDocumentType, id: string): Promise<void> {
    const kind = ORDER_DOCUMENT_KINDS[type]
    await inUnitOfWork(actor, async (unit) => {
      const { tx, now } = unit
      const document = await requireOrderDocument(tx, actor.companyId, type, id)
      await assertNotBeingSent(tx, document, now)
      if (document.status !== 'DRAFT') {
        throw new InvoicingError('status_conflict', `Only drafts can be deleted; ${document.number} is ${document.status}. Cancel it instead`, {
          status: document.status, allowedStatuses: ['DRAFT'],
        })
      }
      if (document.numberIssued) {
        throw new InvoicingError('number_issued', `${document.number} holds an issued number and cannot be deleted; set it to CANCELLED`, { number: document.number })
      }
      await tx.orderDocuments.delete(actor.companyId, id)
      await tx.idempotency.deleteForResource(actor.companyId, id)
      await unit.audit(auditActionOf(kind, 'DELETED_VIA_API'), { type: kind.resource, id }, { number: document.number })
    })
  }

  /** A new draft of the same kind with the source's content; emits no event. */
  async function duplicate(actor: Actor, type: OrderDocumentType, id: string, input: unknown = {}, claim?: IdempotencyClaim<OrderDocumentDetail>): Promise<OrderDocumentDetail> {
    const kind = ORDER_DOCUMENT_KINDS[type]
    const request = parseInput(OrderDuplicateSchema, input ?? {})
    return inUnitOfWork(actor, async (unit) => {
      const { tx, now } = unit
      const company = await requireCompany(tx, actor)
      const source = await requireOrderDocument(tx, company.id, type, id)
      const customer = await requireCustomer(tx, company.id, request.customerId ?? source.customerId)
      await assertDocumentQuota(unit, company)
      const today = calendarDateOf(now, company.timeZone)
      const issueDate = request.adjustDates ? today : source.issueDate
      const sameCustomer = customer.id === source.customerId
      const copyId = ids.next()
      const timestamp = now.toISOString()
      let copy: OrderDocument = {
        ...source,
        id: copyId, number: `${PLACEHOLDER_PREFIX}${copyId}`, numberIssued: false, status: 'DRAFT', customerId: customer.id, issueDate,
        documentTextVersion: DOCUMENT_TEXT_VERSION,
        validUntil: source.validUntil === null ? null : request.adjustDates ? addDays(today, daysBetween(source.issueDate, source.validUntil)) : source.validUntil,
        deliveryDate: request.adjustDates ? kind.creationDefaults(today, company).deliveryDate ?? source.deliveryDate : source.deliveryDate,
        buyerReference: sameCustomer ? source.buyerReference : customer.buyerReference,
        ...priceDocument(company, customer, issueDate, sameCustomer ? requestedTaxValues(source) : {}, draftsOf(source.lines).map((line) => ({ ...line, sourceLineId: null })), ids),
        precedingDocument: null, sentAt: null, lockedAt: null, finalizedAt: null, acceptedAt: null, rejectedAt: null, rejectionReason: null,
        expiredAt: null, completedAt: null, completedAutomatically: false, deliveredAt: null, externalId: null,
        convertedQuantities: {}, metadata: {}, createdAt: timestamp, updatedAt: timestamp,
      }
      copy = { ...copy, ...fulfilmentOf(copy, []) }
      await tx.orderDocuments.insert(copy)
      await unit.audit(auditActionOf(kind, 'DUPLICATED_VIA_API'), { type: kind.resource, id: copyId }, { sourceId: id, sourceNumber: source.number })
      return detailOf(tx, copy, customer)
    }, claim)
  }

  return {
    create, list, get, update, delete: remove, duplicate,
    /** The document an `Idempotency-Key` created, in its current state. */
    getCreatedByKey: (actor: Actor, type: OrderDocumentType, id: string) => createdByKey(() => get(actor, type, id), nameOf(ORDER_DOCUMENT_KINDS[type]).toLowerCase()),
  }
}

export type OrderDocumentService = ReturnType<typeof createOrderDocumentService>
