import type { SalesDocument } from '../sales-documents'
import { ORDER_DOCUMENT_KINDS } from '../sales-documents'
import { canonicalJson } from '../shared/canonical-json'
import type { UnitOfWork } from '../unit-of-work'
import { descendantsOf, descendantsOfAll, fulfilmentOf, orderDocumentAncestorsOf } from './document-chain'
import { isOrderDocumentType, type OrderDocument } from './order-document'
import { emitOrderDocumentEvent } from './order-document-events'

/**
 * Brings what `document` derives from the documents made from it up to date: converted
 * quantities, delivery and invoice status, and, with `automatic`, the automatic COMPLETED of
 * the kinds that close themselves (and back to OPEN when a release undoes it; a manual close
 * stays). Emits `.completed`, or `.updated` when a status changed.
 */
export async function refreshFulfilment(
  unit: UnitOfWork, document: OrderDocument, automatic = true, descendants?: readonly SalesDocument[],
): Promise<OrderDocument> {
  const kind = ORDER_DOCUMENT_KINDS[document.documentType]
  const fulfilment = fulfilmentOf(document, descendants ?? await descendantsOf(unit.tx, document))
  let next: OrderDocument = { ...document, ...fulfilment }
  const done = fulfilment.invoiceStatus === 'FULL' && (fulfilment.deliveryStatus === 'FULL' || fulfilment.deliveryStatus === 'NOT_APPLICABLE')
  const timestamp = unit.now.toISOString()
  let verb: 'completed' | 'updated' | null = null
  if (automatic && kind.fulfilment?.completesAutomatically && document.status === 'OPEN' && done) {
    next = { ...next, status: 'COMPLETED', completedAt: timestamp, completedAutomatically: true }
    verb = 'completed'
  } else if (automatic && document.status === 'COMPLETED' && document.completedAutomatically && !done) {
    next = { ...next, status: 'OPEN', completedAt: null, completedAutomatically: false }
    verb = 'updated'
  } else if (next.deliveryStatus !== document.deliveryStatus || next.invoiceStatus !== document.invoiceStatus) {
    verb = 'updated'
  }
  const unchanged = next.status === document.status && next.deliveryStatus === document.deliveryStatus && next.invoiceStatus === document.invoiceStatus &&
    canonicalJson(next.convertedQuantities) === canonicalJson(document.convertedQuantities)
  if (unchanged) return document
  if (verb) next = { ...next, updatedAt: timestamp }
  await unit.tx.orderDocuments.saveFulfilment(next)
  if (verb) await emitOrderDocumentEvent(unit, next, verb)
  return next
}

/**
 * The settlement of a unit of work (see `UnitOfWorkDeps.settleWrittenDocuments`): every order
 * document the written ones were made from, directly or through others, is refreshed from its
 * descendants as they are now, completing or reopening itself; every order document written is
 * refreshed too, but keeps the status the unit gave it (a confirmation set back to OPEN by
 * request stays OPEN until what is made from it changes).
 */
export async function settleFulfilment(unit: UnitOfWork, written: readonly SalesDocument[]): Promise<void> {
  const sources = new Map<string, { companyId: string; id: string }>()
  const writtenOrderDocuments = new Map<string, { companyId: string; id: string }>()
  // A document written twice in the unit (inserted, then issued) is followed once, as it is last.
  for (const document of new Map(written.map((each) => [each.id, each])).values()) {
    if (isOrderDocumentType(document.documentType)) writtenOrderDocuments.set(document.id, document)
    for (const source of await orderDocumentAncestorsOf(unit.tx, document)) sources.set(source.id, source)
  }
  // Read again: a deleted document has nothing to refresh, a changed one is refreshed as stored.
  const current = async (documents: Iterable<{ companyId: string; id: string }>) =>
    (await Promise.all([...documents].map(({ companyId, id }) => unit.tx.orderDocuments.get(companyId, id)))).filter((each) => each !== undefined)
  const toRefresh = [
    ...(await current(sources.values())).map((document) => ({ document, automatic: true })),
    ...(await current([...writtenOrderDocuments].filter(([id]) => !sources.has(id)).map(([, document]) => document))).map((document) => ({ document, automatic: false })),
  ]
  // One walk down from all of them; each finds what it holds by following its own lines through
  // all of it (the refreshed documents included: one may be made from another).
  const roots = toRefresh.map(({ document }) => document)
  const descendants = [...roots, ...await descendantsOfAll(unit.tx, roots)]
  for (const { document, automatic } of toRefresh) await refreshFulfilment(unit, document, automatic, descendants)
}
