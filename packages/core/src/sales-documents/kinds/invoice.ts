import type { Invoice } from '../../invoices'
import type { DocumentKind } from '../document-kind'
import { INVOICE_STATUSES, isDraftOrUnlockedFinal, OPEN_STATUSES, STATUS_TRANSITIONS } from './invoice-statuses'

/** An invoice (Rechnung): the document a customer pays, reminded of when overdue. */
export const INVOICE_KIND: DocumentKind<Invoice> = {
  statuses: INVOICE_STATUSES,
  transitionsOf: () => STATUS_TRANSITIONS,
  isContentEditable: isDraftOrUnlockedFinal,
  openStatuses: OPEN_STATUSES,
  numbering: { range: 'INVOICE', countsAgainstQuota: true, issuedAudit: { action: 'INVOICE_NUMBER_ISSUED', targetType: 'invoice' } },
  sign: 1,
  printKind: () => 'INVOICE',
  eInvoice: { typeCode: '380', taxInvoice: true },
  settlement: 'payments',
  directDebit: true,
  remindable: true,
  correctable: true,
  creditable: true,
  cancellation: 'credit-note',
  sendable: true,
  convertibleTo: [],
  convertibleIn: [],
  statusAfterConversion: {},
  fulfilment: null,
  resource: 'invoice',
  duplicateAs: 'INVOICE',
}
