import type { Actor } from '../access'
import { requireCompany } from '../companies'
import { InvoicingError, notFound } from '../errors'
import type { IdempotencyClaim } from '../idempotency'
import type { CoreDeps } from '../ports/deps'
import type { FileStore } from '../ports/files'
import type { StorageReader } from '../ports/storage'
import type { Page } from '../shared/pagination'
import { withChanges } from '../shared/changes'
import { createdBetween } from '../shared/calendar-date'
import { parseInput } from '../shared/validation'
import { createUnitOfWork, retryingTransaction, type UnitOfWork } from '../unit-of-work'
import { fileKeyOf, type FileDocument, type FileDocumentLink } from './file-document'
import { emitDocumentEvent } from './file-document-events'
import {
  DocumentListQuerySchema, DocumentUpdateSchema, LinkInputSchema,
  type DocumentListQuery, type DocumentUpdateInput, type LinkFields, type LinkInput,
} from './file-document-schemas'
import { viewOf, viewsOf, type FileDocumentLinkView, type FileDocumentView } from './file-document-view'
import { LINK_TARGETS, type LinkTarget } from './link-targets'

type TargetReader = Pick<StorageReader, 'invoices' | 'orderDocuments' | 'customers' | 'recurringSchedules'>

/** The record a link names, in the company; 404 naming the kind of record otherwise. */
export async function requireLinkTarget(reader: TargetReader, companyId: string, link: Pick<LinkFields, 'type' | 'id'>): Promise<LinkTarget> {
  const target = await LINK_TARGETS[link.type](reader, companyId, link.id)
  if (!target) throw new InvoicingError('not_found', `The ${link.type.toLowerCase().replace(/_/g, ' ')} ${link.id} of the link was not found`, { field: 'id' })
  return target
}

/** A pending or available document of the company; 404 otherwise. */
export async function requireFileDocument(reader: Pick<StorageReader, 'fileDocuments'>, companyId: string, id: string): Promise<FileDocument> {
  const document = await reader.fileDocuments.get(companyId, id)
  if (!document) throw notFound('Document')
  return document
}

/**
 * Removes the bytes of records already removed, noted by `enqueueFileDeletion` in their
 * transaction: done after the commit, and again by the cleanup job after a crash.
 */
export async function removeNotedFile(storage: CoreDeps['storage'], files: FileStore, key: string): Promise<void> {
  await files.delete(key)
  await retryingTransaction(storage, (tx) => tx.fileDocuments.removeFileDeletion(key))
}

/** Links `document` to a record of its company: 404 for an unknown record, 409 `link_exists` for a second link to it. */
export async function addLink(unit: UnitOfWork, linkId: string, document: FileDocument, input: LinkFields): Promise<FileDocumentLink> {
  await requireLinkTarget(unit.tx, document.companyId, input)
  const link: FileDocumentLink = { id: linkId, type: input.type, targetId: input.id, sendWithDocument: input.sendWithDocument ?? false, createdAt: unit.now.toISOString() }
  if (!(await unit.tx.fileDocuments.insertLinkIfAbsent(document.companyId, document.id, link))) {
    const existing = (await unit.tx.fileDocuments.get(document.companyId, document.id))?.links.find((held) => held.type === link.type && held.targetId === link.targetId)
    throw new InvoicingError('link_exists', `The document is already linked to ${input.type} ${input.id}`, { linkId: existing?.id ?? null })
  }
  return link
}

/** Reads, metadata changes, links and deletion of documents (files). */
export function createFileDocumentService(deps: CoreDeps) {
  const { storage, ids, documentFiles } = deps
  const inUnitOfWork = createUnitOfWork(deps)

  return {
    async list(actor: Actor, query: DocumentListQuery = {}): Promise<Page<FileDocumentView>> {
      const parsed = parseInput(DocumentListQuerySchema, query)
      if ((parsed.linkType === undefined) !== (parsed.linkId === undefined)) {
        throw new InvoicingError('validation_failed', 'linkType and linkId are given together', { field: parsed.linkType ? 'linkId' : 'linkType' })
      }
      const company = await requireCompany(storage, actor)
      const page = await storage.fileDocuments.list(actor.companyId, {
        status: parsed.status ?? 'AVAILABLE',
        link: parsed.linkType && parsed.linkId ? { type: parsed.linkType, targetId: parsed.linkId } : undefined,
        customerId: parsed.customerId,
        category: parsed.category,
        search: parsed.search,
        ...createdBetween(parsed.from, parsed.to, company.timeZone),
        limit: parsed.limit,
        offset: parsed.offset,
      })
      return { ...page, items: await viewsOf(storage, page.items) }
    },

    async get(actor: Actor, id: string): Promise<FileDocumentView> {
      return viewOf(storage, await requireFileDocument(storage, actor.companyId, id))
    },

    /** Changes file name, title, description or category; `null` clears title or description. */
    async update(actor: Actor, id: string, input: DocumentUpdateInput): Promise<FileDocumentView> {
      const changes = parseInput(DocumentUpdateSchema, input)
      return inUnitOfWork(actor, async (unit) => {
        const current = await requireFileDocument(unit.tx, actor.companyId, id)
        const updated = withChanges(current, { ...changes, updatedAt: unit.now.toISOString() })
        await unit.tx.fileDocuments.update(updated)
        await unit.audit('DOCUMENT_UPDATED_VIA_API', { type: 'document', id }, { changedFields: Object.keys(changes) })
        return emitDocumentEvent(unit, 'updated', updated)
      })
    },

    /**
     * Removes the document and, once that committed, its bytes. A document linked to a record
     * holding an issued number is kept (GoBD): 409 `document_in_use` naming those links.
     */
    async delete(actor: Actor, id: string): Promise<void> {
      const key = await inUnitOfWork(actor, async (unit) => {
        const document = await requireFileDocument(unit.tx, actor.companyId, id)
        const keeping: FileDocumentLinkView[] = []
        for (const link of document.links) {
          const target = await LINK_TARGETS[link.type](unit.tx, actor.companyId, link.targetId)
          if (target?.holdsIssuedNumber) keeping.push({ ...link, targetNumber: target.number })
        }
        if (keeping.length > 0) {
          throw new InvoicingError('document_in_use', `The document is linked to ${keeping.map((link) => link.targetNumber).join(', ')}, which hold issued numbers; it is kept`, { links: keeping })
        }
        await emitDocumentEvent(unit, 'deleted', document)
        await unit.tx.fileDocuments.delete(actor.companyId, id)
        await unit.tx.fileDocuments.enqueueFileDeletion(fileKeyOf(document), unit.now.toISOString())
        await unit.audit('DOCUMENT_DELETED_VIA_API', { type: 'document', id }, { fileName: document.fileName, size: document.size })
        return fileKeyOf(document)
      })
      // A failure here leaves the noted deletion to the cleanup job; the record is gone either way.
      await removeNotedFile(storage, documentFiles, key).catch(() => undefined)
    },

    async link(actor: Actor, id: string, input: LinkInput, claim?: IdempotencyClaim<FileDocumentLinkView>): Promise<FileDocumentLinkView> {
      const fields = parseInput(LinkInputSchema, input)
      return inUnitOfWork(actor, async (unit) => {
        const document = await requireFileDocument(unit.tx, actor.companyId, id)
        const link = await addLink(unit, ids.next(), document, fields)
        const view = await emitDocumentEvent(unit, 'linked', { ...document, links: [...document.links, link] }, link)
        await unit.audit('DOCUMENT_LINKED_VIA_API', { type: 'document', id }, { linkType: link.type, targetId: link.targetId })
        return view.links.find((shown) => shown.id === link.id)!
      }, claim)
    },

    /** Removes a link; a link to a locked invoice is kept (409 `document_locked`). */
    async unlink(actor: Actor, id: string, linkId: string): Promise<void> {
      await inUnitOfWork(actor, async (unit) => {
        const document = await requireFileDocument(unit.tx, actor.companyId, id)
        const link = document.links.find((held) => held.id === linkId)
        if (!link) throw notFound('Link')
        const target = await LINK_TARGETS[link.type](unit.tx, actor.companyId, link.targetId)
        if (target?.locked) {
          throw new InvoicingError('document_locked', `${target.number ?? link.targetId} is locked, so its documents stay linked`)
        }
        await unit.tx.fileDocuments.deleteLink(actor.companyId, id, linkId)
        await emitDocumentEvent(unit, 'unlinked', { ...document, links: document.links.filter((held) => held.id !== linkId) }, link)
        await unit.audit('DOCUMENT_UNLINKED_VIA_API', { type: 'document', id }, { linkType: link.type, targetId: link.targetId })
      })
    },
  }
}

export type FileDocumentService = ReturnType<typeof createFileDocumentService>
