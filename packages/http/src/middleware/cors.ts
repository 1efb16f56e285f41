import cors from '@koa/cors'
import type { Middleware } from 'koa'

/**
 * CORS for browser apps on other origins: `['*']` lets any origin call the API, otherwise only
 * the origins listed (exact `scheme://host[:port]`). Keys travel in the Authorization header,
 * never in cookies, so no credentials mode. Preflights are answered here, before the API gate.
 */
export function corsFor(origins: readonly string[]): Middleware {
  const anyOrigin = origins.includes('*')
  const allowed = new Set(origins)
  return cors({
    origin: (ctx) => (anyOrigin ? '*' : allowed.has(ctx.get('Origin')) ? ctx.get('Origin') : ''),
    allowMethods: ['GET', 'POST', 'PUT', 'DELETE'],
    allowHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key', 'X-Request-Id'],
    exposeHeaders: [
      'RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset', 'Retry-After', 'Idempotent-Replayed',
      'X-Request-Id', 'Content-Disposition', 'Invoicing-Ignored-Fields',
    ],
    maxAge: 600,
  })
}
