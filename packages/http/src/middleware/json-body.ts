import type { Middleware } from 'koa'
import { assertJsonWithinLimits, InvoicingError } from '@invoicing/core'
import { koaBody } from 'koa-body'
import { HttpError } from '../errors'

const METHODS_WITH_BODY = new Set(['POST', 'PUT', 'PATCH'])

/** co-body and raw-body tell their failures apart by status only. */
function parserError({ status }: { status?: number }): HttpError | InvoicingError {
  if (status === 413) return new HttpError('payload_too_large', 'The request body is too large')
  if (status === 415) return new InvoicingError('unsupported_media_type', 'Unsupported content encoding or charset; send UTF-8 JSON')
  return new HttpError('invalid_json', 'The request body is not valid JSON (an object or array)')
}

/**
 * Parses JSON bodies of POST, PUT and PATCH up to `limit`. A body of another type is 415; a
 * request without a body leaves `ctx.request.body` undefined, for the use case to judge. A
 * parsed body nested too deep or with too long an array is refused (400 `body_too_complex`)
 * before anything walks it recursively.
 */
export function jsonBody(limit: string): Middleware {
  const parse = koaBody({
    json: true, urlencoded: false, text: false, multipart: false,
    jsonLimit: limit, jsonStrict: true,
    onError: (error) => {
      throw parserError(error as { status?: number })
    },
  })
  return async (ctx, next) => {
    const hasBody = ctx.get('transfer-encoding') !== '' || Number(ctx.get('content-length') || 0) > 0
    if (!METHODS_WITH_BODY.has(ctx.method) || !hasBody) return next()
    if (!ctx.is('application/json', '+json')) {
      throw new InvoicingError('unsupported_media_type', 'Send the request body as JSON with Content-Type: application/json')
    }
    return parse(ctx, () => {
      assertJsonWithinLimits(ctx.request.body)
      return next()
    })
  }
}
