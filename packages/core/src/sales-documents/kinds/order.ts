import { ORDER_KIND_BASE, type OrderDocumentKind } from './order-kind'

/**
 * An order (Auftrag): a customer's incoming order, e.g. from a shop. Numbered at creation and
 * never counted against the quota; never printed or sent (the order confirmation is the
 * customer's document).
 */
export const ORDER_KIND: OrderDocumentKind = {
  ...ORDER_KIND_BASE,
  group: 'orders',
  resource: 'order',
  statuses: ['OPEN', 'COMPLETED', 'CANCELLED'],
  transitionsOf: () => ({ OPEN: ['COMPLETED', 'CANCELLED'], COMPLETED: ['OPEN'], CANCELLED: [] }),
  isContentEditable: (document) => document.status === 'OPEN',
  openStatuses: ['OPEN'],
  numbering: { range: 'ORDER', countsAgainstQuota: false, issuedAudit: { action: 'ORDER_NUMBER_ISSUED', targetType: 'order' } },
  numberedAtCreation: true,
  creationDefaults: () => ({ source: 'api' }),
  printKind: () => { throw new Error('orders are not printed') },
  printed: false,
  sendable: false,
  sendableIn: [],
  convertibleTo: ['ORDER_CONFIRMATION', 'DELIVERY_NOTE', 'INVOICE', 'PROFORMA'],
  convertibleIn: ['OPEN'],
  statusAfterConversion: {},
  fulfilment: { tracksDelivery: true, completesAutomatically: true },
  duplicateAs: null,
  derivedDocumentsBlock: (_from, to) => to === 'CANCELLED' ? 'active' : null,
  ownFields: ['requestedDeliveryDate', 'externalId', 'source', 'completedAt'],
  contentLockedByDerived: true,
  lateEditableFields: {},
}
