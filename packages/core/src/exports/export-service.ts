import { createHash } from 'node:crypto'
import type { Actor } from '../access'
import { requireCompany } from '../companies'
import { InvoicingError, notFound } from '../errors'
import { removeNotedFile } from '../file-documents'
import type { IdempotencyClaim } from '../idempotency'
import type { CoreDeps } from '../ports/deps'
import type { FileContent } from '../ports/files'
import type { StorageReader } from '../ports/storage'
import { addDays, calendarDateOf, startOfDay } from '../shared/calendar-date'
import type { Page } from '../shared/pagination'
import { parseInput } from '../shared/validation'
import { createUnitOfWork, retryingTransaction } from '../unit-of-work'
import { exportFileKeyOf, MAX_EXPORT_DOCUMENTS, type Export } from './export'
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

/** Limits of one export (tests lower them). */
export interface ExportLimits {
  /** Default 100,000. */
  maxDocuments?: number
}

/** Making, reading, downloading and voiding exports; each type's own work is its policy's. */
export function createExportService(deps: CoreDeps, { maxDocuments = MAX_EXPORT_DOCUMENTS }: ExportLimits = {}) {
  const { storage, ids, clock, documentFiles } = deps
  const inUnitOfWork = createUnitOfWork(deps)

  return {
    /**
     * Writes the file of `type` from the company's records, stores its bytes, then in one
     * transaction the export, its record markers, `export.created` and the audit entry. The
     * bytes are noted for removal before they are written, and the note is taken back in that
     * transaction: a crash in between leaves work for the cleanup job, never an orphan.
     */
    async create(actor: Actor, type: BuiltExportType, input: unknown, claim?: IdempotencyClaim<ExportView>): Promise<ExportView> {
      const policy = EXPORT_POLICIES[type]
      const company = await requireCompany(storage, actor)
      const parameters = policy.parametersOf(input, company)
      const records = policy.recordsOf(parameters)
      const excluded = parameters.onlyNotExported ? new Set(await storage.exports.exportedRecordIds(actor.companyId, type)) : new Set<string>()
      const filtered = readerWithout(storage, records, excluded)
      const output = await policy.write(filtered.reader, company, parameters, { today: calendarDateOf(clock.now(), company.timeZone) })
      if (output.documentIds.length > maxDocuments) {
        throw new InvoicingError('export_too_large', `The export would hold ${output.documentIds.length} documents; at most ${maxDocuments} fit in one, choose a shorter period`, { maxDocuments })
      }
      const exportId = ids.next()
      const key = exportFileKeyOf({ companyId: actor.companyId, id: exportId })
      await retryingTransaction(storage, (tx) => tx.fileDocuments.enqueueFileDeletion(key, new Date(clock.now().getTime() + STAGED_GRACE_MS).toISOString()))
      try {
        await documentFiles.put(key, output.content)
        return await inUnitOfWork(actor, async (unit) => {
          const exported: Export = {
            id: exportId,
            companyId: actor.companyId,
            type,
            status: 'COMPLETED',
            parameters: { ...parameters },
            file: {
              name: output.fileName, contentType: output.contentType, encoding: output.encoding,
              size: output.content.byteLength, sha256: createHash('sha256').update(output.content).digest('hex'),
            },
            documentCount: output.documentIds.length,
            summary: { ...output.summary, ...(parameters.onlyNotExported ? { previouslyExported: filtered.leftOut.size } : {}) },
            createdAt: unit.now.toISOString(),
            createdByKeyId: actor.apiKeyId ?? null,
            voidedAt: null,
            voidReason: null,
          }
          await unit.tx.exports.insert(exported, [...new Set(output.documentIds)])
          await unit.tx.fileDocuments.removeFileDeletion(key)
          await unit.audit('EXPORT_CREATED_VIA_API', { type: 'export', id: exportId }, { exportType: type, documentCount: exported.documentCount, size: exported.file.size })
          const view = exportViewOf(exported)
          await unit.emit('export.created', view)
          return view
        }, claim)
      } catch (error) {
        // No record took the bytes (the transaction failed or never ran): remove them now, or the cleanup job will.
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
        createdFrom: parsed.from && startOfDay(parsed.from, company.timeZone).toISOString(),
        createdBefore: parsed.to && startOfDay(addDays(parsed.to, 1), company.timeZone).toISOString(),
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
        const view = exportViewOf({ ...current, status: 'VOIDED', voidedAt, voidReason: reason ?? null })
        await unit.audit('EXPORT_VOIDED_VIA_API', { type: 'export', id }, { exportType: current.type, reason: reason ?? null })
        await unit.emit('export.voided', view)
        return view
      }, claim)
    },
  }
}

export type ExportService = ReturnType<typeof createExportService>
