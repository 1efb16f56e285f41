import type { Customer } from '../customers'
import { notFound } from '../errors'
import { type InvoiceCustomer, invoiceCustomerOf } from '../invoices'
import type { StorageReader } from '../ports/storage'
import { type DocumentSummary, type NumberedRef, ORDER_DOCUMENT_KINDS, type OrderDocumentKind } from '../sales-documents'
import type { OrderDocument, OrderDocumentType } from './order-document'

type PartsReader = Pick<StorageReader, 'invoices' | 'orderDocuments' | 'customers'>

/** A document of this type in the actor's company; 404 (naming the kind) for any other. */
export async function requireOrderDocument(reader: Pick<StorageReader, 'orderDocuments'>, companyId: string, type: OrderDocumentType, id: string): Promise<OrderDocument> {
  const document = await reader.orderDocuments.get(companyId, id)
  if (!document || document.documentType !== type) throw notFound(nameOf(ORDER_DOCUMENT_KINDS[type]))
  return document
}

/** `Quote`, `Order confirmation`, … for messages. */
export const nameOf = (kind: OrderDocumentKind): string => {
  const words = kind.resource.replace(/_/g, ' ')
  return words.charAt(0).toUpperCase() + words.slice(1)
}

/** The documents made from `document`: order documents and invoices, oldest first. */
export async function derivedSummariesOf(reader: Pick<StorageReader, 'invoices' | 'orderDocuments'>, document: OrderDocument): Promise<DocumentSummary[]> {
  const [orderDocuments, invoices] = await Promise.all([
    reader.orderDocuments.summariesDerivedFrom(document.companyId, [document.id]),
    reader.invoices.summariesDerivedFrom(document.companyId, [document.id]),
  ])
  return [...orderDocuments, ...invoices]
}

/** A document with what a detail read adds: its customer, where it came from and what was made from it. */
export type OrderDocumentDetail = OrderDocument & {
  customer: InvoiceCustomer
  derivedDocuments: DocumentSummary[]
  /** The preceding document with its number, or null. */
  precedingDocumentSummary: NumberedRef | null
}

export async function detailOf(reader: PartsReader, document: OrderDocument, customer?: Customer): Promise<OrderDocumentDetail> {
  const ownCustomer = customer ?? await reader.customers.get(document.companyId, document.customerId)
  if (!ownCustomer) throw new Error(`customer ${document.customerId} of document ${document.id} is missing`)
  const [preceding] = document.precedingDocument ? await reader.orderDocuments.refsOf(document.companyId, [document.precedingDocument.id]) : []
  return {
    ...document,
    customer: invoiceCustomerOf(ownCustomer),
    derivedDocuments: await derivedSummariesOf(reader, document),
    precedingDocumentSummary: preceding ?? null,
  }
}
