import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { documentedResponses } from '../support/documented'
import { createTenant, type Tenant } from '../support/tenant'
import { startTestApp, type TestApp } from '../support/test-app'

/** Per country prefix: an id as a caller may write it in that country's format, and one that is not. */
const VAT_IDS: [prefix: string, country: string, wellFormed: string, malformed: string][] = [
  ['AT', 'AT', 'ATU 12345678', 'AT12345678'],
  ['BE', 'BE', 'BE 0123.456.789', 'BE12345678'],
  ['BG', 'BG', 'BG123456789', 'BG12345678'],
  ['HR', 'HR', 'HR12345678901', 'HR1234567890'],
  ['CY', 'CY', 'CY12345678L', 'CY12345678'],
  ['CZ', 'CZ', 'CZ12345678', 'CZ1234567'],
  ['DK', 'DK', 'DK 12 34 56 78', 'DK1234567'],
  ['EE', 'EE', 'EE101234567', 'EE123456789'],
  ['FI', 'FI', 'FI12345678', 'FI1234567'],
  ['FR', 'FR', 'FR 40 303265045', 'FR4030326504'],
  ['DE', 'DE', 'de 123 456 789', 'DE12345678'],
  ['EL', 'GR', 'EL123456789', 'GR123456789'],
  ['HU', 'HU', 'HU12345678', 'HU1234567'],
  ['IE', 'IE', 'IE1234567WA', 'IE12345678'],
  ['IT', 'IT', 'IT12345678901', 'IT1234567890'],
  ['LV', 'LV', 'LV12345678901', 'LV1234567890'],
  ['LT', 'LT', 'LT123456789', 'LT12345678'],
  ['LU', 'LU', 'LU12345678', 'LU1234567'],
  ['MT', 'MT', 'MT12345678', 'MT02345678'],
  ['NL', 'NL', 'NL123456789B01', 'NL123456789'],
  ['PL', 'PL', 'PL1234567890', 'PL123456789'],
  ['PT', 'PT', 'PT123456789', 'PT12345678'],
  ['RO', 'RO', 'RO1234567890', 'RO0123'],
  ['SK', 'SK', 'SK1234567890', 'SK1254567890'],
  ['SI', 'SI', 'SI12345678', 'SI02345678'],
  ['ES', 'ES', 'ESX1234567X', 'ES123456789'],
  ['SE', 'SE', 'SE123456789001', 'SE12345678901'],
  ['XI', 'GB', 'XI123456789', 'XI12345678'],
  ['CHE', 'CH', 'CHE-123.456.789 MWST', 'CHE-123.456.78'],
  ['GB', 'GB', 'GB 123 4567 89', 'GB12345678'],
  ['NO', 'NO', 'NO 123 456 789 MVA', 'NO12345678'],
]

describe('customer VAT ids', () => {
  let app: TestApp
  let tenant: Tenant
  let documented: ReturnType<typeof documentedResponses>
  before(async () => {
    app = await startTestApp({ access: { requestsPerMinute: 10_000 } })
    tenant = await createTenant(app, { name: 'Export GmbH', vatId: 'DE123456789' })
    documented = documentedResponses((await tenant.api.get('/openapi.json')).body)
  })
  after(() => app.stop())

  const refusesWithInvalidVatId = (response: { status: number; body: any; text: string }, vatId: string) => {
    assert.equal(response.status, 400, `${vatId}: ${response.text}`)
    assert.equal(response.body.code, 'invalid_vat_id', vatId)
    assert.equal(response.body.field, 'vatId')
  }

  for (const [prefix, country, wellFormed, malformed] of VAT_IDS) {
    it(`${prefix}: takes ${wellFormed} on create and update, refuses ${malformed} with 400 invalid_vat_id`, async () => {
      const created = await tenant.api.post('/customers', { name: `Kunde ${prefix}`, country, vatId: wellFormed })
      assert.equal(created.status, 201, created.text)
      assert.equal(created.body.data.vatId, wellFormed.replace(/[\s.-]/g, '').toUpperCase())

      const refused = await tenant.api.post('/customers', { name: `Kunde ${prefix}`, country, vat_id: malformed })
      refusesWithInvalidVatId(refused, malformed)
      documented('POST', '/api/v1/customers', refused)
      const update = await tenant.api.put(`/customers/${created.body.data.id}`, { vatId: malformed })
      refusesWithInvalidVatId(update, malformed)
      documented('PUT', '/api/v1/customers/{id}', update)
      assert.equal((await tenant.api.get(`/customers/${created.body.data.id}`)).body.data.vatId, created.body.data.vatId, 'unchanged')
    })
  }

  it('refuses an id without a known country prefix, and an empty one; null clears it', async () => {
    for (const vatId of ['123456789', 'US12-3456789', 'EU123456789', '  ']) refusesWithInvalidVatId(await tenant.api.post('/customers', { name: 'X', vatId }), vatId)
    const created = (await tenant.api.post('/customers', { name: 'X', vatId: 'ATU12345678' })).body.data
    assert.equal((await tenant.api.put(`/customers/${created.id}`, { vatId: null })).body.data.vatId, null)
  })

  it('invoices a business in another EU country under reverse charge only with a well-formed id', async () => {
    const business = (await tenant.api.post('/customers', { name: 'Société SA', country: 'FR', vatId: 'FR40303265045' })).body.data
    const consumer = (await tenant.api.post('/customers', { name: 'Jean Dupont', country: 'FR' })).body.data
    const lines = [{ description: 'Beratung', unitPrice: '100' }]
    const reverse = (await tenant.api.post('/invoices', { customerId: business.id, lines })).body.data
    assert.deepEqual([reverse.taxExemptionReason, reverse.reverseCharge, reverse.taxTotal], ['REVERSE_CHARGE_EU', true, 0])
    const taxed = (await tenant.api.post('/invoices', { customerId: consumer.id, lines })).body.data
    assert.deepEqual([taxed.taxExemptionReason, taxed.reverseCharge, taxed.taxTotal], ['NONE', false, 19])
  })
})
