import assert from 'node:assert/strict'
import { createHash } from 'node:crypto'
import { after, before, describe, it } from 'node:test'
import { parse } from 'csv-parse/sync'
import { companyActor } from '@invoicing/core'
import { documentedResponses } from '../support/documented'
import { createTenant, type Tenant } from '../support/tenant'
import { startTestApp, type TestApp } from '../support/test-app'

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

/** The rows of a BMD file: Windows-1252 decoded, parsed strictly with `;`. */
const rowsOf = (bytes: Uint8Array): Record<string, string>[] =>
  parse(new TextDecoder('windows-1252').decode(bytes), { columns: true, delimiter: ';', relax_quotes: false, relax_column_count: false })

describe('BMD export', () => {
  let app: TestApp
  let documented: ReturnType<typeof documentedResponses>
  before(async () => {
    app = await startTestApp({ access: { requestsPerMinute: 100_000 } })
  })
  after(() => app.stop())

  /** An Austrian company, its customers and issued documents, all through the API. */
  async function austrianCompany(bmd?: Record<string, unknown>) {
    const tenant = await createTenant(app, { name: 'Alpen GmbH', country: 'AT', vatId: 'ATU13585627' })
    if (bmd) await app.invoicing.companies.update(companyActor(tenant.company.id), { bmd })
    documented ??= documentedResponses((await tenant.api.get('/openapi.json')).body)
    const customer = async (body: Record<string, unknown>) => (await tenant.api.post('/customers', { country: 'AT', ...body })).body.data.id as string
    const issue = async (customerId: string, issueDate: string, body: Record<string, unknown> = {}) => {
      const created = await tenant.api.post('/invoices', { customerId, issueDate, lines: [{ description: 'Ware', unitPrice: '100' }], ...body })
      assert.equal(created.status, 201, created.text)
      const issued = await tenant.api.put(`/invoices/${created.body.data.id}`, { status: 'FINAL' })
      assert.equal(issued.status, 200, issued.text)
      return (await tenant.api.get(`/invoices/${created.body.data.id}`)).body.data as { id: string; invoiceNumber: string }
    }
    return { tenant, customer, issue }
  }

  const bmdOf = (tenant: Tenant, body: Record<string, unknown> = {}) => tenant.api.post('/exports/bmd', { from: '2026-01-01', to: '2026-01-31', ...body })

  it('exports bookings: stored, downloaded as Windows-1252 CSV with its name and SHA-256', async () => {
    const { tenant, customer, issue } = await austrianCompany({ defaultDebtorAccount: '200000' })
    const bakery = await customer({ name: 'Bäckerei Müller; Söhne', ledger_account: '201234' })
    const invoice = await issue(bakery, '2026-01-10')
    const created = await bmdOf(tenant)
    assert.equal(created.status, 201, created.text)
    documented('POST', '/api/v1/exports/bmd', created)
    const exported = created.body.data
    assert.deepEqual([exported.type, exported.status, exported.documentCount, exported.summary], ['BMD', 'COMPLETED', 1, { rows: 1, documents: 1, skipped: [], warnings: [] }])
    assert.deepEqual(exported.parameters, {
      from: '2026-01-01', to: '2026-01-31', documentTypes: ['INVOICE', 'CREDIT_NOTE'], onlyNotExported: false, skipUnsupported: false,
      defaultDebtorAccount: '200000', revenueAccounts: { DEFAULT: '4000' }, taxCodes: { DOMESTIC_STANDARD: '1', DOMESTIC_REDUCED: '1' },
      postingSymbols: { INVOICE: 'AR', CREDIT_NOTE: 'AR' }, documentNumberMode: 'DIGITS_ONLY',
    })
    assert.deepEqual(exported.file.name, 'BMD_Buchungen_20260101_20260131.csv')

    const file = await tenant.api.get(`/exports/${exported.id}/file`)
    assert.equal(file.status, 200)
    assert.equal(file.headers.get('content-type'), 'text/csv; charset=windows-1252')
    assert.equal(file.headers.get('content-disposition'), 'attachment; filename="BMD_Buchungen_20260101_20260131.csv"')
    assert.equal(file.headers.get('x-content-sha256'), sha256(file.bytes))
    assert.equal(exported.file.sha256, sha256(file.bytes))
    const documentedFile = (await tenant.api.get('/openapi.json')).body.paths['/api/v1/exports/{id}/file'].get.responses['200']
    assert.ok(documentedFile.content['text/csv; charset=windows-1252'], 'the answer\'s Content-Type is documented')
    // Windows-1252, not UTF-8: ä is the one byte E4.
    assert.ok(Buffer.from(file.bytes).includes(Buffer.from([0x42, 0xe4, 0x63, 0x6b])))
    assert.deepEqual(rowsOf(file.bytes), [{
      satzart: '0', konto: '201234', gkonto: '4000', belegnr: invoice.invoiceNumber.replace(/\D/g, ''), belegdatum: '10.01.2026', buchdatum: '10.01.2026',
      buchsymbol: 'AR', buchcode: '1', prozent: '20,00', steuercode: '1', betrag: '120,00', steuer: '-20,00',
      text: `Bäckerei Müller; Söhne ${invoice.invoiceNumber}`, extbelegnr: invoice.invoiceNumber, zziel: '14',
    }])

    // onlyNotExported leaves the exported invoice out.
    const again = await bmdOf(tenant, { only_not_exported: true })
    assert.deepEqual([again.status, again.body.data.documentCount, again.body.data.summary.previouslyExported], [201, 0, 1])
  })

  it('refuses with every problem in one 400 export_invalid and stores nothing; skipUnsupported and overrides make the export', async () => {
    const { tenant, customer, issue } = await austrianCompany()
    const home = await customer({ name: 'Kunde Wien' })
    const german = await customer({ name: 'Kunde AG', country: 'DE', vat_id: 'DE811569869' })
    await issue(home, '2026-01-05')
    const dollars = await issue(home, '2026-01-06', { currency: 'USD' })
    await issue(german, '2026-01-07', { taxExemptionReason: 'INTRA_COMMUNITY' })
    const refused = await bmdOf(tenant)
    documented('POST', '/api/v1/exports/bmd', refused)
    assert.deepEqual([refused.status, refused.body.code], [400, 'export_invalid'])
    const problems = refused.body.problems as { code: string; field?: string; documentId?: string; documentNumber?: string; message: string }[]
    assert.deepEqual(problems.map(({ code, field }) => `${code} ${field}`).sort(), [
      'bmd_tax_code_missing taxCodes.INTRA_COMMUNITY',
      'currency_not_supported currency',
      'debtor_account_missing defaultDebtorAccount',
      'debtor_account_missing defaultDebtorAccount',
    ])
    const currency = problems.find((problem) => problem.code === 'currency_not_supported')!
    assert.deepEqual([currency.documentId, currency.documentNumber], [dollars.id, dollars.invoiceNumber])
    assert.ok(problems.every((problem) => problem.message.length > 0))
    assert.deepEqual((await tenant.api.get('/exports')).body.data, [])

    const made = await bmdOf(tenant, { skip_unsupported: true, default_debtor_account: '200000', tax_codes: { INTRA_COMMUNITY: '7' } })
    assert.equal(made.status, 201, made.text)
    assert.equal(made.body.data.documentCount, 2)
    assert.deepEqual(made.body.data.summary.skipped.map((skipped: { code: string; documentId: string }) => [skipped.code, skipped.documentId]),
      [['currency_not_supported', dollars.id]])
    const rows = rowsOf((await tenant.api.get(`/exports/${made.body.data.id}/file`)).bytes)
    assert.deepEqual(rows.map((row) => [row.konto, row.steuercode, row.betrag, row.steuer]), [['200000', '1', '120,00', '-20,00'], ['200000', '7', '100,00', '0,00']])
  })

  it('validates the request: document types, overrides, the period', async () => {
    const { tenant } = await austrianCompany({ defaultDebtorAccount: '200000' })
    for (const [body, field] of [
      [{ documentTypes: ['PROFORMA'] }, 'documentTypes.0'],
      [{ documentTypes: [] }, 'documentTypes'],
      [{ taxCodes: { INTRA_COMMUNITY: 'X' } }, 'taxCodes.INTRA_COMMUNITY'],
      [{ postingSymbols: { CREDIT_NOTE: 'GUTSC' } }, 'postingSymbols.CREDIT_NOTE'],
      [{ documentNumberMode: 'RAW' }, 'documentNumberMode'],
      [{ revenueAccounts: { NOT_A_CASE: '4000' } }, 'revenueAccounts.NOT_A_CASE'],
    ] as const) {
      const answer = await bmdOf(tenant, body)
      documented('POST', '/api/v1/exports/bmd', answer)
      assert.deepEqual([answer.status, answer.body.code, answer.body.field], [400, 'validation_failed', field], JSON.stringify(body))
    }
    const tooLong = await bmdOf(tenant, { from: '2024-01-01', to: '2026-01-01' })
    assert.deepEqual([tooLong.status, tooLong.body.code], [400, 'period_too_long'])
    const missing = await tenant.api.post('/exports/bmd', { from: '2026-01-01' })
    assert.deepEqual([missing.status, missing.body.code, missing.body.field], [400, 'validation_failed', 'to'])
  })
})
