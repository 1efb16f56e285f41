import type { UnitOfWork } from '../unit-of-work'
import type { FileDocument, FileDocumentLink } from './file-document'
import { viewOf, type FileDocumentView } from './file-document-view'

type DocumentVerb = 'created' | 'updated' | 'deleted' | 'linked' | 'unlinked'

/**
 * Records `document.<verb>` with the document as its resource shows it; `linked` and
 * `unlinked` also carry the link (gone from the document's links after an unlink).
 */
export async function emitDocumentEvent(unit: UnitOfWork, verb: DocumentVerb, document: FileDocument, link?: FileDocumentLink): Promise<FileDocumentView> {
  const view = await viewOf(unit.tx, document)
  const linkView = link && { ...link, targetNumber: view.links.find((shown) => shown.id === link.id)?.targetNumber ?? null }
  await unit.emit(`document.${verb}`, linkView ? { ...view, link: linkView } : view)
  return view
}
