import type { IdGenerator } from '../ports/ids'
import type { UnitOfWork } from '../unit-of-work'
import type { FileLinkType } from './file-document'
import { emitDocumentEvent } from './file-document-events'
import { MAX_ATTACHMENTS } from './mail-attachments'

/** A record a document links to. */
export interface LinkedRecord {
  type: FileLinkType
  id: string
}

/**
 * Links the AVAILABLE documents flagged `sendWithDocument` on `from` to `to` as well, flagged
 * too (`document.linked` for each): a recurring schedule's files go with every invoice it makes.
 * Each copy keeps its original's `createdAt`, so `to`'s mail carries the files in `from`'s
 * order (copies made in one instant would otherwise be ordered by their random ids).
 */
export async function copyFlaggedLinks(unit: UnitOfWork, ids: IdGenerator, companyId: string, from: LinkedRecord, to: LinkedRecord): Promise<void> {
  // One more than a mail takes, so sending `to` refuses rather than silently leaving files out.
  const documents = await unit.tx.fileDocuments.listAttachments(companyId, from.type, from.id, MAX_ATTACHMENTS + 1)
  for (const document of documents) {
    const original = document.links.find((link) => link.type === from.type && link.targetId === from.id)!
    const link = { id: ids.next(), type: to.type, targetId: to.id, sendWithDocument: true, createdAt: original.createdAt }
    if (await unit.tx.fileDocuments.insertLinkIfAbsent(companyId, document.id, link)) {
      await emitDocumentEvent(unit, 'linked', { ...document, links: [...document.links, link] }, link)
    }
  }
}
