import * as v from 'valibot'
import type { Actor } from '../access'
import { InvoicingError, notFound } from '../errors'
import { requireInvoice, type ExportedFile } from '../invoices'
import type { CoreDeps } from '../ports/deps'
import { createUnitOfWork } from '../unit-of-work'
import { boundedString } from '../shared/fields'
import { parseInput } from '../shared/validation'
import type { ChangeType, DocumentVersion } from './document-version'
import { createVersionArchive } from './version-archive'

/** A version as the versions list shows it: without its snapshot. */
export interface VersionSummary {
  id: string
  versionNumber: number
  changeType: ChangeType
  changeReason: string | null
  hasPdf: boolean
  createdAt: string
  createdBy: string
}

export interface VersionList {
  invoiceId: string
  /** The highest version number; null while the document has no version (it is not locked). */
  currentVersion: number | null
  versions: VersionSummary[]
}

const versionNumber = v.pipe(
  v.union([v.number(), v.pipe(boundedString(20), v.trim(), v.regex(/^\d+$/, 'must be a whole number'), v.transform(Number))]),
  v.integer('must be a whole number'),
  v.minValue(1, 'must be at least 1'),
)

/** The query of the version download: the version again, optional (the path names it). */
export const VersionPdfQuerySchema = v.object({
  version: v.optional(v.pipe(boundedString(20), v.description('The same version as the path; optional'))),
})

/**
 * The version to download. The path names it; a same-named query parameter is accepted too,
 * so one given in the query must name the same version.
 */
export const VersionPdfRequestSchema = v.pipe(
  v.object({ version: versionNumber, queryVersion: v.optional(versionNumber) }),
  v.forward(
    v.check(({ version, queryVersion }) => queryVersion === undefined || queryVersion === version, 'the query names another version than the path'),
    ['queryVersion'],
  ),
)
export type VersionPdfRequest = v.InferInput<typeof VersionPdfRequestSchema>

const summaryOf = ({ id, versionNumber, changeType, changeReason, pdfKey, createdAt, createdBy }: DocumentVersion): VersionSummary =>
  ({ id, versionNumber, changeType, changeReason, hasPdf: pdfKey !== null, createdAt, createdBy })

/** The frozen versions of locked documents and their archived PDFs. */
export function createVersionService(deps: CoreDeps) {
  const { storage } = deps
  const inUnitOfWork = createUnitOfWork(deps)
  const archive = createVersionArchive(deps)

  return {
    /** A document's versions, highest first. */
    async list(actor: Actor, invoiceId: string): Promise<VersionList> {
      await requireInvoice(storage, actor, invoiceId)
      const versions = await storage.documentVersions.list(actor.companyId, invoiceId)
      return { invoiceId, currentVersion: versions[0]?.versionNumber ?? null, versions: versions.map(summaryOf) }
    },

    /**
     * The PDF archived when the version was taken, byte for byte; it is never drawn again. A
     * version whose archiving failed (a full disk, a renderer down) is drawn from its snapshot
     * on its first download and archived then. Of downloads drawing at once, all serve the PDF
     * recorded first.
     */
    async pdf(actor: Actor, invoiceId: string, request: VersionPdfRequest): Promise<ExportedFile & { content: Uint8Array }> {
      const { version: number } = parseInput(VersionPdfRequestSchema, request)
      await requireInvoice(storage, actor, invoiceId)
      const version = await storage.documentVersions.get(actor.companyId, invoiceId, number)
      if (!version) throw notFound(`Version ${number}`)
      const content = await archive.pdf(version)
      if (!content) throw new InvoicingError('not_found', `The archived PDF of version ${number} is unavailable`)
      const { number: invoiceNumber } = version.snapshot.invoice
      await inUnitOfWork(actor, (unit) =>
        unit.audit('DOCUMENT_VERSION_PDF_DOWNLOADED', { type: 'invoice', id: invoiceId }, { invoiceNumber, versionNumber: number }))
      return { fileName: `${invoiceNumber}-v${number}.pdf`, content }
    },
  }
}
