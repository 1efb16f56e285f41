import { editableAsDraft, ORDER_KIND_BASE, type OrderDocumentKind } from './order-kind'

/** A delivery note (Lieferschein): what was shipped, printed without prices unless asked; invoiced alone or collectively. */
export const DELIVERY_NOTE_KIND: OrderDocumentKind = {
  ...ORDER_KIND_BASE,
  group: 'delivery-notes',
  resource: 'delivery_note',
  statuses: ['DRAFT', 'OPEN', 'DELIVERED', 'CANCELLED'],
  transitionsOf: () => ({ DRAFT: ['OPEN', 'CANCELLED'], OPEN: ['DRAFT', 'DELIVERED', 'CANCELLED'], DELIVERED: ['OPEN', 'CANCELLED'], CANCELLED: [] }),
  isContentEditable: editableAsDraft,
  openStatuses: ['DRAFT', 'OPEN', 'DELIVERED'],
  numbering: { range: 'DELIVERY_NOTE', countsAgainstQuota: true, issuedAudit: { action: 'DELIVERY_NOTE_NUMBER_ISSUED', targetType: 'delivery_note' } },
  numberedAtCreation: false,
  creationDefaults: (issueDate) => ({ deliveryDate: issueDate }),
  deliveryDateIsSupplyDate: true,
  printKind: () => 'DELIVERY_NOTE',
  printed: true,
  sendable: true,
  sendableIn: ['DRAFT', 'OPEN', 'DELIVERED'],
  convertibleTo: ['INVOICE'],
  convertibleIn: ['OPEN', 'DELIVERED'],
  statusAfterConversion: {},
  fulfilment: { tracksDelivery: false, completesAutomatically: false },
  duplicateAs: 'DELIVERY_NOTE',
  derivedDocumentsBlock: (from, to) => to === 'CANCELLED' ? 'active' : from === 'OPEN' && to === 'DRAFT' ? 'any' : null,
  ownFields: ['deliveryDate', 'showPrices', 'trackingReference', 'deliveredAt'],
  contentLockedByDerived: false,
  lateEditableFields: { OPEN: ['trackingReference', 'deliveredAt'], DELIVERED: ['trackingReference', 'deliveredAt'] },
}
