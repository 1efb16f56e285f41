import { aliasedObjectOf } from '@invoicing/core'
import { toJsonSchema, type ConversionConfig, type JsonSchema } from '@valibot/to-json-schema'
import * as v from 'valibot'
import { ErrorSchema } from '../responses/shapes'
import { API_PREFIX, API_VERSION } from '../routes/meta'
import { UPLOAD_OPERATION } from '../routes/document-uploads'
import type { Route } from '../routes/route'
import { API_DESCRIPTION, TAGS } from './description'
import { REQUEST_EXAMPLES } from './request-examples'

const config: ConversionConfig = {
  target: 'openapi-3.0',
  // Requests are documented as callers write them, before core's transforms.
  typeMode: 'input',
  // Actions JSON Schema cannot say (trim, checks) are left out; the descriptions say them.
  errorMode: 'ignore',
  overrideSchema: ({ valibotSchema }) => {
    const aliased = aliasedObjectOf(valibotSchema)
    return aliased ? withAliases(convert(aliased.object), aliased.aliases) : undefined
  },
}

const convert = (schema: v.GenericSchema): JsonSchema => {
  const { $schema: _, ...json } = toJsonSchema(schema, config)
  return toOpenApi30(json) as JsonSchema
}

/**
 * Three rules of OpenAPI 3.0.3 the converter does not follow: `nullable` does not widen an
 * `enum` (null must be one of its values), `nullable` needs a `type` beside it (so a nullable
 * `anyOf` carries it in each alternative), and `required` must not be empty.
 */
function toOpenApi30(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(toOpenApi30)
  if (typeof node !== 'object' || node === null) return node
  const copy = Object.fromEntries(Object.entries(node).map(([key, value]) => [key, toOpenApi30(value)]))
  if (copy.nullable === true && Array.isArray(copy.enum) && !copy.enum.includes(null)) copy.enum = [...copy.enum, null]
  if (copy.nullable === true && copy.type === undefined && Array.isArray(copy.anyOf)) {
    copy.anyOf = copy.anyOf.map((alternative: Record<string, unknown>) => ({ ...alternative, nullable: true }))
    delete copy.nullable
  }
  if (Array.isArray(copy.required) && copy.required.length === 0) delete copy.required
  return copy
}

/** Adds the snake_case (and other) spellings a request may use, each marked as an alias. */
function withAliases(object: JsonSchema, aliases: Readonly<Record<string, string>>): JsonSchema {
  const properties = { ...object.properties }
  for (const [alias, name] of Object.entries(aliases)) {
    const target = properties[name]
    if (target && typeof target === 'object') properties[alias] = { ...target, description: `Alias of ${name}.` }
  }
  return { ...object, properties }
}

const RATE_LIMIT_HEADERS = {
  'RateLimit-Limit': { $ref: '#/components/headers/RateLimit-Limit' },
  'RateLimit-Remaining': { $ref: '#/components/headers/RateLimit-Remaining' },
  'RateLimit-Reset': { $ref: '#/components/headers/RateLimit-Reset' },
}

const IGNORED_FIELDS_HEADER = { 'Invoicing-Ignored-Fields': { $ref: '#/components/headers/Invoicing-Ignored-Fields' } }

const errorResponse = (description: string, headers: Record<string, unknown> = { ...RATE_LIMIT_HEADERS, ...IGNORED_FIELDS_HEADER }) => ({
  description,
  headers,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
})

const COMMON_ERRORS: Record<number, string> = {
  400: 'BadRequest', 401: 'Unauthorized', 403: 'Forbidden', 404: 'NotFound', 409: 'Conflict',
  413: 'PayloadTooLarge', 415: 'UnsupportedMediaType', 416: 'RangeNotSatisfiable', 422: 'UnprocessableEntity', 429: 'TooManyRequests', 500: 'DeliveryFailed', 502: 'ReminderDeliveryFailed', 503: 'Busy',
}

const IDEMPOTENCY_KEY_PARAMETER = {
  name: 'Idempotency-Key', in: 'header', required: false,
  schema: { type: 'string', minLength: 8, maxLength: 200, pattern: '^[A-Za-z0-9._:-]{8,200}$' },
  description: 'Makes the POST safe to retry: the same key with the same body answers the first response again (with Idempotent-Replayed: true) instead of acting twice; with another body 422 idempotency_key_reused. Keys are per company and kept 30 days.',
}

function parametersOf(route: Route): unknown[] {
  const path: unknown[] = [...route.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
    name, in: 'path', required: true, schema: { type: 'string' }, description: 'Record identifier (cuid)',
  }))
  if (route.method === 'post') path.push(IDEMPOTENCY_KEY_PARAMETER)
  if (!route.query) return path
  const aliased = aliasedObjectOf(route.query)
  const object = aliased?.object ?? (route.query as unknown as { entries?: v.ObjectEntries })
  const query = Object.entries(object.entries ?? {}).map(([name, schema]) => ({
    name, in: 'query', required: schema.type !== 'optional', schema: convert(schema),
  }))
  const aliases = Object.entries(aliased?.aliases ?? {}).map(([alias, name]) => ({
    name: alias, in: 'query', required: false, schema: query.find((parameter) => parameter.name === name)?.schema,
    description: `Alias of ${name}.`,
  }))
  return [...path, ...query, ...aliases]
}

/** Where `npm start` listens: the curl samples are meant to be pasted against it. */
const SAMPLE_ORIGIN = 'http://127.0.0.1:3000'

/** The operation as a curl line; a body is the route's example. */
function curlSample(route: Route, example: unknown): string {
  const method = route.method === 'get' ? '' : ` -X ${route.method.toUpperCase()}`
  const body = example === undefined ? '' : ` \\\n  -H 'Content-Type: application/json' \\\n  -d '${JSON.stringify(example).replaceAll("'", "'\\''")}'`
  return `curl${method} "${SAMPLE_ORIGIN}${API_PREFIX}${route.path}" \\\n  -H "Authorization: Bearer $KEY"${body}`
}

function operationOf(route: Route) {
  const scopes = route.scopes.length > 0 ? `Required scopes: ${route.scopes.map((scope) => `\`${scope}\``).join(', ')}.` : 'Any valid API key; no scope needed.'
  const responses: Record<string, unknown> = {}
  for (const [status, doc] of Object.entries(route.responses)) {
    const contentTypes = typeof doc.contentType === 'string' ? [doc.contentType] : doc.contentType ?? ['application/json']
    const schemaOf = (contentType: string) => doc.schema ? convert(doc.schema) : contentType === 'application/json' ? { type: 'object' } : { type: 'string', format: 'binary' }
    const headers: Record<string, unknown> = route.method === 'post' ? { ...RATE_LIMIT_HEADERS, 'Idempotent-Replayed': { $ref: '#/components/headers/Idempotent-Replayed' } } : { ...RATE_LIMIT_HEADERS }
    if (route.body) Object.assign(headers, IGNORED_FIELDS_HEADER)
    for (const [name, description] of Object.entries(doc.headers ?? {})) headers[name] = { description, schema: { type: 'string' } }
    responses[status] = { description: doc.description, headers, content: Object.fromEntries(contentTypes.map((contentType) => [contentType, { schema: schemaOf(contentType) }])) }
  }
  // 400 on every operation: an unknown query parameter is refused everywhere (unknown_parameter).
  const statuses = new Set<number>([400, 401, 403, 429, ...(route.errors ?? [])])
  if (route.body || route.rawBody) [413, 415].forEach((status) => statuses.add(status))
  // Every operation reads the database: while it is unreachable each answers 503 database_unavailable.
  statuses.add(503)
  if (route.method === 'post') [409, 422].forEach((status) => statuses.add(status))
  for (const status of [...statuses].sort()) responses[status] = { $ref: `#/components/responses/${COMMON_ERRORS[status]}` }
  const example = route.body ? REQUEST_EXAMPLES[route.operationId] : undefined
  const body = route.body && { schema: convert(route.body), ...(example === undefined ? {} : { example }) }
  return {
    operationId: route.operationId,
    summary: route.summary,
    description: [route.description, scopes].filter(Boolean).join('\n\n'),
    tags: [route.tag],
    'x-required-scopes': route.scopes,
    parameters: parametersOf(route),
    // A body is optional when an empty one is valid (core reads a missing body as {}).
    ...(route.body ? { requestBody: { required: !v.safeParse(route.body, {}).success, content: { 'application/json': body } } } : {}),
    ...(route.rawBody ? { requestBody: { required: true, description: route.rawBody.description, content: { [route.rawBody.contentType]: { schema: route.rawBody.schema } } } } : {}),
    responses,
    'x-codeSamples': [{ lang: 'curl', label: 'curl', source: curlSample(route, example) }],
  }
}

/** The OpenAPI 3.0.3 document of `routes`, generated from the schemas that validate them. */
export function buildOpenApiDocument(routes: readonly Route[]) {
  const paths: Record<string, Record<string, unknown>> = {}
  for (const route of routes) {
    const path = `${API_PREFIX}${route.path}`
    paths[path] = { ...paths[path], [route.method]: operationOf(route) }
  }
  // The one operation outside the routes: reached without a key, before the API gate.
  Object.assign(paths, UPLOAD_OPERATION)
  const usedTags = new Set(routes.map((route) => route.tag))
  return {
    openapi: '3.0.3',
    info: {
      title: 'API v1', version: API_VERSION, description: API_DESCRIPTION,
      license: { name: 'MIT', url: 'https://opensource.org/license/mit' },
      contact: { name: 'The operator of this host' },
    },
    tags: TAGS.filter((tag) => usedTags.has(tag.name)),
    security: [{ bearerAuth: [] }],
    paths,
    components: {
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', description: 'An API key: `sk_live_` followed by at least 32 characters.' },
      },
      schemas: { Error: convert(ErrorSchema) },
      headers: {
        'RateLimit-Limit': { description: 'Requests allowed per minute for this key', schema: { type: 'integer' } },
        'RateLimit-Remaining': { description: 'Requests left in the current window', schema: { type: 'integer' } },
        'RateLimit-Reset': { description: 'Seconds until the window resets', schema: { type: 'integer' } },
        'Retry-After': { description: 'Seconds to wait before retrying', schema: { type: 'integer' } },
        'Invoicing-Ignored-Fields': {
          description: 'The request body fields the operation does not know and ignored, separated by ", " (nested ones as lines[].colour; never the content of metadata). Characters beyond letters, digits and ._~[]- are percent-encoded; at most 50 names. Absent when every field was known; snake_case aliases are known',
          schema: { type: 'string' },
        },
        'Idempotent-Replayed': { description: '`true` when the response replays an earlier request with the same Idempotency-Key', schema: { type: 'string', enum: ['true'] } },
      },
      responses: {
        BadRequest: errorResponse('Invalid input: a missing field, wrong type, bad enum (with allowedValues), bad number or date, a text longer than its maxLength or a text with the character U+0000 in the body, a path or a query parameter (validation_failed naming the field), invalid JSON (invalid_json), a body nested deeper than 64 levels or with an array of more than 10,000 items (body_too_complex), or a query parameter the operation does not know (unknown_parameter, naming them in parameters)'),
        Unauthorized: errorResponse('Authorization header missing, not Bearer, or the key is invalid or revoked', {}),
        Forbidden: errorResponse('Missing scope (requiredScopes), plan without API access (plan_no_access), or plan limit reached'),
        NotFound: errorResponse('The record does not exist or belongs to another company'),
        Conflict: errorResponse('State conflict, a number already taken, or a request with the same Idempotency-Key still running (idempotency_key_in_progress)'),
        UnprocessableEntity: errorResponse('Idempotency-Key malformed (invalid_idempotency_key) or used before for another request (idempotency_key_reused)'),
        PayloadTooLarge: errorResponse('The request body is larger than 1 MB (payload_too_large), or a file larger than the operation takes (file_too_large, maxBytes)'),
        UnsupportedMediaType: errorResponse('The request body is not application/json (multipart/form-data where the operation says so)'),
        RangeNotSatisfiable: errorResponse('No byte of the file is in the Range (range_not_satisfiable); Content-Range: bytes */size', {
          'Content-Range': { description: 'bytes */size', schema: { type: 'string' } },
        }),
        TooManyRequests: errorResponse('Rate limit (rate_limited) or monthly quota (quota_exceeded) reached, or too many failed authentications from the client address (rate_limited, 30 per minute by default, INVOICING_AUTH_FAILURES_PER_MINUTE)', {
          ...RATE_LIMIT_HEADERS, 'Retry-After': { $ref: '#/components/headers/Retry-After' },
        }),
        ReminderDeliveryFailed: errorResponse('The reminder mail could not be delivered (email_failed): no reminder was stored'),
        DeliveryFailed: errorResponse('The mail could not be delivered (email_delivery_failed): the server was unreachable or refused the recipient. Nothing changed but a number issued to a draft, which the next attempt uses'),
        Busy: errorResponse('The database is not reachable or did not answer in time (database_unavailable: a lost connection, a restart or failover, a statement over its time limit; the host reconnects by itself), or a change kept colliding with concurrent changes of the same records, or another process held the database, through every retry (busy; nothing was changed). Retry after Retry-After seconds (also retryAfterSeconds); retry a POST with the same Idempotency-Key', {
          ...RATE_LIMIT_HEADERS, 'Retry-After': { $ref: '#/components/headers/Retry-After' },
        }),
      },
    },
  }
}

/** The document as served from `origin` (scheme and host): its own base URL is the one server. */
export function servedFrom(document: ReturnType<typeof buildOpenApiDocument>, origin: string) {
  const { openapi, info, ...rest } = document
  return { openapi, info, servers: [{ url: origin, description: 'This host' }], ...rest }
}
