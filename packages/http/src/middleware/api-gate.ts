import type { Invoicing } from '@invoicing/core'
import type { Middleware } from 'koa'

/**
 * Lets an API request in or answers 401 / 403 / 429, and reports the key's rate-limit state on
 * every authenticated response (decisions §9). The principal is left on `ctx.state`.
 */
export function apiGate(access: Invoicing['access']): Middleware {
  return async (ctx, next) => {
    const admission = await access.admit(ctx.get('authorization') || undefined)
    const { limit, remaining, resetSeconds } = admission.rateLimit
    ctx.set('RateLimit-Limit', String(limit))
    ctx.set('RateLimit-Remaining', String(remaining))
    ctx.set('RateLimit-Reset', String(resetSeconds))
    if (admission.rejection) {
      ctx.set('Retry-After', String(admission.retryAfterSeconds))
      throw admission.rejection
    }
    ctx.state.principal = admission.principal
    await next()
  }
}
