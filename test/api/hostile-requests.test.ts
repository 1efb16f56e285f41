// Generated hostile requests against every route and method of the in-process app: none may
// answer 500 or show a stack trace. FUZZ_SEED replays a run; FUZZ_RUNS changes its size.
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import fc from 'fast-check'
import { sendRequest, type ApiResponse } from '../support/api-client'
import { createTenant, type Tenant } from '../support/tenant'
import { startTestApp, type TestApp } from '../support/test-app'

const RUNS = Number(process.env.FUZZ_RUNS ?? 10_000)
const SEED = Number(process.env.FUZZ_SEED ?? 16_2026)
const IN_FLIGHT = 8
const STACK_TRACE = /\n\s+at \S|\.[cm]?[jt]sx?:\d+:\d+|node:internal\//

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH' | 'OPTIONS' | 'HEAD'
interface HostileRequest { method: Method; path: string; headers: Record<string, string>; body?: string }

const nested = (open: string, close: string, levels: number, leaf = '1') => open.repeat(levels) + leaf + close.repeat(levels)

/** Values of the wrong type, size or shape for any field. */
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 4 }),
  fc.string({ unit: 'binary', maxLength: 50 }),
  fc.integer({ min: 200, max: 12_000 }).map((length) => 'x'.repeat(length)),
  fc.constantFrom(null, true, -1, 0, 1e308, -0, 1.5e-300, '', ' ', 'null', 'NaN', '1e999', '-1', '0x10', '١٢٣', '2026-02-30', '2026-13-01', 'DE', 'de', '*', '../', '%00', '\u0000', '\ud800', '<script>', '__proto__'),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 20 }),
  fc.dictionary(fc.string({ maxLength: 10 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 10 }),
)

const idempotencyKey = fc.oneof(fc.constant(undefined), fc.stringMatching(/^[A-Za-z0-9._:-]{8,20}$/), fc.string({ maxLength: 300 }))

describe('hostile requests', () => {
  let app: TestApp
  let tenant: Tenant
  let routes: Array<{ method: Method; path: string; fields: string[]; structured: string[] }>
  const ids: string[] = []
  before(async () => {
    // Limits that would refuse most requests once reached (the key's rate, failed keys) are set out of reach.
    app = await startTestApp({ access: { requestsPerMinute: 1_000_000_000, authFailuresPerMinute: 1_000_000_000 } })
    tenant = await createTenant(app, { plan: 'ENTERPRISE', apiCallQuota: null })
    const document = (await tenant.api.get('/openapi.json')).body
    routes = Object.entries(document.paths as Record<string, Record<string, any>>).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({
        method: method.toUpperCase() as Method, path,
        fields: Object.keys(operation.requestBody?.content['application/json']?.schema.properties ?? {}),
        // Fields that take objects or arrays (metadata, lines, texts): where depth and width do harm.
        structured: Object.entries<any>(operation.requestBody?.content['application/json']?.schema.properties ?? {})
          .filter(([, property]) => [property, ...(property.anyOf ?? [])].some((each: any) => each.type === 'object' || each.type === 'array'))
          .map(([name]) => name),
      })))
    const customer = (await tenant.api.post('/customers', { name: 'Ziel GmbH', email: 'ziel@example.com' })).body.data
    const invoice = (await tenant.api.post('/invoices', { customerId: customer.id, lines: [{ description: 'x', unitPrice: 10 }] })).body.data
    const product = (await tenant.api.post('/products', { name: 'P' })).body.data
    ids.push(customer.id, invoice.id, product.id)
  })
  after(() => app.stop())

  const requests = () => {
    const pathPart = fc.oneof(
      fc.constantFrom(...ids, ...ids, ...ids, 'unknown', '1', '0', '-1', '..', '%2e%2e', '%2F', '%00', '%ZZ', '%', 'null', 'undefined', '__proto__', 'constructor', '😀', '%F0%9F%98%80', encodeURIComponent('ä/ö')),
      fc.integer({ min: 1, max: 9_000 }).map((length) => 'i'.repeat(length)),
      fc.string({ unit: 'grapheme', maxLength: 30 }).map(encodeURIComponent),
    )
    const path = fc.oneof(
      { weight: 6, arbitrary: fc.tuple(fc.constantFrom(...routes.map((route) => route.path)), pathPart, pathPart).map(([template, first, second]) => {
        let index = 0
        return template.replace(/\{\w+\}/g, () => (index++ === 0 ? first : second))
      }) },
      { weight: 1, arbitrary: fc.tuple(fc.constantFrom('/api/v1', '/api/v1/', '/API/V1', '/api//v1', '/', '', '/api/v1/invoices//', '/api/v1/../v1/customers', '/api/v1/%2e%2e/customers'), fc.array(pathPart, { maxLength: 4 })).map(([prefix, parts]) => `${prefix}/${parts.join('/')}`) },
    )
    const queryValue = fc.oneof(
      fc.constantFrom('', '1', '-1', '0', '101', '1e3', 'abc', '9999999999999999999999', 'DRAFT', 'draft', '2026-01-01', '2026-02-30', '%', '%00', '%ZZ', 'true', '[]', '{}'),
      fc.integer({ min: 1, max: 10_000 }).map((length) => 'q'.repeat(length)),
      fc.string({ unit: 'binary', maxLength: 20 }).map(encodeURIComponent),
    )
    const knownKey = fc.constantFrom('limit', 'offset', 'status', 'search', 'customer_id', 'customerId', 'from', 'to', 'profile', 'version', 'action', 'target_id', 'invoice_type', 'payout_status')
    const junkKey = fc.oneof(fc.constantFrom('__proto__', 'constructor', 'limit[]', 'a[b][c]', ''), fc.string({ maxLength: 10 }).map(encodeURIComponent))
    const pairs = (key: fc.Arbitrary<string>) => fc.array(fc.tuple(key, queryValue), { minLength: 1, maxLength: 6 })
      .map((list) => `?${list.map(([name, value]) => `${name}=${value}`).join('&')}`)
    // Unknown parameters are refused before anything else, so most requests carry none.
    const query = fc.oneof(
      { weight: 8, arbitrary: fc.constantFrom('', '', '', '', '?', '?&&', '?=', '?limit') },
      { weight: 3, arbitrary: pairs(knownKey) },
      { weight: 1, arbitrary: pairs(fc.oneof(knownKey, junkKey)) },
    )

    const depth = fc.oneof(fc.integer({ min: 60, max: 70 }), fc.constantFrom(200, 5_000, 10_000, 20_000, 60_000))
    const body = (fields: string[], structured: string[]) => fc.oneof(
      { weight: 20, arbitrary: fc.dictionary(fields.length ? fc.oneof(fc.constantFrom(...fields), fc.string({ maxLength: 8 })) : fc.string({ maxLength: 8 }), hostileValue, { maxKeys: 8 }).map((object) => JSON.stringify(object)) },
      { weight: 2, arbitrary: depth.map((levels) => nested('[', ']', levels)) },
      { weight: 6, arbitrary: fc.tuple(fc.constantFrom(...(structured.length ? structured : [...fields, 'metadata'])), depth).map(([field, levels]) => `{"${field}":${nested('{"a":', '}', levels)},"customerId":"${ids[0]}","lines":[{}]}`) },
      { weight: 1, arbitrary: fc.constantFrom(100_000, 150_000).map((levels) => nested('{"a":', '}', levels)) },
      { weight: 1, arbitrary: fc.integer({ min: 9_990, max: 12_000 }).map((count) => `{"lines":[${'{},'.repeat(count)}{}],"tags":[${'0,'.repeat(count)}0]}`) },
      { weight: 1, arbitrary: fc.integer({ min: 1_000_000, max: 1_100_000 }).map((length) => JSON.stringify({ name: 'n', notes: 'n'.repeat(length) })) },
      { weight: 3, arbitrary: fc.constantFrom('', ' ', '{', '[', '"x"', 'null', '1', 'true', '{"a":1,}', '\ufeff{}', '{"__proto__":{"admin":true}}', '{"constructor":{"prototype":{"x":1}}}', '[1,2,3]', '{"lines":null}', '{"lines":"x"}', '{"name":{"toString":1}}') },
      { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 200 }) },
    )

    const hostileHeaders = fc.record({
      authorization: fc.oneof(
        { weight: 6, arbitrary: fc.constant(`Bearer ${tenant.key}`) },
        { weight: 1, arbitrary: fc.constantFrom('', 'Bearer', 'Bearer ', 'Basic abc', `bearer  ${tenant.key}  `, `Bearer ${tenant.key}x`, 'Bearer sk_live_' + 'a'.repeat(40), `Bearer ${'A'.repeat(8000)}`) },
        { weight: 1, arbitrary: fc.string({ maxLength: 60 }).map((text) => `Bearer ${text.replace(/[^\x21-\x7e]/g, '')}`) },
      ),
      'content-type': fc.constantFrom('application/json', 'application/json', 'application/json', 'application/json', 'application/json; charset=utf-8', 'application/json; charset=latin1', 'application/json; charset=utf-16', 'application/vnd.api+json', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', '', 'application/json;;;', '*/*'),
      'idempotency-key': idempotencyKey,
      'x-request-id': fc.oneof(fc.constant(undefined), fc.string({ maxLength: 200 }).map((text) => text.replace(/[^\x20-\x7e]/g, ''))),
      accept: fc.constantFrom(undefined, 'application/json', 'application/pdf', '*/*', 'text/html', ''),
      'content-encoding': fc.constantFrom(undefined, undefined, undefined, 'gzip', 'br', 'identity', 'x-unknown'),
    }, { requiredKeys: ['authorization', 'content-type'] })
    // Most requests are hostile in their path and body only, with the headers a client sends,
    // so what they carry gets past the gate and the parser to the code that handles it.
    const headers = fc.oneof(
      { weight: 2, arbitrary: fc.record({ authorization: fc.constant(`Bearer ${tenant.key}`), 'content-type': fc.constant('application/json'), 'idempotency-key': fc.option(fc.stringMatching(/^[A-Za-z0-9._:-]{8,20}$/), { nil: undefined }) }) },
      { weight: 1, arbitrary: hostileHeaders },
    )

    const anyMethod = fc.constantFrom<Method>('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD')
    // Mostly a documented route with its own method, its ids real or junk; else anything anywhere.
    const routed = fc.nat({ max: routes.length - 1 }).chain((index) => {
      const route = routes[index]!
      return fc.record({
        method: fc.oneof({ weight: 4, arbitrary: fc.constant(route.method) }, { weight: 1, arbitrary: anyMethod }),
        path: fc.array(pathPart, { minLength: 2, maxLength: 2 }).map((parts) => route.path.replace(/\{\w+\}/g, () => parts.shift()!)),
        body: fc.option(body(route.fields, route.structured), { freq: 5 }),
      })
    })
    const unrouted = fc.record({ method: anyMethod, path, body: fc.option(body([], []), { freq: 3 }) })
    return fc.tuple(fc.oneof({ weight: 4, arbitrary: routed }, { weight: 1, arbitrary: unrouted }), query, headers).map(([chosen, chosenQuery, chosenHeaders]): HostileRequest => ({
      method: chosen.method,
      path: `${chosen.path}${chosenQuery}`.replace(/^(?!\/)/, '/'),
      headers: Object.fromEntries(Object.entries(chosenHeaders).filter(([, value]) => value !== undefined)) as Record<string, string>,
      ...(chosen.body !== null && chosen.method !== 'GET' && chosen.method !== 'HEAD' ? { body: chosen.body } : {}),
    }))
  }

  it(`answers ${RUNS.toLocaleString('en')} generated hostile requests without a 500 or a stack trace`, async () => {
    const generated = fc.sample(requests(), { numRuns: RUNS, seed: SEED })
    const statuses = new Map<number, number>()
    const failures: string[] = []
    let next = 0
    const started = performance.now()
    const worker = async () => {
      for (let index = next++; index < generated.length; index = next++) {
        const request = generated[index]!
        let response: ApiResponse
        try {
          response = await sendRequest(app.target, request.method, request.path, { headers: request.headers, body: request.body })
        } catch (error) {
          failures.push(`#${index} ${request.method} ${request.path.slice(0, 120)}: the request failed: ${(error as Error).message}`)
          continue
        }
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1)
        if (response.status >= 500 && response.status !== 503) failures.push(`#${index} ${request.method} ${request.path.slice(0, 120)} ${JSON.stringify(request.headers).slice(0, 200)} body ${request.body?.slice(0, 200)} → ${response.status} ${response.text.slice(0, 200)}`)
        else if (STACK_TRACE.test(response.text) && !response.headers.get('content-type')?.includes('pdf')) failures.push(`#${index} ${request.method} ${request.path.slice(0, 120)} → a stack trace: ${response.text.slice(0, 300)}`)
      }
    }
    await Promise.all(Array.from({ length: IN_FLIGHT }, worker))
    const seconds = (performance.now() - started) / 1000
    const byStatus = [...statuses].sort(([a], [b]) => a - b).map(([status, count]) => `${status}: ${count}`).join(', ')
    console.log(`hostile requests: ${generated.length} sent in ${seconds.toFixed(1)} s (seed ${SEED}); 500s: ${statuses.get(500) ?? 0}; by status: ${byStatus}`)
    assert.equal(generated.length, RUNS)
    assert.deepEqual(failures.slice(0, 10), [], `${failures.length} of ${generated.length} requests failed`)
  })
})
