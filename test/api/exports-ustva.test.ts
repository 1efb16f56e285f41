import assert from 'node:assert/strict'
import { createHash } from 'node:crypto'
import { after, before, describe, it } from 'node:test'
import { parse } from 'csv-parse/sync'
import { documentedResponses } from '../support/documented'
import { createTenant, type Tenant } from '../support/tenant'
import { startTestApp, type TestApp } from '../support/test-app'

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

describe('UStVA exports', () => {
  let app: TestApp
  let tenant: Tenant
  let documented: ReturnType<typeof documentedResponses>
  const issue = async (on: Tenant, body: Record<string, unknown>) => {
    const created = await on.api.post('/invoices', body)
    assert.equal(created.status, 201, created.text)
    const issued = await on.api.put(`/invoices/${created.body.data.id}`, { status: 'FINAL' })
    assert.equal(issued.status, 200, issued.text)
    return { id: issued.body.data.id as string, number: issued.body.data.invoiceNumber as string }
  }
  const customerOf = async (on: Tenant, body: Record<string, unknown>) => (await on.api.post('/customers', body)).body.data.id as string

  before(async () => {
    app = await startTestApp({ access: { requestsPerMinute: 100_000 } })
    tenant = await createTenant(app, { name: 'Muster GmbH', country: 'DE', vatId: 'DE123456789', taxNumber: '143/123/12345' })
    documented = documentedResponses((await tenant.api.get('/openapi.json')).body)
    const customerId = await customerOf(tenant, { name: 'Kunde AG', country: 'DE' })
    const french = await customerOf(tenant, { name: 'Client SA', country: 'FR', vatId: 'FR40303265045' })
    // March 2026: 81 1200.99 / 228.19 (1200.99 × 19 % = 228.1881); 86 50 / 3.50; 41 300.
    await issue(tenant, { customerId, issueDate: '2026-03-02', lines: [{ description: 'Beratung', unitPrice: '1200.99' }, { description: 'Buch', unitPrice: '50', taxRate: '7' }] })
    await issue(tenant, { customerId: french, issueDate: '2026-03-20', taxExemptionReason: 'INTRA_COMMUNITY', lines: [{ description: 'Ware', unitPrice: '300' }] })
    // Issued in April for a March service: March, 81.
    await issue(tenant, { customerId, issueDate: '2026-04-03', servicePeriodEnd: '2026-03-31', lines: [{ description: 'März', unitPrice: '99.01' }] })
  })
  after(() => app.stop())

  it('makes the JSON report of a month: stored, downloaded with its name, type and SHA-256', async () => {
    const created = await tenant.api.post('/exports/ustva', { year: 2026, period: '03', input_tax: '100.00' })
    assert.equal(created.status, 201, created.text)
    documented('POST', '/api/v1/exports/ustva', created)
    const exported = created.body.data
    assert.deepEqual([exported.type, exported.status, exported.documentCount, exported.file.name], ['USTVA', 'COMPLETED', 3, 'UStVA_2026_03.json'])
    assert.deepEqual(exported.parameters, {
      year: 2026, period: '03', periodStart: '2026-03-01', periodEnd: '2026-03-31', basis: 'ACCRUAL', inputTax: 100, format: 'json',
      includeDocuments: true, otherExemptionKz: '48', onlyNotExported: false,
    })
    // 81: 1200.99 + 99.01 = 1300.00, tax 228.19 + 18.81 = 247.00, 1300 × 19 % = 247.00; 86: 50 × 7 % = 3.50.
    // Kz 83 = 247.00 + 3.50 − 100.00 = 150.50.
    const figures = exported.summary.kennzahlen.map((each: Record<string, unknown>) => [each.kz, each.base, each.baseWholeEuros, each.tax, each.taxAtStatutoryRate, each.documentCount])
    assert.deepEqual(figures, [['81', 1300, 1300, 247, 247, 2], ['86', 50, 50, 3.5, 3.5, 1], ['41', 300, 300, 0, null, 1]])
    assert.deepEqual([exported.summary.taxNumber, exported.summary.vatId, exported.summary.inputTax, exported.summary.kz83], ['143/123/12345', 'DE123456789', 100, 150.5])

    const file = await tenant.api.get(`/exports/${exported.id}/file`)
    assert.equal(file.status, 200)
    assert.equal(file.headers.get('content-type'), 'application/json')
    const documentedFile = (await tenant.api.get('/openapi.json')).body.paths['/api/v1/exports/{id}/file'].get.responses['200']
    assert.ok(documentedFile.content['application/json'], 'the answer\'s Content-Type is documented')
    assert.equal(file.headers.get('content-disposition'), 'attachment; filename="UStVA_2026_03.json"')
    assert.equal(file.headers.get('x-content-sha256'), sha256(file.bytes))
    assert.match(file.text, /"kz83": 150\.50,/)
    const report = JSON.parse(file.text)
    assert.deepEqual(report.kennzahlen, exported.summary.kennzahlen)
    assert.deepEqual(report.documents.map((each: { kz: string }) => each.kz), ['81', '86', '41', '81'])
  })

  it('makes the CSV of a quarter in the excel-de dialect', async () => {
    const created = await tenant.api.post('/exports/ustva', { year: 2026, period: '41', format: 'csv' })
    assert.equal(created.status, 201, created.text)
    const file = await tenant.api.get(`/exports/${created.body.data.id}/file`)
    assert.equal(file.headers.get('content-type'), 'text/csv; charset=utf-8')
    assert.equal(file.headers.get('content-disposition'), 'attachment; filename="UStVA_2026_41.csv"')
    const rows = parse(Buffer.from(file.bytes), { delimiter: ';', bom: true, relax_quotes: false, relax_column_count: false, record_delimiter: '\r\n' }) as string[][]
    assert.deepEqual(rows.map((row) => [row[0], row[2], row[3], row[4], row[5], row[6]]), [
      ['kz', 'bemessungsgrundlage', 'bemessungsgrundlage_volle_euro', 'steuer', 'steuer_nach_satz', 'belege'],
      ['81', '1300,00', '1300', '247,00', '247,00', '2'],
      ['86', '50,00', '50', '3,50', '3,50', '1'],
      ['41', '300,00', '300', '0,00', '', '1'],
    ])
  })

  it('answers 400 export_invalid with every problem: a company outside Germany that is a small business; a document not in euros', async () => {
    const austrian = await createTenant(app, { name: 'Muster GmbH', country: 'AT', vatId: 'ATU12345678', smallBusiness: true })
    const refused = await austrian.api.post('/exports/ustva', { year: 2026, period: '03' })
    documented('POST', '/api/v1/exports/ustva', refused)
    assert.equal(refused.status, 400)
    assert.equal(refused.body.code, 'export_invalid')
    assert.equal(typeof refused.body.error, 'string')
    assert.deepEqual(refused.body.problems.map((problem: { code: string }) => problem.code), ['country_not_supported', 'small_business'])
    assert.deepEqual((await austrian.api.get('/exports')).body.data, [], 'nothing stored')

    const german = await createTenant(app, { name: 'Dollar GmbH', country: 'DE', vatId: 'DE123456789' })
    const usd = await issue(german, { customerId: await customerOf(german, { name: 'Kunde' }), issueDate: '2026-03-05', currency: 'USD', lines: [{ description: 'x', unitPrice: '10' }] })
    const foreign = await german.api.post('/exports/ustva', { year: 2026, period: '03' })
    assert.deepEqual([foreign.status, foreign.body.code], [400, 'export_invalid'])
    assert.deepEqual(foreign.body.problems, [{
      code: 'currency_not_supported', message: `${usd.number} is in USD; the VAT return declares euros only`, documentId: usd.id, documentNumber: usd.number, field: 'currency',
    }])
  })

  it('validates year and period (ELSTER codes 01–12 and 41–44)', async () => {
    for (const [body, field] of [
      [{ period: '03' }, 'year'], [{ year: 2026 }, 'period'], [{ year: 2026.5, period: '03' }, 'year'], [{ year: 2026, period: '13' }, 'period'],
      [{ year: 2026, period: '45' }, 'period'], [{ year: 2026, period: 3 }, 'period'], [{ year: 2026, period: '03', basis: 'SOLL' }, 'basis'],
      [{ year: 2026, period: '03', inputTax: -5 }, 'inputTax'],
    ] as const) {
      const response = await tenant.api.post('/exports/ustva', body)
      documented('POST', '/api/v1/exports/ustva', response)
      assert.deepEqual([response.status, response.body.code, response.body.field], [400, 'validation_failed', field], JSON.stringify(body))
    }
  })
})
