import type { Middleware } from 'koa'
import { toErrorResponse } from '../errors'
import type { Logger } from '../logger'
import { failureLogFields } from './failure-log'

/**
 * The one place errors become responses: `{ error, code, ...details }` with the status from
 * the code table. Unexpected errors are logged with the request id and answered without detail.
 */
export function errorHandler(logger: Logger): Middleware {
  return async (ctx, next) => {
    try {
      await next()
    } catch (error) {
      const requestId = String(ctx.state.requestId)
      const { status, headers, body } = toErrorResponse(error, requestId)
      if (status >= 500) logger.error('request failed', { requestId, method: ctx.method, path: ctx.path, status, ...failureLogFields(error) })
      if (body.code === 'unauthorized') ctx.set('WWW-Authenticate', 'Bearer realm="api"')
      ctx.set(headers)
      ctx.status = status
      ctx.body = body
    }
  }
}
