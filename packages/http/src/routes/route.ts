import type Router from '@koa/router'
import {
  InvoicingError, requestFingerprint, requireScopes,
  type IdempotencyClaim, type IdempotentOutcome, type IdempotentResponse, type Invoicing, type Principal, type Scope,
} from '@invoicing/core'
import type { Middleware } from 'koa'
import { JsonList } from '../responses/json-list'
import type * as v from 'valibot'
import { HttpError } from '../errors'
import { assertNoNulCharacter } from './nul-characters'
import { ignoredBodyFields, ignoredFieldsHeader, unknownQueryParameters } from './request-fields'

export type HttpMethod = 'get' | 'post' | 'put' | 'delete'

/** What a handler gets: the caller and the raw request parts (core validates them). */
export interface RouteRequest<TBody, TQuery> {
  principal: Principal
  params: Record<string, string>
  /** Request headers, lower-case names. */
  headers: Readonly<Record<string, string | string[] | undefined>>
  /** Scheme and host the request was sent to, e.g. `http://127.0.0.1:3000`. */
  origin: string
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
  /** Default application/json; other types are documented as binary or text bodies (several: one of them is answered). */
  contentType?: string | readonly string[]
  /** Response headers beyond the rate-limit ones, name → description. */
  headers?: Record<string, string>
}

interface RouteDescription<TBody, TQuery> {
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
  /**
   * A body that is not JSON (a multipart form): the middleware that reads it into
   * `ctx.request.body`, run after the key and its scopes are checked, and how the OpenAPI
   * document shows it.
   */
  rawBody?: { parse: Middleware; contentType: string; schema: object; description: string }
  /** The success response by status. */
  responses: Record<number, ResponseDoc>
  /** Error statuses beyond 400/401/403/429 that this route answers, e.g. 404, 409. */
  errors?: readonly number[]
}

/** A read or change that is answered as it happens. */
interface AnsweringRoute<TBody, TQuery> extends RouteDescription<TBody, TQuery> {
  method: Exclude<HttpMethod, 'post'>
  handle(request: RouteRequest<TBody, TQuery>): Promise<RouteResult>
}

/**
 * A POST. It honours `Idempotency-Key`: `run` hands the key's claim to the use case, which
 * stores the answer `respond` makes of its result in the transaction of its effect.
 */
interface PostRoute<TBody, TQuery, TResult> extends RouteDescription<TBody, TQuery> {
  method: 'post'
  // The claim is typed loosely so the compiler infers TResult from what `run` returns (a claim
  // typed by TResult would fix it before); `respond` is the one that must take that result.
  run(request: RouteRequest<TBody, TQuery>, claim: IdempotencyClaim<any> | undefined): Promise<TResult>
  respond(result: TResult): RouteResult
  /**
   * For POSTs that create a record: the answer to an `Idempotency-Key` replay, from the
   * record's current state. Without it a replay answers the stored first response.
   */
  replay?(principal: Principal, resourceId: string): Promise<RouteResult>
  /** What an `Idempotency-Key` compares of the body, when not all of it (default: the body). */
  fingerprintBody?(body: TBody): unknown
}

/**
 * One endpoint of `/api/v1`: how it is reached, what it needs, what it takes and answers (for
 * the OpenAPI document) and its handler. The schemas documented are the ones core validates
 * with, so the document cannot drift from the behaviour.
 */
export type Route<TBody = unknown, TQuery = unknown, TResult = unknown> = AnsweringRoute<TBody, TQuery> | PostRoute<TBody, TQuery, TResult>

/** Keeps a route's body, query and result types tied to its schemas and its use case. */
export function defineRoute<TBody = undefined, TQuery = undefined, TResult = unknown>(route: PostRoute<TBody, TQuery, TResult>): Route
export function defineRoute<TBody = undefined, TQuery = undefined>(route: AnsweringRoute<TBody, TQuery>): Route
export function defineRoute(route: Route<unknown, unknown, unknown>): Route {
  return route
}

/** Names the body fields a request gave that the route does not know and ignored. */
export const IGNORED_FIELDS_HEADER = 'Invoicing-Ignored-Fields'

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
    // The key and its scopes are checked before any body is read.
    const admit: Middleware = (ctx, next) => {
      const principal = ctx.state.principal as Principal | undefined
      if (!principal) throw new InvoicingError('unauthorized', 'This request did not pass authentication')
      requireScopes(principal.scopes, route.scopes)
      const unknownParameters = unknownQueryParameters(route.query, ctx.query)
      if (unknownParameters.length > 0) {
        throw new HttpError('unknown_parameter', `Unknown query parameter${unknownParameters.length > 1 ? 's' : ''}: ${unknownParameters.join(', ')}`, { parameters: unknownParameters })
      }
      const idempotencyKey = ctx.headers['idempotency-key']
      if (route.method === 'post' && idempotencyKey !== undefined) idempotency.assertKeyForm(String(idempotencyKey))
      assertNoNulCharacter(ctx.params, '')
      if (route.query) assertNoNulCharacter({ ...ctx.query }, '')
      return next()
    }
    const readBody: Middleware[] = route.rawBody ? [route.rawBody.parse] : route.body ? [parseJsonBody] : []
    router[route.method](toKoaPath(route.path) || '/', admit, ...readBody, async (ctx) => {
      const principal = ctx.state.principal as Principal
      const query = route.query ? ctx.query : {}
      const body: unknown = ctx.request.body
      // Unknown body fields are ignored, not refused (a body is compared whole for idempotency); the caller learns of them here, also on an error.
      const ignored = route.body ? ignoredBodyFields(route.body, body) : []
      if (ignored.length > 0) ctx.set(IGNORED_FIELDS_HEADER, ignoredFieldsHeader(ignored))
      assertNoNulCharacter(body, '')
      const request = { principal, params: ctx.params, headers: ctx.headers, origin: `${ctx.protocol}://${ctx.host}`, query, body }
      const idempotencyKey = ctx.headers['idempotency-key']
      let outcome: IdempotentOutcome
      if (route.method !== 'post') {
        outcome = { response: stored(await route.handle(request)), replayed: false }
      } else if (idempotencyKey === undefined) {
        outcome = { response: stored(route.respond(await route.run(request, undefined))), replayed: false }
      } else {
        outcome = await idempotency.run(
          principal.actor,
          { key: String(idempotencyKey), fingerprint: requestFingerprint(ctx.method, routeOf(route, ctx.params), route.fingerprintBody ? route.fingerprintBody(body) : body) },
          (result) => stored(route.respond(result)),
          (claim) => route.run(request, claim),
          route.replay && (async (resourceId) => stored(await route.replay!(principal, resourceId))),
        )
      }
      const { response, replayed } = outcome
      if (replayed) ctx.set('Idempotent-Replayed', 'true')
      if (response.headers) ctx.set(response.headers)
      ctx.status = response.status
      if (response.body instanceof JsonList) {
        // Set first: Koa would call a string body text/html.
        ctx.type = 'application/json'
        ctx.body = response.body.toBody()
      } else {
        ctx.body = response.body
      }
    })
  }
}
