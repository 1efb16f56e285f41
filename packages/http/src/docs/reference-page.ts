import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Middleware } from 'koa'
import { DOCUMENTATION_PATH } from '../routes/meta'

export const DOCS_PATH = DOCUMENTATION_PATH
const RENDERER_PATH = `${DOCS_PATH}/redoc.standalone.js`
const START_PATH = `${DOCS_PATH}/start.js`

// Redoc's own browser bundle, from the redoc package: the page loads nothing from elsewhere.
const rendererFile = () => createRequire(import.meta.url).resolve('redoc/bundles/redoc.standalone.js')

/** Hands the document embedded in the page to Redoc; a file of its own, so the CSP needs no inline script. */
const START_SCRIPT = `Redoc.init(JSON.parse(document.getElementById('openapi-document').textContent),
  { expandResponses: '200,201', pathInMiddlePanel: true, sortTagsAlphabetically: false },
  document.getElementById('reference'))
`

// Redoc styles itself with inline <style> elements and searches in a worker it starts from a blob.
const CONTENT_SECURITY_POLICY = [
  "default-src 'none'", "script-src 'self'", "style-src 'self' 'unsafe-inline'", "img-src 'self' data:",
  "font-src 'self' data:", "worker-src blob:", "connect-src 'self'", "base-uri 'none'", "form-action 'none'", "frame-ancestors 'none'",
].join('; ')

/** JSON that cannot end the script element it sits in. */
const embeddable = (value: unknown) => JSON.stringify(value).replaceAll('<', '\\u003c')

const page = (document: unknown) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Invoicing API v1 reference</title>
<link rel="icon" href="data:,">
</head>
<body>
<div id="reference"></div>
<script id="openapi-document" type="application/json">${embeddable(document)}</script>
<script src="${RENDERER_PATH}"></script>
<script src="${START_PATH}"></script>
</body>
</html>
`

/**
 * The API reference for people, at /api/v1/docs without a key: Redoc rendering the OpenAPI
 * document of this host, embedded in the page. Answered before the API gate; the renderer file
 * is read once and kept.
 */
export function referencePage(openApiDocument: (origin: string) => unknown): Middleware {
  let renderer: Buffer | undefined
  // The page for the last base URL asked for (nearly always the only one), so a request costs
  // no serialisation of the document.
  let last: { origin: string; html: string } | undefined
  return async (ctx, next) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next()
    if (ctx.path === DOCS_PATH) {
      ctx.set('Content-Security-Policy', CONTENT_SECURITY_POLICY)
      ctx.set('X-Content-Type-Options', 'nosniff')
      ctx.set('Cache-Control', 'no-cache')
      ctx.type = 'text/html; charset=utf-8'
      const origin = `${ctx.protocol}://${ctx.host}`
      if (last?.origin !== origin) last = { origin, html: page(openApiDocument(origin)) }
      ctx.body = last.html
    } else if (ctx.path === RENDERER_PATH || ctx.path === START_PATH) {
      ctx.set('X-Content-Type-Options', 'nosniff')
      ctx.set('Cache-Control', 'public, max-age=3600')
      ctx.type = 'text/javascript; charset=utf-8'
      ctx.body = ctx.path === START_PATH ? START_SCRIPT : (renderer ??= readFileSync(rendererFile()))
    } else {
      return next()
    }
  }
}
