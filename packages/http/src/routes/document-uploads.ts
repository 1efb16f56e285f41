import type { Invoicing } from '@invoicing/core'
import type { Middleware } from 'koa'
import { API_PREFIX } from './meta'

/** Any one segment: a token that is not one this host signed is refused by the use case (403). */
const UPLOAD_PATH = /^\/documents\/uploads\/([^/]+)\/?$/

/**
 * PUT /api/v1/documents/uploads/{token}: the host's upload URL (file system storage). It needs
 * no API key: the signed token is the credential, valid once and until it expires. The bytes
 * stream into the store; more or fewer than announced, or another SHA-256, are refused and
 * nothing is kept.
 */
export function uploadReceiver(documents: Invoicing['documents']): Middleware {
  return async (ctx, next) => {
    const match = ctx.method === 'PUT' && ctx.path.startsWith(API_PREFIX) ? UPLOAD_PATH.exec(ctx.path.slice(API_PREFIX.length)) : null
    if (!match) return next()
    try {
      await documents.receiveUpload(match[1]!, ctx.req)
    } catch (error) {
      // The rest of a refused body is not read: the connection closes after the answer.
      if (!ctx.req.readableEnded) ctx.set('Connection', 'close')
      throw error
    }
    // Empty, and 200 as the contract says (a null body would make it 204).
    ctx.status = 200
    ctx.body = ''
  }
}

/** The operation as the OpenAPI document shows it: no key (security: []). */
export const UPLOAD_OPERATION = {
  [`${API_PREFIX}/documents/uploads/{uploadToken}`]: {
    put: {
      operationId: 'putDocumentUpload',
      summary: 'The bytes of a direct upload (file system storage)',
      description: [
        'The upload.url that POST /documents/uploads answers when files are kept on the host (INVOICING_STORAGE=fs). No API key: the',
        'signed token in the URL is the credential. Send exactly the announced size with the returned headers: another length → 400',
        'size_mismatch, another SHA-256 (when one was announced) → 400 checksum_mismatch; nothing is kept and the URL can be used again',
        'until it expires. An expired, already used or unknown token → 403 upload_url_expired. With INVOICING_STORAGE=s3 the URL is a',
        'presigned S3 URL instead, and S3 checks the request.',
      ].join(' '),
      tags: ['documents'],
      security: [],
      // Pasted as upload.url gives it; no Authorization header.
      'x-codeSamples': [{ lang: 'curl', label: 'curl', source: `curl -X PUT "http://127.0.0.1:3000${API_PREFIX}/documents/uploads/{uploadToken}" \\\n  -H 'Content-Type: application/pdf' \\\n  --data-binary @file.pdf` }],
      parameters: [{ name: 'uploadToken', in: 'path', required: true, schema: { type: 'string' }, description: 'The signed token of upload.url' }],
      requestBody: { required: true, content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } } },
      responses: {
        200: { description: 'The bytes are stored; now POST /documents/{id}/complete' },
        400: { $ref: '#/components/responses/BadRequest' },
        403: { $ref: '#/components/responses/Forbidden' },
        503: { $ref: '#/components/responses/Busy' },
      },
    },
  },
}
