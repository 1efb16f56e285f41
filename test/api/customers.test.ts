import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { documentedResponses } from '../support/documented'
import { createTenant, type Tenant } from '../support/tenant'
import { startTestApp, type TestApp } from '../support/test-app'

const complete = {
  name: 'Ärztehaus Übersee GmbH',
  email: 'buchhaltung@aerztehaus.at',
  street: 'Ringstraße 5',
  zipCode: '1010',
  city: 'Wien',
  country: 'AT',
  vatId: 'ATU12345678',
  taxNumber: '12-345/6789',
  paymentTermDays: 30,
  defaultLocale: 'en',
  buyerReference: '04011000-12345-67',
  notes: 'Prefers e-mail',
  iban: 'AT61 1904 3002 3457 3201',
  bic: 'BKAUATWW',
  sepaMandateId: 'MANDATE-2026-1',
  sepaMandateDate: '2026-01-15',
}

describe('customers', () => {
  let app: TestApp
  let tenant: Tenant
  let documented: ReturnType<typeof documentedResponses>
  before(async () => {
    app = await startTestApp()
    tenant = await createTenant(app, { country: 'DE' })
    documented = documentedResponses((await tenant.api.get('/openapi.json')).body)
  })
  after(() => app.stop())

  it('creates a customer with a number from the CUSTOMER range and answers in snake_case with camelCase aliases', async () => {
    const { api } = await createTenant(app)
    const created = await api.post('/customers', complete)
    assert.equal(created.status, 201)
    documented('POST', '/api/v1/customers', created)
    const customer = created.body.data
    assert.equal(customer.customer_number, 'KD-00001')
    assert.equal(customer.customerNumber, 'KD-00001')
    assert.equal(customer.zip_code, '1010')
    assert.equal(customer.zipCode, '1010')
    assert.equal(customer.iban, 'AT611904300234573201')
    assert.equal(customer.payment_term_days, 30)
    assert.equal(customer.sepaMandateDate, '2026-01-15')
    const read = await api.get(`/customers/${customer.id}`)
    documented('GET', '/api/v1/customers/{id}', read)
    assert.deepEqual(read.body.data, customer)
    assert.equal((await api.post('/customers', { name: 'Zweiter' })).body.data.customerNumber, 'KD-00002')
  })

  it('accepts every field in snake_case as well', async () => {
    const snake = Object.fromEntries(Object.entries(complete).map(([key, value]) => [key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`), value]))
    const fromSnake = (await tenant.api.post('/customers', snake)).body.data
    const fromCamel = (await tenant.api.post('/customers', complete)).body.data
    for (const field of ['id', 'customer_number', 'customerNumber', 'created_at', 'createdAt', 'updated_at', 'updatedAt']) {
      delete fromSnake[field]
      delete fromCamel[field]
    }
    assert.deepEqual(fromSnake, fromCamel)
  })

  it('defaults the country to the company’s and keeps a customer number given by hand', async () => {
    const created = (await tenant.api.post('/customers', { name: 'Hand', customer_number: 'K-7' })).body.data
    assert.equal(created.country, 'DE')
    assert.equal(created.customerNumber, 'K-7')
    const taken = await tenant.api.post('/customers', { name: 'Doppelt', customerNumber: 'K-7' })
    assert.equal(taken.status, 409)
    assert.equal(taken.body.code, 'customer_number_taken')
    documented('POST', '/api/v1/customers', taken)
  })

  const invalid: [string, Record<string, unknown>, string, RegExp][] = [
    ['a missing name', { email: 'a@b.de' }, 'name', /is required/],
    ['an empty name', { name: '  ' }, 'name', /must not be empty/],
    ['a name that is not a string', { name: 5 }, 'name', /string/],
    ['an invalid email', { name: 'X', email: 'not-an-email' }, 'email', /email/],
    ['an unknown country', { name: 'X', country: 'Germany' }, 'country', /alpha-2/],
    ['a negative payment term', { name: 'X', paymentTermDays: -1 }, 'paymentTermDays', /negative/],
    ['a payment term as text', { name: 'X', payment_term_days: 'ten' }, 'paymentTermDays', /number/],
    ['an IBAN with a wrong check sum', { name: 'X', iban: 'DE89370400440532013001' }, 'iban', /IBAN/],
    ['a malformed BIC', { name: 'X', bic: 'COBA' }, 'bic', /BIC/],
    ['a date that does not exist', { name: 'X', sepaMandateDate: '2026-02-30' }, 'sepaMandateDate', /calendar date/],
    ['a date with a time', { name: 'X', sepaMandateDate: '2026-02-03T10:00:00Z' }, 'sepaMandateDate', /calendar date/],
  ]
  for (const [what, body, field, message] of invalid) {
    it(`answers 400 naming the field for ${what}`, async () => {
      const response = await tenant.api.post('/customers', body)
      assert.equal(response.status, 400)
      assert.equal(response.body.code, 'validation_failed')
      assert.equal(response.body.field, field)
      assert.match(response.body.error, message)
      assert.ok(response.body.error.startsWith(`${field}: `))
      documented('POST', '/api/v1/customers', response)
    })
  }

  it('answers an unknown locale with allowedValues', async () => {
    const response = await tenant.api.post('/customers', { name: 'X', defaultLocale: 'fr' })
    assert.equal(response.status, 400)
    assert.deepEqual(response.body.allowedValues, ['de', 'en'])
  })

  it('answers both spellings of a field with different values with 400', async () => {
    const response = await tenant.api.post('/customers', { name: 'X', zipCode: '1010', zip_code: '1020' })
    assert.equal(response.status, 400)
    assert.match(response.body.error, /zipCode and zip_code/)
  })

  it('changes only the fields given on PUT, clears with null, and keeps content on invalid input', async () => {
    const customer = (await tenant.api.post('/customers', complete)).body.data
    const updated = await tenant.api.put(`/customers/${customer.id}`, { city: 'Graz', email: null, payment_term_days: 7 })
    assert.equal(updated.status, 200)
    documented('PUT', '/api/v1/customers/{id}', updated)
    assert.equal(updated.body.data.city, 'Graz')
    assert.equal(updated.body.data.email, null)
    assert.equal(updated.body.data.paymentTermDays, 7)
    assert.equal(updated.body.data.street, complete.street)
    assert.notEqual(updated.body.data.updatedAt, customer.createdAt)

    const rejected = await tenant.api.put(`/customers/${customer.id}`, { city: 'Linz', country: 'Österreich' })
    assert.equal(rejected.status, 400)
    assert.equal((await tenant.api.get(`/customers/${customer.id}`)).body.data.city, 'Graz')
    assert.equal((await tenant.api.put('/customers/nope', { city: 'Linz' })).status, 404)
  })

  it('takes the ledger account and the mandate type and sequence on POST and PUT, with defaults, and never takes sepaMandateLastUsedAt', async () => {
    const plain = (await tenant.api.post('/customers', { name: 'Ohne' })).body.data
    assert.deepEqual(
      [plain.ledger_account, plain.ledgerAccount, plain.sepa_mandate_type, plain.sepaMandateSequence, plain.sepa_mandate_last_used_at, plain.sepaMandateLastUsedAt],
      [null, null, 'CORE', 'RECURRING', null, null],
    )

    const created = await tenant.api.post('/customers', { name: 'Mit', ledger_account: '10042', sepaMandateType: 'B2B', sepa_mandate_sequence: 'ONE_OFF', sepaMandateLastUsedAt: '2026-01-01' })
    assert.equal(created.status, 201, created.text)
    documented('POST', '/api/v1/customers', created)
    assert.equal(created.headers.get('invoicing-ignored-fields'), 'sepaMandateLastUsedAt')
    const customer = created.body.data
    assert.deepEqual([customer.ledgerAccount, customer.sepa_mandate_type, customer.sepaMandateSequence, customer.sepaMandateLastUsedAt], ['10042', 'B2B', 'ONE_OFF', null])

    const updated = await tenant.api.put(`/customers/${customer.id}`, { ledgerAccount: null, sepa_mandate_type: 'CORE', sepa_mandate_last_used_at: '2026-02-02' })
    assert.equal(updated.status, 200, updated.text)
    documented('PUT', '/api/v1/customers/{id}', updated)
    assert.equal(updated.headers.get('invoicing-ignored-fields'), 'sepa_mandate_last_used_at')
    assert.deepEqual([updated.body.data.ledgerAccount, updated.body.data.sepaMandateType, updated.body.data.sepa_mandate_sequence, updated.body.data.sepaMandateLastUsedAt],
      [null, 'CORE', 'ONE_OFF', null])
    assert.deepEqual((await tenant.api.get(`/customers/${customer.id}`)).body.data, updated.body.data)

    for (const [body, field] of [[{ ledgerAccount: '10O42' }, 'ledgerAccount'], [{ sepaMandateType: 'COR1' }, 'sepaMandateType'], [{ sepa_mandate_sequence: 'FRST' }, 'sepaMandateSequence']] as const) {
      const refused = await tenant.api.put(`/customers/${customer.id}`, body)
      assert.equal(refused.status, 400)
      assert.deepEqual([refused.body.code, refused.body.field], ['validation_failed', field])
      documented('PUT', '/api/v1/customers/{id}', refused)
    }
  })

  it('answers 409 when PUT gives a customer number another customer holds', async () => {
    const first = (await tenant.api.post('/customers', { name: 'A', customerNumber: 'PUT-1' })).body.data
    const second = (await tenant.api.post('/customers', { name: 'B' })).body.data
    const taken = await tenant.api.put(`/customers/${second.id}`, { customer_number: 'PUT-1' })
    assert.equal(taken.status, 409)
    assert.equal(taken.body.code, 'customer_number_taken')
    documented('PUT', '/api/v1/customers/{id}', taken)
    assert.equal((await tenant.api.put(`/customers/${first.id}`, { customerNumber: 'PUT-1', name: 'A2' })).status, 200)
  })

  it('deletes a customer', async () => {
    const customer = (await tenant.api.post('/customers', { name: 'Weg damit' })).body.data
    const deleted = await tenant.api.delete(`/customers/${customer.id}`)
    assert.deepEqual([deleted.status, deleted.body], [200, { success: true }])
    documented('DELETE', '/api/v1/customers/{id}', deleted)
    assert.equal((await tenant.api.get(`/customers/${customer.id}`)).status, 404)
    assert.equal((await tenant.api.delete(`/customers/${customer.id}`)).status, 404)
  })

  describe('list', () => {
    let lister: Tenant
    before(async () => {
      lister = await createTenant(app)
      const actor = { companyId: lister.company.id, apiKeyId: null }
      // Seeded through the core: 110 requests would pass the rate limit.
      for (const name of ['Müller KG', '100% Bio_Laden', 'ÖKO Hof', 'Plain Ltd']) await app.invoicing.customers.create(actor, { name })
      for (let index = 0; index < 106; index++) await app.invoicing.customers.create(actor, { name: `Bulk ${index}` })
    })

    it('pages newest first with pagination totals, 50 by default', async () => {
      const first = await lister.api.get('/customers')
      documented('GET', '/api/v1/customers', first)
      assert.deepEqual(first.body.pagination, { total: 110, limit: 50, offset: 0, hasMore: true })
      assert.equal(first.body.data[0].name, 'Bulk 105')
      const last = await lister.api.get('/customers?limit=20&offset=100')
      assert.deepEqual(last.body.pagination, { total: 110, limit: 20, offset: 100, hasMore: false })
      assert.equal(last.body.data.length, 10)
      assert.deepEqual(last.body.data.map((c: any) => c.name).slice(-2), ['100% Bio_Laden', 'Müller KG'])
    })

    it('caps limit at 100 and rejects limits below 1 or not numbers, and negative offsets', async () => {
      const capped = await lister.api.get('/customers?limit=500')
      assert.equal(capped.body.pagination.limit, 100)
      assert.equal(capped.body.data.length, 100)
      for (const query of ['limit=0', 'limit=-5', 'limit=abc', 'limit=1.5', 'limit=0x10', 'offset=-1', 'offset=x', 'offset=1e3', 'offset=99999999999999999999', 'offset=9223372036854775807']) {
        const response = await lister.api.get(`/customers?${query}`)
        assert.equal(response.status, 400, query)
        assert.equal(response.body.field, query.split('=')[0])
        documented('GET', '/api/v1/customers', response)
      }
    })

    it('searches name, number and email case-insensitively beyond ASCII, % and _ literally', async () => {
      const names = async (search: string) =>
        (await lister.api.get(`/customers?search=${encodeURIComponent(search)}`)).body.data.map((c: any) => c.name).sort()
      assert.deepEqual(await names('müller'), ['Müller KG'])
      assert.deepEqual(await names('öko'), ['ÖKO Hof'])
      assert.deepEqual(await names('%'), ['100% Bio_Laden'])
      assert.deepEqual(await names('o_l'), ['100% Bio_Laden'])
      assert.deepEqual(await names('KD-00003'), ['ÖKO Hof'])
      assert.deepEqual(await names('nobody'), [])
    })
  })

  it('gives 20 parallel creates 20 different consecutive numbers', async () => {
    const { api } = await createTenant(app)
    const created = await Promise.all(Array.from({ length: 20 }, (_, index) => api.post('/customers', { name: `Parallel ${index}` })))
    assert.ok(created.every((response) => response.status === 201))
    const numbers = created.map((response) => response.body.data.customerNumber).sort()
    assert.deepEqual(numbers, Array.from({ length: 20 }, (_, index) => `KD-${String(index + 1).padStart(5, '0')}`))
  })
})
