import busboy from 'busboy'
import { InvoicingError, MULTIPART_MAX_BYTES, type Principal } from '@invoicing/core'
import type { Middleware } from 'koa'
import { HttpError } from '../errors'

/** Bytes a use case stored ahead of the record that takes them. */
export interface Staged {
  size: number
  /** Lower-case hex. */
  sha256: string
}

/** Where a multipart file part goes: a use case that stores it ahead of its record, and removes it when no record took it. */
export interface Stager<TStaged extends Staged> {
  stage(principal: Principal, content: AsyncIterable<Uint8Array>): Promise<TStaged>
  discardStaged(staged: TStaged): Promise<void>
}

/** What a multipart body is read into. */
export interface MultipartUpload<TStaged extends Staged = Staged> {
  /** The form fields beside the file part, as text. */
  fields: Record<string, string>
  /** The file part's name and type as the client sent them, and what was stored (its SHA-256: what an Idempotency-Key compares). */
  file: { fileName: string | undefined; contentType: string | undefined; size: number; sha256: string }
  staged: TStaged
}

/** Room for the form fields and part headers beside the file's bytes. */
const FORM_OVERHEAD_BYTES = 64 * 1024
const MAX_FIELDS = 20

const tooLarge = () => new InvoicingError('file_too_large', `A multipart upload takes at most ${MULTIPART_MAX_BYTES} bytes (larger documents go as a direct upload, POST /documents/uploads)`, { maxBytes: MULTIPART_MAX_BYTES })

/**
 * Reads a `multipart/form-data` body: the part `file` streams into the document store as it
 * arrives (never held whole in memory, cut off past 10 MiB), the other parts are short text
 * fields. Staged bytes that no document took once the request is answered are removed.
 */
export function multipartUpload<TStaged extends Staged>(stager: Stager<TStaged>): Middleware {
  return async (ctx, next) => {
    if (!ctx.is('multipart/form-data')) {
      throw new InvoicingError('unsupported_media_type', 'Send the file as multipart/form-data with a part named file')
    }
    const declaredLength = Number(ctx.get('content-length') || 0)
    if (declaredLength > MULTIPART_MAX_BYTES + FORM_OVERHEAD_BYTES) {
      // The body is not read: the connection closes after the answer.
      ctx.set('Connection', 'close')
      throw tooLarge()
    }
    const principal = ctx.state.principal as Principal
    const fields: Record<string, string> = {}
    let file: { fileName: string | undefined; contentType: string | undefined } | undefined
    let staging: Promise<TStaged> | undefined
    let fileStream: NodeJS.ReadableStream & { destroy(error?: Error): void } | undefined
    let parser: busboy.Busboy
    try {
      parser = busboy({ headers: ctx.req.headers, defParamCharset: 'utf8', limits: { files: 1, fields: MAX_FIELDS, parts: MAX_FIELDS + 1, fieldSize: 8 * 1024, fieldNameSize: 100 } })
    } catch {
      throw new HttpError('invalid_multipart', 'The multipart body has no boundary')
    }
    const parsed = new Promise<void>((resolve, reject) => {
      parser.on('file', (name, stream, info) => {
        if (name !== 'file' || staging) {
          stream.resume()
          return
        }
        file = { fileName: info.filename, contentType: info.mimeType }
        fileStream = stream
        staging = stager.stage(principal, stream)
        // A refusal (too large, storage failure) ends the parse at once.
        staging.catch(reject)
      })
      parser.on('field', (name, value, info) => {
        if (info.valueTruncated || info.nameTruncated) reject(new HttpError('invalid_multipart', `The form field ${name.slice(0, 100)} is too long`))
        fields[name] = value
      })
      parser.on('filesLimit', () => reject(new HttpError('invalid_multipart', 'Send one file part')))
      parser.on('fieldsLimit', () => reject(new HttpError('invalid_multipart', `Send at most ${MAX_FIELDS} form fields`)))
      parser.on('partsLimit', () => reject(new HttpError('invalid_multipart', 'Too many parts')))
      parser.on('error', () => reject(new HttpError('invalid_multipart', 'The multipart body is malformed')))
      parser.on('close', resolve)
      ctx.req.on('aborted', () => reject(new HttpError('invalid_multipart', 'The request body ended early')))
    })
    ctx.req.pipe(parser)
    let staged: TStaged | undefined
    try {
      await parsed
      staged = await staging
    } catch (error) {
      ctx.req.unpipe(parser)
      ctx.set('Connection', 'close')
      // Ends a write still waiting for bytes: the stage then removes what it wrote. A stage that
      // refused before reading has no reader on the stream, so the error is heard here too.
      fileStream?.on('error', () => undefined)
      fileStream?.destroy(new Error('the upload was refused'))
      await staging?.then((done) => stager.discardStaged(done), () => undefined)
      throw error
    }
    if (!staged || !file) throw new InvoicingError('validation_failed', 'The form has no file part named file', { field: 'file' })
    const body: MultipartUpload<TStaged> = { fields, file: { ...file, size: staged.size, sha256: staged.sha256 }, staged }
    ;(ctx.request as { body?: unknown }).body = body
    try {
      await next()
    } finally {
      await stager.discardStaged(staged)
    }
  }
}
