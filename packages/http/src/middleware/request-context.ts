import { randomUUID } from 'node:crypto'
import type { Middleware } from 'koa'
import type { Logger } from '../logger'

const CLIENT_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/

/** Gives every request an id (the client's `X-Request-Id` when sane) and logs it when done. */
export function requestContext(logger: Logger): Middleware {
  return async (ctx, next) => {
    const started = performance.now()
    const given = ctx.get('x-request-id')
    const requestId = CLIENT_REQUEST_ID.test(given) ? given : randomUUID()
    ctx.state.requestId = requestId
    ctx.set('X-Request-Id', requestId)
    try {
      await next()
    } finally {
      logger.info('request', {
        requestId, method: ctx.method, path: ctx.path, status: ctx.status,
        ms: Math.round((performance.now() - started) * 10) / 10,
      })
    }
  }
}
