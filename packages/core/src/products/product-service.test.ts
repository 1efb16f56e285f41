import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { companyActor } from '../access/actor'
import { createInvoicing } from '../create-invoicing'
import { createManualClock, createMemoryStorage, failsWith } from '../testing'

async function setup() {
  const clock = createManualClock('2026-03-15T10:00:00.000Z')
  const invoicing = createInvoicing({ storage: createMemoryStorage(), clock })
  const actor = companyActor((await invoicing.companies.create({ name: 'Muster GmbH' })).id)
  const other = companyActor((await invoicing.companies.create({ name: 'Andere GmbH' })).id)
  return { clock, invoicing, actor, other, products: invoicing.products }
}


describe('products.create', () => {
  it('applies the defaults: price 0, line type PRODUCT, no tax rate', async () => {
    const { products, actor } = await setup()
    const product = await products.create(actor, { name: 'Beratung' })
    assert.deepEqual(product, {
      id: product.id,
      companyId: actor.companyId,
      productNumber: null,
      name: 'Beratung',
      description: null,
      unitPrice: '0',
      taxRate: null,
      unit: null,
      lineType: 'PRODUCT',
      createdAt: '2026-03-15T10:00:00.000Z',
      updatedAt: '2026-03-15T10:00:00.000Z',
    })
    assert.deepEqual(await products.get(actor, product.id), product)
  })

  it('round-trips every field, snake_case included', async () => {
    const { products, actor } = await setup()
    const product = await products.create(actor, {
      name: 'Beratung', product_number: 'P-1', description: 'Stunde vor Ort', unit_price: '95.125',
      tax_rate: 7, unit: 'h', line_type: 'SERVICE',
    } as never)
    assert.equal(product.productNumber, 'P-1')
    assert.equal(product.description, 'Stunde vor Ort')
    assert.equal(product.unitPrice, '95.125')
    assert.equal(product.taxRate, '7')
    assert.equal(product.unit, 'h')
    assert.equal(product.lineType, 'SERVICE')
  })

  it('stores a price given as number or string as the exact decimal string', async () => {
    const { products, actor } = await setup()
    assert.equal((await products.create(actor, { name: 'A', unitPrice: 19.99 })).unitPrice, '19.99')
    assert.equal((await products.create(actor, { name: 'B', unitPrice: '19.99' })).unitPrice, '19.99')
    assert.equal((await products.create(actor, { name: 'C', unitPrice: '0.123456' })).unitPrice, '0.123456')
    assert.equal((await products.create(actor, { name: 'D', unitPrice: '19.900' })).unitPrice, '19.9')
  })

  describe('rejects invalid input naming the field', () => {
    const cases: [string, Record<string, unknown>, Record<string, unknown>][] = [
      ['an empty name', { name: ' ' }, { field: 'name' }],
      ['a price with 7 decimal places', { name: 'A', unitPrice: '1.1234567' }, { field: 'unitPrice' }],
      ['a negative price', { name: 'A', unitPrice: -1 }, { field: 'unitPrice' }],
      ['a price that is no number', { name: 'A', unitPrice: '12,50' }, { field: 'unitPrice' }],
      ['a tax rate above 100', { name: 'A', taxRate: 101 }, { field: 'taxRate' }],
      ['a negative tax rate', { name: 'A', taxRate: '-7' }, { field: 'taxRate' }],
      ['a line type no product carries', { name: 'A', lineType: 'TEXT' }, { field: 'lineType', allowedValues: ['PRODUCT', 'SERVICE', 'SHIPPING'] }],
    ]
    for (const [what, input, details] of cases) {
      it(what, async () => {
        const { products, actor } = await setup()
        await assert.rejects(products.create(actor, input as never), failsWith('validation_failed', details))
      })
    }
  })

  it('keeps product numbers unique per company', async () => {
    const { products, actor, other } = await setup()
    await products.create(actor, { name: 'A', productNumber: 'P-1' })
    await assert.rejects(products.create(actor, { name: 'B', productNumber: 'P-1' }), failsWith('product_number_taken'))
    assert.equal((await products.create(other, { name: 'B', productNumber: 'P-1' })).productNumber, 'P-1')
    assert.equal((await products.list(actor)).total, 1)
  })

  it('allows many products without a number', async () => {
    const { products, actor } = await setup()
    await products.create(actor, { name: 'A' })
    await products.create(actor, { name: 'B', productNumber: null })
    assert.equal((await products.list(actor)).total, 2)
  })

  it('fails with not_found for an unknown company', async () => {
    const { products } = await setup()
    await assert.rejects(products.create(companyActor('missing'), { name: 'A' }), failsWith('not_found'))
  })
})

describe('products.update', () => {
  it('changes only the given fields and moves updatedAt', async () => {
    const { clock, products, actor } = await setup()
    const product = await products.create(actor, { name: 'A', unitPrice: '10', taxRate: 19, unit: 'Stk' })
    clock.advance(1_000)
    const updated = await products.update(actor, product.id, { unitPrice: 12.5 })
    assert.deepEqual(updated, { ...product, unitPrice: '12.5', updatedAt: '2026-03-15T10:00:01.000Z' })
    assert.deepEqual(await products.get(actor, product.id), updated)
  })

  it('clears a field given as null', async () => {
    const { products, actor } = await setup()
    const product = await products.create(actor, { name: 'A', taxRate: 19, productNumber: 'P-1', unit: 'h' })
    const updated = await products.update(actor, product.id, { taxRate: null, productNumber: null, unit: null })
    assert.equal(updated.taxRate, null)
    assert.equal(updated.productNumber, null)
    assert.equal(updated.unit, null)
  })

  it('may keep its own number and refuses one held by another product', async () => {
    const { products, actor } = await setup()
    const first = await products.create(actor, { name: 'A', productNumber: 'P-1' })
    const second = await products.create(actor, { name: 'B', productNumber: 'P-2' })
    assert.equal((await products.update(actor, first.id, { productNumber: 'P-1', name: 'A2' })).name, 'A2')
    await assert.rejects(products.update(actor, second.id, { productNumber: 'P-1' }), failsWith('product_number_taken'))
    assert.equal((await products.get(actor, second.id)).productNumber, 'P-2')
  })

  it('validates the changes', async () => {
    const { products, actor } = await setup()
    const product = await products.create(actor, { name: 'A' })
    await assert.rejects(products.update(actor, product.id, { unitPrice: -0.01 }), failsWith('validation_failed', { field: 'unitPrice' }))
    await assert.rejects(products.update(actor, product.id, { name: null } as never), failsWith('validation_failed', { field: 'name' }))
  })
})

describe('products.delete', () => {
  it('removes the product and frees its number', async () => {
    const { products, actor } = await setup()
    const product = await products.create(actor, { name: 'A', productNumber: 'P-1' })
    await products.delete(actor, product.id)
    await assert.rejects(products.get(actor, product.id), failsWith('not_found'))
    await assert.rejects(products.delete(actor, product.id), failsWith('not_found'))
    assert.equal((await products.create(actor, { name: 'B', productNumber: 'P-1' })).productNumber, 'P-1')
  })
})

describe('products.list', () => {
  it('lists newest first with the total before paging', async () => {
    const { clock, products, actor } = await setup()
    for (const name of ['A', 'B', 'C']) {
      await products.create(actor, { name })
      clock.advance(1_000)
    }
    const page = await products.list(actor, { limit: 2 })
    assert.deepEqual(page.items.map((p) => p.name), ['C', 'B'])
    assert.equal(page.total, 3)
    assert.equal((await products.list(actor, { limit: 500 })).limit, 100)
  })

  it('rejects a limit below 1 or not a number', async () => {
    const { products, actor } = await setup()
    await assert.rejects(products.list(actor, { limit: 0 }), failsWith('validation_failed', { field: 'limit' }))
    await assert.rejects(products.list(actor, { limit: 'abc' }), failsWith('validation_failed', { field: 'limit' }))
  })

  it('searches name, number and description ignoring case', async () => {
    const { products, actor } = await setup()
    await products.create(actor, { name: 'Beratung', description: 'Stunde vor Ort' })
    await products.create(actor, { name: 'Schrauben', productNumber: 'SCHR-10' })
    await products.create(actor, { name: 'Öl', description: 'Motoröl 5W-30' })
    const names = async (search: string) => (await products.list(actor, { search })).items.map((p) => p.name)
    assert.deepEqual(await names('BERATUNG'), ['Beratung'])
    assert.deepEqual(await names('vor ort'), ['Beratung'])
    assert.deepEqual(await names('schr-1'), ['Schrauben'])
    assert.deepEqual(await names('ÖL'), ['Öl'])
  })
})

describe('tenant isolation', () => {
  it('hides a product of company A from company B', async () => {
    const { products, actor, other } = await setup()
    const product = await products.create(actor, { name: 'Nur für A' })
    await assert.rejects(products.get(other, product.id), failsWith('not_found'))
    await assert.rejects(products.update(other, product.id, { name: 'Übernommen' }), failsWith('not_found'))
    await assert.rejects(products.delete(other, product.id), failsWith('not_found'))
    assert.equal((await products.list(other)).total, 0)
    assert.deepEqual(await products.get(actor, product.id), product)
  })
})
