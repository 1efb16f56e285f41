import type { Invoice } from '../../invoices'
import type { DocumentKind } from '../document-kind'
import { INVOICE_STATUSES, isDraftOrUnlockedFinal, OPEN_STATUSES, STATUS_TRANSITIONS } from './invoice-statuses'

/**
 * A proforma invoice: an invoice in form, not in the VAT sense. It may take advance payments,
 * which move to the invoice it is converted into.
 */
export const PROFORMA_KIND: DocumentKind<Invoice> = {
  statuses: INVOICE_STATUSES,
  transitionsOf: () => STATUS_TRANSITIONS,
  isContentEditable: isDraftOrUnlockedFinal,
  openStatuses: OPEN_STATUSES,
  numbering: { range: 'PROFORMA', countsAgainstQuota: true, issuedAudit: { action: 'INVOICE_NUMBER_ISSUED', targetType: 'invoice' } },
  sign: 1,
  printKind: () => 'PROFORMA',
  eInvoice: { typeCode: '325', taxInvoice: false },
  settlement: 'payments',
  directDebit: false,
  remindable: false,
  correctable: true,
  creditable: false,
  cancellation: 'status',
  sendable: true,
  convertibleTo: ['INVOICE'],
  convertibleIn: OPEN_STATUSES,
  statusAfterConversion: {},
  fulfilment: null,
  resource: 'invoice',
  duplicateAs: 'INVOICE',
}
