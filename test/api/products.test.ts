import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { documentedResponses } from '../support/documented'
import { createTenant, type Tenant } from '../support/tenant'
import { startTestApp, type TestApp } from '../support/test-app'

describe('products', () => {
  let app: TestApp
  let tenant: Tenant
  let documented: ReturnType<typeof documentedResponses>
  before(async () => {
    app = await startTestApp()
    tenant = await createTenant(app)
    documented = documentedResponses((await tenant.api.get('/openapi.json')).body)
  })
  after(() => app.stop())

  it('creates a product with defaults and answers in camelCase', async () => {
    const created = await tenant.api.post('/products', { name: 'Kabel' })
    assert.equal(created.status, 201)
    documented('POST', '/api/v1/products', created)
    const { id, createdAt, updatedAt, ...product } = created.body.data
    assert.deepEqual(product, {
      productNumber: null, name: 'Kabel', description: null, unitPrice: 0, taxRate: null, unit: null, lineType: 'PRODUCT',
    })
    assert.equal(createdAt, updatedAt)
    assert.deepEqual((await tenant.api.get(`/products/${id}`)).body.data, created.body.data)
  })

  it('keeps prices exact, given as numbers or as decimal strings, in either spelling', async () => {
    const fromNumber = (await tenant.api.post('/products', { name: 'A', unitPrice: 0.1, taxRate: 7 })).body.data
    const fromString = (await tenant.api.post('/products', { name: 'B', unit_price: '1234567.123456', tax_rate: '5.5', line_type: 'SERVICE', unit: 'h' })).body.data
    assert.equal(fromNumber.unitPrice, 0.1)
    assert.equal(fromNumber.taxRate, 7)
    assert.deepEqual([fromString.unitPrice, fromString.taxRate, fromString.lineType, fromString.unit], [1234567.123456, 5.5, 'SERVICE', 'h'])
  })

  const invalid: [string, Record<string, unknown>, string][] = [
    ['no name', { unitPrice: 5 }, 'name'],
    ['a negative price', { name: 'X', unitPrice: -1 }, 'unitPrice'],
    ['a price with 7 decimals', { name: 'X', unitPrice: '0.1234567' }, 'unitPrice'],
    ['a price that is no number', { name: 'X', unitPrice: 'zehn' }, 'unitPrice'],
    ['a tax rate over 100', { name: 'X', taxRate: 101 }, 'taxRate'],
    ['a line type without amount', { name: 'X', lineType: 'TEXT' }, 'lineType'],
  ]
  for (const [what, body, field] of invalid) {
    it(`answers 400 naming the field for ${what}`, async () => {
      const response = await tenant.api.post('/products', body)
      assert.equal(response.status, 400)
      assert.equal(response.body.field, field)
      documented('POST', '/api/v1/products', response)
    })
  }

  it('lists the allowed line types when one is unknown', async () => {
    const response = await tenant.api.post('/products', { name: 'X', lineType: 'GIFT' })
    assert.deepEqual(response.body.allowedValues, ['PRODUCT', 'SERVICE', 'SHIPPING'])
  })

  it('keeps product numbers unique within a company', async () => {
    assert.equal((await tenant.api.post('/products', { name: 'X', productNumber: 'ART-1' })).status, 201)
    const taken = await tenant.api.post('/products', { name: 'Y', productNumber: 'ART-1' })
    assert.equal(taken.status, 409)
    assert.equal(taken.body.code, 'product_number_taken')
    const elsewhere = await createTenant(app)
    assert.equal((await elsewhere.api.post('/products', { name: 'Y', productNumber: 'ART-1' })).status, 201)
  })

  it('validates PUT bodies and list queries, and keeps numbers unique on PUT', async () => {
    const { api } = await createTenant(app)
    const product = (await api.post('/products', { name: 'Alt', productNumber: 'P-1' })).body.data
    const other = (await api.post('/products', { name: 'Neu' })).body.data
    for (const [body, field] of [[{ unitPrice: -1 }, 'unitPrice'], [{ name: '' }, 'name'], [{ lineType: 'TEXT' }, 'lineType'], [{ unitPrice: null }, 'unitPrice']] as const) {
      const response = await api.put(`/products/${other.id}`, body)
      assert.equal(response.status, 400, JSON.stringify(body))
      assert.equal(response.body.field, field)
      documented('PUT', '/api/v1/products/{id}', response)
    }
    for (const query of ['limit=0', 'offset=-2', 'limit=many']) {
      const response = await api.get(`/products?${query}`)
      assert.equal(response.status, 400, query)
      documented('GET', '/api/v1/products', response)
    }
    const taken = await api.put(`/products/${other.id}`, { product_number: 'P-1' })
    assert.deepEqual([taken.status, taken.body.code], [409, 'product_number_taken'])
    assert.equal((await api.get(`/products/${other.id}`)).body.data.productNumber, null)
    assert.equal((await api.put(`/products/${product.id}`, { productNumber: 'P-1' })).status, 200)
  })

  it('updates given fields, clears with null, lists with search, and deletes', async () => {
    const { api } = await createTenant(app)
    const product = (await api.post('/products', { name: 'Beratung vor Ort', unitPrice: 95, taxRate: 19, productNumber: 'B-1' })).body.data
    const updated = await api.put(`/products/${product.id}`, { unitPrice: '99.50', taxRate: null })
    documented('PUT', '/api/v1/products/{id}', updated)
    assert.deepEqual([updated.body.data.unitPrice, updated.body.data.taxRate, updated.body.data.name], [99.5, null, 'Beratung vor Ort'])
    await api.post('/products', { name: 'Anderes' })
    const found = await api.get('/products?search=VOR%20ORT')
    documented('GET', '/api/v1/products', found)
    assert.deepEqual(found.body.data.map((p: any) => p.id), [product.id])
    assert.equal((await api.get('/products?search=b-1')).body.pagination.total, 1)
    const deleted = await api.delete(`/products/${product.id}`)
    documented('DELETE', '/api/v1/products/{id}', deleted)
    assert.equal((await api.get(`/products/${product.id}`)).status, 404)
    assert.equal((await api.get('/products')).body.pagination.total, 1)
  })
})
