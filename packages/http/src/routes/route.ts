import type Router from '@koa/router'
import {
  InvoicingError, requestFingerprint, requireScopes, type IdempotentResponse, type Invoicing, type Principal, type Scope,
} from '@invoicing/core'
import type { Middleware } from 'koa'
import type * as v from 'valibot'

export type HttpMethod = 'get' | 'post' | 'put' | 'delete'

/** What a handler gets: the caller and the raw request parts (core validates them). */
export interface RouteRequest<TBody, TQuery> {
  principal: Principal
  params: Record<string, string>
  query: TQuery
  body: TBody
}

export interface RouteResult {
  status?: number
  body: unknown
  headers?: Record<string, string>
  /** The record a POST created: an `Idempotency-Key` replay may show its current state. */
  resourceId?: string
}

export interface ResponseDoc {
  description: string
  schema?: v.GenericSchema
  /** Default application/json; other types are documented as binary or text bodies. */
  contentType?: string
  /** Response headers beyond the rate-limit ones, name → description. */
  headers?: Record<string, string>
}

/**
 * One endpoint of `/api/v1`: how it is reached, what it needs, what it takes and answers (for
 * the OpenAPI document) and its handler. The schemas documented are the ones core validates
 * with, so the document cannot drift from the behaviour.
 */
export interface Route<TBody = unknown, TQuery = unknown> {
  method: HttpMethod
  /** OpenAPI style below /api/v1, e.g. `/customers/{id}`; `''` is /api/v1 itself. */
  path: string
  operationId: string
  summary: string
  description?: string
  tag: string
  /** Scopes the key must hold; none for the meta routes. */
  scopes: readonly Scope[]
  query?: v.GenericSchema<TQuery, unknown>
  body?: v.GenericSchema<TBody, unknown>
  /** The success response by status. */
  responses: Record<number, ResponseDoc>
  /** Error statuses beyond 400/401/403/429 that this route answers, e.g. 404, 409. */
  errors?: readonly number[]
  handle(request: RouteRequest<TBody, TQuery>): Promise<RouteResult>
  /**
   * For POSTs that create a record: the answer to an `Idempotency-Key` replay, from the
   * record's current state. Without it a replay answers the stored first response.
   */
  replay?(principal: Principal, resourceId: string): Promise<RouteResult>
}

/** Keeps a route's body and query types tied to its schemas. */
export const defineRoute = <TBody = undefined, TQuery = undefined>(route: Route<TBody, TQuery>): Route =>
  route as unknown as Route

export const toKoaPath = (path: string): string => path.replace(/\{(\w+)\}/g, ':$1')

const stored = ({ status = 200, body, headers, resourceId }: RouteResult): IdempotentResponse => ({ status, body, headers, resourceId: resourceId ?? null })

/** The route with its parameters filled in: `/invoices/{id}` and `/invoices/{id}/` are one request. */
const routeOf = (route: Route, params: Record<string, string>) => route.path.replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? '')

/**
 * Adds `routes` to `router`. Each refuses a request the API gate did not let in, checks the
 * key's scopes, and parses a JSON body only if the route takes one. Every POST honours an
 * `Idempotency-Key` header: the one place where idempotency is applied.
 */
export function mountRoutes(router: Router, routes: readonly Route[], parseJsonBody: Middleware, idempotency: Invoicing['idempotency']): void {
  for (const route of routes) {
    const middleware: Middleware[] = route.body ? [parseJsonBody] : []
    router[route.method](toKoaPath(route.path) || '/', ...middleware, async (ctx) => {
      const principal = ctx.state.principal as Principal | undefined
      if (!principal) throw new InvoicingError('unauthorized', 'This request did not pass authentication')
      requireScopes(principal.scopes, route.scopes)
      const query = route.query ? ctx.query : {}
      const body: unknown = ctx.request.body
      const handle = async () => stored(await route.handle({ principal, params: ctx.params, query, body }))
      const idempotencyKey = ctx.headers['idempotency-key']
      const { response, replayed } = route.method !== 'post' || idempotencyKey === undefined
        ? { response: await handle(), replayed: false }
        : await idempotency.run(
          principal.actor,
          { key: String(idempotencyKey), fingerprint: requestFingerprint(ctx.method, routeOf(route, ctx.params), body) },
          handle,
          route.replay && (async (resourceId) => stored(await route.replay!(principal, resourceId))),
        )
      if (replayed) ctx.set('Idempotent-Replayed', 'true')
      if (response.headers) ctx.set(response.headers)
      ctx.status = response.status
      ctx.body = response.body
    })
  }
}
