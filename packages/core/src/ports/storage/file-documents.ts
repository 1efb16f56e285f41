import type { FileDocument, FileDocumentCategory, FileDocumentLink, FileDocumentStatus, FileLinkType } from '../../file-documents'
import type { Page, PageRequest } from '../../shared/pagination'

/** The filters of the document list; all optional but `status`, combined with AND. */
export interface FileDocumentListQuery extends PageRequest {
  status: FileDocumentStatus
  /** Linked to this record (both given, or neither). */
  link?: { type: FileLinkType; targetId: string } | undefined
  /** Linked to the customer, or to an invoice, order document or recurring schedule of the customer. */
  customerId?: string | undefined
  category?: FileDocumentCategory | undefined
  /** Case-insensitive literal part of the file name or the title (`%` and `_` are plain characters). */
  search?: string | undefined
  /** `createdAt` ≥ this instant. */
  createdFrom?: string | undefined
  /** `createdAt` < this instant. */
  createdBefore?: string | undefined
}

export interface FileDocumentReader {
  get(companyId: string, id: string): Promise<FileDocument | undefined>
  /** Newest `createdAt` first, then id descending. */
  list(companyId: string, query: FileDocumentListQuery): Promise<Page<FileDocument>>
  /**
   * AVAILABLE documents with a `sendWithDocument` link to the record, in the order those links
   * were made (`createdAt`, then link id), at most `limit`.
   */
  listAttachments(companyId: string, type: FileLinkType, targetId: string, limit: number): Promise<FileDocument[]>
  /** The sum of `size` over the company's documents, pending uploads included. */
  storedBytes(companyId: string): Promise<number>
  /** PENDING_UPLOAD documents of every company created before `before`, oldest first, at most `limit`. */
  listPendingCreatedBefore(before: string, limit: number): Promise<FileDocument[]>
  /** File keys whose bytes are to be removed (`enqueueFileDeletion`) at `dueBy` or earlier, earliest first, at most `limit`. */
  listFileDeletions(dueBy: string, limit: number): Promise<string[]>
}

export interface FileDocumentRepository extends FileDocumentReader {
  /** Stores a new document with its links. */
  insert(document: FileDocument): Promise<void>
  /** Replaces the stored document's own fields; its links change only through the link methods. */
  update(document: FileDocument): Promise<void>
  /** Removes the document and its links. */
  delete(companyId: string, id: string): Promise<void>
  /**
   * Adds the link unless the document already has one to the same record (`type`, `targetId`),
   * and answers whether it added it. Two transactions adding the same link at once, also in two
   * processes, MUST leave exactly one, and the other MUST get `false` once it can know.
   * A document the company does not have gets no link, and `false`.
   */
  insertLinkIfAbsent(companyId: string, documentId: string, link: FileDocumentLink): Promise<boolean>
  deleteLink(companyId: string, documentId: string, linkId: string): Promise<void>
  /**
   * Takes the one right to receive a pending document's bytes through the host, and answers
   * whether this caller got it. Of concurrent claims of one document, also in two processes,
   * exactly one MUST get `true`; later claims get `false` until `releaseUpload`.
   */
  claimUpload(companyId: string, id: string): Promise<boolean>
  /** Gives the right back after a failed upload, so the same URL can be used again. */
  releaseUpload(companyId: string, id: string): Promise<void>
  /**
   * Notes that the bytes under `key` are to be removed from `at` on: written in the transaction
   * that removes their record, so a crash before they are gone leaves work, not an orphan nobody
   * knows of (and, with a later `at`, before bytes are written that a record may yet take).
   * Noting a key twice keeps the first entry.
   */
  enqueueFileDeletion(key: string, at: string): Promise<void>
  /** The bytes under `key` are gone. */
  removeFileDeletion(key: string): Promise<void>
  /**
   * The host's secret for signing upload URLs: the stored one, or `candidate` stored now when
   * there is none. Concurrent callers, also in two processes, MUST all get the same value.
   */
  uploadSigningKey(candidate: string): Promise<string>
}
