import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { companyActor, EVENT_TYPES } from '@invoicing/core'
import { createManualClock } from '@invoicing/core/testing'
import { apiClient } from '../support/api-client'
import { documentedResponses } from '../support/documented'
import { createTenant, type Tenant } from '../support/tenant'
import { startTestApp, type TestApp } from '../support/test-app'

/** Every enum the OpenAPI document holds, with the name of the field or parameter it belongs to. */
function enumsOf(document: any): { field: string; values: unknown[] }[] {
  const found: { field: string; values: unknown[] }[] = []
  const walk = (schema: any, field: string): void => {
    if (!schema || typeof schema !== 'object') return
    if (Array.isArray(schema.enum)) found.push({ field, values: schema.enum.filter((value: unknown) => value !== null) })
    for (const [name, property] of Object.entries(schema.properties ?? {})) walk(property, name)
    // A list's items take the singular of its name (events → event).
    if (schema.items) walk(schema.items, field.replace(/s$/, ''))
    for (const part of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) walk(part, field)
    if (typeof schema.additionalProperties === 'object') walk(schema.additionalProperties, field)
  }
  for (const operations of Object.values<any>(document.paths)) {
    for (const operation of Object.values<any>(operations)) {
      for (const parameter of operation.parameters ?? []) walk(parameter.schema, parameter.name)
      for (const content of Object.values<any>(operation.requestBody?.content ?? {})) walk(content.schema, '')
      for (const response of Object.values<any>(operation.responses ?? {})) {
        for (const content of Object.values<any>(response.content ?? {})) walk(content.schema, '')
      }
    }
  }
  for (const schema of Object.values<any>(document.components?.schemas ?? {})) walk(schema, '')
  return found
}

const camelCase = (name: string) => name.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase())
const sameValues = (a: readonly unknown[], b: readonly unknown[]) =>
  a.length === b.length && JSON.stringify([...a].map(String).sort()) === JSON.stringify([...b].map(String).sort())
/** The naming rule of /meta/enums: the field's name, prefixed (quoteStatus ← status), or its shared last word (locale ← documentLocale). */
const namedAfter = (name: string, field: string) => {
  const [enumName, fieldName] = [name.toLowerCase(), camelCase(field).toLowerCase()]
  return enumName.endsWith(fieldName) || fieldName.endsWith(enumName)
}
/** Enums /meta/enums leaves out: fixed discriminators (one value) and true/false query flags. */
const listed = (values: readonly unknown[]) => values.length > 1 && !sameValues(values, ['true', 'false'])

describe('the meta routes', () => {
  let app: TestApp
  let tenant: Tenant
  let document: any
  let documented: ReturnType<typeof documentedResponses>
  // 2020-06-30 22:30 UTC is already 2020-07-01 in Berlin, the day Germany's temporary 16 % began.
  const clock = createManualClock('2020-06-30T22:30:00.000Z')
  before(async () => {
    app = await startTestApp({ clock, access: { requestsPerMinute: 10_000 } })
    tenant = await createTenant(app, { name: 'Meta GmbH', country: 'DE', timeZone: 'Europe/Berlin' })
    document = (await tenant.api.get('/openapi.json')).body
    documented = documentedResponses(document)
  })
  after(() => app.stop())

  it('names the API "API v1" at the entry point, with the server time and the key\'s company', async () => {
    const before = Date.now()
    const response = await tenant.api.get('')
    assert.equal(response.status, 200, response.text)
    documented('GET', '/api/v1', response)
    const { serverTime, ...rest } = response.body.data
    assert.deepEqual(rest, {
      name: 'API v1', version: '1.0.0', openapi: '/api/v1/openapi.json', documentation: '/api/v1/docs',
      company: { id: tenant.company.id, name: 'Meta GmbH' },
    })
    assert.ok(Date.parse(serverTime) >= before - 1000 && Date.parse(serverTime) <= Date.now() + 1000, serverTime)
    assert.equal((await tenant.api.get('/docs')).status, 200)
  })

  it('shows the calling key with a masked prefix and when it was last used, never its secret', async () => {
    const reader = await app.invoicing.apiKeys.create(companyActor(tenant.company.id), { name: 'Nur Kunden', scopes: ['customers:read'] })
    const api = apiClient(app.target, reader.secret)
    const response = await api.get('/meta/key')
    assert.equal(response.status, 200, response.text)
    documented('GET', '/api/v1/meta/key', response)
    assert.deepEqual(response.body.data, {
      id: reader.apiKey.id, name: 'Nur Kunden', prefix: `sk_live_\u2026${reader.secret.slice(-4)}`, scopes: ['customers:read'],
      platformAdmin: false, companyId: tenant.company.id, createdAt: reader.apiKey.createdAt, lastUsedAt: clock.now().toISOString(),
    })
    assert.ok(!response.text.includes(reader.secret.slice(8, -4)), 'the secret must not appear')
    assert.ok(!response.text.includes(reader.apiKey.keyHash), 'the hash must not appear')

    // The use is written within the flush interval and stays after a restart of the engine.
    clock.advance(5_000)
    await api.get('/meta/countries')
    await app.invoicing.access.flushUsage()
    assert.equal((await app.storage.apiKeys.get(reader.apiKey.id))!.lastUsedAt, clock.now().toISOString())
    const other = await app.invoicing.apiKeys.create(companyActor(tenant.company.id), { name: 'Unbenutzt' })
    assert.equal((await app.storage.apiKeys.get(other.apiKey.id))!.lastUsedAt, null)
  })

  it('lists the VAT rates of the company\'s country today in its time zone by default', async () => {
    const response = await tenant.api.get('/meta/tax-rates')
    assert.equal(response.status, 200, response.text)
    documented('GET', '/api/v1/meta/tax-rates', response)
    assert.deepEqual(response.body.data, [
      { country: 'DE', category: 'STANDARD', rate: 16, validFrom: '2020-07-01', validTo: '2020-12-31' },
      { country: 'DE', category: 'REDUCED', rate: 5, validFrom: '2020-07-01', validTo: '2020-12-31' },
    ])
  })

  it('lists a country\'s rates on a day, parking rates included, each with the days it is in force', async () => {
    const austria = await tenant.api.get('/meta/tax-rates?country=at&date=2021-06-15')
    assert.equal(austria.status, 200, austria.text)
    documented('GET', '/api/v1/meta/tax-rates', austria)
    assert.deepEqual(austria.body.data, [
      { country: 'AT', category: 'STANDARD', rate: 20, validFrom: '2020-01-01', validTo: null },
      { country: 'AT', category: 'REDUCED', rate: 5, validFrom: '2020-07-01', validTo: '2021-12-31' },
      { country: 'AT', category: 'REDUCED', rate: 10, validFrom: '2020-01-01', validTo: null },
      { country: 'AT', category: 'REDUCED', rate: 13, validFrom: '2020-01-01', validTo: null },
      { country: 'AT', category: 'PARKING', rate: 13, validFrom: '2020-01-01', validTo: null },
    ])
    const luxembourg = (await tenant.api.get('/meta/tax-rates?country=LU&date=2023-06-01')).body.data
    assert.deepEqual(luxembourg.map((rate: any) => [rate.category, rate.rate, rate.validFrom, rate.validTo]), [
      ['STANDARD', 16, '2023-01-01', '2023-12-31'], ['REDUCED', 7, '2023-01-01', '2023-12-31'],
      ['SUPER_REDUCED', 3, '2020-01-01', null], ['PARKING', 13, '2023-01-01', '2023-12-31'],
    ])
    const liechtenstein = (await tenant.api.get('/meta/tax-rates?country=LI&date=2024-01-01')).body.data
    assert.deepEqual(liechtenstein.map((rate: any) => [rate.category, rate.rate]), [['STANDARD', 8.1], ['REDUCED', 2.6], ['REDUCED', 3.8]])
    for (const country of ['CH', 'GB', 'NO', 'FR', 'PL', 'GR']) {
      const rates = (await tenant.api.get(`/meta/tax-rates?country=${country}&date=2020-01-01`)).body.data
      assert.equal(rates.filter((rate: any) => rate.category === 'STANDARD').length, 1, country)
    }
    assert.ok((await tenant.api.get('/meta/tax-rates?country=DE&date=2024-01-01')).body.data.every((rate: any) => rate.rate > 0))
  })

  it('answers no rates for another country or a day before 2020, and 400 for a code that is no country', async () => {
    for (const query of ['country=US', 'country=JP&date=2025-01-01', 'country=DE&date=2019-12-31']) {
      const response = await tenant.api.get(`/meta/tax-rates?${query}`)
      assert.equal(response.status, 200, response.text)
      assert.deepEqual(response.body, { data: [] }, query)
    }
    for (const country of ['XX', 'EL', 'DEU', '1', '']) {
      const response = await tenant.api.get(`/meta/tax-rates?country=${country}`)
      assert.equal(response.status, 400, `${country}: ${response.text}`)
      documented('GET', '/api/v1/meta/tax-rates', response)
      assert.equal(response.body.code, 'invalid_country')
    }
    const badDate = await tenant.api.get('/meta/tax-rates?date=2021-02-29')
    assert.equal(badDate.status, 400)
    assert.equal(badDate.body.code, 'validation_failed')
    const unknown = await tenant.api.get('/meta/tax-rates?year=2021')
    assert.equal(unknown.status, 400)
    assert.equal(unknown.body.code, 'unknown_parameter')
  })

  it('lists every country with German and English names, EU membership and currency', async () => {
    const response = await tenant.api.get('/meta/countries')
    assert.equal(response.status, 200, response.text)
    documented('GET', '/api/v1/meta/countries', response)
    const countries: any[] = response.body.data
    const byCode = new Map(countries.map((country) => [country.code, country]))
    assert.ok(countries.length >= 250, `${countries.length} countries`)
    assert.deepEqual(countries.map((country) => country.code), [...byCode.keys()].sort())
    assert.deepEqual(byCode.get('DE'), { code: 'DE', name: { de: 'Deutschland', en: 'Germany' }, euMember: true, defaultCurrency: 'EUR' })
    assert.deepEqual(byCode.get('CH'), { code: 'CH', name: { de: 'Schweiz', en: 'Switzerland' }, euMember: false, defaultCurrency: 'CHF' })
    assert.deepEqual([byCode.get('GB').euMember, byCode.get('GB').defaultCurrency, byCode.get('NO').defaultCurrency], [false, 'GBP', 'NOK'])
    assert.equal(byCode.get('XK').name.en, 'Kosovo')
    assert.equal(byCode.get('AQ').defaultCurrency, null)
    assert.equal(countries.filter((country) => country.euMember).length, 27)
    const currencies = new Set((await tenant.api.get('/meta/currencies')).body.data.map((currency: any) => currency.code))
    for (const country of countries) {
      if (country.defaultCurrency !== null) assert.ok(currencies.has(country.defaultCurrency), `${country.code}: ${country.defaultCurrency}`)
    }
  })

  it('lists the ISO 4217 currencies with their minor units', async () => {
    const response = await tenant.api.get('/meta/currencies')
    assert.equal(response.status, 200, response.text)
    documented('GET', '/api/v1/meta/currencies', response)
    const byCode = new Map(response.body.data.map((currency: any) => [currency.code, currency]))
    assert.deepEqual(byCode.get('EUR'), { code: 'EUR', name: 'Euro', minorUnits: 2 })
    assert.deepEqual(['JPY', 'BHD', 'CLF', 'XAU', 'HRK'].map((code) => (byCode.get(code) as any)?.minorUnits), [0, 3, 4, null, undefined])
    assert.ok(byCode.size >= 170)
  })

  it('lists the UN/ECE Rec. 20 units lines and Factur-X use, with German and English names', async () => {
    const response = await tenant.api.get('/meta/units')
    assert.equal(response.status, 200, response.text)
    documented('GET', '/api/v1/meta/units', response)
    const byCode = new Map(response.body.data.map((unit: any) => [unit.code, unit.name]))
    for (const code of ['H87', 'C62', 'HUR', 'MIN', 'DAY', 'WEE', 'MON', 'ANN', 'KGM', 'GRM', 'TNE', 'MTR', 'KMT', 'MTK', 'MTQ', 'LTR', 'KWH', 'SET', 'PR', 'LS', 'P1']) {
      assert.ok(byCode.has(code), code)
    }
    assert.deepEqual(byCode.get('HUR'), { de: 'Stunde', en: 'hour' })
    assert.deepEqual(byCode.get('H87'), { de: 'Stück', en: 'piece' })
  })

  it('lists every enum of the OpenAPI document under its name, with the same values', async () => {
    const response = await tenant.api.get('/meta/enums')
    assert.equal(response.status, 200, response.text)
    documented('GET', '/api/v1/meta/enums', response)
    const enums: Record<string, unknown[]> = response.body.data
    for (const name of ['invoiceStatus', 'taxExemptionReason', 'lineType', 'paymentMethod', 'quoteStatus']) assert.ok(enums[name], name)
    assert.deepEqual(enums.quoteStatus, ['DRAFT', 'OPEN', 'ACCEPTED', 'REJECTED', 'EXPIRED', 'CANCELLED'])

    const inDocument = enumsOf(document).filter(({ values }) => listed(values))
    assert.ok(inDocument.length > 40, `${inDocument.length} enums in the document`)
    for (const { field, values } of inDocument) {
      const names = Object.entries(enums).filter(([name, listedValues]) => sameValues(listedValues, values) && namedAfter(name, field)).map(([name]) => name)
      assert.equal(names.length, 1, `the enum of ${field} ${JSON.stringify(values).slice(0, 120)} is listed under ${names.length} names: ${names}`)
    }
    for (const [name, values] of Object.entries(enums)) {
      assert.ok(inDocument.some((found) => sameValues(found.values, values) && namedAfter(name, found.field)), `${name} is not an enum of the document`)
      assert.equal(new Set(values).size, values.length, `${name} repeats a value`)
    }
  })

  it('lists every webhook event type with its resource and a description', async () => {
    const response = await tenant.api.get('/meta/events')
    assert.equal(response.status, 200, response.text)
    documented('GET', '/api/v1/meta/events', response)
    const events: any[] = response.body.data
    assert.deepEqual(events.map((event) => event.type), [...EVENT_TYPES])
    const subscribable = enumsOf(document).find(({ field }) => field === 'event')!.values
    assert.deepEqual([...events.map((event) => event.type), '*'].sort(), [...subscribable].sort())
    assert.deepEqual(events.find((event) => event.type === 'recurring_schedule.occurrence_created')!.resource, 'recurring_schedule')
    for (const event of events) {
      assert.equal(event.resource, event.type.slice(0, event.type.lastIndexOf('.')))
      assert.ok(event.description.length > 10, event.type)
    }
  })

  it('needs a valid key but no scope', async () => {
    const scoped = await app.invoicing.apiKeys.create(companyActor(tenant.company.id), { scopes: ['invoices:read'] })
    const api = apiClient(app.target, scoped.secret)
    for (const path of ['', '/meta/key', '/meta/tax-rates', '/meta/countries', '/meta/currencies', '/meta/units', '/meta/enums', '/meta/events']) {
      assert.equal((await api.get(path)).status, 200, path)
      const anonymous = await apiClient(app.target).get(path)
      assert.equal(anonymous.status, 401, path)
      documented('GET', `/api/v1${path}`, anonymous)
    }
  })
})

describe('the meta routes and the limits', () => {
  it('count against the key\'s rate limit but never against the monthly quota', async () => {
    const clock = createManualClock('2026-05-10T10:00:00.000Z')
    const app = await startTestApp({ clock, access: { requestsPerMinute: 4 } })
    try {
      const tenant = await createTenant(app, { apiCallQuota: 1 })
      assert.equal((await tenant.api.get('/customers')).status, 200)
      const overQuota = await tenant.api.get('/customers')
      assert.equal(overQuota.body.code, 'quota_exceeded')
      const meta = await tenant.api.get('/meta/countries')
      assert.equal(meta.status, 200, meta.text)
      assert.equal(meta.headers.get('ratelimit-remaining'), '1')
      assert.equal((await tenant.api.get('/meta/key')).status, 200)
      const limited = await tenant.api.get('/meta/units')
      assert.equal(limited.status, 429)
      assert.equal(limited.body.code, 'rate_limited')
      clock.advance(60_000)
      assert.deepEqual((await app.invoicing.access.usage(companyActor(tenant.company.id))).apiCalls, { used: 1, quota: 1, remaining: 0 })
    } finally {
      await app.stop()
    }
  })
})
