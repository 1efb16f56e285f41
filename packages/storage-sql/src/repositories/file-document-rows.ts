import { searchTextOf, type FileDocument, type FileDocumentLink } from '@invoicing/core'
import type { Insertable, Selectable } from 'kysely'
import { columnsOf } from '../columns'
import type { FileDocumentLinkTable, FileDocumentTable } from '../database'

/** The document fields stored in a column of the same (snake_case) name, as they are. */
const documentColumns = columnsOf<FileDocument>([
  'id', 'companyId', 'fileName', 'contentType', 'size', 'sha256', 'status', 'title', 'description', 'category', 'createdAt', 'uploadedAt',
  'updatedAt', 'createdByKeyId',
])

/** The document's own row: everything but its links (and the upload claim, which only the store changes). */
export const documentToRow = (document: FileDocument): Insertable<FileDocumentTable> => documentColumns.toRow(document, {
  search_text: searchTextOf(document.fileName, document.title),
}) as unknown as Insertable<FileDocumentTable>

export const documentFromRow = (row: Selectable<FileDocumentTable>, links: FileDocumentLink[]): FileDocument =>
  documentColumns.fromRow(row, { links })

export const linkToRow = (companyId: string, documentId: string, link: FileDocumentLink): Insertable<FileDocumentLinkTable> => ({
  id: link.id,
  company_id: companyId,
  document_id: documentId,
  type: link.type,
  target_id: link.targetId,
  send_with_document: Number(link.sendWithDocument),
  created_at: link.createdAt,
})

export const linkFromRow = (row: Selectable<FileDocumentLinkTable>): FileDocumentLink => ({
  id: row.id,
  type: row.type as FileDocumentLink['type'],
  targetId: row.target_id,
  sendWithDocument: row.send_with_document === 1,
  createdAt: row.created_at,
})
