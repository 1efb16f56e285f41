import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import SwaggerParser from '@apidevtools/swagger-parser'
import { createTenant, type Tenant } from '../support/tenant'
import { startTestApp, type TestApp } from '../support/test-app'

describe('the API description', () => {
  let app: TestApp
  let tenant: Tenant
  let document: any
  before(async () => {
    app = await startTestApp()
    tenant = await createTenant(app)
    document = (await tenant.api.get('/openapi.json')).body
  })
  after(() => app.stop())

  it('names itself and links the OpenAPI document at the entry point', async () => {
    const index = await tenant.api.get('')
    assert.deepEqual([index.body.data.name, index.body.data.version, index.body.data.openapi], ['API v1', '1.0.0', '/api/v1/openapi.json'])
  })

  it('is a valid OpenAPI 3.0.3 document titled "API v1", version 1.0.0', async () => {
    assert.equal(document.openapi, '3.0.3')
    assert.deepEqual([document.info.title, document.info.version], ['API v1', '1.0.0'])
    await SwaggerParser.validate(structuredClone(document))
  })

  it('documents exactly the routes the host answers', async () => {
    const operations = Object.entries(document.paths as Record<string, Record<string, unknown>>)
      .flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`))
    assert.deepEqual(operations.sort(), [
      'DELETE /api/v1/customers/{id}', 'DELETE /api/v1/document-categories/{id}', 'DELETE /api/v1/invoices/{id}', 'DELETE /api/v1/invoices/{id}/payments/{paymentId}', 'DELETE /api/v1/products/{id}', 'DELETE /api/v1/webhooks/{id}',
      'GET /api/v1', 'GET /api/v1/audit-log', 'GET /api/v1/company', 'GET /api/v1/company/number-ranges', 'GET /api/v1/company/plan', 'GET /api/v1/company/usage',
      'GET /api/v1/credit-notes', 'GET /api/v1/credit-notes/{id}',
      'GET /api/v1/customers', 'GET /api/v1/customers/{id}', 'GET /api/v1/document-categories',
      'GET /api/v1/invoices', 'GET /api/v1/invoices/{id}', 'GET /api/v1/invoices/{id}/dunning', 'GET /api/v1/invoices/{id}/facturx', 'GET /api/v1/invoices/{id}/payments', 'GET /api/v1/invoices/{id}/pdf',
      'GET /api/v1/invoices/{id}/versions', 'GET /api/v1/invoices/{id}/versions/{version}/pdf',
      'GET /api/v1/openapi.json',
      'GET /api/v1/meta/key', 'GET /api/v1/meta/tax-rates', 'GET /api/v1/meta/countries', 'GET /api/v1/meta/currencies', 'GET /api/v1/meta/units',
      'GET /api/v1/meta/enums', 'GET /api/v1/meta/events',
      'GET /api/v1/products', 'GET /api/v1/products/{id}',
      'GET /api/v1/webhooks', 'GET /api/v1/webhooks/{id}', 'GET /api/v1/webhooks/{id}/deliveries',
      'POST /api/v1/credit-notes', 'POST /api/v1/credit-notes/{id}/execute', 'POST /api/v1/credit-notes/{id}/send',
      'POST /api/v1/customers', 'POST /api/v1/document-categories', 'POST /api/v1/invoices', 'POST /api/v1/invoices/{id}/cancel', 'POST /api/v1/invoices/{id}/convert', 'POST /api/v1/invoices/{id}/correct',
      'POST /api/v1/invoices/{id}/dunning', 'POST /api/v1/invoices/{id}/duplicate', 'POST /api/v1/invoices/{id}/payments', 'POST /api/v1/invoices/{id}/send', 'POST /api/v1/invoices/{id}/storno', 'POST /api/v1/products', 'POST /api/v1/webhooks', 'POST /api/v1/webhooks/{id}/test',
      'PUT /api/v1/credit-notes/{id}', 'PUT /api/v1/credit-notes/{id}/payout',
      'PUT /api/v1/customers/{id}', 'PUT /api/v1/invoices/{id}', 'PUT /api/v1/invoices/{id}/payments/{paymentId}', 'PUT /api/v1/products/{id}', 'PUT /api/v1/webhooks/{id}',
      'GET /api/v1/invoices/{id}/related', 'POST /api/v1/delivery-notes/convert',
      'GET /api/v1/recurring-schedules', 'POST /api/v1/recurring-schedules', 'GET /api/v1/recurring-schedules/{id}', 'PUT /api/v1/recurring-schedules/{id}',
      'DELETE /api/v1/recurring-schedules/{id}', 'GET /api/v1/recurring-schedules/{id}/occurrences', 'GET /api/v1/recurring-schedules/{id}/preview',
      'POST /api/v1/recurring-schedules/{id}/run', 'POST /api/v1/recurring-schedules/{id}/skip',
      'GET /api/v1/documents', 'POST /api/v1/documents', 'POST /api/v1/documents/uploads', 'PUT /api/v1/documents/uploads/{uploadToken}',
      'POST /api/v1/documents/{id}/complete', 'GET /api/v1/documents/{id}', 'GET /api/v1/documents/{id}/content', 'PUT /api/v1/documents/{id}',
      'DELETE /api/v1/documents/{id}', 'POST /api/v1/documents/{id}/links', 'DELETE /api/v1/documents/{id}/links/{linkId}',
      'POST /api/v1/exports/csv', 'POST /api/v1/exports/datev', 'POST /api/v1/exports/ustva', 'POST /api/v1/exports/bmd', 'POST /api/v1/exports/sepa-direct-debit', 'GET /api/v1/exports', 'GET /api/v1/exports/{id}', 'GET /api/v1/exports/{id}/file', 'POST /api/v1/exports/{id}/void',
      'GET /api/v1/blog/posts', 'POST /api/v1/blog/posts', 'GET /api/v1/blog/posts/{id}', 'PUT /api/v1/blog/posts/{id}', 'DELETE /api/v1/blog/posts/{id}',
      'POST /api/v1/blog/posts/{id}/publish', 'POST /api/v1/blog/posts/{id}/unpublish', 'POST /api/v1/blog/posts/{id}/archive',
      ...['categories', 'tags'].flatMap((group) => [`GET /api/v1/blog/${group}`, `POST /api/v1/blog/${group}`, `PUT /api/v1/blog/${group}/{id}`, `DELETE /api/v1/blog/${group}/{id}`]),
      'GET /api/v1/blog/media', 'POST /api/v1/blog/media', 'PUT /api/v1/blog/media/{id}', 'GET /api/v1/blog/media/{id}/content', 'DELETE /api/v1/blog/media/{id}',
      ...['quotes', 'order-confirmations', 'delivery-notes', 'orders'].flatMap((group) => [
        `GET /api/v1/${group}`, `POST /api/v1/${group}`, `GET /api/v1/${group}/{id}`, `PUT /api/v1/${group}/{id}`,
        `POST /api/v1/${group}/{id}/convert`, `GET /api/v1/${group}/{id}/related`,
        ...(group === 'orders' ? [] : [`DELETE /api/v1/${group}/{id}`, `POST /api/v1/${group}/{id}/duplicate`, `GET /api/v1/${group}/{id}/pdf`, `POST /api/v1/${group}/{id}/send`]),
      ]),
    ].sort())
    for (const operation of operations) {
      const [method, path] = operation.split(' ') as [string, string]
      const response = await tenant.api.request(method as 'GET', path.replace('/api/v1', '').replace('{id}', 'unknown'))
      assert.notEqual(response.body.code, 'route_not_found', `${operation} is documented but not routed`)
      assert.notEqual(response.status, 405, `${operation} is documented but not routed`)
    }
  })

  it('documents request bodies from the validating schemas, snake_case aliases included', () => {
    const body = document.paths['/api/v1/customers'].post.requestBody.content['application/json'].schema
    assert.deepEqual(body.required, ['name'])
    assert.equal(body.properties.zipCode.maxLength, 20)
    assert.equal(body.properties.zip_code.description, 'Alias of zipCode.')
    assert.deepEqual(body.properties.defaultLocale.enum, ['de', 'en', null])
    const list = document.paths['/api/v1/customers'].get.parameters.map((parameter: any) => parameter.name)
    assert.deepEqual(list, ['search', 'limit', 'offset'])
  })

  it('states the scopes and the error responses of every operation', () => {
    const create = document.paths['/api/v1/customers'].post
    assert.deepEqual(create['x-required-scopes'], ['customers:write'])
    assert.match(create.description, /customers:write/)
    for (const status of ['400', '401', '403', '409', '429']) assert.ok(create.responses[status], `POST /customers documents ${status}`)
    assert.ok(document.components.responses.TooManyRequests.headers['Retry-After'])
    assert.deepEqual(document.security, [{ bearerAuth: [] }])
  })

  it('documents 503 with Retry-After on every operation, reads included: the database may be unreachable', () => {
    const operations = Object.entries(document.paths).flatMap(([path, methods]: [string, any]) =>
      Object.entries(methods).map(([method, operation]: [string, any]) => ({ name: `${method.toUpperCase()} ${path}`, operation })))
    const without503 = operations.filter(({ operation }) => operation.responses['503']?.$ref !== '#/components/responses/Busy').map(({ name }) => name)
    assert.deepEqual(without503, [])
    const busy = document.components.responses.Busy
    assert.match(busy.description, /database_unavailable/)
    assert.ok(busy.headers['Retry-After'])
    assert.match(document.info.description, /`database_unavailable` \(503 on any operation, with `Retry-After`/)
  })

  it('says that texts with U+0000 are refused, wherever they are sent', () => {
    assert.match(document.components.responses.BadRequest.description, /U\+0000 in the body, a path or a query parameter \(validation_failed naming the field\)/)
    assert.match(document.info.description, /No text may contain the character U\+0000/)
  })
})
