import * as v from 'valibot'
import { InvoicingError } from '../../errors'
import type { IdempotencyClaim } from '../../idempotency'
import type { CoreDeps } from '../../ports/deps'
import { FileContentRejected, type ByteRange, type FileContent } from '../../ports/files'
import { requiredText } from '../../shared/fields'
import type { Page } from '../../shared/pagination'
import { parseInput } from '../../shared/validation'
import { retryingTransaction } from '../../unit-of-work'
import { assertPlatformAdmin, type BlogCaller } from '../blog-caller'
import { createBlogWork, found } from '../blog-work'
import { BlogPageQuerySchema, type BlogPageQuery } from '../posts/post-schemas'
import { BLOG_MEDIA_MAX_BYTES, blogMediaKey, type BlogMedia, type BlogMediaType } from './blog-media'
import { dimensionsOf, mediaTypeOf, sanitisedSvg } from './media-content'
import { MediaFieldsSchema, MediaUpdateSchema, type MediaFieldsInput, type MediaUpdateInput } from './media-schemas'

/** Bytes read to tell the type and the size of an image: its headers, also a JPEG's behind large metadata. */
const HEAD_BYTES = 1024 * 1024
/** Staged bytes no media record took are removed after this. */
const STAGED_GRACE_MS = 3_600_000

/** Bytes of an upload stored ahead of their media record, under the record's future id. */
export interface StagedMedia {
  mediaId: string
  size: number
  /** Lower-case hex, of the bytes as uploaded. */
  sha256: string
}

/** A file name as given, without folders or control characters; `file` when none came. */
const fileNameSchema = v.pipe(requiredText(255), v.transform((name) => name.replace(/[\u0000-\u001f\u007f]/g, '').split(/[/\\]/).pop() || 'file'))

/** Where a media record's bytes are: a sanitised SVG is a new file, since a key is never written twice with other bytes. */
const fileKeyOf = (media: Pick<BlogMedia, 'id' | 'contentType'>) => media.contentType === 'image/svg+xml' ? `${blogMediaKey(media.id)}.svg` : blogMediaKey(media.id)

/** Media files of the blog: staged multipart uploads, their records, alt texts and bytes. */
export function createBlogMediaService(deps: CoreDeps) {
  const { storage, clock, ids, documentFiles } = deps
  const inBlogWork = createBlogWork(deps)

  /** Notes `key` for removal at `at`, so bytes no record takes are found by the file cleanup job. */
  const noteForRemoval = (key: string, at: Date) => retryingTransaction(storage, (tx) => tx.fileDocuments.enqueueFileDeletion(key, at.toISOString()))
  const remove = async (key: string) => {
    await documentFiles.delete(key)
    await retryingTransaction(storage, (tx) => tx.fileDocuments.removeFileDeletion(key))
  }
  const readAll = async (key: string, limit: number): Promise<Uint8Array> => {
    const content = await documentFiles.read(key, { start: 0, end: limit - 1 })
    const chunks: Uint8Array[] = []
    if (content) for await (const chunk of content.stream) chunks.push(chunk)
    return Buffer.concat(chunks)
  }

  return {
    async list(caller: BlogCaller, query: BlogPageQuery = {}): Promise<Page<BlogMedia>> {
      assertPlatformAdmin(caller)
      return storage.blog.listMedia(parseInput(BlogPageQuerySchema, query))
    },

    async get(caller: BlogCaller, id: string): Promise<BlogMedia> {
      assertPlatformAdmin(caller)
      return found(await storage.blog.getMedia(id), 'Media', id)
    },

    /**
     * Streams an upload's file part into the file store (at most 10 MiB, else 413
     * `file_too_large`) under a new media id. The bytes are removed later unless `create`
     * takes them; `discardStaged` removes them at once.
     */
    async stage(caller: BlogCaller, content: AsyncIterable<Uint8Array>): Promise<StagedMedia> {
      assertPlatformAdmin(caller)
      const mediaId = ids.next()
      const key = blogMediaKey(mediaId)
      await noteForRemoval(key, new Date(clock.now().getTime() + STAGED_GRACE_MS))
      try {
        const { size, sha256 } = await documentFiles.write(key, content, { maxBytes: BLOG_MEDIA_MAX_BYTES })
        return { mediaId, size, sha256 }
      } catch (error) {
        await remove(key).catch(() => undefined)
        if (error instanceof FileContentRejected) {
          throw new InvoicingError('file_too_large', `Blog media take at most ${BLOG_MEDIA_MAX_BYTES} bytes`, { maxBytes: BLOG_MEDIA_MAX_BYTES })
        }
        throw error
      }
    },

    /**
     * The media record of staged bytes (POST /blog/media): the type by content (PNG, JPEG,
     * WebP, GIF, SVG, PDF; else 415 `unsupported_media_type`), an SVG sanitised, width and
     * height read from the image. The declared content type is not trusted.
     */
    async create(caller: BlogCaller, file: { fileName: string | undefined }, input: MediaFieldsInput, staged: StagedMedia, claim?: IdempotencyClaim<BlogMedia>): Promise<BlogMedia> {
      assertPlatformAdmin(caller)
      const fields = parseInput(MediaFieldsSchema, input)
      const fileName = v.is(fileNameSchema, file.fileName ?? '') ? parseInput(fileNameSchema, file.fileName) : 'file'
      const stagedKey = blogMediaKey(staged.mediaId)
      let head = await readAll(stagedKey, Math.max(1, Math.min(staged.size, HEAD_BYTES)))
      const contentType: BlogMediaType = await mediaTypeOf(head)
      let size = staged.size
      if (contentType === 'image/svg+xml') {
        head = sanitisedSvg(await readAll(stagedKey, staged.size))
        size = head.byteLength
        const key = fileKeyOf({ id: staged.mediaId, contentType })
        await noteForRemoval(key, new Date(clock.now().getTime() + STAGED_GRACE_MS))
        await documentFiles.put(key, head)
      } else if (contentType !== 'application/pdf' && dimensionsOf(contentType, head).width === null && staged.size > head.byteLength) {
        head = await readAll(stagedKey, staged.size)
      }
      const media: BlogMedia = {
        id: staged.mediaId, fileName, contentType, size, ...dimensionsOf(contentType, head), altText: fields.altText ?? null, createdAt: '',
      }
      const created = await inBlogWork(caller, async (unit) => {
        const record = { ...media, createdAt: unit.now.toISOString() }
        await unit.tx.blog.insertMedia(record)
        await unit.tx.fileDocuments.removeFileDeletion(fileKeyOf(record))
        await unit.audit('BLOG_MEDIA_UPLOADED_VIA_API', { type: 'blog_media', id: record.id }, { fileName, contentType, size })
        return record
      }, claim)
      // The unsanitised original of an SVG is nobody's.
      if (fileKeyOf(created) !== stagedKey) await remove(stagedKey).catch(() => undefined)
      return created
    },

    /** Removes staged bytes no media record took (a refused or replayed request); nothing when one did. */
    async discardStaged(staged: StagedMedia): Promise<void> {
      if (await storage.blog.getMedia(staged.mediaId)) return
      await remove(fileKeyOf({ id: staged.mediaId, contentType: 'image/svg+xml' }))
      await remove(blogMediaKey(staged.mediaId))
    },

    /** PUT /blog/media/{id}: the alt text (`null` clears it). */
    async update(caller: BlogCaller, id: string, input: MediaUpdateInput, claim?: IdempotencyClaim<BlogMedia>): Promise<BlogMedia> {
      assertPlatformAdmin(caller)
      const fields = parseInput(MediaUpdateSchema, input)
      return inBlogWork(caller, async (unit) => {
        const current = found(await unit.tx.blog.getMedia(id), 'Media', id)
        const media = { ...current, altText: fields.altText === undefined ? current.altText : fields.altText }
        await unit.tx.blog.updateMedia(media)
        await unit.audit('BLOG_MEDIA_UPDATED_VIA_API', { type: 'blog_media', id }, { fields: Object.keys(fields) })
        return media
      }, claim)
    },

    /** 409 `media_in_use` while a post has it as its cover; else the record and then its bytes go. */
    async delete(caller: BlogCaller, id: string): Promise<void> {
      const media = await inBlogWork(caller, async (unit) => {
        const current = found(await unit.tx.blog.getMedia(id), 'Media', id)
        if (await unit.tx.blog.mediaInUse(id)) throw new InvoicingError('media_in_use', 'A post has this media file as its cover; change the post first')
        await unit.tx.blog.deleteMedia(id)
        // Noted in the same transaction: a crash before the bytes are gone leaves work for the cleanup job.
        await unit.tx.fileDocuments.enqueueFileDeletion(fileKeyOf(current), unit.now.toISOString())
        await unit.audit('BLOG_MEDIA_DELETED_VIA_API', { type: 'blog_media', id }, { fileName: current.fileName })
        return current
      })
      await remove(fileKeyOf(media)).catch(() => undefined)
    },

    /** The record and a way to read its bytes (GET /blog/media/{id}/content, answered with `contentType`). */
    async content(caller: BlogCaller, id: string): Promise<{ media: BlogMedia; read(range?: ByteRange): Promise<FileContent> }> {
      assertPlatformAdmin(caller)
      const media = found(await storage.blog.getMedia(id), 'Media', id)
      return {
        media,
        read: async (range) => found(await documentFiles.read(fileKeyOf(media), range), 'Media', id),
      }
    },
  }
}

export type BlogMediaService = ReturnType<typeof createBlogMediaService>
