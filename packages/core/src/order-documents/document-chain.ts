import type Decimal from 'decimal.js'
import type { StorageReader } from '../ports/storage'
import { type DocumentRef, DOCUMENT_KINDS, isConvertedFrom, orderSourcesOf, isLayoutLine, type DocumentLine, type SalesDocument } from '../sales-documents'
import { Exact } from '../tax'
import {
  CONVERSION_TARGETS, type ConversionTarget, type ConvertedQuantities, type DocumentDeliveryStatus, type DocumentInvoiceStatus, type OrderDocument,
} from './order-document'

type ChainReader = Pick<StorageReader, 'invoices' | 'orderDocuments'>

/** A chain is a few levels deep (quote → confirmation → delivery note → invoice → credit note); this bounds a malformed one. */
const MAX_CHAIN_DEPTH = 8

/** Lines whose quantity is converted and counted: not layout lines, not percent discounts (a share of the others). */
export const isQuantityLine = (line: Pick<DocumentLine, 'lineType'>): boolean => !isLayoutLine(line.lineType) && line.lineType !== 'DISCOUNT_PERCENT'

/** The document `ref` names, of whichever store keeps its kind. */
export async function documentOf(reader: ChainReader, companyId: string, ref: DocumentRef): Promise<SalesDocument | undefined> {
  return DOCUMENT_KINDS[ref.documentType].fulfilment ? reader.orderDocuments.get(companyId, ref.id) : reader.invoices.get(companyId, ref.id)
}

/** The documents a document was converted from: its preceding document, or every source of a collective invoice. */
export function sourcesOf(document: SalesDocument): DocumentRef[] {
  const sources = orderSourcesOf(document)
  if (sources.length > 0) return sources
  return isConvertedFrom(document, document.precedingDocument) ? [document.precedingDocument] : []
}

/**
 * Every document made from any of `roots`, directly or through others, level by level:
 * conversions and what credits them. Each level is found in one query per store, and each
 * document is read once (a collective invoice under the first of its sources reached), so a
 * document may come before one of its other sources.
 */
export async function descendantsOfAll(reader: ChainReader, roots: readonly SalesDocument[]): Promise<SalesDocument[]> {
  const [first] = roots
  if (!first) return []
  const seen = new Set(roots.map((root) => root.id))
  const found: SalesDocument[] = []
  let frontier = [...seen]
  for (let depth = 0; frontier.length > 0 && depth < MAX_CHAIN_DEPTH; depth++) {
    const [orderDocuments, invoices] = await Promise.all([
      reader.orderDocuments.summariesDerivedFrom(first.companyId, frontier),
      reader.invoices.summariesDerivedFrom(first.companyId, frontier),
    ])
    const next = [...orderDocuments, ...invoices].filter((summary) => !seen.has(summary.id) && seen.add(summary.id))
    const documents = await Promise.all(next.map((summary) => documentOf(reader, first.companyId, summary)))
    found.push(...documents.filter((document): document is SalesDocument => document !== undefined))
    frontier = next.map((summary) => summary.id)
  }
  return found
}

/** Every document made from `root`, directly or through others (see {@link descendantsOfAll}). */
export const descendantsOf = (reader: ChainReader, root: SalesDocument): Promise<SalesDocument[]> => descendantsOfAll(reader, [root])

/** The first document of the chain `document` belongs to: following its sources upwards. */
export async function rootOf(reader: ChainReader, document: SalesDocument): Promise<SalesDocument> {
  let current = document
  for (let depth = 0; depth < MAX_CHAIN_DEPTH; depth++) {
    const up = current.precedingDocument ? await documentOf(reader, current.companyId, current.precedingDocument) : undefined
    if (!up) return current
    current = up
  }
  return current
}

/** Every order document `document` was converted from, directly or through others (each once). */
export async function orderDocumentAncestorsOf(reader: ChainReader, document: SalesDocument): Promise<OrderDocument[]> {
  const ancestors = new Map<string, OrderDocument>()
  let frontier = sourcesOf(document)
  for (let depth = 0; frontier.length > 0 && depth < MAX_CHAIN_DEPTH; depth++) {
    const next: DocumentRef[] = []
    for (const ref of frontier) {
      const source = await documentOf(reader, document.companyId, ref)
      if (!source || ancestors.has(source.id)) continue
      if (DOCUMENT_KINDS[source.documentType].fulfilment) ancestors.set(source.id, source as OrderDocument)
      next.push(...sourcesOf(source))
    }
    frontier = next
  }
  return [...ancestors.values()]
}

/** What the documents made from a source hold of it. */
export interface Fulfilment {
  /** Per source line id, by target type: quantities of non-cancelled descendants, drafts included. */
  convertedQuantities: Record<string, ConvertedQuantities>
  deliveryStatus: DocumentDeliveryStatus | null
  invoiceStatus: DocumentInvoiceStatus
}

const counts = (document: SalesDocument) => document.status !== 'DRAFT' && document.status !== 'CANCELLED'

/**
 * What `descendants` (every document made from `source`, directly or through others) hold of
 * `source`'s lines. A descendant line counts for the source line its `sourceLineId` chain leads
 * to, whatever order the documents come in (a collective invoice may be listed before one of
 * its delivery notes); cancelled documents and what was made from them count for nothing.
 */
export function fulfilmentOf(source: OrderDocument, descendants: readonly SalesDocument[]): Fulfilment {
  const origin = new Map<string, string>(source.lines.filter(isQuantityLine).map((line) => [line.id, line.id]))
  const converted = new Map<string, Map<ConversionTarget, Decimal>>()
  const delivered = new Map<string, Decimal>()
  const invoiced = new Map<string, Decimal>()
  const add = (totals: Map<string, Decimal>, lineId: string, quantity: string) =>
    totals.set(lineId, (totals.get(lineId) ?? new Exact(0)).plus(new Exact(quantity).abs()))
  let pending = descendants.flatMap((document) => {
    const target = CONVERSION_TARGETS.find((type) => type === document.documentType)
    if (!target || document.status === 'CANCELLED') return []
    return document.lines.filter((line) => line.sourceLineId !== null && isQuantityLine(line)).map((line) => ({ line, target, document }))
  })
  // Each pass links the lines whose source line is linked already: a chain is linked in as many passes as it is deep.
  for (let progress = true; progress && pending.length > 0;) {
    const waiting: typeof pending = []
    progress = false
    for (const entry of pending) {
      const sourceLine = origin.get(entry.line.sourceLineId!)
      if (sourceLine === undefined) {
        waiting.push(entry)
        continue
      }
      progress = true
      const { line, target, document } = entry
      origin.set(line.id, sourceLine)
      const byTarget = converted.get(sourceLine) ?? new Map<ConversionTarget, Decimal>()
      converted.set(sourceLine, byTarget.set(target, (byTarget.get(target) ?? new Exact(0)).plus(new Exact(line.quantity).abs())))
      if (target === 'DELIVERY_NOTE' && counts(document)) add(delivered, sourceLine, line.quantity)
      if (target === 'INVOICE' && counts(document)) add(invoiced, sourceLine, line.quantity)
    }
    pending = waiting
  }
  const quantityLines = source.lines.filter(isQuantityLine)
  const coverage = (lines: readonly DocumentLine[], totals: Map<string, Decimal>) => {
    if (lines.every((line) => !totals.get(line.id)?.gt(0))) return 'NONE' as const
    return lines.every((line) => (totals.get(line.id) ?? new Exact(0)).gte(line.quantity)) ? 'FULL' as const : 'PARTIAL' as const
  }
  const products = quantityLines.filter((line) => line.lineType === 'PRODUCT')
  const tracksDelivery = DOCUMENT_KINDS[source.documentType].fulfilment?.tracksDelivery ?? false
  return {
    convertedQuantities: Object.fromEntries([...converted].map(([lineId, byTarget]) =>
      [lineId, Object.fromEntries([...byTarget].map(([target, quantity]) => [target, quantity.toFixed()]))])),
    deliveryStatus: !tracksDelivery ? null : products.length === 0 ? 'NOT_APPLICABLE' : coverage(products, delivered),
    invoiceStatus: quantityLines.length === 0 ? 'NONE' : coverage(quantityLines, invoiced),
  }
}

/** What of `line` is left to convert into `target`: its quantity less what descendants of that type hold. */
export function remainingOf(line: DocumentLine, fulfilment: Fulfilment, target: ConversionTarget): Decimal {
  const taken = fulfilment.convertedQuantities[line.id]?.[target] ?? '0'
  const remaining = new Exact(line.quantity).minus(taken)
  return remaining.isNegative() ? new Exact(0) : remaining
}
