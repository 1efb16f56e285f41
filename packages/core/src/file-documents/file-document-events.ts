import type { UnitOfWork } from '../unit-of-work'
import type { FileDocument, FileDocumentLink } from './file-document'
import { viewOf, type FileDocumentView } from './file-document-view'

type DocumentVerb = 'created' | 'updated' | 'deleted' | 'linked' | 'unlinked'

/**
 * Records `document.<verb>` with the document as its resource shows it; `linked` and
 * `unlinked` also carry the link (gone from the document's links after an unlink). Answers the
 * document as its resource shows it.
 */
export async function emitDocumentEvent(unit: UnitOfWork, verb: DocumentVerb, document: FileDocument, link?: FileDocumentLink): Promise<FileDocumentView> {
  const view = await viewOf(unit.tx, document)
  // Subscribers learn of a document once it is AVAILABLE (`created`); changes of a pending upload before that stay unannounced.
  if (document.status !== 'AVAILABLE') return view
  const linkView = link && { ...link, targetNumber: view.links.find((shown) => shown.id === link.id)?.targetNumber ?? null }
  await unit.emit(`document.${verb}`, linkView ? { ...view, link: linkView } : view)
  return view
}
