import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { createTenant, type Tenant } from '../support/tenant'
import { startTestApp, type TestApp } from '../support/test-app'

const json = { 'content-type': 'application/json' }
const nestedObjects = (levels: number, leaf = '1') => '{"a":'.repeat(levels) + leaf + '}'.repeat(levels)

type Schema = { type?: string; maxLength?: number; enum?: unknown[]; properties?: Record<string, Schema>; items?: Schema; anyOf?: Schema[]; oneOf?: Schema[]; allOf?: Schema[]; $ref?: string }

/** Every string schema under `schema`, with where it is: `lines[].description`, `?search`. */
function stringsOf(schema: Schema | undefined, where: string): Array<{ where: string; schema: Schema }> {
  if (!schema || schema.$ref) return []
  const found = schema.type === 'string' ? [{ where, schema }] : []
  for (const [name, property] of Object.entries(schema.properties ?? {})) found.push(...stringsOf(property, where ? `${where}.${name}` : name))
  found.push(...stringsOf(schema.items, `${where}[]`))
  for (const each of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) found.push(...stringsOf(each, where))
  return found
}

describe('input limits', () => {
  let app: TestApp
  let tenant: Tenant
  let document: any
  let customerId: string
  const ids: Record<string, string> = {}
  before(async () => {
    app = await startTestApp({ access: { requestsPerMinute: 1_000_000 } })
    // A platform administrator's key, so the blog's bodies are checked too.
    tenant = await createTenant(app, { plan: 'ENTERPRISE', apiCallQuota: 1_000_000 }, { platformAdmin: true })
    document = (await tenant.api.get('/openapi.json')).body
    customerId = (await tenant.api.post('/customers', { name: 'Grenz GmbH', email: 'grenz@example.com' })).body.data.id
    // Real records behind every path, so each route gets as far as validating its body.
    const invoice = (await tenant.api.post('/invoices', { customerId, lines: [{ description: 'x', unitPrice: 100 }] })).body.data
    await tenant.api.put(`/invoices/${invoice.id}`, { status: 'FINAL' })
    const payment = (await tenant.api.post(`/invoices/${invoice.id}/payments`, { amount: 1 })).body.data
    const creditNote = (await tenant.api.post('/credit-notes', { customerId, lines: [{ description: 'x', unitPrice: 1 }] })).body.data
    Object.assign(ids, {
      customers: customerId, invoices: invoice.id, payments: payment.id, 'credit-notes': creditNote.id,
      products: (await tenant.api.post('/products', { name: 'P' })).body.data.id,
      webhooks: (await tenant.api.post('/webhooks', { url: 'https://93.184.216.34/hook', events: ['*'] })).body.data.id,
      'document-categories': 'unknown',
    })
  })
  after(() => app.stop())

  /** `/invoices/{id}/payments/{paymentId}` with the ids of records that exist. */
  const withIds = (path: string) => path
    .replace(/^\/([\w-]+)\/\{id\}/, (_, resource: string) => `/${resource}/${ids[resource] ?? 'unknown'}`)
    .replace('{paymentId}', ids.payments!)

  const bodyRoutes = () => Object.entries(document.paths as Record<string, Record<string, any>>).flatMap(([path, methods]) =>
    // JSON bodies: multipart forms and raw uploads have limits of their own (their own tests).
    Object.entries(methods).filter(([, operation]) => operation.requestBody?.content['application/json']).map(([method, operation]) => ({ method: method.toUpperCase() as 'POST' | 'PUT', path: withIds(path.replace('/api/v1', '')), operation })))

  it('answers a body nested deeper than 64 levels with 400 body_too_complex on every route that takes a body, and takes 64', async () => {
    for (const { method, path } of bodyRoutes()) {
      const deep = await tenant.api.request(method, path, { body: nestedObjects(65), headers: json })
      assert.deepEqual([deep.status, deep.body.code], [400, 'body_too_complex'], `${method} ${path}: ${deep.text}`)
      assert.equal(deep.body.maxDepth, 64)
    }
    const atTheLimit = await tenant.api.request('POST', '/customers', { body: `{"name":"Tief","notes":"x","x":${nestedObjects(63)}}`, headers: json })
    assert.equal(atTheLimit.status, 201, atTheLimit.text)
  })

  it('refuses a body nested thousands of levels deep inside a free JSON field with 400, never 500', async () => {
    for (const levels of [200, 5_000, 100_000]) {
      const body = `{"customerId":"${customerId}","lines":[{"description":"x"}],"metadata":${nestedObjects(levels)}}`
      for (const headers of [json, { ...json, 'idempotency-key': `deep-${levels}-key` }]) {
        const response = await tenant.api.request('POST', '/invoices', { body, headers })
        assert.deepEqual([response.status, response.body.code], [400, 'body_too_complex'], response.text)
      }
    }
  })

  it('answers an array of more than 10,000 items with 400 body_too_complex, anywhere in the body', async () => {
    const items = (count: number) => `[${Array.from({ length: count }, () => '0').join(',')}]`
    for (const body of [items(10_001), `{"name":"Lang","tags":${items(10_001)}}`, `{"customerId":"${customerId}","lines":[{}],"metadata":{"a":${items(124_000)}}}`]) {
      const response = await tenant.api.request('POST', body.includes('customerId') ? '/invoices' : '/customers', { body, headers: json })
      assert.deepEqual([response.status, response.body.code], [400, 'body_too_complex'], response.text.slice(0, 300))
      assert.equal(response.body.maxArrayItems, 10_000)
    }
    const tenThousand = await tenant.api.request('POST', '/customers', { body: `{"name":"Genau","tags":${items(10_000)}}`, headers: json })
    assert.equal(tenThousand.status, 201, 'an array of exactly 10,000 items is within the limit')
  })

  it('refuses a free JSON object with 100,000 members by its size, not with a stack overflow', async () => {
    const members = Array.from({ length: 100_000 }, (_, index) => `"${index.toString(36)}":1`).join(',')
    const response = await tenant.api.request('POST', '/invoices', { body: `{"customerId":"${customerId}","lines":[{}],"metadata":{${members}}}`, headers: json })
    assert.deepEqual([response.status, response.body.code, response.body.field], [400, 'validation_failed', 'metadata'])
  })

  it('documents a maximum length for every text a request body or query string takes', () => {
    const unbounded: string[] = []
    for (const [path, methods] of Object.entries(document.paths as Record<string, Record<string, any>>)) {
      for (const [method, operation] of Object.entries(methods)) {
        const strings = [
          ...stringsOf(operation.requestBody?.content['application/json']?.schema ?? operation.requestBody?.content['multipart/form-data']?.schema, ''),
          ...(operation.parameters ?? []).filter((parameter: any) => parameter.in === 'query').flatMap((parameter: any) => stringsOf(parameter.schema, `?${parameter.name}`)),
        ]
        // A file part is bytes with a size limit, not a text.
        for (const { where, schema } of strings) if (schema.maxLength === undefined && !schema.enum && schema.format !== 'binary') unbounded.push(`${method.toUpperCase()} ${path} ${where}`)
      }
    }
    assert.deepEqual(unbounded, [])
  })

  it('answers a text one character over its documented maximum with 400 naming the field, on every route that takes a body', async () => {
    let checked = 0
    for (const { method, path, operation } of bodyRoutes()) {
      const schema = operation.requestBody.content['application/json'].schema
      for (const [name, property] of Object.entries(schema.properties ?? {}) as Array<[string, Schema]>) {
        const text = [property, ...(property.anyOf ?? [])].find((each) => each.type === 'string' && each.maxLength !== undefined)
        if (!text) continue
        const response = await tenant.api.request(method, path, { body: JSON.stringify({ [name]: 'x'.repeat(text.maxLength! + 1) }), headers: json })
        // A route whose record does not exist may answer 404 only after the body is valid.
        assert.equal(response.status, 400, `${method} ${path} ${name}: ${response.text.slice(0, 300)}`)
        const fields = (response.body.issues ?? []).map((issue: { field?: string }) => issue.field)
        const canonical = schema.properties[name].description?.match(/^Alias of (\w+)\.$/)?.[1] ?? name
        assert.ok(fields.includes(canonical), `${method} ${path}: ${name} is not named in ${response.text.slice(0, 300)}`)
        checked++
      }
    }
    assert.ok(checked > 100, `only ${checked} fields checked`)
  })

  it('answers query texts over their maximum with 400 naming the parameter', async () => {
    const response = await tenant.api.get(`/customers?search=${'m'.repeat(1001)}`)
    assert.deepEqual([response.status, response.body.field], [400, 'search'])
    // A pasted paragraph of 1,000 characters is still a search: nothing holds it.
    const pasted = await tenant.api.get(`/invoices?search=${'m'.repeat(1000)}`)
    assert.deepEqual([pasted.status, pasted.body.data], [200, []])
  })

  it('answers bodies over 1 MB with 413 payload_too_large on every route that takes a body', async () => {
    const large = JSON.stringify({ notes: 'n'.repeat(1_050_000) })
    for (const { method, path } of bodyRoutes()) {
      const response = await tenant.api.request(method, path, { body: large, headers: json })
      assert.deepEqual([response.status, response.body.code], [413, 'payload_too_large'], `${method} ${path}`)
    }
  })
})
