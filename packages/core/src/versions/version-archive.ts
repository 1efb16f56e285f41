import type { Actor } from '../access'
import { assertHybridPdfWithinLimit, EINVOICE_PROFILES, renderHybridPdf, writeCii, type EInvoiceProfile } from '../einvoice'
import { InvoicingError } from '../errors'
import type { CoreDeps } from '../ports/deps'
import type { PdfRenderer } from '../ports/pdf-renderer'
import { retryingTransaction, type UnitOfWork } from '../unit-of-work'
import type { ChangeType, DocumentSnapshot, DocumentVersion } from './document-version'

export interface VersionRequest {
  changeType: ChangeType
  changeReason: string | null
}

/**
 * Freezes the document as `snapshot` shows it as its next version, inside the unit of work
 * that locks or corrects it: the version commits with the change or not at all. The PDF is
 * archived afterwards ({@link createVersionArchive}), unless `pdfKey` names one stored already.
 * A version that is still to be drawn must fit the page cap (400 `document_too_large`, which
 * rolls the change back): a document is not issued or corrected into one no PDF can show.
 */
export async function takeVersion(
  unit: UnitOfWork,
  actor: Actor,
  snapshot: DocumentSnapshot,
  request: VersionRequest & { id: string; pdfKey?: string },
  pdf: PdfRenderer | undefined,
): Promise<DocumentVersion> {
  const { invoice } = snapshot
  if (pdf && !request.pdfKey) await assertHybridPdfWithinLimit(pdf, snapshot)
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
export const takeInitialVersion = (unit: UnitOfWork, actor: Actor, snapshot: DocumentSnapshot, { ids, pdf }: Pick<CoreDeps, 'ids' | 'pdf'>): Promise<DocumentVersion> =>
  takeVersion(unit, actor, snapshot, { id: ids.next(), changeType: 'INITIAL', changeReason: null }, pdf)

/**
 * Where one drawing of a version's PDF lies. Each drawing gets a key of its own, so no key is
 * ever written twice with other bytes: drawings of one version differ (a PDF/A carries its
 * creation time and a random document id), and two may be stored at once.
 */
const pdfKeyOf = (version: Pick<DocumentVersion, 'companyId' | 'invoiceId' | 'id'>, drawingId: string): string =>
  `versions/${version.companyId}/${version.invoiceId}/${version.id}-${drawingId}.pdf`

/**
 * Where a version's e-invoice XML in `profile` lies. The XML is written from the frozen
 * snapshot alone, so every writing of one version gives the same bytes and one key suffices.
 */
const eInvoiceKeyOf = (version: Pick<DocumentVersion, 'companyId' | 'invoiceId' | 'id'>, profile: EInvoiceProfile): string =>
  `versions/${version.companyId}/${version.invoiceId}/${version.id}-${profile.toLowerCase()}.xml`

/**
 * Draws and stores the PDF and the e-invoice XML of committed versions. It runs after the commit
 * so no transaction holds the write lock while a PDF is drawn; a version whose PDF could not be
 * stored stays without one (`hasPdf: false`) and is reported to `onArchiveError`. The first PDF recorded for
 * a version is its PDF for good, whichever process or request drew it. Without a renderer
 * no PDF is archived, and that is said once.
 */
export function createVersionArchive({ storage, files, pdf, ids, onArchiveError }: Pick<CoreDeps, 'storage' | 'files' | 'pdf' | 'ids' | 'onArchiveError'>) {
  /** Stores `content` as a PDF of `version` (taken or about to be taken); answers its key. */
  async function store(version: Pick<DocumentVersion, 'companyId' | 'invoiceId' | 'id'>, content: Uint8Array): Promise<string> {
    const key = pdfKeyOf(version, ids.next())
    await files.put(key, content)
    return key
  }

  /** Removes a stored PDF no version took; a failure leaves an orphan file, nothing worse. */
  async function discard(key: string): Promise<void> {
    await files.delete(key).catch(() => undefined)
  }

  /**
   * The version's XML in `profile`: the archived bytes, or, where none are archived yet, the
   * XML written from the snapshot and archived now. A profile the document cannot be written in
   * (XRechnung without a buyer reference) throws its validation error each time.
   */
  async function eInvoice(version: DocumentVersion, profile: EInvoiceProfile): Promise<Uint8Array> {
    const key = eInvoiceKeyOf(version, profile)
    const archived = await files.get(key)
    if (archived) return archived
    const content = new TextEncoder().encode(writeCii(version.snapshot, profile))
    // Written from the frozen snapshot, the bytes are the version's even where they cannot be stored now.
    await files.put(key, content).catch((error: unknown) => onArchiveError(error, version.id))
    return content
  }

  /** Archives the XML of every profile the document can be written in. */
  async function archiveEInvoices(version: DocumentVersion): Promise<void> {
    for (const profile of EINVOICE_PROFILES) {
      try {
        await eInvoice(version, profile)
      } catch (error) {
        if (!(error instanceof InvoicingError)) throw error
      }
    }
  }

  let toldNoRenderer = false

  async function archive(version: DocumentVersion): Promise<void> {
    await archiveEInvoices(version).catch((error: unknown) => onArchiveError(error, version.id))
    if (version.pdfKey) return
    if (!pdf) {
      // An engine without a renderer (embedded, in memory) archives no PDF: said once, not as an error per version.
      if (!toldNoRenderer) console.warn('Version PDFs are not archived: createInvoicing was given no pdf renderer (option `pdf`, e.g. createPdfLibRenderer() from @invoicing/pdf).')
      toldNoRenderer = true
      return
    }
    try {
      const key = await store(version, await renderHybridPdf(pdf, version.snapshot))
      const recorded = await retryingTransaction(storage, (tx) => tx.documentVersions.recordPdfKey(version.companyId, version.id, key))
      // Another drawing was recorded first; it is the one that may have been served already.
      if (!recorded) await discard(key)
    } catch (error) {
      onArchiveError(error, version.id)
    }
  }

  return {
    /** Stores the bytes a mail carried, before the version they belong to is taken. */
    storeBeforehand: store,
    /** Archives the PDFs and e-invoice XML of `versions` one after another; never throws. */
    async archiveAll(versions: readonly DocumentVersion[]): Promise<void> {
      for (const version of versions) await archive(version)
    },
    /**
     * The archived PDF of a committed version. One whose archiving failed (a full disk, a
     * renderer down) is drawn from its snapshot now and archived; of drawings at once, all
     * answer the one recorded first. Undefined when it can still not be drawn or stored.
     */
    async pdf(version: DocumentVersion): Promise<Uint8Array | undefined> {
      let current = version
      if (!current.pdfKey) {
        await archive(current)
        current = (await storage.documentVersions.get(version.companyId, version.invoiceId, version.versionNumber)) ?? current
      }
      return current.pdfKey ? await files.get(current.pdfKey) : undefined
    },
    eInvoice,
    discard,
  }
}

export type VersionArchive = ReturnType<typeof createVersionArchive>
