import type { StorageReader } from '../ports/storage'
import type { SalesDocument } from '../sales-documents'
import type { FileLinkType } from './file-document'

/** What a link needs to know of the record it points to. */
export interface LinkTarget {
  /** The record's number as people know it (document or customer number); null for a draft or a schedule. */
  number: string | null
  customerId: string
  /** The record holds an issued number: a document linked to it is kept (GoBD). */
  holdsIssuedNumber: boolean
  /** The record is frozen: its links are kept (GoBD). */
  locked: boolean
}

type Reader = Pick<StorageReader, 'invoices' | 'orderDocuments' | 'customers' | 'recurringSchedules'>

const salesDocumentTarget = (document: SalesDocument | undefined): LinkTarget | undefined => document && {
  number: document.numberIssued ? document.number : null,
  customerId: document.customerId,
  holdsIssuedNumber: document.numberIssued,
  locked: document.lockedAt !== null,
}

const orderDocumentOfType = (documentType: string) => async (reader: Reader, companyId: string, id: string) => {
  const document = await reader.orderDocuments.get(companyId, id)
  return salesDocumentTarget(document?.documentType === documentType ? document : undefined)
}

/** How each kind of link finds its record in the company; undefined when there is none. */
export const LINK_TARGETS: Record<FileLinkType, (reader: Reader, companyId: string, id: string) => Promise<LinkTarget | undefined>> = {
  // Credit notes and proformas are invoices of another type.
  INVOICE: async (reader, companyId, id) => salesDocumentTarget(await reader.invoices.get(companyId, id)),
  QUOTE: orderDocumentOfType('QUOTE'),
  ORDER_CONFIRMATION: orderDocumentOfType('ORDER_CONFIRMATION'),
  DELIVERY_NOTE: orderDocumentOfType('DELIVERY_NOTE'),
  ORDER: orderDocumentOfType('ORDER'),
  CUSTOMER: async (reader, companyId, id) => {
    const customer = await reader.customers.get(companyId, id)
    return customer && { number: customer.customerNumber, customerId: customer.id, holdsIssuedNumber: false, locked: false }
  },
  RECURRING_SCHEDULE: async (reader, companyId, id) => {
    const schedule = await reader.recurringSchedules.get(companyId, id)
    return schedule && { number: null, customerId: schedule.customerId, holdsIssuedNumber: false, locked: false }
  },
}
