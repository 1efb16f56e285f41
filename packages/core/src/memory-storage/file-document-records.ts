import type { FileDocument } from '../file-documents'
import type { FileDocumentListQuery, FileDocumentRepository } from '../ports/storage'
import type { RecurringSchedule } from '../recurring-schedules'
import type { SalesDocument } from '../sales-documents'
import { foldForSearch, searchTextOf } from '../shared/search'
import { compareText, sliceOf, type Table } from './memory-table'

/** A stored document with what only the store keeps: whether its upload is taken. */
export type StoredFileDocument = FileDocument & { uploadClaimed: boolean }

export interface FileDocumentTables {
  fileDocuments: Table<StoredFileDocument>
  /** By file key: when its deletion was noted. */
  fileDeletions: Table<{ key: string; at: string }>
  hostSecrets: Table<string>
}

/** Documents (files) with their links; one link per document and record, as the database's unique index has it. */
export function fileDocumentRecords(
  { fileDocuments, fileDeletions, hostSecrets }: FileDocumentTables,
  customerOwners: { invoices: Table<SalesDocument>; orderDocuments: Table<SalesDocument>; recurringSchedules: Table<RecurringSchedule> },
): FileDocumentRepository {
  const stored = (companyId: string, id: string) => {
    const document = fileDocuments.get(id)
    return document?.companyId === companyId ? document : undefined
  }
  const publicOf = ({ uploadClaimed: _, ...document }: StoredFileDocument): FileDocument => document
  /** Whether a link's record belongs to `customerId` (the customer itself, or one of its documents or schedules). */
  const ownedBy = (customerId: string, type: string, targetId: string): boolean => {
    if (type === 'CUSTOMER') return targetId === customerId
    const owners = type === 'INVOICE' ? customerOwners.invoices : type === 'RECURRING_SCHEDULE' ? customerOwners.recurringSchedules : customerOwners.orderDocuments
    return owners.get(targetId)?.customerId === customerId
  }
  const matches = (document: FileDocument, query: FileDocumentListQuery, needle: string) =>
    document.status === query.status &&
    (!query.category || document.category === query.category) &&
    (!query.link || document.links.some((link) => link.type === query.link!.type && link.targetId === query.link!.targetId)) &&
    (!query.customerId || document.links.some((link) => ownedBy(query.customerId!, link.type, link.targetId))) &&
    (!needle || searchTextOf(document.fileName, document.title).includes(needle)) &&
    (!query.createdFrom || document.createdAt >= query.createdFrom) &&
    (!query.createdBefore || document.createdAt < query.createdBefore)
  const change = (companyId: string, id: string, edit: (document: StoredFileDocument) => void) => {
    const document = stored(companyId, id)
    if (!document) return
    edit(document)
    fileDocuments.set(id, document)
  }
  return {
    get: async (companyId, id) => {
      const document = stored(companyId, id)
      return document && publicOf(document)
    },
    list: async (companyId, query) => {
      const needle = query.search ? foldForSearch(query.search) : ''
      const page = sliceOf([...fileDocuments.rows()].filter(({ value }) => value.companyId === companyId && matches(value, query, needle))
        .sort((a, b) => compareText(b.value.createdAt, a.value.createdAt) || compareText(b.value.id, a.value.id)), query)
      return { ...page, items: page.items.map(publicOf) }
    },
    listAttachments: async (companyId, type, targetId, limit) => [...fileDocuments.rows()]
      .filter(({ value }) => value.companyId === companyId && value.status === 'AVAILABLE')
      .flatMap(({ value }) => value.links.filter((link) => link.type === type && link.targetId === targetId && link.sendWithDocument).map((link) => ({ link, value })))
      .sort((a, b) => compareText(a.link.createdAt, b.link.createdAt) || compareText(a.link.id, b.link.id))
      .slice(0, limit).map(({ value }) => publicOf(structuredClone(value))),
    storedBytes: async (companyId) => [...fileDocuments.rows()].reduce((sum, { value }) => sum + (value.companyId === companyId ? value.size : 0), 0),
    listPendingCreatedBefore: async (before, limit) => [...fileDocuments.rows()]
      .filter(({ value }) => value.status === 'PENDING_UPLOAD' && value.createdAt < before)
      .sort((a, b) => compareText(a.value.createdAt, b.value.createdAt) || a.seq - b.seq)
      .slice(0, limit).map(({ value }) => publicOf(structuredClone(value))),
    listFileDeletions: async (dueBy, limit) => [...fileDeletions.rows()]
      .filter(({ value }) => value.at <= dueBy)
      .sort((a, b) => compareText(a.value.at, b.value.at) || a.seq - b.seq).slice(0, limit).map(({ value }) => value.key),
    insert: async (document) => {
      if (fileDocuments.get(document.id)) throw new Error(`document ${document.id} already exists`)
      fileDocuments.set(document.id, { ...document, uploadClaimed: false })
    },
    update: async (document) => change(document.companyId, document.id, (current) => {
      Object.assign(current, { ...document, links: current.links })
    }),
    delete: async (companyId, id) => {
      if (stored(companyId, id)) fileDocuments.delete(id)
    },
    insertLinkIfAbsent: async (companyId, documentId, link) => {
      const document = stored(companyId, documentId)
      if (!document) return false
      if (document.links.some((existing) => existing.type === link.type && existing.targetId === link.targetId)) return false
      change(companyId, documentId, (current) => current.links.push(link))
      return true
    },
    deleteLink: async (companyId, documentId, linkId) => change(companyId, documentId, (current) => {
      current.links = current.links.filter((link) => link.id !== linkId)
    }),
    claimUpload: async (companyId, id) => {
      const document = stored(companyId, id)
      if (!document || document.uploadClaimed) return false
      change(companyId, id, (current) => { current.uploadClaimed = true })
      return true
    },
    releaseUpload: async (companyId, id) => change(companyId, id, (current) => { current.uploadClaimed = false }),
    enqueueFileDeletion: async (key, at) => {
      if (!fileDeletions.get(key)) fileDeletions.set(key, { key, at })
    },
    removeFileDeletion: async (key) => fileDeletions.delete(key),
    uploadSigningKey: async (candidate) => {
      const current = hostSecrets.get('upload-signing')
      if (current !== undefined) return current
      hostSecrets.set('upload-signing', candidate)
      return candidate
    },
  }
}
