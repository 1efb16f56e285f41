import type { Customer } from '../customers'
import type { OrderDocument } from '../order-documents'
import type { OrderDocumentListQuery, OrderDocumentRepository } from '../ports/storage'
import { foldForSearch } from '../shared/search'
import { compareText, newestFirst, sliceOf, type Table } from './memory-table'

/**
 * Quotes, order confirmations, delivery notes and orders with their lines (inside the record).
 * A duplicate number or order `externalId` in a company is refused with a plain Error, as the
 * database's unique indexes refuse it.
 */
export function orderDocumentRecords(documents: Table<OrderDocument>, customers: Table<Customer>): OrderDocumentRepository {
  const ofCompany = (companyId: string) => [...documents.rows()].filter((row) => row.value.companyId === companyId)
  const refuseDuplicates = (document: OrderDocument) => {
    for (const { value } of ofCompany(document.companyId)) {
      if (value.id === document.id) continue
      if (value.number === document.number) throw new Error(`document number ${document.number} already exists in company ${document.companyId}`)
      if (document.externalId !== null && value.externalId === document.externalId) {
        throw new Error(`order externalId ${document.externalId} already exists in company ${document.companyId}`)
      }
    }
  }
  const stored = (companyId: string, id: string) => {
    const document = documents.get(id)
    return document?.companyId === companyId ? document : undefined
  }
  const derivedFrom = (companyId: string, documentIds: readonly string[]) => {
    const ids = new Set(documentIds)
    return ofCompany(companyId).filter((row) => row.value.precedingDocument && ids.has(row.value.precedingDocument.id)).sort((a, b) => a.seq - b.seq)
  }
  const matching = (companyId: string, query: OrderDocumentListQuery) => {
    const needle = query.search ? foldForSearch(query.search) : ''
    const namedCustomers = new Set<string>()
    if (needle) {
      for (const { value } of customers.rows()) {
        if (value.companyId === companyId && foldForSearch(value.name).includes(needle)) namedCustomers.add(value.id)
      }
    }
    const equalities = (['documentType', 'status', 'customerId', 'documentCategoryId', 'invoiceStatus', 'deliveryStatus'] as const).filter((field) => query[field])
    return ofCompany(companyId).filter(({ value }) =>
      equalities.every((field) => value[field] === query[field]) &&
      (!query.from || value.issueDate >= query.from) &&
      (!query.to || value.issueDate <= query.to) &&
      (!query.validUntilBefore || (value.validUntil !== null && value.validUntil < query.validUntilBefore)) &&
      (!needle || foldForSearch(value.number).includes(needle) || namedCustomers.has(value.customerId)))
  }
  const first = (companyId: string, test: (document: OrderDocument) => boolean) => {
    const found = ofCompany(companyId).find((row) => test(row.value))
    return found && structuredClone(found.value)
  }
  return {
    get: async (companyId, id) => stored(companyId, id),
    findByNumber: async (companyId, number) => first(companyId, (document) => document.number === number),
    refsOf: async (companyId, ids) => {
      const wanted = new Set(ids)
      return ofCompany(companyId).filter((row) => wanted.has(row.value.id)).map(({ value }) => ({ documentType: value.documentType, id: value.id, number: value.number }))
    },
    findByExternalId: async (companyId, externalId) => first(companyId, (document) => document.externalId === externalId),
    list: async (companyId, query) =>
      sliceOf(matching(companyId, query).sort((a, b) =>
        compareText(b.value.issueDate, a.value.issueDate) || compareText(b.value.number, a.value.number) || newestFirst(a, b)), query),
    listDerived: async (companyId, documentId) => derivedFrom(companyId, [documentId]).map((row) => structuredClone(row.value)),
    summariesDerivedFrom: async (companyId, documentIds) => derivedFrom(companyId, documentIds).map(({ value }) => ({
      documentType: value.documentType, id: value.id, number: value.number, status: value.status, precedingDocumentId: value.precedingDocument!.id,
    })),
    companiesWithOpenQuotesBefore: async (date, afterCompanyId, limit) => [...new Set([...documents.rows()]
      .filter(({ value }) => value.documentType === 'QUOTE' && value.status === 'OPEN' && value.validUntil !== null && value.validUntil < date && value.companyId > afterCompanyId)
      .map(({ value }) => value.companyId))].sort(compareText).slice(0, limit),
    existsForCustomer: async (companyId, customerId) => ofCompany(companyId).some((row) => row.value.customerId === customerId),
    existsForCategory: async (companyId, categoryId) => ofCompany(companyId).some((row) => row.value.documentCategoryId === categoryId),
    insert: async (document) => {
      if (documents.get(document.id)) throw new Error(`document ${document.id} already exists`)
      refuseDuplicates(document)
      documents.set(document.id, document)
    },
    update: async (document) => {
      if (!stored(document.companyId, document.id)) return
      refuseDuplicates(document)
      documents.set(document.id, document)
    },
    saveFulfilment: async (document) => {
      const current = stored(document.companyId, document.id)
      if (!current) return
      const { status, completedAt, completedAutomatically, deliveryStatus, invoiceStatus, convertedQuantities, updatedAt } = document
      documents.set(document.id, { ...current, status, completedAt, completedAutomatically, deliveryStatus, invoiceStatus, convertedQuantities, updatedAt })
    },
    delete: async (companyId, id) => {
      if (stored(companyId, id)) documents.delete(id)
    },
  }
}
