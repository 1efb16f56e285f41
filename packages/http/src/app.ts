import Router from '@koa/router'
import type { Invoicing } from '@invoicing/core'
import Koa, { type Middleware } from 'koa'
import { referencePage } from './docs/reference-page'
import { HttpError } from './errors'
import { createJsonLogger, type Logger } from './logger'
import { apiGate } from './middleware/api-gate'
import { corsFor } from './middleware/cors'
import { errorHandler } from './middleware/error-handler'
import { jsonBody } from './middleware/json-body'
import { requestContext } from './middleware/request-context'
import { buildOpenApiDocument, servedFrom } from './openapi/build-document'
import { auditLogRoutes } from './routes/audit-log'
import { companyRoutes } from './routes/company'
import { creditNoteRoutes } from './routes/credit-notes'
import { customerRoutes } from './routes/customers'
import { dunningRoutes } from './routes/dunning'
import { documentCategoryRoutes } from './routes/document-categories'
import { invoiceFileRoutes } from './routes/invoice-files'
import { invoiceActionRoutes } from './routes/invoice-actions'
import { invoiceSendingRoutes } from './routes/invoice-sending'
import { invoiceVersionRoutes } from './routes/invoice-versions'
import { invoiceRoutes } from './routes/invoices'
import { API_PREFIX, metaRoutes } from './routes/meta'
import { orderDocumentRoutes } from './routes/order-documents'
import { paymentRoutes } from './routes/payments'
import { recurringScheduleRoutes } from './routes/recurring-schedules'
import { documentRoutes } from './routes/documents'
import { blogRoutes } from './routes/blog'
import { exportRoutes } from './routes/exports'
import { uploadReceiver } from './routes/document-uploads'
import { productRoutes } from './routes/products'
import { mountRoutes, type Route } from './routes/route'
import { webhookRoutes } from './routes/webhooks'

export interface AppOptions {
  invoicing: Invoicing
  /** Default: no logs. */
  logger?: Logger
  /** The largest JSON body accepted, default 1mb. */
  bodyLimit?: string
  /** Origins whose browser apps may call the API (`*`: any); default none, CORS off. */
  corsOrigins?: readonly string[]
  /** Behind a reverse proxy: read scheme, host and client address from X-Forwarded-Proto, -Host and -For. */
  trustProxy?: boolean
}

const underApi = (middleware: Middleware): Middleware => (ctx, next) =>
  ctx.path === API_PREFIX || ctx.path.startsWith(`${API_PREFIX}/`) ? middleware(ctx, next) : next()

/**
 * Gives requests no route answered a JSON error. It runs after the router, so the router's
 * `allowedMethods` has set 405 and the Allow header for paths that exist under another method.
 */
const answerUnrouted: Middleware = async (ctx, next) => {
  await next()
  if (ctx.body !== undefined) return
  if (ctx.status === 405 || ctx.status === 501) {
    throw new HttpError('method_not_allowed', `${ctx.method} is not allowed here; see the Allow header`)
  }
  if (ctx.status === 404) throw new HttpError('route_not_found', `No route ${ctx.method} ${ctx.path}; the API lives under ${API_PREFIX}`)
}

/** The Koa application of the `/api/v1` contract. It does not listen: the caller decides where. */
export function createApp({ invoicing, logger = createJsonLogger('silent'), bodyLimit = '1mb', corsOrigins = [], trustProxy = false }: AppOptions): Koa {
  const routes: Route[] = [
    ...metaRoutes(invoicing, (origin) => servedDocument(origin)),
    ...companyRoutes(invoicing),
    ...auditLogRoutes(invoicing),
    ...customerRoutes(invoicing),
    ...productRoutes(invoicing),
    ...invoiceRoutes(invoicing),
    ...invoiceFileRoutes(invoicing),
    ...invoiceSendingRoutes(invoicing),
    ...invoiceActionRoutes(invoicing),
    ...invoiceVersionRoutes(invoicing),
    ...paymentRoutes(invoicing),
    ...dunningRoutes(invoicing),
    ...creditNoteRoutes(invoicing),
    ...orderDocumentRoutes(invoicing),
    ...recurringScheduleRoutes(invoicing),
    ...documentRoutes(invoicing),
    ...exportRoutes(invoicing),
    ...blogRoutes(invoicing),
    ...webhookRoutes(invoicing),
    ...documentCategoryRoutes(invoicing),
  ]
  const openApiDocument = buildOpenApiDocument(routes)
  const servedDocument = (origin: string) => servedFrom(openApiDocument, origin)

  // The base URL the OpenAPI document and the reference page name comes from the request.
  // Behind a proxy the client address is the one the proxy appended to X-Forwarded-For (the
  // last entry; earlier ones are whatever the client sent).
  const app = new Koa({ proxy: trustProxy, maxIpsCount: 1 })
  app.use(requestContext(logger))
  if (corsOrigins.length > 0) app.use(corsFor(corsOrigins))
  app.use(errorHandler(logger))
  app.use(answerUnrouted)
  app.use(referencePage((origin) => servedDocument(origin)))
  // The one route without an API key: its URL is signed, and it comes before the gate.
  app.use(uploadReceiver(invoicing.documents))
  app.use(underApi(apiGate(invoicing.access)))
  app.use(routerPerResource(routes, jsonBody(bodyLimit), invoicing.idempotency))
  return app
}

/** `customers` of `/customers/{id}` and of `/api/v1/customers/123`; `''` for `/api/v1` itself. */
const resourceOf = (path: string) => path.split('/', 2)[1] ?? ''

/**
 * @koa/router tests a request against each of its routes' patterns in turn, which costs more
 * than a point read with ~100 routes. One router per resource (the first path segment) keeps
 * that to the few routes of one resource; the choice of router is one map lookup.
 */
function routerPerResource(routes: readonly Route[], parseJsonBody: Middleware, idempotency: Invoicing['idempotency']): Middleware {
  const routers = new Map<string, Middleware>()
  for (const resource of new Set(routes.map((route) => resourceOf(route.path)))) {
    // Case-sensitive like the gate's prefix check: /API/V1 must not reach a route past the gate.
    const router = new Router({ prefix: API_PREFIX, sensitive: true, strict: false })
    mountRoutes(router, routes.filter((route) => resourceOf(route.path) === resource), parseJsonBody, idempotency)
    // The router's middleware types expect the context it is about to make a router context of.
    const [dispatch, allowedMethods] = [router.routes(), router.allowedMethods()] as unknown as Middleware[]
    routers.set(resource, (ctx, next) => dispatch!(ctx, () => allowedMethods!(ctx, next)))
  }
  return (ctx, next) => {
    const router = ctx.path.startsWith(API_PREFIX) ? routers.get(resourceOf(ctx.path.slice(API_PREFIX.length))) : undefined
    return router ? router(ctx, next) : next()
  }
}
