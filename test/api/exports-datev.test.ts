import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { unzipSync } from 'fflate'
import { checkDatevFile, DATEV_COLUMNS } from '@invoicing/core'
import { datevSampleLines, datevSampleSkip, textOfWindows1252 } from '../support/datev-sample'
import { documentedResponses } from '../support/documented'
import { createTenant, type Tenant } from '../support/tenant'
import { startTestApp, type TestApp } from '../support/test-app'

/** Header fields (1-based) the export sets itself; every other one equals DATEV's sample header. */
const FIELDS_WE_SET = new Set([6, 8, 9, 11, 12, 13, 14, 15, 16, 17, 18, 21, 27])
const DATEV = { consultantNumber: 29098, clientNumber: 55003 }

describe('DATEV exports', () => {
  let app: TestApp
  let tenant: Tenant
  let documented: ReturnType<typeof documentedResponses>
  const numbers: string[] = []
  const issue = async (api: Tenant['api'], body: Record<string, unknown>) => {
    const created = await api.post('/invoices', body)
    assert.equal(created.status, 201, created.text)
    const issued = await api.put(`/invoices/${created.body.data.id}`, { status: 'FINAL' })
    assert.equal(issued.status, 200, issued.text)
    return (await api.get(`/invoices/${created.body.data.id}`)).body.data
  }
  before(async () => {
    app = await startTestApp({ access: { requestsPerMinute: 100_000 } })
    tenant = await createTenant(app, { name: 'Export GmbH', email: 'export@example.de', vatId: 'DE123456789', datev: DATEV })
    documented = documentedResponses((await tenant.api.get('/openapi.json')).body)
    const customerId = (await tenant.api.post('/customers', { name: 'Kunde; "Müller" & Söhne', ledgerAccount: '10042' })).body.data.id
    const january = await issue(tenant.api, { customerId, issueDate: '2026-01-10', lines: [{ description: 'Beratung', unitPrice: '100' }, { description: 'Buch', unitPrice: '20', taxRate: 7 }] })
    const february = await issue(tenant.api, { customerId, issueDate: '2026-02-03', lines: [{ description: 'Wartung', unitPrice: '50' }] })
    numbers.push(january.invoiceNumber, february.invoiceNumber)
    assert.equal((await tenant.api.post(`/invoices/${january.id}/payments`, { amount: '50.00', paymentDate: '2026-01-20' })).status, 201)
    await issue(tenant.api, { customerId, issueDate: '2026-03-05', currency: 'USD', lines: [{ description: 'Export', unitPrice: '10' }] })
  })
  after(() => app.stop())

  it('onlyNotExported with payments books each document and each payment once, over several exports', async () => {
    const company = await createTenant(app, { name: 'Nur Neues GmbH', datev: DATEV })
    const customerId = (await company.api.post('/customers', { name: 'Kunde', ledgerAccount: '10042' })).body.data.id
    const invoice = await issue(company.api, { customerId, issueDate: '2026-04-02', lines: [{ description: 'Beratung', unitPrice: '100' }] })
    await company.api.post(`/invoices/${invoice.id}/payments`, { amount: '50.00', paymentDate: '2026-04-10' })
    const body = { from: '2026-04-01', to: '2026-04-30', includePayments: true, onlyNotExported: true }
    const first = (await company.api.post('/exports/datev', body)).body.data
    assert.deepEqual([first.summary.documents, first.summary.payments, first.documentCount, first.summary.previouslyExported], [1, 1, 2, 0])
    await company.api.post(`/invoices/${invoice.id}/payments`, { amount: '69.00', paymentDate: '2026-04-20' })
    const second = (await company.api.post('/exports/datev', body)).body.data
    assert.deepEqual([second.summary.documents, second.summary.payments, second.documentCount, second.summary.previouslyExported], [0, 1, 1, 2])
    const bookings = textOfWindows1252((await company.api.get(`/exports/${second.id}/file`)).bytes).split('\r\n').slice(2, -1)
    assert.deepEqual(bookings.map((line) => line.split(';').slice(0, 2)), [['69,00', '"S"']])
    // Voided, the first export's document and payment are free again.
    await company.api.post(`/exports/${first.id}/void`, {})
    const third = (await company.api.post('/exports/datev', body)).body.data
    assert.deepEqual([third.summary.documents, third.summary.payments], [1, 1])
  })

  it('exports one month as a Windows-1252 CSV the checker finds nothing in, downloadable with its media type', async () => {
    const created = await tenant.api.post('/exports/datev', { from: '2026-01-01', to: '2026-01-31', include_payments: true })
    assert.equal(created.status, 201, created.text)
    documented('POST', '/api/v1/exports/datev', created)
    const exported = created.body.data
    // documentCount: the invoice and the payment, both marked as exported with the file.
    assert.deepEqual([exported.type, exported.documentCount, exported.file.name, exported.file.contentType],
      ['DATEV', 2, 'EXTF_Buchungsstapel_20260101_20260131.csv', 'text/csv; charset=windows-1252'])
    assert.deepEqual(exported.parameters, {
      from: '2026-01-01', to: '2026-01-31', documentTypes: ['INVOICE', 'CREDIT_NOTE'], includePayments: true, onlyNotExported: false, skipUnsupported: false,
      ...DATEV, chartOfAccounts: 'SKR03', accountLength: 4, fiscalYearStartMonth: 1, lockBookings: false,
    })
    assert.deepEqual(exported.summary, {
      files: [{ name: 'EXTF_Buchungsstapel_20260101_20260131.csv', rows: 3, from: '2026-01-01', to: '2026-01-31', fiscalYearStart: '2026-01-01' }],
      bookings: 3, documents: 1, payments: 1, previouslyExported: 0, skipped: [], warnings: [],
    })
    const file = await tenant.api.get(`/exports/${exported.id}/file`)
    assert.equal(file.status, 200)
    assert.equal(file.headers.get('content-type'), 'text/csv; charset=windows-1252')
    assert.equal(file.headers.get('content-disposition'), 'attachment; filename="EXTF_Buchungsstapel_20260101_20260131.csv"')
    assert.deepEqual(checkDatevFile(file.bytes, { fileName: exported.file.name }), [])
    const lines = textOfWindows1252(file.bytes).split('\r\n')
    assert.equal(lines[1], DATEV_COLUMNS.join(';'))
    assert.match(lines[2]!, /^119,00;"S";"EUR";;;"";10042;8400;"";1001;"RE-/)
    assert.ok(lines[2]!.includes(';"Kunde; ""Müller"" & Söhne";'), 'the name in quotes, its quotes doubled, its umlaut in Windows-1252')
  })

  it('writes line 2 as DATEV\'s sample does, and a header equal to the sample\'s but for the values it sets', { skip: datevSampleSkip }, async () => {
    const [sampleHeader, sampleColumns] = datevSampleLines()
    for (const body of [{ from: '2026-01-01', to: '2026-01-31' }, { from: '2026-02-01', to: '2026-02-28', lockBookings: true, chartOfAccounts: 'SKR04' }]) {
      const exported = (await tenant.api.post('/exports/datev', body)).body.data
      const [header, columns] = textOfWindows1252((await tenant.api.get(`/exports/${exported.id}/file`)).bytes).split('\r\n')
      assert.equal(columns, sampleColumns)
      const ours = header!.split(';')
      const theirs = sampleHeader!.split(';')
      assert.equal(ours.length, theirs.length)
      theirs.forEach((value, index) => {
        if (!FIELDS_WE_SET.has(index + 1)) assert.equal(ours[index], value, `header field ${index + 1}`)
      })
    }
  })

  it('delivers a period across fiscal years as a zip of one checked CSV per fiscal year', async () => {
    const created = await tenant.api.post('/exports/datev', { from: '2026-01-01', to: '2026-02-28', fiscalYearStartMonth: 2 })
    assert.equal(created.status, 201, created.text)
    const exported = created.body.data
    assert.deepEqual([exported.file.name, exported.file.contentType, exported.documentCount], ['DATEV_20260101_20260228.zip', 'application/zip', 2])
    const file = await tenant.api.get(`/exports/${exported.id}/file`)
    assert.equal(file.headers.get('content-type'), 'application/zip')
    const entries = unzipSync(file.bytes)
    assert.deepEqual(Object.keys(entries), ['EXTF_Buchungsstapel_20260101_20260131.csv', 'EXTF_Buchungsstapel_20260201_20260228.csv'])
    for (const [name, bytes] of Object.entries(entries)) assert.deepEqual(checkDatevFile(bytes, { fileName: name }), [], name)
    const fiscalYears = Object.values(entries).map((bytes) => textOfWindows1252(bytes).split(';')[12])
    assert.deepEqual(fiscalYears, ['20250201', '20260201'])
    const februaryText = textOfWindows1252(entries['EXTF_Buchungsstapel_20260201_20260228.csv']!)
    assert.ok(februaryText.includes(`;"${numbers[1]}";`), februaryText)
  })

  it('lists a non-EUR document in summary.skipped with skipUnsupported, and refuses it without', async () => {
    const refused = await tenant.api.post('/exports/datev', { from: '2026-03-01', to: '2026-03-31' })
    assert.deepEqual([refused.status, refused.body.code, refused.body.problems.map((problem: { code: string }) => problem.code)], [400, 'export_invalid', ['currency_not_supported']])
    documented('POST', '/api/v1/exports/datev', refused)
    const skipped = await tenant.api.post('/exports/datev', { from: '2026-03-01', to: '2026-03-31', skipUnsupported: true })
    assert.equal(skipped.status, 201, skipped.text)
    assert.deepEqual(skipped.body.data.summary.skipped.map((entry: { code: string }) => entry.code), ['currency_not_supported'])
    assert.equal(skipped.body.data.documentCount, 0)
  })

  it('reports every problem of a request in one 400 export_invalid and stores nothing', async () => {
    const bare = await createTenant(app, { name: 'Ohne DATEV GmbH', vatId: 'DE123456789' })
    const customer = (await bare.api.post('/customers', { name: 'Kunde', ledgerAccount: '123' })).body.data.id
    const french = (await bare.api.post('/customers', { name: 'Client SARL', country: 'FR' })).body.data.id
    await issue(bare.api, { customerId: customer, issueDate: '2026-01-05', lines: [{ description: 'x', unitPrice: '10' }] })
    await issue(bare.api, { customerId: french, issueDate: '2026-01-06', taxExemptionReason: 'INTRA_COMMUNITY', lines: [{ description: 'Ware', unitPrice: '10' }] })
    await issue(bare.api, { customerId: french, issueDate: '2026-01-07', currency: 'CHF', lines: [{ description: 'Ware', unitPrice: '10' }] })
    await bare.api.post('/customers', { name: 'leer' })
    const zero = (await bare.api.post('/customers', { name: 'Solar', ledgerAccount: '10001' })).body.data.id
    await issue(bare.api, { customerId: zero, issueDate: '2026-01-08', lines: [{ description: 'Photovoltaik', unitPrice: '10', taxRate: 0 }] })
    const refused = await bare.api.post('/exports/datev', { from: '2026-01-01', to: '2026-01-31' })
    assert.equal(refused.status, 400, refused.text)
    documented('POST', '/api/v1/exports/datev', refused)
    assert.equal(refused.body.code, 'export_invalid')
    const codes = new Set(refused.body.problems.map((problem: { code: string }) => problem.code))
    assert.deepEqual([...codes].sort(), ['account_missing', 'currency_not_supported', 'datev_settings_missing', 'invalid_debtor_account', 'vat_id_missing'])
    for (const problem of refused.body.problems) assert.equal(typeof problem.message, 'string')
    assert.ok(refused.body.problems.some((problem: { code: string; documentNumber?: string; field?: string }) => problem.code === 'account_missing' && problem.documentNumber && problem.field === 'datev.revenueAccounts.DOMESTIC_ZERO'))
    assert.deepEqual((await bare.api.get('/exports?type=DATEV')).body.data, [])
  })

  it('refuses bad parameters: unknown document types, numbers out of range, a period too long', async () => {
    for (const [body, code] of [
      [{ from: '2026-01-01', to: '2026-01-31', documentTypes: ['PROFORMA'] }, 'validation_failed'],
      [{ from: '2026-01-01', to: '2026-01-31', consultantNumber: 999 }, 'validation_failed'],
      [{ from: '2026-01-01', to: '2026-01-31', accountLength: 9 }, 'validation_failed'],
      [{ from: '2026-01-01' }, 'validation_failed'],
      [{ from: '2024-01-01', to: '2026-01-31' }, 'period_too_long'],
    ] as const) {
      const refused = await tenant.api.post('/exports/datev', body)
      assert.deepEqual([refused.status, refused.body.code], [400, code], JSON.stringify(body))
    }
  })
})
