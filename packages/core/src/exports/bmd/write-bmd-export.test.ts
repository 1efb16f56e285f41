import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { parse } from 'csv-parse/sync'
// The engine first: the tax feature's index needs the sales-document kernel loaded.
import { bmdExportScenario, BMD_SCENARIO_TAX_CASES } from '../../testing'
import { Exact } from '../../tax'
import { decodeWindows1252 } from '../encoding/windows-1252'
import { bmdExportPolicy } from '../bmd-export-policy'
import { ExportFindings } from '../export-findings'
import { BMD_HEADER } from '.'

/** The oracle of the contract: Windows-1252 decoded, csv-parse strict with `;`. */
const parsedRows = (content: Uint8Array): string[][] =>
  parse(decodeWindows1252(content), { delimiter: ';', record_delimiter: '\r\n', relax_quotes: false, relax_column_count: false }) as string[][]

/** `1234,56` or `-1234,56` as an exact decimal. */
const amountOf = (field: string) => new Exact(field.replace(',', '.'))

describe('BMD export', () => {
  it('parses back strictly: 15 columns, Σ betrag = Σ gross of the documents, steuer against betrag, dates and numbers', async () => {
    const { exportOf, all } = await bmdExportScenario()
    const file = await exportOf()
    const [header, ...rows] = parsedRows(file.content)
    assert.deepEqual(header, [...BMD_HEADER])
    assert.equal(BMD_HEADER.length, 15)
    assert.equal(rows.length, file.summary.rows)
    const column = (row: string[], name: string) => row[BMD_HEADER.indexOf(name)]!
    let total = new Exact(0)
    for (const row of rows) {
      assert.equal(row.length, 15)
      for (const name of ['belegdatum', 'buchdatum']) assert.match(column(row, name), /^\d{2}\.\d{2}\.\d{4}$/)
      for (const name of ['prozent', 'betrag', 'steuer']) assert.match(column(row, name), /^-?\d+,\d{2}$/)
      assert.match(column(row, 'zziel'), /^\d*$/)
      assert.ok([...column(row, 'text')].length <= 60)
      const betrag = amountOf(column(row, 'betrag'))
      const steuer = amountOf(column(row, 'steuer'))
      assert.ok(steuer.isZero() || steuer.isNegative() !== betrag.isNegative(), `steuer ${steuer} against betrag ${betrag}`)
      total = total.plus(betrag)
    }
    assert.equal(total.toFixed(2), all.reduce((sum, document) => sum.plus(document.grossTotal), new Exact(0)).toFixed(2))
    assert.deepEqual(new Set(rows.map((row) => column(row, 'extbelegnr'))), new Set(all.map((document) => document.number)))
    assert.deepEqual([...file.included].sort(), all.map((document) => document.id).sort())
  })

  it('reports every problem at once: debtor account, Steuercode, currency; writes no booking then', async () => {
    const { exportOf, invoicing, actor, clock } = await bmdExportScenario()
    const walkIn = await invoicing.customers.create(actor, { name: 'Barverkauf', country: 'AT' })
    clock.set('2026-03-02T08:00:00.000Z')
    const dollars = await invoicing.invoices.create(actor, { customerId: walkIn.id, issueDate: '2026-03-02', currency: 'USD', lines: [{ description: 'Ware', unitPrice: '5' }] })
    await invoicing.invoices.update(actor, dollars.id, { status: 'FINAL' })
    const file = await exportOf({ defaultDebtorAccount: null, taxCodes: { INTRA_COMMUNITY: null, OSS: null } })
    assert.deepEqual(file.findings.problems.map(({ code, field, documentNumber }) => [code, field, documentNumber]).sort(), [
      ['bmd_tax_code_missing', 'taxCodes.INTRA_COMMUNITY', undefined],
      ['bmd_tax_code_missing', 'taxCodes.OSS', undefined],
      ['currency_not_supported', 'currency', 'RE-2026-00012'],
      // One per customer without a ledgerAccount, not one per document.
      ...['Bau "Ost" GmbH', 'Jörg Łukasiewicz', 'Kunde AG\r\nEinkauf', 'Zürcher Präzisionsmechanik und Feinwerktechnik Aktiengesellschaft']
        .map(() => ['debtor_account_missing', 'defaultDebtorAccount', undefined]),
    ].sort())
    assert.ok(file.findings.problems.some((problem) => problem.message.includes('Kunde AG')))
    assert.equal(decodeWindows1252(file.content), `${BMD_HEADER.join(';')}\r\n`)
  })

  it('skips documents not in EUR with skipUnsupported, and leaves them unmarked', async () => {
    const { exportOf, invoicing, actor, clock, bakery } = await bmdExportScenario()
    clock.set('2026-03-02T08:00:00.000Z')
    const dollars = await invoicing.invoices.create(actor, { customerId: bakery.id, issueDate: '2026-03-02', currency: 'USD', lines: [{ description: 'Ware', unitPrice: '5' }] })
    const issued = (await invoicing.invoices.update(actor, dollars.id, { status: 'FINAL' })).invoice
    const file = await exportOf({ skipUnsupported: true })
    assert.deepEqual(file.findings.problems, [])
    assert.deepEqual(file.summary.skipped, [{
      code: 'currency_not_supported', message: 'RE-2026-00012 is in USD; BMD bookings are written in EUR only', documentId: issued.id, documentNumber: 'RE-2026-00012',
    }])
    assert.ok(!file.included.includes(issued.id))
    assert.ok(!decodeWindows1252(file.content).includes('RE-2026-00012'))
  })

  it('takes the request\'s overrides of the company settings, and its document types', async () => {
    const { exportOf, company } = await bmdExportScenario()
    const file = await exportOf({
      documentTypes: ['credit_note'], documentNumberMode: 'AS_IS', postingSymbols: { CREDIT_NOTE: 'GU' },
      revenueAccounts: { DOMESTIC_STANDARD: null, DEFAULT: '4999' }, taxCodes: { DOMESTIC_REDUCED: '6' }, defaultDebtorAccount: '299999',
    })
    const rows = parsedRows(file.content).slice(1).map((row) => [row[1], row[2], row[3], row[6], row[9], row[13]])
    assert.deepEqual(rows, [
      ['201234', '4999', 'GS-2026-00001', 'GU', '1', 'GS-2026-00001'],
      ['201234', '4999', 'GS-2026-00002', 'GU', '1', 'GS-2026-00002'],
      ['201234', '4010', 'GS-2026-00002', 'GU', '6', 'GS-2026-00002'],
    ])
    const parameters = bmdExportPolicy.parametersOf({ from: '2026-01-01', to: '2026-01-31', postingSymbols: { CREDIT_NOTE: 'GU' } }, company)
    assert.deepEqual(parameters, {
      from: '2026-01-01', to: '2026-01-31', documentTypes: ['INVOICE', 'CREDIT_NOTE'], onlyNotExported: false, skipUnsupported: false,
      defaultDebtorAccount: '200000',
      revenueAccounts: { DEFAULT: '4000', ...Object.fromEntries(Object.entries(BMD_SCENARIO_TAX_CASES).map(([taxCase, [account]]) => [taxCase, account])) },
      taxCodes: Object.fromEntries(Object.entries(BMD_SCENARIO_TAX_CASES).map(([taxCase, [, code]]) => [taxCase, code])),
      postingSymbols: { INVOICE: 'AR', CREDIT_NOTE: 'GU' }, documentNumberMode: 'DIGITS_ONLY',
    })
  })

  it('streams: the header first, then the rows in batches of 500 while the documents are read', async () => {
    const { invoicing, actor, clock, bakery, company, storage } = await bmdExportScenario()
    clock.set('2026-03-02T08:00:00.000Z')
    for (let index = 0; index < 251; index += 1) {
      const draft = await invoicing.invoices.create(actor, { customerId: bakery.id, issueDate: '2026-03-02', lines: [{ description: 'A', unitPrice: '1', taxRate: '20' }, { description: 'B', unitPrice: '1', taxRate: '10' }] })
      await invoicing.invoices.update(actor, draft.id, { status: 'FINAL' })
    }
    const parameters = bmdExportPolicy.parametersOf({ from: '2026-03-01', to: '2026-03-31' }, company)
    const included: string[] = []
    const writing = bmdExportPolicy.write(storage, company, parameters, { exportId: 'e', now: clock.now(), today: '2026-03-02', findings: new ExportFindings(), include: (id) => included.push(id) })
    const lines = (chunk: Uint8Array) => decodeWindows1252(chunk).split('\r\n').length - 1
    const header = await writing.next()
    assert.equal(included.length, 0, 'the header comes before any document is read')
    assert.equal(lines(header.value as Uint8Array), 1)
    const first = await writing.next()
    assert.deepEqual([lines(first.value as Uint8Array), included.length], [500, 250])
    const second = await writing.next()
    assert.deepEqual([lines(second.value as Uint8Array), included.length], [2, 251])
    assert.equal((await writing.next()).done, true)
  })

  it('warns when two documents of one posting symbol get one belegnr, as DIGITS_ONLY makes of RE-2026-00001 and GS-2026-00001', async () => {
    const { exportOf } = await bmdExportScenario()
    const collisions = (file: Awaited<ReturnType<typeof exportOf>>) =>
      file.findings.warnings.filter((warning) => warning.code === 'document_number_collision').map((warning) => [warning.documentNumber, warning.field])
    assert.deepEqual(collisions(await exportOf()), [['GS-2026-00001', 'belegnr'], ['GS-2026-00002', 'belegnr']])
    assert.deepEqual(collisions(await exportOf({ postingSymbols: { CREDIT_NOTE: 'GU' } })), [])
    assert.deepEqual(collisions(await exportOf({ documentNumberMode: 'AS_IS' })), [])
  })
})
