import { foldForSearch, type DocumentLine, type DocumentType, type OrderDocument } from '@invoicing/core'
import type { Insertable, Selectable } from 'kysely'
import { columnsOf } from '../columns'
import { numberStemOf } from '../number-stems'
import type { OrderDocumentLineTable, OrderDocumentTable } from '../database'
import { lineToColumns } from './document-lines'

/** The fields stored in a column of the same (snake_case) name, as they are. */
const columns = columnsOf<OrderDocument>([
  'id', 'companyId', 'documentType', 'number', 'status', 'customerId', 'documentCategoryId', 'documentLocale', 'documentTextVersion',
  'issueDate', 'servicePeriodStart', 'servicePeriodEnd', 'currency', 'netTotal', 'taxTotal', 'grossTotal', 'taxExemptionReason',
  'taxExemptionNote', 'taxCountry', 'deliveryCountry', 'ossCountry', 'notes', 'footer', 'headerText', 'customTitle', 'shippingName',
  'shippingStreet', 'shippingZipCode', 'shippingCity', 'shippingCountry', 'orderNumber', 'buyerReference', 'sentAt', 'lockedAt',
  'finalizedAt', 'validUntil', 'acceptedAt', 'rejectedAt', 'rejectionReason', 'expiredAt', 'deliveryDate', 'completedAt',
  'trackingReference', 'deliveredAt', 'requestedDeliveryDate', 'externalId', 'source', 'deliveryStatus', 'invoiceStatus',
  'createdAt', 'updatedAt',
])

export const orderDocumentToRow = (document: OrderDocument): Insertable<OrderDocumentTable> => columns.toRow(document, {
  search_number: foldForSearch(document.number),
  number_stem: numberStemOf(foldForSearch(document.number)),
  number_issued: Number(document.numberIssued),
  tax_breakdown: JSON.stringify(document.taxBreakdown),
  reverse_charge: Number(document.reverseCharge),
  oss_applicable: Number(document.ossApplicable),
  pdf_without_letterhead: Number(document.pdfWithoutLetterhead),
  use_shipping_address: Number(document.useShippingAddress),
  metadata: JSON.stringify(document.metadata),
  preceding_document_type: document.precedingDocument?.documentType ?? null,
  preceding_document_id: document.precedingDocument?.id ?? null,
  completed_automatically: Number(document.completedAutomatically),
  show_prices: Number(document.showPrices),
  converted_quantities: JSON.stringify(document.convertedQuantities),
}) as unknown as Insertable<OrderDocumentTable>

export const orderDocumentFromRow = (row: Selectable<OrderDocumentTable>, lines: DocumentLine[]): OrderDocument => columns.fromRow(row, {
  numberIssued: row.number_issued === 1,
  taxBreakdown: JSON.parse(row.tax_breakdown),
  reverseCharge: row.reverse_charge === 1,
  ossApplicable: row.oss_applicable === 1,
  pdfWithoutLetterhead: row.pdf_without_letterhead === 1,
  useShippingAddress: row.use_shipping_address === 1,
  metadata: JSON.parse(row.metadata),
  precedingDocument: row.preceding_document_type === null ? null : { documentType: row.preceding_document_type as DocumentType, id: row.preceding_document_id! },
  completedAutomatically: row.completed_automatically === 1,
  showPrices: row.show_prices === 1,
  convertedQuantities: JSON.parse(row.converted_quantities),
  lines,
})

export const orderDocumentLineToRow = (documentId: string, line: DocumentLine, position: number): OrderDocumentLineTable =>
  lineToColumns(line, position, { order_document_id: documentId })
