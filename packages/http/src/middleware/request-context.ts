import { randomBytes } from 'node:crypto'
import type { Middleware } from 'koa'
import type { Logger } from '../logger'

const CLIENT_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/

// Unique across processes by a random prefix per process, and cheap: a counter after it.
const processPrefix = randomBytes(6).toString('hex')
let requestCounter = 0
const nextRequestId = () => `${processPrefix}-${(++requestCounter).toString(36)}`

/** Gives every request an id (the client's `X-Request-Id` when sane) and logs it when done. */
export function requestContext(logger: Logger): Middleware {
  return async (ctx, next) => {
    const started = performance.now()
    const given = ctx.get('x-request-id')
    const requestId = given && CLIENT_REQUEST_ID.test(given) ? given : nextRequestId()
    ctx.state.requestId = requestId
    ctx.set('X-Request-Id', requestId)
    try {
      await next()
    } finally {
      if (logger.enabled('info')) logger.info('request', {
        requestId, method: ctx.method, path: ctx.path, status: ctx.status,
        ms: Math.round((performance.now() - started) * 10) / 10,
      })
    }
  }
}
