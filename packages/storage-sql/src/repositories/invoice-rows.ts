import { foldForSearch, type CreditNotePayout, type DocumentLine, type DocumentType, type Invoice, type PayoutStatus } from '@invoicing/core'
import type { Insertable, Selectable } from 'kysely'
import { columnsOf } from '../columns'
import { numberStemOf } from '../number-stems'
import { lineToColumns } from './document-lines'
import type { InvoiceLineTable, InvoiceSourceTable, InvoiceTable } from '../database'

/** The fields stored in a column of the same (snake_case) name, as they are. */
const columns = columnsOf<Invoice>([
  'id', 'companyId', ['number', 'invoice_number'], ['documentType', 'invoice_type'], 'status', 'customerId', 'documentCategoryId', 'documentLocale',
  'documentTextVersion', 'issueDate', 'dueDate', 'servicePeriodStart', 'servicePeriodEnd', 'currency', 'netTotal', 'taxTotal',
  'grossTotal', 'taxExemptionReason', 'taxExemptionNote', 'taxCountry', 'deliveryCountry', 'ossCountry', 'notes', 'footer',
  'headerText', 'customTitle', 'shippingName', 'shippingStreet', 'shippingZipCode', 'shippingCity', 'shippingCountry',
  'orderNumber', 'buyerReference', 'sentAt', 'paidAt', 'lockedAt', 'creditNoteReason', 'dunningPausedAt',
  'dunningPausedReason', 'recurringScheduleId', 'recurringOccurrenceDate', 'createdAt', 'updatedAt',
])

export const invoiceToRow = (invoice: Invoice): Insertable<InvoiceTable> => columns.toRow(invoice, {
  search_number: foldForSearch(invoice.number),
  number_stem: numberStemOf(foldForSearch(invoice.number)),
  number_issued: Number(invoice.numberIssued),
  tax_breakdown: JSON.stringify(invoice.taxBreakdown),
  reverse_charge: Number(invoice.reverseCharge),
  oss_applicable: Number(invoice.ossApplicable),
  pdf_without_letterhead: Number(invoice.pdfWithoutLetterhead),
  invoice_date_is_service_date: Number(invoice.invoiceDateIsServiceDate),
  use_shipping_address: Number(invoice.useShippingAddress),
  e_invoice_audit: invoice.eInvoiceAudit === null ? null : JSON.stringify(invoice.eInvoiceAudit),
  metadata: JSON.stringify(invoice.metadata),
  preceding_document_type: invoice.precedingDocument?.documentType ?? null,
  preceding_document_id: invoice.precedingDocument?.id ?? null,
  dunning_paused: Number(invoice.dunningPaused),
  source_documents: JSON.stringify(invoice.sourceDocuments),
  ...payoutToRow(invoice.payout),
}) as unknown as Insertable<InvoiceTable>

const payoutToRow = (payout: CreditNotePayout | null) => ({
  payout_status: payout?.status ?? null,
  payout_reference: payout?.reference ?? null,
  payout_note: payout?.note ?? null,
  payout_executed_at: payout?.executedAt ?? null,
  payout_updated_at: payout?.updatedAt ?? null,
})

const payoutFromRow = (row: Selectable<InvoiceTable>): CreditNotePayout | null => row.payout_status === null ? null : {
  status: row.payout_status as PayoutStatus,
  reference: row.payout_reference,
  note: row.payout_note,
  executedAt: row.payout_executed_at,
  updatedAt: row.payout_updated_at!,
}

export const invoiceFromRow = (row: Selectable<InvoiceTable>, lines: DocumentLine[]): Invoice => columns.fromRow(row, {
  numberIssued: row.number_issued === 1,
  taxBreakdown: JSON.parse(row.tax_breakdown),
  reverseCharge: row.reverse_charge === 1,
  ossApplicable: row.oss_applicable === 1,
  pdfWithoutLetterhead: row.pdf_without_letterhead === 1,
  invoiceDateIsServiceDate: row.invoice_date_is_service_date === 1,
  useShippingAddress: row.use_shipping_address === 1,
  eInvoiceAudit: row.e_invoice_audit === null ? null : JSON.parse(row.e_invoice_audit),
  metadata: JSON.parse(row.metadata),
  precedingDocument: row.preceding_document_type === null ? null : { documentType: row.preceding_document_type as DocumentType, id: row.preceding_document_id! },
  dunningPaused: row.dunning_paused === 1,
  payout: payoutFromRow(row),
  sourceDocuments: JSON.parse(row.source_documents),
  lines,
})

export const lineToRow = (invoiceId: string, line: DocumentLine, position: number): InvoiceLineTable =>
  lineToColumns(line, position, { invoice_id: invoiceId })

/** The index rows of an invoice's source documents: one per document it names. */
export const sourcesToRows = (invoice: Invoice): InvoiceSourceTable[] =>
  [...new Set(invoice.sourceDocuments.map((source) => source.id))].map((sourceId) => ({ company_id: invoice.companyId, invoice_id: invoice.id, source_id: sourceId }))
