import type { Actor } from '../access'
import { requireCompany } from '../companies'
import { InvoicingError, notFound } from '../errors'
import { removeNotedFile } from '../file-documents'
import type { IdempotencyClaim } from '../idempotency'
import type { CoreDeps } from '../ports/deps'
import type { FileContent } from '../ports/files'
import type { StorageReader } from '../ports/storage'
import { calendarDateOf, createdBetween } from '../shared/calendar-date'
import type { Page } from '../shared/pagination'
import { parseInput } from '../shared/validation'
import { createUnitOfWork, retryingTransaction } from '../unit-of-work'
import { exportFileKeyOf, MAX_EXPORT_DOCUMENTS, type Export, type ExportType } from './export'
import { ExportFindings } from './export-findings'
import type { CommonExportParameters } from './export-parameters'
import type { ExportFileDescription, ExportPolicy, ExportWriting } from './export-policy'
import { EXPORT_POLICIES, type BuiltExportType } from './export-policies'
import { ExportListQuerySchema, VoidExportSchema, type ExportListQuery, type VoidExportInput } from './export-schemas'
import { readerWithout } from './unexported-records'

/** An export as its resource and events show it. */
export type ExportView = Omit<Export, 'companyId'>

export const exportViewOf = ({ companyId: _, ...exported }: Export): ExportView => exported

/** Bytes written ahead of their record are removed after this unless the record took them. */
const STAGED_GRACE_MS = 3_600_000

async function requireExport(reader: Pick<StorageReader, 'exports'>, companyId: string, id: string): Promise<Export> {
  const exported = await reader.exports.get(companyId, id)
  if (!exported) throw notFound('Export')
  return exported
}

/** The policy of a stored export's type (every stored type has one). */
const policyOf = (type: ExportType): ExportPolicy<unknown, CommonExportParameters> | undefined =>
  (EXPORT_POLICIES as Partial<Record<ExportType, ExportPolicy<unknown, CommonExportParameters>>>)[type]

/** Limits of one export (tests lower them), and where its progress is reported. */
export interface ExportOptions {
  /** Default 100,000. */
  maxDocuments?: number
  /** Called after every `progressEvery` documents written into one export file. */
  onProgress?: (progress: ExportProgress) => void
  /** Default 10,000. */
  progressEvery?: number
}

export interface ExportProgress {
  exportId: string
  type: ExportType
  documents: number
}

const PROGRESS_EVERY = 10_000

/** Making, reading, downloading and voiding exports; each type's own work is its policy's. */
export function createExportService(deps: CoreDeps, { maxDocuments = MAX_EXPORT_DOCUMENTS, onProgress, progressEvery = PROGRESS_EVERY }: ExportOptions = {}) {
  const { storage, ids, clock, documentFiles } = deps
  const inUnitOfWork = createUnitOfWork(deps)

  return {
    /**
     * Streams the file of `type` into the file store while its writer reads the company's
     * records, then writes in one transaction the export, its record markers, `export.created`
     * and the audit entry. The bytes are noted for removal before they are written, and the note
     * is taken back in that transaction: a refused export (problems, too many documents) or a
     * crash leaves no file behind.
     */
    async create(actor: Actor, type: BuiltExportType, input: unknown, claim?: IdempotencyClaim<ExportView>): Promise<ExportView> {
      const policy: ExportPolicy<unknown, CommonExportParameters> = EXPORT_POLICIES[type]
      const company = await requireCompany(storage, actor)
      const parameters = policy.parametersOf(input, company)
      const records = policy.recordsOf(parameters)
      const excluded = parameters.onlyNotExported ? new Set(await storage.exports.exportedRecordIds(actor.companyId, type)) : new Set<string>()
      const filtered = readerWithout(storage, records, excluded)
      const exportId = ids.next()
      const now = clock.now()
      const findings = new ExportFindings()
      const documentIds = new Set<string>()
      const include = (documentId: string) => {
        if (documentIds.has(documentId)) return
        if (documentIds.size >= maxDocuments) {
          throw new InvoicingError('export_too_large', `The export would hold more than ${maxDocuments} documents; choose a shorter period`, { maxDocuments })
        }
        documentIds.add(documentId)
        if (documentIds.size % progressEvery === 0) onProgress?.({ exportId, type, documents: documentIds.size })
      }
      const key = exportFileKeyOf({ companyId: actor.companyId, id: exportId })
      await retryingTransaction(storage, (tx) => tx.fileDocuments.enqueueFileDeletion(key, new Date(now.getTime() + STAGED_GRACE_MS).toISOString()))
      try {
        const writing = policy.write(filtered.reader, company, parameters, { exportId, now, today: calendarDateOf(now, company.timeZone), findings, include })
        const { result, bytes } = returnOf(writing)
        const stored = await documentFiles.write(key, bytes)
        findings.throwIfProblems()
        const description = result()
        return await inUnitOfWork(actor, async (unit) => {
          const written: Export = {
            id: exportId,
            companyId: actor.companyId,
            type,
            status: 'COMPLETED',
            parameters: { ...parameters },
            file: { name: description.fileName, contentType: description.contentType, encoding: description.encoding, size: stored.size, sha256: stored.sha256 },
            documentCount: documentIds.size,
            summary: { ...description.summary, ...(parameters.onlyNotExported ? { previouslyExported: filtered.leftOut.size } : {}) },
            createdAt: unit.now.toISOString(),
            createdByKeyId: actor.apiKeyId ?? null,
            voidedAt: null,
            voidReason: null,
          }
          const exported = policy.withEffects ? await policy.withEffects(unit, written) : written
          await unit.tx.exports.insert(exported, [...documentIds])
          await unit.tx.fileDocuments.removeFileDeletion(key)
          await unit.audit('EXPORT_CREATED_VIA_API', { type: 'export', id: exportId }, { exportType: type, documentCount: exported.documentCount, size: exported.file.size })
          const view = exportViewOf(exported)
          await unit.emit('export.created', view)
          return view
        }, claim)
      } catch (error) {
        // No record took the bytes (refused, or the transaction failed): remove them now, or the cleanup job will.
        await removeNotedFile(storage, documentFiles, key).catch(() => undefined)
        throw error
      }
    },

    async list(actor: Actor, query: ExportListQuery = {}): Promise<Page<ExportView>> {
      const parsed = parseInput(ExportListQuerySchema, query)
      const company = await requireCompany(storage, actor)
      const page = await storage.exports.list(actor.companyId, {
        type: parsed.type,
        status: parsed.status,
        ...createdBetween(parsed.from, parsed.to, company.timeZone),
        limit: parsed.limit,
        offset: parsed.offset,
      })
      return { ...page, items: page.items.map(exportViewOf) }
    },

    async get(actor: Actor, id: string): Promise<ExportView> {
      return exportViewOf(await requireExport(storage, actor.companyId, id))
    },

    /** The export and its bytes as a stream; the download is audited (also of a voided export, whose file stays). */
    async file(actor: Actor, id: string): Promise<{ export: ExportView; content: FileContent }> {
      const exported = await requireExport(storage, actor.companyId, id)
      const content = await documentFiles.read(exportFileKeyOf(exported))
      // Bytes missing under a stored export are a broken store, not a request error.
      if (!content) throw new Error(`the file of export ${id} is missing from the file store`)
      await inUnitOfWork(actor, (unit) => unit.audit('EXPORT_DOWNLOADED_VIA_API', { type: 'export', id }, { fileName: exported.file.name, size: exported.file.size }))
      return { export: exportViewOf(exported), content }
    },

    /** COMPLETED → VOIDED: its records are free for another export; the file stays downloadable. VOIDED → 409 `status_conflict`. */
    async void(actor: Actor, id: string, input: VoidExportInput = {}, claim?: IdempotencyClaim<ExportView>): Promise<ExportView> {
      const { reason } = parseInput(VoidExportSchema, input)
      return inUnitOfWork(actor, async (unit) => {
        const current = await requireExport(unit.tx, actor.companyId, id)
        const voidedAt = unit.now.toISOString()
        if (!(await unit.tx.exports.markVoided(actor.companyId, id, voidedAt, reason ?? null))) {
          throw new InvoicingError('status_conflict', 'The export is voided already', { status: current.status, allowedStatuses: ['COMPLETED'] })
        }
        await policyOf(current.type)?.undoEffects?.(unit, current)
        const view = exportViewOf({ ...current, status: 'VOIDED', voidedAt, voidReason: reason ?? null })
        await unit.audit('EXPORT_VOIDED_VIA_API', { type: 'export', id }, { exportType: current.type, reason: reason ?? null })
        await unit.emit('export.voided', view)
        return view
      }, claim)
    },
  }
}

export type ExportService = ReturnType<typeof createExportService>

/** The bytes of a writer as a plain iterable, and its return value once they were read. */
function returnOf(writing: ExportWriting): { bytes: AsyncIterable<Uint8Array>; result: () => ExportFileDescription } {
  let description: ExportFileDescription | undefined
  return {
    bytes: {
      async* [Symbol.asyncIterator]() {
        for (;;) {
          const next = await writing.next()
          if (next.done) {
            description = next.value
            return
          }
          yield next.value
        }
      },
    },
    result: () => {
      if (!description) throw new Error('the export file was not read to its end')
      return description
    },
  }
}
