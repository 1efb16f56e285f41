import assert from 'node:assert/strict'
import { createHash } from 'node:crypto'
import { after, before, describe, it } from 'node:test'
import { parse } from 'csv-parse/sync'
import { apiClient } from '../support/api-client'
import { documentedResponses } from '../support/documented'
import { createTenant, type Tenant } from '../support/tenant'
import { startTestApp, type TestApp } from '../support/test-app'

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

/** The records of a CSV file, parsed strictly (the contract's oracle). */
const parsed = (bytes: Uint8Array, delimiter: string): Record<string, string>[] =>
  parse(Buffer.from(bytes), { columns: true, delimiter, bom: true, relax_quotes: false, relax_column_count: false })

describe('exports', () => {
  let app: TestApp
  let tenant: Tenant
  let customerId: string
  let documented: ReturnType<typeof documentedResponses>
  const invoiceIds: string[] = []
  before(async () => {
    app = await startTestApp({ access: { requestsPerMinute: 100_000 } })
    tenant = await createTenant(app, { name: 'Export GmbH', email: 'export@example.de', vatId: 'DE123456789' })
    documented = documentedResponses((await tenant.api.get('/openapi.json')).body)
    customerId = (await tenant.api.post('/customers', { name: 'Kunde; "Müller" & Söhne' })).body.data.id
    for (const [issueDate, unitPrice] of [['2026-01-10', '100'], ['2026-01-20', '250.5']] as const) {
      const created = await tenant.api.post('/invoices', { customerId, issueDate, lines: [{ description: 'Beratung', unitPrice }] })
      assert.equal(created.status, 201, created.text)
      assert.equal((await tenant.api.put(`/invoices/${created.body.data.id}`, { status: 'FINAL' })).status, 200)
      invoiceIds.push(created.body.data.id)
    }
    // Outside the period: never exported.
    await tenant.api.post('/invoices', { customerId, issueDate: '2026-03-01', lines: [{ description: 'Später', unitPrice: '1' }] })
  })
  after(() => app.stop())

  const csvOfInvoices = (body: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
    tenant.api.post('/exports/csv', { entity: 'invoices', from: '2026-01-01', to: '2026-01-31', ...body }, headers)

  it('exports invoices as rfc4180 CSV: stored, listed, read, downloaded with its name and SHA-256', async () => {
    const created = await csvOfInvoices()
    assert.equal(created.status, 201, created.text)
    documented('POST', '/api/v1/exports/csv', created)
    const exported = created.body.data
    assert.deepEqual([exported.type, exported.status, exported.documentCount, exported.summary, exported.voidedAt],
      ['CSV', 'COMPLETED', 2, { rows: 2 }, null])
    assert.deepEqual(exported.parameters, { entity: 'invoices', from: '2026-01-01', to: '2026-01-31', invoiceTypes: ['INVOICE', 'CREDIT_NOTE'], dialect: 'rfc4180', onlyNotExported: false })
    assert.equal(exported.file.name, 'invoices_2026-01-01_2026-01-31.csv')

    const file = await tenant.api.get(`/exports/${exported.id}/file`)
    assert.equal(file.status, 200)
    assert.equal(file.headers.get('content-type'), 'text/csv; charset=utf-8')
    const documentedFile = (await tenant.api.get('/openapi.json')).body.paths['/api/v1/exports/{id}/file'].get.responses['200']
    assert.ok(documentedFile.content['text/csv; charset=utf-8'], 'the answer\'s Content-Type is documented')
    for (const header of ['Content-Disposition', 'X-Content-SHA256']) assert.ok(documentedFile.headers[header], header)
    assert.equal(file.headers.get('content-disposition'), 'attachment; filename="invoices_2026-01-01_2026-01-31.csv"')
    assert.equal(file.headers.get('x-content-sha256'), sha256(file.bytes))
    assert.deepEqual([exported.file.sha256, exported.file.size], [sha256(file.bytes), file.bytes.length])
    const records = parsed(file.bytes, ',')
    assert.deepEqual(records.map((record) => [record.id, record.gross_total, record.customer_name]).sort(),
      [[invoiceIds[0], '119.00', 'Kunde; "Müller" & Söhne'], [invoiceIds[1], '298.10', 'Kunde; "Müller" & Söhne']].sort())

    const read = await tenant.api.get(`/exports/${exported.id}`)
    documented('GET', '/api/v1/exports/{id}', read)
    assert.deepEqual(read.body.data, exported)
    const listed = await tenant.api.get('/exports?type=csv&status=COMPLETED')
    documented('GET', '/api/v1/exports', listed)
    assert.ok(listed.body.data.some((each: { id: string }) => each.id === exported.id))
    // from/to are calendar dates in the company's time zone (Europe/Berlin), which is a day ahead of UTC before 01:00.
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date())
    assert.ok((await tenant.api.get(`/exports?from=${today}&to=${today}`)).body.data.some((each: { id: string }) => each.id === exported.id))
    assert.deepEqual((await tenant.api.get('/exports?from=2099-01-01')).body.data, [])
    assert.deepEqual((await tenant.api.get(`/exports?to=${'2020-01-01'}`)).body.data, [])
    assert.deepEqual((await tenant.api.get('/exports?status=voided')).body.data.filter((each: { id: string }) => each.id === exported.id), [])
    const audit = (await app.invoicing.audit.list({ companyId: tenant.company.id, apiKeyId: null } as never, { action: 'EXPORT_DOWNLOADED_VIA_API' })) as { items: { targetId: string }[] }
    assert.ok(audit.items.some((entry) => entry.targetId === exported.id))
  })

  it('writes the excel-de dialect: semicolons, a BOM, decimal commas, German dates', async () => {
    const created = await csvOfInvoices({ dialect: 'EXCEL-DE' })
    assert.equal(created.status, 201, created.text)
    const file = await tenant.api.get(`/exports/${created.body.data.id}/file`)
    assert.deepEqual([...file.bytes.slice(0, 3)], [0xef, 0xbb, 0xbf])
    const records = parsed(file.bytes, ';')
    const first = records.find((record) => record.id === invoiceIds[0])!
    assert.deepEqual([first.gross_total, first.issue_date, first.customer_name], ['119,00', '10.01.2026', 'Kunde; "Müller" & Söhne'])
  })

  it('onlyNotExported leaves out what a completed export holds, and takes it again once that export is voided', async () => {
    const company = await createTenant(app, { name: 'Nur Neue GmbH' })
    const customer = (await company.api.post('/customers', { name: 'K' })).body.data.id
    const issue = async (issueDate: string) => {
      const created = (await company.api.post('/invoices', { customerId: customer, issueDate, lines: [{ description: 'x', unitPrice: '10' }] })).body.data
      await company.api.put(`/invoices/${created.id}`, { status: 'FINAL' })
      return created.id as string
    }
    const first = await issue('2026-02-01')
    const body = { entity: 'invoices', from: '2026-02-01', to: '2026-02-28', only_not_exported: true }
    const earlier = (await company.api.post('/exports/csv', body)).body.data
    assert.deepEqual([earlier.documentCount, earlier.summary], [1, { rows: 1, previouslyExported: 0 }])
    const second = await issue('2026-02-02')
    const next = await company.api.post('/exports/csv', body)
    assert.deepEqual([next.body.data.documentCount, next.body.data.summary], [1, { rows: 1, previouslyExported: 1 }])
    const rows = parsed((await company.api.get(`/exports/${next.body.data.id}/file`)).bytes, ',')
    assert.deepEqual(rows.map((row) => row.id), [second])

    const voided = await company.api.post(`/exports/${earlier.id}/void`, { reason: 'falscher Zeitraum' })
    documented('POST', '/api/v1/exports/{id}/void', voided)
    assert.deepEqual([voided.status, voided.body.data.status, voided.body.data.voidReason], [200, 'VOIDED', 'falscher Zeitraum'])
    assert.ok(voided.body.data.voidedAt)
    const again = await company.api.post(`/exports/${earlier.id}/void`, {})
    documented('POST', '/api/v1/exports/{id}/void', again)
    assert.deepEqual([again.status, again.body.code, again.body.status, again.body.allowedStatuses], [409, 'status_conflict', 'VOIDED', ['COMPLETED']])
    // The voided export's file stays downloadable.
    assert.equal(parsed((await company.api.get(`/exports/${earlier.id}/file`)).bytes, ',').length, 1)

    const afterVoid = (await company.api.post('/exports/csv', body)).body.data
    assert.deepEqual([afterVoid.documentCount, afterVoid.summary], [1, { rows: 1, previouslyExported: 1 }])
    assert.deepEqual(parsed((await company.api.get(`/exports/${afterVoid.id}/file`)).bytes, ',').map((row) => row.id), [first])
  })

  it('onlyNotExported works for payments and customers too: each record is marked with its export', async () => {
    const company = await createTenant(app, { name: 'Zahlungen GmbH' })
    const customer = (await company.api.post('/customers', { name: 'K' })).body.data.id
    const invoice = (await company.api.post('/invoices', { customerId: customer, issueDate: '2026-02-01', lines: [{ description: 'x', unitPrice: '100' }] })).body.data
    await company.api.put(`/invoices/${invoice.id}`, { status: 'FINAL' })
    const pay = async (paymentDate: string) => (await company.api.post(`/invoices/${invoice.id}/payments`, { amount: '10.00', paymentDate })).body.data.id as string
    const first = await pay('2026-02-03')
    const body = { entity: 'payments', from: '2026-02-01', to: '2026-02-28', onlyNotExported: true }
    const earlier = (await company.api.post('/exports/csv', body)).body.data
    assert.deepEqual([earlier.documentCount, earlier.summary], [1, { rows: 1, previouslyExported: 0 }])
    const second = await pay('2026-02-04')
    const next = (await company.api.post('/exports/csv', body)).body.data
    assert.deepEqual([next.documentCount, next.summary], [1, { rows: 1, previouslyExported: 1 }])
    assert.deepEqual(parsed((await company.api.get(`/exports/${next.id}/file`)).bytes, ',').map((row) => row.id), [second])
    assert.notEqual(first, second)

    const customers = { entity: 'customers', onlyNotExported: true }
    assert.equal((await company.api.post('/exports/csv', customers)).body.data.documentCount, 1)
    const added = (await company.api.post('/customers', { name: 'Neu' })).body.data.id
    const onlyNew = (await company.api.post('/exports/csv', customers)).body.data
    assert.deepEqual(parsed((await company.api.get(`/exports/${onlyNew.id}/file`)).bytes, ',').map((row) => row.id), [added])
  })

  it('refuses a period over 731 days, to before from, and a missing period', async () => {
    const tooLong = await csvOfInvoices({ from: '2024-01-01', to: '2026-01-01' })
    documented('POST', '/api/v1/exports/csv', tooLong)
    assert.deepEqual([tooLong.status, tooLong.body.code], [400, 'period_too_long'])
    // Two whole years, a leap day included, are 731 days: allowed.
    assert.equal((await csvOfInvoices({ from: '2024-01-01', to: '2025-12-31' })).status, 201)
    const reversed = await csvOfInvoices({ from: '2026-02-01', to: '2026-01-01' })
    assert.deepEqual([reversed.status, reversed.body.code, reversed.body.field], [400, 'validation_failed', 'to'])
    const missing = await tenant.api.post('/exports/csv', { entity: 'invoices' })
    assert.deepEqual([missing.status, missing.body.code, missing.body.field], [400, 'validation_failed', 'from'])
    const entity = await tenant.api.post('/exports/csv', { entity: 'datev', from: '2026-01-01', to: '2026-01-31' })
    assert.deepEqual([entity.status, entity.body.code], [400, 'validation_failed'])
    assert.ok(entity.body.allowedValues.includes('invoice_lines'))
  })

  it('mounts a create route for every export type of the contract, and takes no other type', async () => {
    const paths = Object.keys((await tenant.api.get('/openapi.json')).body.paths).filter((path) => path.startsWith('/api/v1/exports'))
    assert.deepEqual(paths.sort(), [
      '/api/v1/exports', '/api/v1/exports/bmd', '/api/v1/exports/csv', '/api/v1/exports/datev', '/api/v1/exports/sepa-direct-debit',
      '/api/v1/exports/ustva', '/api/v1/exports/{id}', '/api/v1/exports/{id}/file', '/api/v1/exports/{id}/void',
    ])
    // /exports/{id} takes GET only: a path that names no export type is no create route.
    assert.equal((await tenant.api.post('/exports/xml', { from: '2026-01-01', to: '2026-01-31' })).status, 405)
    assert.equal((await tenant.api.get('/exports?type=XML')).status, 400)
  })

  it('needs exports:write to create or void and exports:read to read; another company sees nothing', async () => {
    const exported = (await csvOfInvoices()).body.data
    const reader = await app.invoicing.apiKeys.create({ companyId: tenant.company.id, apiKeyId: null } as never, { scopes: ['exports:read'] })
    const readOnly = apiClient(app.target, reader.secret)
    const refused = await readOnly.post('/exports/csv', { entity: 'invoices', from: '2026-01-01', to: '2026-01-31' })
    assert.deepEqual([refused.status, refused.body.code, refused.body.requiredScopes], [403, 'insufficient_scope', ['exports:write']])
    assert.equal((await readOnly.post(`/exports/${exported.id}/void`, {})).status, 403)
    assert.equal((await readOnly.get(`/exports/${exported.id}/file`)).status, 200)
    const invoicesOnly = await app.invoicing.apiKeys.create({ companyId: tenant.company.id, apiKeyId: null } as never, { scopes: ['invoices:read'] })
    const noExports = await apiClient(app.target, invoicesOnly.secret).get('/exports')
    assert.deepEqual([noExports.status, noExports.body.requiredScopes], [403, ['exports:read']])

    const other = await createTenant(app, { name: 'Andere GmbH' })
    for (const path of [`/exports/${exported.id}`, `/exports/${exported.id}/file`]) {
      const answer = await other.api.get(path)
      documented('GET', `/api/v1${path.replace(exported.id, '{id}')}`, answer)
      assert.deepEqual([answer.status, answer.body.code], [404, 'not_found'])
    }
    assert.equal((await other.api.post(`/exports/${exported.id}/void`, {})).status, 404)
    assert.deepEqual((await other.api.get('/exports')).body.data, [])
  })

  it('replays a create under the same Idempotency-Key without a second export', async () => {
    const headers = { 'idempotency-key': 'export-replay-1' }
    const first = await csvOfInvoices({}, headers)
    const second = await csvOfInvoices({}, headers)
    assert.equal(second.headers.get('idempotent-replayed'), 'true')
    assert.equal(second.body.data.id, first.body.data.id)
    const other = await csvOfInvoices({ dialect: 'excel-de' }, headers)
    assert.deepEqual([other.status, other.body.code], [422, 'idempotency_key_reused'])
  })
})
