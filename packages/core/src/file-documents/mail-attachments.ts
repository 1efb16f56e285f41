import { InvoicingError } from '../errors'
import type { CoreDeps } from '../ports/deps'
import type { MailAttachment } from '../ports/mail-transport'
import { fileKeyOf, type FileLinkType } from './file-document'

/** The most the files attached to one mail may add up to. */
export const MAX_MAIL_ATTACHMENT_BYTES = 20 * 1024 * 1024

/** More flagged documents than any mail should carry; past it the size rule answers anyway. */
const MAX_ATTACHMENTS = 100

/**
 * The files a record's mail carries after its PDF: AVAILABLE documents linked to it with
 * `sendWithDocument`, in link order. Checked by their recorded sizes before any byte is read:
 * more than 20 MiB → 400 `attachments_too_large`, so a caller that asks before taking a
 * number takes none.
 */
export async function mailAttachmentsOf({ storage, documentFiles }: Pick<CoreDeps, 'storage' | 'documentFiles'>, companyId: string, type: FileLinkType, targetId: string): Promise<MailAttachment[]> {
  const documents = await storage.fileDocuments.listAttachments(companyId, type, targetId, MAX_ATTACHMENTS + 1)
  const totalBytes = documents.reduce((sum, document) => sum + document.size, 0)
  if (totalBytes > MAX_MAIL_ATTACHMENT_BYTES || documents.length > MAX_ATTACHMENTS) {
    throw new InvoicingError('attachments_too_large', `The files to send with the document add up to ${totalBytes} bytes, more than ${MAX_MAIL_ATTACHMENT_BYTES}`, {
      totalBytes, maxBytes: MAX_MAIL_ATTACHMENT_BYTES,
    })
  }
  return Promise.all(documents.map(async (document) => {
    const content = await documentFiles.get(fileKeyOf(document))
    if (!content) throw new Error(`the bytes of document ${document.id} are missing`)
    return { fileName: document.fileName, contentType: document.contentType, content }
  }))
}
