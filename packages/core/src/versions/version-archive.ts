import type { Actor } from '../access/actor'
import { renderHybridPdf } from '../einvoice'
import type { CoreDeps } from '../ports/deps'
import type { IdGenerator } from '../ports/ids'
import type { UnitOfWork } from '../shared/unit-of-work'
import type { ChangeType, DocumentSnapshot, DocumentVersion } from './document-version'

export interface VersionRequest {
  changeType: ChangeType
  changeReason: string | null
}

/**
 * Freezes the document as `snapshot` shows it as its next version, inside the unit of work
 * that locks or corrects it: the version commits with the change or not at all. The PDF is
 * archived afterwards ({@link createVersionArchive}), unless `pdfKey` names one stored already.
 */
export async function takeVersion(
  unit: UnitOfWork,
  actor: Actor,
  snapshot: DocumentSnapshot,
  request: VersionRequest & { id: string; pdfKey?: string },
): Promise<DocumentVersion> {
  const { invoice } = snapshot
  const [latest] = await unit.tx.documentVersions.list(invoice.companyId, invoice.id)
  const version: DocumentVersion = {
    id: request.id,
    companyId: invoice.companyId,
    invoiceId: invoice.id,
    versionNumber: (latest?.versionNumber ?? 0) + 1,
    changeType: request.changeType,
    changeReason: request.changeReason,
    snapshot,
    pdfKey: request.pdfKey ?? null,
    createdAt: unit.now.toISOString(),
    createdBy: actor.apiKeyId ?? actor.companyId,
  }
  await unit.tx.documentVersions.insert(version)
  return version
}

/** Version 1 of a document being locked now. */
export const takeInitialVersion = (unit: UnitOfWork, actor: Actor, snapshot: DocumentSnapshot, ids: IdGenerator): Promise<DocumentVersion> =>
  takeVersion(unit, actor, snapshot, { id: ids.next(), changeType: 'INITIAL', changeReason: null })

/** Where a version's PDF lies: one key per version id, so no key is ever written twice with other bytes. */
export const versionPdfKey = (version: Pick<DocumentVersion, 'companyId' | 'invoiceId' | 'id'>): string =>
  `versions/${version.companyId}/${version.invoiceId}/${version.id}.pdf`

/**
 * Draws and stores the PDF of committed versions. It runs after the commit so no transaction
 * holds the write lock while a PDF is drawn; a version whose PDF could not be stored stays
 * without one (`hasPdf: false`, 404 on download) and is reported to `onArchiveError`.
 */
export function createVersionArchive({ storage, blobs, pdf, onArchiveError }: Pick<CoreDeps, 'storage' | 'blobs' | 'pdf' | 'onArchiveError'>) {
  /** Stores `content` as the PDF of a version that is about to be taken (the bytes a mail carried). */
  async function storeBeforehand(version: Pick<DocumentVersion, 'companyId' | 'invoiceId' | 'id'>, content: Uint8Array): Promise<string> {
    const key = versionPdfKey(version)
    await blobs.put(key, content)
    return key
  }

  async function archive(version: DocumentVersion): Promise<void> {
    if (version.pdfKey) return
    try {
      if (!pdf) throw new Error('createInvoicing was given no pdf renderer (option `pdf`): version PDFs cannot be archived')
      const key = await storeBeforehand(version, await renderHybridPdf(pdf, version.snapshot))
      await storage.transaction((tx) => tx.documentVersions.setPdfKey(version.companyId, version.id, key))
    } catch (error) {
      onArchiveError(error, version.id)
    }
  }

  return {
    storeBeforehand,
    /** Archives the PDFs of `versions` one after another; never throws. */
    async archiveAll(versions: readonly DocumentVersion[]): Promise<void> {
      for (const version of versions) await archive(version)
    },
  }
}

export type VersionArchive = ReturnType<typeof createVersionArchive>
