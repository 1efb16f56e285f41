import { InvoicingError } from '../errors'
import type { FileStore } from '../ports/files'
import type { MailAttachment } from '../ports/mail-transport'
import type { StorageReader } from '../ports/storage'
import { fileKeyOf, type FileDocument, type FileLinkType } from './file-document'

/** The most the files attached to one mail may add up to. */
export const MAX_MAIL_ATTACHMENT_BYTES = 20 * 1024 * 1024

/** More flagged documents than any mail should carry; past it the size rule answers anyway. */
export const MAX_ATTACHMENTS = 100

/**
 * The documents a record's mail carries after its PDF: AVAILABLE documents linked to it with
 * `sendWithDocument`, in link order. Checked by their recorded sizes, without reading a byte:
 * more than 20 MiB → 400 `attachments_too_large`. A send asks in the transaction that takes the
 * number, so a refused send takes none; it reads the bytes ({@link mailAttachmentsOf}) after it.
 */
export async function documentsToAttach(reader: Pick<StorageReader, 'fileDocuments'>, companyId: string, type: FileLinkType, targetId: string): Promise<FileDocument[]> {
  const documents = await reader.fileDocuments.listAttachments(companyId, type, targetId, MAX_ATTACHMENTS + 1)
  const totalBytes = documents.reduce((sum, document) => sum + document.size, 0)
  if (totalBytes > MAX_MAIL_ATTACHMENT_BYTES || documents.length > MAX_ATTACHMENTS) {
    throw new InvoicingError('attachments_too_large', `The files to send with the document add up to ${totalBytes} bytes, more than ${MAX_MAIL_ATTACHMENT_BYTES}`, {
      totalBytes, maxBytes: MAX_MAIL_ATTACHMENT_BYTES,
    })
  }
  return documents
}

/** The bytes of `documents` as mail attachments, in their order. */
export function mailAttachmentsOf(documentFiles: FileStore, documents: readonly FileDocument[]): Promise<MailAttachment[]> {
  return Promise.all(documents.map(async (document) => {
    const content = await documentFiles.get(fileKeyOf(document))
    // Deleted since the send looked: refused, so no customer gets a mail short of a file the company chose to send.
    if (!content) throw new InvoicingError('not_found', `The file ${document.fileName} to send with the document was deleted meanwhile; send again`)
    return { fileName: document.fileName, contentType: document.contentType, content }
  }))
}
