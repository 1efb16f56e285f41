import type { OrderDocumentStatus } from '../../order-documents'
import { InvoicingError } from '../../errors'
import { addDays } from '../../shared/calendar-date'
import type { Transitions } from '../document-kind'
import { editableAsDraft, ORDER_KIND_BASE, type OrderDocumentKind } from './order-kind'

type QuoteStatus = Extract<OrderDocumentStatus, 'DRAFT' | 'OPEN' | 'ACCEPTED' | 'REJECTED' | 'EXPIRED' | 'CANCELLED'>

const QUOTE_TRANSITIONS: Transitions<QuoteStatus> = {
  DRAFT: ['OPEN', 'CANCELLED'],
  OPEN: ['DRAFT', 'ACCEPTED', 'REJECTED', 'CANCELLED'],
  ACCEPTED: ['OPEN', 'CANCELLED'],
  REJECTED: ['OPEN', 'CANCELLED'],
  EXPIRED: ['OPEN', 'ACCEPTED', 'CANCELLED'],
  CANCELLED: [],
}

/** A quote (Angebot): offered until `validUntil`, accepted, rejected or expired, and converted onwards. */
export const QUOTE_KIND: OrderDocumentKind = {
  ...ORDER_KIND_BASE,
  group: 'quotes',
  resource: 'quote',
  statuses: ['DRAFT', 'OPEN', 'ACCEPTED', 'REJECTED', 'EXPIRED', 'CANCELLED'],
  transitionsOf: () => QUOTE_TRANSITIONS,
  isContentEditable: editableAsDraft,
  openStatuses: ['DRAFT', 'OPEN', 'ACCEPTED', 'REJECTED', 'EXPIRED'],
  numbering: { range: 'QUOTE', countsAgainstQuota: true, issuedAudit: { action: 'QUOTE_NUMBER_ISSUED', targetType: 'quote' } },
  numberedAtCreation: false,
  creationDefaults: (issueDate, company) => ({ validUntil: addDays(issueDate, company.quoteValidityDays) }),
  printKind: () => 'QUOTE',
  printed: true,
  sendable: true,
  sendableIn: ['DRAFT', 'OPEN', 'ACCEPTED', 'EXPIRED'],
  convertibleTo: ['ORDER_CONFIRMATION', 'DELIVERY_NOTE', 'INVOICE', 'PROFORMA'],
  convertibleIn: ['OPEN', 'ACCEPTED', 'EXPIRED'],
  statusAfterConversion: { OPEN: 'ACCEPTED', EXPIRED: 'ACCEPTED' },
  fulfilment: { tracksDelivery: true, completesAutomatically: false },
  duplicateAs: 'QUOTE',
  derivedDocumentsBlock: (from, to) => to === 'CANCELLED' || (from === 'ACCEPTED' && to === 'OPEN') ? 'active' : from === 'OPEN' && to === 'DRAFT' ? 'any' : null,
  ownFields: ['validUntil', 'acceptedAt', 'rejectedAt', 'rejectionReason', 'expiredAt'],
  contentLockedByDerived: false,
  lateEditableFields: {},
  guardTransition(document, to, next, today, given) {
    if (to !== 'OPEN' || (document.status !== 'EXPIRED' && document.status !== 'REJECTED')) return
    if (!given.includes('validUntil') || next.validUntil === null || next.validUntil < today) {
      throw new InvoicingError('validation_failed', `validUntil: reopening a ${document.status} quote needs a validUntil of today (${today}) or later in the same request`, { field: 'validUntil' })
    }
  },
}
