import type { Admission, Invoicing } from '@invoicing/core'
import ipaddr from 'ipaddr.js'
import type { Middleware, Next, ParameterizedContext } from 'koa'
import { API_PREFIX } from '../routes/meta'

/** The entry point, the OpenAPI document and /meta/*: rate-limited, but never counted against the monthly quota. */
const outsideQuota = (path: string): boolean =>
  path === API_PREFIX || path === `${API_PREFIX}/` || path === `${API_PREFIX}/openapi.json` || path === `${API_PREFIX}/openapi.json/`
  || path.startsWith(`${API_PREFIX}/meta/`)

/**
 * Whom failed keys count against: an IPv4 address, or the /64 of an IPv6 address, since one
 * IPv6 client usually holds a whole /64 and could change its address with every guess.
 */
export function authFailureClientOf(ip: string): string {
  if (!ip.includes(':') || ip.startsWith('::ffff:')) return ip
  try {
    return `${ipaddr.IPv6.parse(ip).parts.slice(0, 4).map((part) => part.toString(16)).join(':')}::/64`
  } catch {
    return ip
  }
}

/**
 * Lets an API request in or answers 401 / 403 / 429 (also after too many failed keys from one
 * client), and reports the key's rate-limit state on every authenticated response. The
 * principal is left on `ctx.state`.
 */
export function apiGate(access: Invoicing['access']): Middleware {
  const pass = (ctx: ParameterizedContext, admission: Admission, next: Next) => {
    const { limit, remaining, resetSeconds } = admission.rateLimit
    ctx.set('RateLimit-Limit', String(limit))
    ctx.set('RateLimit-Remaining', String(remaining))
    ctx.set('RateLimit-Reset', String(resetSeconds))
    if (admission.rejection) {
      ctx.set('Retry-After', String(admission.retryAfterSeconds))
      throw admission.rejection
    }
    ctx.state.principal = admission.principal
    return next()
  }
  // Not async: a known key is admitted synchronously, and this runs on every request.
  return (ctx, next) => {
    // ctx.ip is the socket's peer, or behind a trusted proxy the address it appended to X-Forwarded-For.
    const admission = access.admit(ctx.get('authorization') || undefined, authFailureClientOf(ctx.ip), { countsTowardsQuota: !outsideQuota(ctx.path) })
    return admission instanceof Promise ? admission.then((admitted) => pass(ctx, admitted, next)) : pass(ctx, admission, next)
  }
}
