import { foldForSearch, type CreditNotePayout, type Invoice, type InvoiceLine, type PayoutStatus, type SourceDocumentType } from '@invoicing/core'
import type { Insertable, Selectable } from 'kysely'
import { columnsOf } from '../columns'
import type { InvoiceLineTable, InvoiceTable } from '../database'

/** The fields stored in a column of the same (snake_case) name, as they are. */
const columns = columnsOf<Invoice>([
  'id', 'companyId', 'invoiceNumber', 'invoiceType', 'status', 'customerId', 'documentCategoryId', 'documentLocale',
  'documentTextVersion', 'issueDate', 'dueDate', 'servicePeriodStart', 'servicePeriodEnd', 'currency', 'netTotal', 'taxTotal',
  'grossTotal', 'taxExemptionReason', 'taxExemptionNote', 'taxCountry', 'deliveryCountry', 'ossCountry', 'notes', 'footer',
  'headerText', 'customTitle', 'shippingName', 'shippingStreet', 'shippingZipCode', 'shippingCity', 'shippingCountry',
  'orderNumber', 'buyerReference', 'sentAt', 'paidAt', 'lockedAt', 'creditNoteReason', 'parentInvoiceId', 'dunningPausedAt',
  'dunningPausedReason', 'createdAt', 'updatedAt',
])

const lineColumns = columnsOf<InvoiceLine>([
  'id', 'lineType', 'productId', 'description', 'quantity', 'unit', 'unitPrice', 'discount', 'requestedTaxRate', 'taxRate', 'taxCategory', 'netAmount', 'creditedLineId',
])

export const invoiceToRow = (invoice: Invoice): Insertable<InvoiceTable> => ({
  ...(columns.toRow(invoice) as unknown as Insertable<InvoiceTable>),
  search_number: foldForSearch(invoice.invoiceNumber),
  number_issued: Number(invoice.numberIssued),
  tax_breakdown: JSON.stringify(invoice.taxBreakdown),
  reverse_charge: Number(invoice.reverseCharge),
  oss_applicable: Number(invoice.ossApplicable),
  pdf_without_letterhead: Number(invoice.pdfWithoutLetterhead),
  invoice_date_is_service_date: Number(invoice.invoiceDateIsServiceDate),
  use_shipping_address: Number(invoice.useShippingAddress),
  e_invoice_audit: invoice.eInvoiceAudit === null ? null : JSON.stringify(invoice.eInvoiceAudit),
  metadata: JSON.stringify(invoice.metadata),
  source_type: invoice.source?.type ?? null,
  source_id: invoice.source?.id ?? null,
  dunning_paused: Number(invoice.dunningPaused),
  ...payoutToRow(invoice.payout),
})

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

export const invoiceFromRow = (row: Selectable<InvoiceTable>, lines: InvoiceLine[]): Invoice => ({
  ...columns.fromRow(row),
  numberIssued: row.number_issued === 1,
  taxBreakdown: JSON.parse(row.tax_breakdown),
  reverseCharge: row.reverse_charge === 1,
  ossApplicable: row.oss_applicable === 1,
  pdfWithoutLetterhead: row.pdf_without_letterhead === 1,
  invoiceDateIsServiceDate: row.invoice_date_is_service_date === 1,
  useShippingAddress: row.use_shipping_address === 1,
  eInvoiceAudit: row.e_invoice_audit === null ? null : JSON.parse(row.e_invoice_audit),
  metadata: JSON.parse(row.metadata),
  source: row.source_type === null ? null : { type: row.source_type as SourceDocumentType, id: row.source_id! },
  dunningPaused: row.dunning_paused === 1,
  payout: payoutFromRow(row),
  lines,
})

export const lineToRow = (invoiceId: string, line: InvoiceLine, position: number): InvoiceLineTable => ({
  ...(lineColumns.toRow(line) as unknown as InvoiceLineTable),
  invoice_id: invoiceId,
  position,
})

export const lineFromRow = (row: InvoiceLineTable): InvoiceLine => lineColumns.fromRow(row)
