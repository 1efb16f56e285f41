import { createHash, randomBytes } from 'node:crypto'
import { fileTypeFromBuffer } from 'file-type'
import type { Actor } from '../access'
import { requireCompany, type Company } from '../companies'
import { InvoicingError } from '../errors'
import type { IdempotencyClaim } from '../idempotency'
import type { CoreDeps } from '../ports/deps'
import { FileContentRejected, type ByteRange, type FileContent, type PresignedUpload } from '../ports/files'
import type { StorageTx } from '../ports/storage'
import { parseInput } from '../shared/validation'
import { createUnitOfWork, retryingTransaction } from '../unit-of-work'
import {
  FILE_CONTENT_TYPE_NAMES, FILE_CONTENT_TYPES, fileKeyOf, sniffedTypeMatches,
  type FileContentType, type FileDocument,
} from './file-document'
import { emitDocumentEvent } from './file-document-events'
import { fileName as fileNameSchema, UploadFieldsSchema, UploadStartSchema, type UploadFieldsInput, type UploadStartInput } from './file-document-schemas'
import { addLink, removeNotedFile, requireFileDocument } from './file-document-service'
import { viewOf, type FileDocumentView } from './file-document-view'
import { readUploadToken, signUploadToken } from './upload-token'

/** How documents' bytes come in. */
export interface FileUploadOptions {
  /** The largest direct upload, default 100 MiB. */
  uploadMaxBytes?: number
  /** How long an upload URL is valid, default 900 s. */
  uploadUrlTtlSeconds?: number
  /** The URL of the host's upload route for a token, used when the file store signs no URLs of its own. */
  hostUploadUrl?: (token: string) => string
}

/** The most a multipart upload carries. */
export const MULTIPART_MAX_BYTES = 10 * 1024 * 1024
/** Bytes read to tell a file's type by its content: enough for the archive formats' first entries. */
const SNIFF_BYTES = 64 * 1024
/** A staged file no document took is removed after this. */
const STAGED_GRACE_MS = 3_600_000

/** Bytes stored ahead of their document (a multipart upload's file part), under the document's future id. */
export interface StagedFile {
  documentId: string
  companyId: string
  size: number
  sha256: string
}

/** A new pending document and where its bytes go. */
export interface StartedUpload {
  document: FileDocumentView
  upload: PresignedUpload & { expiresAt: string }
}

/** The declared type as the allow-list names it (parameters such as `;charset=` dropped), or 400 `unsupported_file_type`. */
export function allowedContentType(declared: string): FileContentType {
  const type = declared.split(';', 1)[0]!.trim().toLowerCase()
  if (!(type in FILE_CONTENT_TYPES)) {
    throw new InvoicingError('unsupported_file_type', `Files of type ${JSON.stringify(declared)} are not kept`, { allowedValues: FILE_CONTENT_TYPE_NAMES })
  }
  return type as FileContentType
}

/** Fails with 403 `plan_limit_reached` when `size` more bytes would pass the company's storage quota. */
async function assertStorageQuota(tx: StorageTx, company: Company, size: number): Promise<void> {
  if (company.storageQuotaBytes === null) return
  const stored = await tx.fileDocuments.storedBytes(company.id)
  if (stored + size > company.storageQuotaBytes) {
    throw new InvoicingError('plan_limit_reached', `The storage quota of ${company.storageQuotaBytes} bytes would be passed (${stored} stored)`, {
      storageQuotaBytes: company.storageQuotaBytes, storageBytes: stored,
    })
  }
}

const rejectionError = (error: FileContentRejected, expectedSize: number | null): InvoicingError => {
  if (error.reason === 'checksum_mismatch') return new InvoicingError('checksum_mismatch', 'The SHA-256 of the bytes is not the one announced')
  if (error.reason === 'too_large' && expectedSize === null) return new InvoicingError('file_too_large', error.message, { maxBytes: MULTIPART_MAX_BYTES })
  return new InvoicingError('size_mismatch', `The bytes are not the ${expectedSize} announced`, { expectedSize })
}

/** Multipart and direct uploads, their completion, and the bytes' way out. */
export function createFileUploads(deps: CoreDeps, options: FileUploadOptions = {}) {
  const { storage, clock, ids, documentFiles } = deps
  const uploadMaxBytes = options.uploadMaxBytes ?? 100 * 1024 * 1024
  const ttlSeconds = options.uploadUrlTtlSeconds ?? 900
  const hostUploadUrl = options.hostUploadUrl ?? ((token: string) => `/api/v1/documents/uploads/${token}`)
  const inUnitOfWork = createUnitOfWork(deps)
  let signingKey: Promise<string> | undefined
  const uploadSigningKey = () => {
    signingKey ??= retryingTransaction(storage, (tx) => tx.fileDocuments.uploadSigningKey(randomBytes(32).toString('base64url')))
      .catch((error: unknown) => { signingKey = undefined; throw error })
    return signingKey
  }

  /** The type the first bytes under `key` show, checked against the declared one. */
  async function assertSniffedType(key: string, size: number, declared: FileContentType): Promise<void> {
    const content = size === 0 ? undefined : await documentFiles.read(key, { start: 0, end: Math.min(size, SNIFF_BYTES) - 1 })
    const chunks: Uint8Array[] = []
    if (content) for await (const chunk of content.stream) chunks.push(chunk)
    const detected = (await fileTypeFromBuffer(Buffer.concat(chunks)))?.mime
    if (!sniffedTypeMatches(declared, detected)) {
      throw new InvoicingError('file_type_mismatch', `The file's content is ${detected ?? 'not of a known binary type'}, not ${declared}`, { declaredType: declared, detectedType: detected ?? null })
    }
  }

  /** A new document's record with its metadata. */
  function newDocument(actor: Actor, id: string, now: Date, fields: {
    fileName: string; contentType: FileContentType; size: number; sha256: string | null; title?: string | null | undefined; description?: string | null | undefined; category?: FileDocument['category'] | undefined
  }, available: boolean): FileDocument {
    return {
      id, companyId: actor.companyId, fileName: fields.fileName, contentType: fields.contentType, size: fields.size, sha256: fields.sha256,
      status: available ? 'AVAILABLE' : 'PENDING_UPLOAD', title: fields.title ?? null, description: fields.description ?? null,
      category: fields.category ?? 'OTHER', links: [], createdAt: now.toISOString(), uploadedAt: available ? now.toISOString() : null,
      updatedAt: now.toISOString(), createdByKeyId: actor.apiKeyId ?? null,
    }
  }

  return {
    /**
     * Stores the bytes of a multipart upload (at most 10 MiB, else 413 `file_too_large`) under
     * a new document id, noted for removal unless `create` takes them.
     */
    async stage(actor: Actor, content: AsyncIterable<Uint8Array>): Promise<StagedFile> {
      const documentId = ids.next()
      const key = fileKeyOf({ companyId: actor.companyId, id: documentId })
      await retryingTransaction(storage, (tx) => tx.fileDocuments.enqueueFileDeletion(key, new Date(clock.now().getTime() + STAGED_GRACE_MS).toISOString()))
      try {
        const { size, sha256 } = await documentFiles.write(key, content, { maxBytes: MULTIPART_MAX_BYTES })
        return { documentId, companyId: actor.companyId, size, sha256 }
      } catch (error) {
        await removeNotedFile(storage, documentFiles, key).catch(() => undefined)
        if (error instanceof FileContentRejected) throw rejectionError(error, null)
        throw error
      }
    },

    /** Makes the AVAILABLE document of staged bytes (POST /documents). */
    async create(actor: Actor, file: { fileName: string | undefined; contentType: string | undefined }, input: UploadFieldsInput, staged: StagedFile, claim?: IdempotencyClaim<FileDocumentView>): Promise<FileDocumentView> {
      const fields = parseInput(UploadFieldsSchema, input)
      const fileName = fields.fileName ?? parseInput(fileNameSchema, file.fileName ?? '')
      const contentType = allowedContentType(file.contentType ?? 'application/octet-stream')
      if ((fields.linkType === undefined) !== (fields.linkId === undefined)) {
        throw new InvoicingError('validation_failed', 'linkType and linkId are given together', { field: fields.linkType ? 'linkId' : 'linkType' })
      }
      const key = fileKeyOf({ companyId: staged.companyId, id: staged.documentId })
      await assertSniffedType(key, staged.size, contentType)
      return inUnitOfWork(actor, async (unit) => {
        const company = await requireCompany(unit.tx, actor)
        await assertStorageQuota(unit.tx, company, staged.size)
        const document = newDocument(actor, staged.documentId, unit.now, { ...fields, fileName, contentType, size: staged.size, sha256: staged.sha256 }, true)
        await unit.tx.fileDocuments.insert(document)
        if (fields.linkType && fields.linkId) {
          document.links.push(await addLink(unit, ids.next(), document, { type: fields.linkType, id: fields.linkId, sendWithDocument: fields.sendWithDocument }))
        }
        await unit.tx.fileDocuments.removeFileDeletion(key)
        await unit.audit('DOCUMENT_UPLOADED_VIA_API', { type: 'document', id: document.id }, { fileName, size: document.size, contentType })
        return emitDocumentEvent(unit, 'created', document)
      }, claim)
    },

    /** Removes staged bytes no document took (a refused or replayed request); nothing when one did. */
    async discardStaged(staged: StagedFile): Promise<void> {
      if (await storage.fileDocuments.get(staged.companyId, staged.documentId)) return
      await removeNotedFile(storage, documentFiles, fileKeyOf({ companyId: staged.companyId, id: staged.documentId }))
    },

    /** A pending document and the URL its bytes are PUT to (POST /documents/uploads). */
    async startUpload(actor: Actor, input: UploadStartInput, claim?: IdempotencyClaim<StartedUpload>): Promise<StartedUpload> {
      const fields = parseInput(UploadStartSchema, input)
      const contentType = allowedContentType(fields.contentType)
      if (fields.size > uploadMaxBytes) {
        throw new InvoicingError('file_too_large', `Direct uploads take at most ${uploadMaxBytes} bytes`, { maxBytes: uploadMaxBytes })
      }
      const documentId = ids.next()
      const key = fileKeyOf({ companyId: actor.companyId, id: documentId })
      const sha256 = fields.sha256 ?? null
      const expiresAt = new Date(clock.now().getTime() + ttlSeconds * 1000)
      // Known before the transaction, so an Idempotency-Key replay answers the same URL.
      const upload = documentFiles.presignUpload
        ? await documentFiles.presignUpload(key, { size: fields.size, contentType, sha256: sha256 ?? undefined, expiresAt })
        : {
          url: hostUploadUrl(signUploadToken({ documentId, companyId: actor.companyId, size: fields.size, sha256, expiresAt: Math.floor(expiresAt.getTime() / 1000) }, await uploadSigningKey())),
          method: 'PUT' as const,
          headers: { 'Content-Type': contentType, 'Content-Length': String(fields.size) },
        }
      return inUnitOfWork(actor, async (unit) => {
        const company = await requireCompany(unit.tx, actor)
        await assertStorageQuota(unit.tx, company, fields.size)
        const pending = newDocument(actor, documentId, unit.now, { ...fields, contentType, sha256 }, false)
        await unit.tx.fileDocuments.insert(pending)
        for (const link of fields.links ?? []) pending.links.push(await addLink(unit, ids.next(), pending, link))
        await unit.audit('DOCUMENT_UPLOAD_STARTED_VIA_API', { type: 'document', id: documentId }, { fileName: pending.fileName, size: pending.size, contentType })
        return { document: await viewOf(unit.tx, pending), upload: { ...upload, expiresAt: expiresAt.toISOString() } }
      }, claim)
    },

    /**
     * Takes the bytes PUT to a host upload URL (`fs` storage): the token must be this host's,
     * unexpired and unused, and the bytes exactly the announced length (and SHA-256 when one was
     * announced), else nothing is kept and the same URL can be used again until it expires.
     */
    async receiveUpload(token: string, content: AsyncIterable<Uint8Array>): Promise<void> {
      const grant = readUploadToken(token, await uploadSigningKey())
      if (!grant || grant.expiresAt * 1000 <= clock.now().getTime()) {
        throw new InvoicingError('upload_url_expired', 'This upload URL is expired or not valid; start a new upload')
      }
      const document = await storage.fileDocuments.get(grant.companyId, grant.documentId)
      const claimed = document?.status === 'PENDING_UPLOAD' &&
        await retryingTransaction(storage, (tx) => tx.fileDocuments.claimUpload(grant.companyId, grant.documentId))
      if (!document || !claimed) throw new InvoicingError('upload_url_expired', 'This upload URL was used already')
      try {
        const stored = await documentFiles.write(fileKeyOf(document), content, { maxBytes: grant.size, size: grant.size, sha256: grant.sha256 ?? undefined })
        const kept = await retryingTransaction(storage, async (tx) => {
          const current = await tx.fileDocuments.get(document.companyId, document.id)
          if (current?.status === 'PENDING_UPLOAD') await tx.fileDocuments.update({ ...current, sha256: stored.sha256, uploadedAt: clock.now().toISOString() })
          return current !== undefined
        })
        // Deleted while the bytes came in: its deletion removed nothing yet, so these would be left to nobody.
        if (!kept) {
          await documentFiles.delete(fileKeyOf(document))
          throw new InvoicingError('upload_url_expired', 'The document of this upload URL was deleted')
        }
      } catch (error) {
        await retryingTransaction(storage, (tx) => tx.fileDocuments.releaseUpload(grant.companyId, grant.documentId)).catch(() => undefined)
        if (error instanceof FileContentRejected) throw rejectionError(error, grant.size)
        throw error
      }
    },

    /**
     * Verifies the uploaded bytes (length, SHA-256 when announced, type by content) and makes
     * the document AVAILABLE (`document.created`). Bytes that fail are removed, so the upload
     * can be made again while its URL is valid.
     */
    async complete(actor: Actor, id: string, claim?: IdempotencyClaim<FileDocumentView>): Promise<FileDocumentView> {
      const document = await requireFileDocument(storage, actor.companyId, id)
      assertPending(document)
      const key = fileKeyOf(document)
      const stored = await documentFiles.stat(key)
      if (!stored) throw new InvoicingError('size_mismatch', 'No bytes were uploaded yet', { expectedSize: document.size, actualSize: 0 })
      let sha256: string
      try {
        if (stored.size !== document.size) {
          throw new InvoicingError('size_mismatch', `${stored.size} bytes were uploaded, ${document.size} announced`, { expectedSize: document.size, actualSize: stored.size })
        }
        // Bytes the host received were measured then; bytes PUT to the store itself are read once here.
        sha256 = document.uploadedAt && document.sha256 ? document.sha256 : await sha256Of(key)
        if (document.sha256 && sha256 !== document.sha256) throw new InvoicingError('checksum_mismatch', 'The SHA-256 of the uploaded bytes is not the one announced')
        await assertSniffedType(key, stored.size, document.contentType)
      } catch (error) {
        await documentFiles.delete(key)
        await retryingTransaction(storage, async (tx) => {
          const current = await tx.fileDocuments.get(document.companyId, document.id)
          if (current?.status === 'PENDING_UPLOAD') await tx.fileDocuments.update({ ...current, uploadedAt: null })
          await tx.fileDocuments.releaseUpload(document.companyId, document.id)
        })
        throw error
      }
      return inUnitOfWork(actor, async (unit) => {
        const current = await requireFileDocument(unit.tx, actor.companyId, id)
        assertPending(current)
        const available: FileDocument = { ...current, status: 'AVAILABLE', sha256, uploadedAt: current.uploadedAt ?? unit.now.toISOString(), updatedAt: unit.now.toISOString() }
        await unit.tx.fileDocuments.update(available)
        await unit.audit('DOCUMENT_UPLOADED_VIA_API', { type: 'document', id }, { fileName: available.fileName, size: available.size, contentType: available.contentType })
        return emitDocumentEvent(unit, 'created', available)
      }, claim)
    },

    /** An AVAILABLE document and a way to read its bytes, whole or a range (a pending one: 409 `status_conflict`). */
    async content(actor: Actor, id: string): Promise<{ document: FileDocumentView; read(range?: ByteRange): Promise<FileContent> }> {
      const document = await requireFileDocument(storage, actor.companyId, id)
      if (document.status !== 'AVAILABLE') {
        throw new InvoicingError('status_conflict', 'The document\'s upload is not completed', { status: document.status, allowedStatuses: ['AVAILABLE'] })
      }
      return {
        document: await viewOf(storage, document),
        read: async (range) => {
          const content = await documentFiles.read(fileKeyOf(document), range)
          // Deleted between the two reads: as gone as the record.
          if (!content) throw new InvoicingError('not_found', 'Document not found')
          return content
        },
      }
    },
  }

  async function sha256Of(key: string): Promise<string> {
    const hash = createHash('sha256')
    const content = await documentFiles.read(key)
    if (content) for await (const chunk of content.stream) hash.update(chunk)
    return hash.digest('hex')
  }
}

function assertPending(document: FileDocument): void {
  if (document.status !== 'PENDING_UPLOAD') {
    throw new InvoicingError('status_conflict', 'The document\'s upload is completed already', { status: document.status, allowedStatuses: ['PENDING_UPLOAD'] })
  }
}
