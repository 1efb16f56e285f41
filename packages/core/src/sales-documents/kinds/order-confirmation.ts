import { editableAsDraft, ORDER_KIND_BASE, type OrderDocumentKind } from './order-kind'

/** An order confirmation (Auftragsbestätigung): the customer-facing confirmation, completed once delivered and invoiced. */
export const ORDER_CONFIRMATION_KIND: OrderDocumentKind = {
  ...ORDER_KIND_BASE,
  group: 'order-confirmations',
  resource: 'order_confirmation',
  statuses: ['DRAFT', 'OPEN', 'COMPLETED', 'CANCELLED'],
  transitionsOf: () => ({ DRAFT: ['OPEN', 'CANCELLED'], OPEN: ['DRAFT', 'COMPLETED', 'CANCELLED'], COMPLETED: ['OPEN'], CANCELLED: [] }),
  isContentEditable: editableAsDraft,
  openStatuses: ['DRAFT', 'OPEN'],
  numbering: { range: 'ORDER_CONFIRMATION', countsAgainstQuota: true, issuedAudit: { action: 'ORDER_CONFIRMATION_NUMBER_ISSUED', targetType: 'order_confirmation' } },
  numberedAtCreation: false,
  printKind: () => 'ORDER_CONFIRMATION',
  printed: true,
  sendable: true,
  sendableIn: ['DRAFT', 'OPEN', 'COMPLETED'],
  convertibleTo: ['DELIVERY_NOTE', 'INVOICE', 'PROFORMA'],
  convertibleIn: ['OPEN'],
  statusAfterConversion: {},
  fulfilment: { tracksDelivery: true, completesAutomatically: true },
  duplicateAs: 'ORDER_CONFIRMATION',
  derivedDocumentsBlock: (from, to) => to === 'CANCELLED' ? 'active' : from === 'OPEN' && to === 'DRAFT' ? 'any' : null,
  ownFields: ['deliveryDate', 'completedAt'],
  contentLockedByDerived: false,
  lateEditableFields: {},
}
