import { ContentQuerySchema, type Invoicing } from '@invoicing/core'
import parseRange from 'range-parser'
import { HttpError } from '../errors'
import { fileBody, fileDisposition } from '../responses/file-body'
import { defineRoute } from './route'

const header = (value: string | string[] | undefined): string | undefined => (Array.isArray(value) ? value.join(',') : value)

/** Whether an `If-None-Match` list names `etag` (weak comparison, as RFC 9110 has it for GET). */
const matchesEtag = (ifNoneMatch: string, etag: string): boolean =>
  ifNoneMatch.split(',').map((tag) => tag.trim().replace(/^W\//, '')).some((tag) => tag === '*' || tag === etag)

/**
 * GET /documents/{id}/content: the bytes as a stream, never read whole. The ETag is the
 * SHA-256, so `If-None-Match` answers 304; one byte range answers 206 (several ranges, or an
 * `If-Range` of another version, answer the whole file).
 */
export const documentContentRoute = (documents: Invoicing['documents']) => defineRoute({
  method: 'get', path: '/documents/{id}/content', tag: 'documents', operationId: 'getDocumentContent', summary: 'Download a document\'s bytes',
  description: [
    'The bytes with the stored Content-Type, Content-Disposition attachment (or inline with disposition=inline) carrying the file name',
    '(RFC 6266, filename* for non-ASCII names), ETag = the SHA-256, Cache-Control private, max-age=3600. If-None-Match with the ETag → 304.',
    'Range: bytes=a-b → 206 with Content-Range; a range beyond the file → 416 range_not_satisfiable. A PENDING_UPLOAD document → 409 status_conflict.',
  ].join(' '),
  scopes: ['documents:read'],
  query: ContentQuerySchema,
  responses: {
    200: {
      description: 'The bytes', contentType: 'application/octet-stream',
      headers: {
        'Content-Disposition': 'attachment (or inline) with filename and filename*', ETag: 'The SHA-256 in quotes', 'Cache-Control': 'private, max-age=3600',
        'Accept-Ranges': 'bytes',
      },
    },
    206: { description: 'One byte range', contentType: 'application/octet-stream', headers: { 'Content-Range': 'bytes a-b/size', ETag: 'The SHA-256 in quotes' } },
    304: { description: 'Not modified: the ETag matches If-None-Match', contentType: 'application/octet-stream', headers: { ETag: 'The SHA-256 in quotes' } },
  },
  errors: [404, 409, 416],
  handle: async ({ principal, params, query, headers }) => {
    const disposition = (query as { disposition?: string }).disposition === 'inline' ? 'inline' : 'attachment'
    const { document, read } = await documents.content(principal.actor, params.id!)
    const etag = `"${document.sha256}"`
    const common = { ETag: etag, 'Cache-Control': 'private, max-age=3600', 'Accept-Ranges': 'bytes' }
    const ifNoneMatch = header(headers['if-none-match'])
    if (ifNoneMatch && matchesEtag(ifNoneMatch, etag)) return { status: 304, body: undefined, headers: common }
    const described = {
      ...common,
      'Content-Type': document.contentType,
      'Content-Disposition': fileDisposition(document.fileName, disposition),
      'X-Content-Type-Options': 'nosniff',
    }
    const rangeHeader = header(headers.range)
    const ifRange = header(headers['if-range'])
    const ranges = rangeHeader && (!ifRange || ifRange === etag) ? parseRange(document.size, rangeHeader, { combine: true }) : undefined
    if (ranges === -1) {
      throw new HttpError('range_not_satisfiable', `No byte of the ${document.size} is in ${rangeHeader}`, { size: document.size }, { 'Content-Range': `bytes */${document.size}` })
    }
    if (Array.isArray(ranges) && ranges.type === 'bytes' && ranges.length === 1) {
      const range = ranges[0]!
      const content = await read(range)
      return {
        status: 206,
        body: fileBody(content.stream),
        headers: { ...described, 'Content-Range': `bytes ${range.start}-${range.end}/${document.size}`, 'Content-Length': String(range.end - range.start + 1) },
      }
    }
    const content = await read()
    return { status: 200, body: fileBody(content.stream), headers: { ...described, 'Content-Length': String(document.size) } }
  },
})
