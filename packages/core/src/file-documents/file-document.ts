/** A file the company keeps next to its records: a signed contract, a delivery proof, a receipt. */
export interface FileDocument {
  id: string
  companyId: string
  fileName: string
  contentType: FileContentType
  /** Bytes: announced at a direct upload's start, measured once the bytes are stored. */
  size: number
  /** Lower-case hex: announced (direct upload) or computed; null while a direct upload without one is pending. */
  sha256: string | null
  status: FileDocumentStatus
  title: string | null
  description: string | null
  category: FileDocumentCategory
  /** In the order they were made. */
  links: FileDocumentLink[]
  createdAt: string
  /** When the bytes were stored and verified; null while PENDING_UPLOAD. */
  uploadedAt: string | null
  updatedAt: string
  createdByKeyId: string | null
}

/** A document's link to a record of its company. */
export interface FileDocumentLink {
  id: string
  type: FileLinkType
  targetId: string
  /** Mail it after the target's PDF when the target is sent. */
  sendWithDocument: boolean
  createdAt: string
}

export const FILE_DOCUMENT_STATUSES = ['PENDING_UPLOAD', 'AVAILABLE'] as const
export type FileDocumentStatus = (typeof FILE_DOCUMENT_STATUSES)[number]

export const FILE_DOCUMENT_CATEGORIES = ['CONTRACT', 'DELIVERY_PROOF', 'RECEIPT', 'INCOMING_INVOICE', 'CORRESPONDENCE', 'OTHER'] as const
export type FileDocumentCategory = (typeof FILE_DOCUMENT_CATEGORIES)[number]

/** `INVOICE` covers credit notes and proformas too (they are invoices with another type). */
export const FILE_LINK_TYPES = ['INVOICE', 'QUOTE', 'ORDER_CONFIRMATION', 'DELIVERY_NOTE', 'ORDER', 'CUSTOMER', 'RECURRING_SCHEDULE'] as const
export type FileLinkType = (typeof FILE_LINK_TYPES)[number]

/**
 * The content types a document may have, and what the sniffed content of each must be.
 * `sniffed`: the types content sniffing may report for it; `undefined` in the list allows bytes
 * sniffing recognises as nothing, which is what text looks like. OOXML and ODF files are zip
 * archives: sniffing of their first bytes may tell only that.
 */
export const FILE_CONTENT_TYPES = {
  'application/pdf': { sniffed: ['application/pdf'] },
  'image/png': { sniffed: ['image/png'] },
  'image/jpeg': { sniffed: ['image/jpeg'] },
  'image/gif': { sniffed: ['image/gif'] },
  'image/webp': { sniffed: ['image/webp'] },
  'image/tiff': { sniffed: ['image/tiff'] },
  'application/zip': { sniffed: ['application/zip'] },
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': { sniffed: ['application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'application/zip'] },
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': { sniffed: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'application/zip'] },
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': { sniffed: ['application/vnd.openxmlformats-officedocument.presentationml.presentation', 'application/zip'] },
  'application/vnd.oasis.opendocument.text': { sniffed: ['application/vnd.oasis.opendocument.text', 'application/zip'] },
  'application/vnd.oasis.opendocument.spreadsheet': { sniffed: ['application/vnd.oasis.opendocument.spreadsheet', 'application/zip'] },
  'application/xml': { sniffed: [undefined, 'application/xml'] },
  'text/xml': { sniffed: [undefined, 'application/xml'] },
  'text/plain': { sniffed: [undefined] },
  'text/csv': { sniffed: [undefined] },
  'message/rfc822': { sniffed: [undefined] },
} as const satisfies Record<string, { sniffed: readonly (string | undefined)[] }>

export type FileContentType = keyof typeof FILE_CONTENT_TYPES
export const FILE_CONTENT_TYPE_NAMES = Object.keys(FILE_CONTENT_TYPES) as FileContentType[]

/** Whether bytes sniffed as `sniffed` (undefined: not recognised) may be stored as `declared`. */
export const sniffedTypeMatches = (declared: FileContentType, sniffed: string | undefined): boolean =>
  (FILE_CONTENT_TYPES[declared].sniffed as readonly (string | undefined)[]).includes(sniffed)

/** Where a document's bytes are kept in the documents file store. */
export const fileKeyOf = (document: Pick<FileDocument, 'companyId' | 'id'>): string => `${document.companyId}/${document.id}`
