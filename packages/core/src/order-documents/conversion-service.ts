import type { Actor } from '../access'
import { type Company, requireCompany } from '../companies'
import { type Customer, requireCustomer } from '../customers'
import { InvoicingError } from '../errors'
import type { IdempotencyClaim } from '../idempotency'
import { DOCUMENT_TEXT_VERSION, MAX_LINES, emitInvoiceEvent, givenTaxValues, type Invoice, type InvoiceDetail, invoiceCustomerOf, newDraftState } from '../invoices'
import { assertHybridPdfWithinLimit } from '../einvoice'
import { recordPayment, type PaymentCreateFields } from '../payments'
import type { CoreDeps } from '../ports/deps'
import {
  assertDocumentQuota, changeStatus, type DocumentLine, type LineDraft, ORDER_DOCUMENT_KINDS, PLACEHOLDER_PREFIX, priceDocument, refOf,
} from '../sales-documents'
import { addDays, calendarDateOf, type CalendarDate } from '../shared/calendar-date'
import { parseInput } from '../shared/validation'
import { Exact } from '../tax'
import { createUnitOfWork, type UnitOfWork } from '../unit-of-work'
import { descendantsOf, type Fulfilment, fulfilmentOf, isQuantityLine, remainingOf } from './document-chain'
import type { ConversionTarget, OrderDocument, OrderDocumentType } from './order-document'
import { CollectiveInvoiceSchema, ConvertRequestSchema, type CollectiveInvoiceRequest, type ConvertRequest } from './order-document-schemas'
import { emitOrderDocumentEvent, resourceDataOf } from './order-document-events'
import { auditActionOf, statusVerbOf, withStatusFields } from './order-document-service'
import { detailOf, requireOrderDocument, type OrderDocumentDetail } from './order-document-parts'

/** What a conversion made: an invoice or proforma (the invoice resource), or another order document. */
export type ConversionResult =
  | { resource: 'invoice'; invoice: InvoiceDetail }
  | { resource: 'order-document'; document: OrderDocumentDetail }

const INVOICE_TARGETS: readonly ConversionTarget[] = ['INVOICE', 'PROFORMA']

const invalidTarget = (allowed: readonly string[], target: string) =>
  new InvoicingError('validation_failed', `target: ${target} is not one of ${allowed.join(', ')}`, { field: 'target', allowedValues: [...allowed] })

/** A line as the new document gets it: linked to its source line, with the quantity converted. */
const linkedDraft = (line: DocumentLine, quantity: string): LineDraft => ({
  lineType: line.lineType, productId: line.productId, description: line.description, quantity, unit: line.unit,
  unitPrice: line.unitPrice, discount: line.discount, taxRate: line.requestedTaxRate, sourceLineId: line.id,
})

/**
 * The lines a conversion of `source` into `target` copies: the given `partialLines`, or every
 * line with a remaining quantity (and the layout lines with them). Percent discounts always
 * come along: they are shares of the lines they follow.
 */
export function convertedLines(source: OrderDocument, fulfilment: Fulfilment, target: ConversionTarget, partialLines: readonly { lineId: string; quantity: string }[] | undefined): LineDraft[] {
  if (!partialLines) {
    return source.lines.flatMap((line) => {
      if (line.lineType === 'DISCOUNT_PERCENT' || !isQuantityLine(line)) return [linkedDraft(line, line.quantity)]
      const remaining = remainingOf(line, fulfilment, target)
      return remaining.gt(0) ? [linkedDraft(line, remaining.toFixed())] : []
    })
  }
  const asked = new Map<string, InstanceType<typeof Exact>>()
  partialLines.forEach(({ lineId, quantity }, lineIndex) => {
    const line = source.lines.find((each) => each.id === lineId)
    if (!line || !isQuantityLine(line)) {
      throw new InvoicingError('unknown_line', `partialLines.${lineIndex}.lineId: ${source.number} has no line ${lineId} with a quantity`, { field: `partialLines.${lineIndex}.lineId`, lineIndex })
    }
    const total = (asked.get(lineId) ?? new Exact(0)).plus(quantity)
    const remaining = remainingOf(line, fulfilment, target)
    if (total.gt(remaining)) {
      throw new InvoicingError('quantity_exceeds_remaining', `partialLines.${lineIndex}.quantity: only ${remaining.toFixed()} of line ${line.id} remain to convert into ${target}`, {
        field: `partialLines.${lineIndex}.quantity`, lineIndex, remaining: Number(remaining.toFixed()),
      })
    }
    asked.set(lineId, total)
  })
  return source.lines.flatMap((line) => {
    if (line.lineType === 'DISCOUNT_PERCENT') return [linkedDraft(line, line.quantity)]
    const quantity = asked.get(line.id)
    return quantity ? [linkedDraft(line, quantity.toFixed())] : []
  })
}

/** What a new document takes over from the documents it is made from (rule: texts come from the target type, not the source). */
function inheritedFields(source: OrderDocument, company: Company, target: ConversionTarget) {
  const texts = company.texts[source.documentLocale]?.[target]
  return {
    customerId: source.customerId, documentLocale: source.documentLocale, currency: source.currency,
    orderNumber: source.orderNumber, buyerReference: source.buyerReference, documentCategoryId: source.documentCategoryId,
    useShippingAddress: source.useShippingAddress, shippingName: source.shippingName, shippingStreet: source.shippingStreet,
    shippingZipCode: source.shippingZipCode, shippingCity: source.shippingCity, shippingCountry: source.shippingCountry,
    servicePeriodStart: source.servicePeriodStart, servicePeriodEnd: source.servicePeriodEnd, notes: source.notes,
    taxExemptionNote: source.taxExemptionNote,
    headerText: texts?.headerText ?? null, footer: texts?.footer ?? null, customTitle: null, pdfWithoutLetterhead: false,
    metadata: { convertedFrom: { documentType: source.documentType, id: source.id, number: source.number } },
    documentTextVersion: DOCUMENT_TEXT_VERSION,
  }
}

/** Conversions: a source's remaining quantities into the next document, and collective invoices from delivery notes. */
export function createConversionService(deps: CoreDeps) {
  const { ids } = deps
  const inUnitOfWork = createUnitOfWork(deps)

  /** A new invoice or proforma draft (issued when asked, and paid when a payment comes along). */
  async function newInvoice(
    unit: UnitOfWork, company: Company, customer: Customer, sources: readonly OrderDocument[], target: 'INVOICE' | 'PROFORMA',
    issueDate: CalendarDate, drafts: LineDraft[], servicePeriod: { start: CalendarDate | null; end: CalendarDate | null },
    issue: boolean, payment: PaymentCreateFields | undefined,
  ): Promise<InvoiceDetail> {
    const { tx, now } = unit
    const first = sources[0]!
    const id = ids.next()
    let invoice: Invoice = {
      ...newDraftState(id, now.toISOString()),
      ...inheritedFields(first, company, target),
      ...priceDocument(company, customer, issueDate, givenTaxValues(first, {}), drafts, ids),
      id, companyId: company.id, documentType: target, issueDate,
      dueDate: addDays(issueDate, customer.paymentTermDays ?? company.paymentTermDays),
      servicePeriodStart: servicePeriod.start, servicePeriodEnd: servicePeriod.end,
      invoiceDateIsServiceDate: false, eInvoiceAudit: null,
      precedingDocument: refOf(first), sourceDocuments: sources.map(refOf),
    }
    if (sources.length > 1) invoice = { ...invoice, metadata: { convertedFrom: sources.map((each) => ({ documentType: each.documentType, id: each.id, number: each.number })) } }
    // Issued at once, it is stored FINAL with its number in one write, if its PDF can be drawn (the page cap).
    if (issue) {
      invoice = await changeStatus(unit, company, invoice, 'FINAL')
      if (deps.pdf) await assertHybridPdfWithinLimit(deps.pdf, { invoice, company, customer, parentInvoice: null })
    }
    await tx.invoices.insert(invoice)
    await emitInvoiceEvent(unit, 'invoice.created', invoice)
    if (issue) await unit.audit('INVOICE_UPDATED_VIA_API', { type: 'invoice', id }, { fromStatus: 'DRAFT', toStatus: 'FINAL' })
    const paid = payment ? await recordPayment(unit, company, invoice, payment, ids) : undefined
    const current = paid?.invoice ?? invoice
    const payments = await tx.payments.listByInvoice(company.id, id)
    return {
      ...current, derivedDocuments: [], customer: invoiceCustomerOf(customer), payments, paidAmount: paid?.totalPaid ?? '0.00',
      sourceDocumentSummaries: sources.map(({ documentType, id, number }) => ({ documentType, id, number })),
    }
  }

  /** The source after it was converted: a quote becomes ACCEPTED (from OPEN or EXPIRED), with `quote.accepted`. */
  async function markConverted(unit: UnitOfWork, company: Company, source: OrderDocument, targetRef: { documentType: string; id: string; number: string }): Promise<void> {
    const kind = ORDER_DOCUMENT_KINDS[source.documentType]
    const timestamp = unit.now.toISOString()
    const moved = kind.statusAfterConversion[source.status]
    let converted = { ...source, updatedAt: timestamp }
    if (moved) {
      // The same status change a PUT makes (a quote accepted by converting it), with what comes along.
      converted = { ...withStatusFields(await changeStatus(unit, company, converted, moved, kind), source.status, moved, {}, timestamp), updatedAt: timestamp }
      await unit.tx.orderDocuments.update(converted)
      await emitOrderDocumentEvent(unit, converted, statusVerbOf(source.status, moved))
    }
    await emitOrderDocumentEvent(unit, converted, 'converted', { source: await resourceDataOf(unit.tx, converted), target: targetRef })
    await unit.audit(auditActionOf(kind, 'CONVERTED_VIA_API'), { type: kind.resource, id: source.id }, { targetType: targetRef.documentType, targetId: targetRef.id })
  }

  /** POST /{group}/{id}/convert. */
  async function convert(actor: Actor, type: OrderDocumentType, id: string, input: ConvertRequest, claim?: IdempotencyClaim<ConversionResult>): Promise<ConversionResult> {
    const kind = ORDER_DOCUMENT_KINDS[type]
    const request = parseInput(ConvertRequestSchema, input ?? {})
    const target = request.target
    if (!kind.convertibleTo.includes(target)) throw invalidTarget(kind.convertibleTo, target)
    const toInvoice = INVOICE_TARGETS.includes(target)
    if (request.issue && !toInvoice) throw new InvoicingError('validation_failed', 'issue: only conversions into INVOICE or PROFORMA can be issued at once', { field: 'issue' })
    if (request.payment && !(request.issue && target === 'INVOICE')) {
      throw new InvoicingError('validation_failed', 'payment: only with target INVOICE and issue: true', { field: 'payment' })
    }
    return inUnitOfWork(actor, async (unit) => {
      const { tx, now } = unit
      const company = await requireCompany(tx, actor)
      const source = await requireOrderDocument(tx, company.id, type, id)
      if (!(kind.convertibleIn as readonly string[]).includes(source.status)) {
        throw new InvoicingError('status_conflict', `${source.number} is ${source.status}; it converts in ${kind.convertibleIn.join(', ')}`, {
          status: source.status, allowedStatuses: [...kind.convertibleIn],
        })
      }
      if (toInvoice) await assertDocumentQuota(unit, company)
      const fulfilment = fulfilmentOf(source, await descendantsOf(tx, source))
      const drafts = convertedLines(source, fulfilment, target, request.partialLines)
      if (!drafts.some((draft) => isQuantityLine(draft) && draft.lineType !== 'DISCOUNT_PERCENT')) {
        throw new InvoicingError('nothing_to_convert', `Every quantity of ${source.number} is already converted into ${target}`)
      }
      const customer = await requireCustomer(tx, company.id, source.customerId)
      const issueDate = request.issueDate ?? calendarDateOf(now, company.timeZone)
      if (toInvoice) {
        // An invoice from a delivery note is dated by its delivery when no service period says otherwise.
        const servicePeriod = source.servicePeriodStart === null && kind.deliveryDateIsSupplyDate && source.deliveryDate !== null
          ? { start: source.deliveryDate, end: source.deliveryDate }
          : { start: source.servicePeriodStart, end: source.servicePeriodEnd }
        const invoice = await newInvoice(unit, company, customer, [source], target as 'INVOICE' | 'PROFORMA', issueDate, drafts, servicePeriod, request.issue ?? false, request.payment)
        await markConverted(unit, company, source, { documentType: invoice.documentType, id: invoice.id, number: invoice.number })
        return { resource: 'invoice', invoice }
      }
      const targetType = target as OrderDocumentType
      const newId = ids.next()
      const timestamp = now.toISOString()
      let document: OrderDocument = {
        ...source,
        ...inheritedFields(source, company, target),
        ...priceDocument(company, customer, issueDate, givenTaxValues(source, {}), drafts, ids),
        id: newId, documentType: targetType, number: `${PLACEHOLDER_PREFIX}${newId}`, numberIssued: false, status: 'DRAFT', issueDate,
        precedingDocument: refOf(source), sentAt: null, lockedAt: null, finalizedAt: null,
        validUntil: null, acceptedAt: null, rejectedAt: null, rejectionReason: null, expiredAt: null,
        deliveryDate: ORDER_DOCUMENT_KINDS[targetType].creationDefaults(issueDate, company).deliveryDate ?? source.deliveryDate,
        completedAt: null, completedAutomatically: false, showPrices: false, trackingReference: null, deliveredAt: null,
        requestedDeliveryDate: null, externalId: null, source: null, convertedQuantities: {}, createdAt: timestamp, updatedAt: timestamp,
      }
      document = { ...document, ...fulfilmentOf(document, []) }
      await tx.orderDocuments.insert(document)
      await emitOrderDocumentEvent(unit, document, 'created')
      await markConverted(unit, company, source, { documentType: document.documentType, id: document.id, number: document.number })
      return { resource: 'order-document', document: await detailOf(tx, document, customer) }
    }, claim)
  }

  /** POST /delivery-notes/convert: one invoice with every remaining line of several delivery notes. */
  async function collectiveInvoice(actor: Actor, input: CollectiveInvoiceRequest, claim?: IdempotencyClaim<ConversionResult>): Promise<ConversionResult> {
    const request = parseInput(CollectiveInvoiceSchema, input ?? {})
    const kind = ORDER_DOCUMENT_KINDS.DELIVERY_NOTE
    return inUnitOfWork(actor, async (unit) => {
      const { tx, now } = unit
      const company = await requireCompany(tx, actor)
      const notes: OrderDocument[] = []
      for (const id of new Set(request.deliveryNoteIds)) notes.push(await requireOrderDocument(tx, company.id, 'DELIVERY_NOTE', id))
      for (const note of notes) {
        if (!(kind.convertibleIn as readonly string[]).includes(note.status)) {
          throw new InvoicingError('status_conflict', `${note.number} is ${note.status}; delivery notes are invoiced in ${kind.convertibleIn.join(', ')}`, {
            status: note.status, allowedStatuses: [...kind.convertibleIn], id: note.id,
          })
        }
      }
      assertCompatible(notes)
      await assertDocumentQuota(unit, company)
      notes.sort((a, b) => (a.deliveryDate ?? a.issueDate).localeCompare(b.deliveryDate ?? b.issueDate))
      const drafts: LineDraft[] = []
      const language = notes[0]!.documentLocale
      for (const note of notes) {
        const lines = convertedLines(note, fulfilmentOf(note, await descendantsOf(tx, note)), 'INVOICE', undefined)
        if (!lines.some((line) => isQuantityLine(line) && line.lineType !== 'DISCOUNT_PERCENT')) {
          throw new InvoicingError('nothing_to_convert', `Every quantity of ${note.number} is already invoiced`, { id: note.id })
        }
        const date = note.deliveryDate ?? note.issueDate
        drafts.push({
          lineType: 'TEXT', productId: null, quantity: '0', unit: null, unitPrice: '0', discount: '0', taxRate: null, sourceLineId: null,
          description: language === 'de' ? `Lieferschein ${note.number} vom ${germanDate(date)}` : `Delivery note ${note.number} of ${date}`,
        }, ...lines)
      }
      // One invoice holds what any document may: MAX_LINES lines.
      if (drafts.length > MAX_LINES) {
        throw new InvoicingError('validation_failed', `deliveryNoteIds: together the notes would make an invoice of ${drafts.length} lines; at most ${MAX_LINES} fit one document`, { field: 'deliveryNoteIds' })
      }
      const customer = await requireCustomer(tx, company.id, notes[0]!.customerId)
      const dates = notes.map((note) => note.deliveryDate ?? note.issueDate).sort()
      const issueDate = request.issueDate ?? calendarDateOf(now, company.timeZone)
      const invoice = await newInvoice(unit, company, customer, notes, 'INVOICE', issueDate, drafts, { start: dates[0]!, end: dates.at(-1)! }, request.issue ?? false, undefined)
      for (const note of notes) await markConverted(unit, company, note, { documentType: 'INVOICE', id: invoice.id, number: invoice.number })
      return { resource: 'invoice', invoice }
    }, claim)
  }

  return { convert, collectiveInvoice }
}

const germanDate = (date: CalendarDate) => `${date.slice(8, 10)}.${date.slice(5, 7)}.${date.slice(0, 4)}`

/** The fields every delivery note of one collective invoice must share. */
const SHARED_FIELDS = ['customerId', 'currency', 'reverseCharge', 'taxExemptionReason', 'taxCountry', 'deliveryCountry', 'ossApplicable', 'ossCountry'] as const

/** 400 `incompatible_sources` naming the first field in which a note differs from the first one. */
function assertCompatible(notes: readonly OrderDocument[]): void {
  const [first, ...others] = notes
  for (const note of others) {
    const field = SHARED_FIELDS.find((name) => note[name] !== first![name])
    if (field) {
      throw new InvoicingError('incompatible_sources', `${note.number} differs from ${first!.number} in ${field}; a collective invoice needs one ${field}`, { field, id: note.id })
    }
  }
}
