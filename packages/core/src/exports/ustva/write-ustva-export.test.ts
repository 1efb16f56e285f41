import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { parse } from 'csv-parse/sync'
import { failsWith } from '../../testing'
import { figuresOf, ustvaCompany, type DocumentContribution } from './ustva-fixtures'

/*
 * Golden fixtures of the UStVA figures. Every expected figure below is worked out by hand in
 * the comment beside it, from the rules of the Anleitung zur Umsatzsteuer-Voranmeldung as the
 * contract restates them:
 * - Bemessungsgrundlage in whole euros: the exact base with its cents cut off (toward zero).
 * - Kz 81/86/87: the tax ELSTER derives = whole euros × 19 / 7 / 0 %, rounded to cents.
 * - Kz 83 = that tax of 81/86/87 + Kz 36 − Kz 66.
 * Figures are [base, baseWholeEuros, tax, taxAtStatutoryRate, documentCount].
 */

const MARCH = { year: 2026, period: '03' }

describe('UStVA figures: one fixture per tax case (net 1,234.56 issued 10 March 2026)', () => {
  type Case = { name: string; input: (c: Awaited<ReturnType<typeof ustvaCompany>>) => Record<string, unknown>; company?: Record<string, unknown>; kennzahlen: Record<string, unknown[]>; excluded?: unknown[] }
  const cases: Case[] = [
    // 1234.56 × 19 % = 234.5664 → tax 234.57; whole euros 1234 × 19 % = 234.46.
    { name: 'DOMESTIC_STANDARD → Kz 81', input: ({ line }) => ({ lines: [line('1234.56', '19')] }), kennzahlen: { 81: [1234.56, 1234, 234.57, 234.46, 1] } },
    // 1234.56 × 7 % = 86.4192 → 86.42; 1234 × 7 % = 86.38.
    { name: 'DOMESTIC_REDUCED → Kz 86', input: ({ line }) => ({ lines: [line('1234.56', '7')] }), kennzahlen: { 86: [1234.56, 1234, 86.42, 86.38, 1] } },
    // 0 % (§ 12 Abs. 3 UStG): no tax, 1234 × 0 % = 0.
    { name: 'DOMESTIC_ZERO → Kz 87', input: ({ line }) => ({ lines: [line('1234.56', '0')] }), kennzahlen: { 87: [1234.56, 1234, 0, 0, 1] } },
    // 5.5 % is no German rate: Kz 35 with the tax in Kz 36, 1234.56 × 5.5 % = 67.9008 → 67.90; the form derives nothing.
    { name: 'DOMESTIC_OTHER → Kz 35/36', input: ({ line }) => ({ lines: [line('1234.56', '5.5')] }), kennzahlen: { 35: [1234.56, 1234, 67.9, null, 1] } },
    { name: 'INTRA_COMMUNITY → Kz 41', input: ({ line, customers }) => ({ customerId: customers.fr.id, taxExemptionReason: 'INTRA_COMMUNITY', lines: [line('1234.56')] }), kennzahlen: { 41: [1234.56, 1234, 0, null, 1] } },
    { name: 'EXPORT_DELIVERY → Kz 43', input: ({ line, customers }) => ({ customerId: customers.us.id, taxExemptionReason: 'EXPORT_DELIVERY', lines: [line('1234.56')] }), kennzahlen: { 43: [1234.56, 1234, 0, null, 1] } },
    { name: 'OTHER_EXEMPTION → Kz 48 by default', input: ({ line }) => ({ taxExemptionReason: 'OTHER_EXEMPTION', lines: [line('1234.56')] }), kennzahlen: { 48: [1234.56, 1234, 0, null, 1] } },
    {
      name: 'OTHER_EXEMPTION → Kz 43 with vatReturn.otherExemptionKz 43', company: { vatReturn: { otherExemptionKz: '43' } },
      input: ({ line }) => ({ taxExemptionReason: 'OTHER_EXEMPTION', lines: [line('1234.56')] }), kennzahlen: { 43: [1234.56, 1234, 0, null, 1] },
    },
    { name: 'REVERSE_CHARGE_EU → Kz 21', input: ({ line, customers }) => ({ customerId: customers.fr.id, taxExemptionReason: 'REVERSE_CHARGE_EU', lines: [line('1234.56')] }), kennzahlen: { 21: [1234.56, 1234, 0, null, 1] } },
    { name: 'REVERSE_CHARGE_EU_NO_VAT → Kz 21', input: ({ line, customers }) => ({ customerId: customers.fr.id, taxExemptionReason: 'REVERSE_CHARGE_EU_NO_VAT', lines: [line('1234.56')] }), kennzahlen: { 21: [1234.56, 1234, 0, null, 1] } },
    { name: 'THIRD_COUNTRY → Kz 45', input: ({ line, customers }) => ({ customerId: customers.us.id, taxExemptionReason: 'THIRD_COUNTRY', lines: [line('1234.56')] }), kennzahlen: { 45: [1234.56, 1234, 0, null, 1] } },
    { name: 'REVERSE_CHARGE_13B → Kz 60', input: ({ line }) => ({ taxExemptionReason: 'REVERSE_CHARGE_13B', lines: [line('1234.56')] }), kennzahlen: { 60: [1234.56, 1234, 0, null, 1] } },
    // French VAT 20 %: 1234.56 × 20 % = 246.912 → 246.91, declared in the OSS return, not here.
    {
      name: 'OSS → excluded', input: ({ line, customers }) => ({ customerId: customers.fr.id, ossApplicable: true, taxCountry: 'FR', lines: [line('1234.56', '20')] }),
      kennzahlen: {}, excluded: [{ taxCase: 'OSS', base: 1234.56, tax: 246.91, documentCount: 1 }],
    },
    {
      name: 'INTERNAL_SUPPLY → excluded', input: ({ line }) => ({ taxExemptionReason: 'INTERNAL_SUPPLY', lines: [line('1234.56')] }),
      kennzahlen: {}, excluded: [{ taxCase: 'INTERNAL_SUPPLY', base: 1234.56, tax: 0, documentCount: 1 }],
    },
    {
      name: 'SMALL_BUSINESS → excluded', input: ({ line }) => ({ taxExemptionReason: 'SMALL_BUSINESS', lines: [line('1234.56')] }),
      kennzahlen: {}, excluded: [{ taxCase: 'SMALL_BUSINESS', base: 1234.56, tax: 0, documentCount: 1 }],
    },
  ]
  for (const { name, input, company, kennzahlen, excluded = [] } of cases) {
    it(name, async () => {
      const context = await ustvaCompany(company)
      const document = await context.invoice({ issueDate: '2026-03-10', ...input(context) })
      const { summary, exported } = await context.ustva(MARCH)
      assert.deepEqual(figuresOf(summary), kennzahlen)
      assert.deepEqual(summary.excluded, excluded)
      assert.deepEqual([exported.documentCount, summary.kz83, summary.inputTax], [1, null, null])
      const april = await context.ustva({ year: 2026, period: '04' })
      assert.deepEqual([april.summary.kennzahlen, april.summary.excluded, april.exported.documentCount], [[], [], 0], `${document.number} is in March only`)
    })
  }
})

describe('UStVA figures', () => {
  it('a mixed month: rates, service periods across months, an intra-Community supply by issue date, OSS apart, Kz 66 and 83', async () => {
    const { invoice, invoicing, actor, line, customers, ustva } = await ustvaCompany()
    const a = await invoice({ issueDate: '2026-03-02', lines: [line('100.00', '19'), line('50.00', '7')] }) // 81: 100 / 19.00; 86: 50 / 3.50
    const b = await invoice({ issueDate: '2026-03-15', lines: [line('333.33', '19')] }) // 81: 333.33 / 63.33 (333.33 × 19 % = 63.3327)
    const c = await invoice({ issueDate: '2026-03-20', customerId: customers.fr.id, taxExemptionReason: 'INTRA_COMMUNITY', lines: [line('500.00')] }) // 41: 500
    const d = await invoice({ issueDate: '2026-03-21', customerId: customers.fr.id, ossApplicable: true, taxCountry: 'FR', lines: [line('200.00', '20')] }) // OSS: 200 / 40
    // Issued in April for a service that ended in March: March, 81: 1000 / 190.00.
    const e = await invoice({ issueDate: '2026-04-10', servicePeriodStart: '2026-03-01', servicePeriodEnd: '2026-03-31', lines: [line('1000.00', '19')] })
    // Issued in March, the service ends in April: April, 81: 70 / 13.30.
    const f = await invoice({ issueDate: '2026-03-05', servicePeriodStart: '2026-03-05', servicePeriodEnd: '2026-04-15', lines: [line('70.00', '19')] })
    // An intra-Community supply counts when invoiced, whatever its service end: April, 41: 250.
    const g = await invoice({ issueDate: '2026-04-02', servicePeriodEnd: '2026-03-20', customerId: customers.fr.id, taxExemptionReason: 'INTRA_COMMUNITY', lines: [line('250.00')] })
    // Issued in February in advance of a service that ended in March: March, 86: 10 / 0.70.
    const h = await invoice({ issueDate: '2026-02-20', servicePeriodEnd: '2026-03-10', lines: [line('10.00', '7')] })
    // Never declared: a draft, a proforma.
    await invoicing.invoices.create(actor, { customerId: customers.de.id, issueDate: '2026-03-03', lines: [line('9999.00')] })
    await invoicing.invoices.create(actor, { customerId: customers.de.id, issueDate: '2026-03-03', invoiceType: 'PROFORMA', lines: [line('9999.00')] })

    const march = await ustva({ ...MARCH, inputTax: '100.50' })
    assert.deepEqual(figuresOf(march.summary), {
      // 100 + 333.33 + 1000 = 1433.33; tax 19.00 + 63.33 + 190.00 = 272.33; 1433 × 19 % = 272.27.
      81: [1433.33, 1433, 272.33, 272.27, 3],
      // 50 + 10 = 60.00; tax 3.50 + 0.70 = 4.20; 60 × 7 % = 4.20.
      86: [60, 60, 4.2, 4.2, 2],
      41: [500, 500, 0, null, 1],
    })
    assert.deepEqual(march.summary.excluded, [{ taxCase: 'OSS', base: 200, tax: 40, documentCount: 1 }])
    // Kz 83 = 272.27 + 4.20 − 100.50 = 175.97.
    assert.deepEqual([march.summary.inputTax, march.summary.kz83], [100.5, 175.97])
    assert.equal(march.exported.documentCount, 6)
    const documents = JSON.parse(march.text).documents as DocumentContribution[]
    assert.deepEqual(documents.map(({ number, kz, excluded, base, tax }) => [number, kz, excluded, base, tax]), [
      [h.number, '86', undefined, 10, 0.7],
      [a.number, '81', undefined, 100, 19],
      [a.number, '86', undefined, 50, 3.5],
      [b.number, '81', undefined, 333.33, 63.33],
      [c.number, '41', undefined, 500, 0],
      [d.number, null, 'OSS', 200, 40],
      [e.number, '81', undefined, 1000, 190],
    ])
    assert.deepEqual(march.summary.notCovered.slice(0, 3), ['44', '49', '42'])

    const april = await ustva({ year: 2026, period: '04' })
    // 81: f 70 / 13.30, 70 × 19 % = 13.30; 41: g 250.
    assert.deepEqual(figuresOf(april.summary), { 81: [70, 70, 13.3, 13.3, 1], 41: [250, 250, 0, null, 1] })
    assert.deepEqual([f.number, g.number].sort(), (JSON.parse(april.text).documents as DocumentContribution[]).map((each) => each.number).sort())

    // The first quarter holds the months January to March: the same as March here.
    const quarter = await ustva({ year: 2026, period: '41', inputTax: '100.50' })
    assert.deepEqual([quarter.summary.periodStart, quarter.summary.periodEnd], ['2026-01-01', '2026-03-31'])
    assert.deepEqual(figuresOf(quarter.summary), figuresOf(march.summary))
    assert.equal(quarter.summary.kz83, 175.97)
    assert.equal(quarter.exported.file.name, 'UStVA_2026_41.json')
  })

  it('finds documents whose service ended in the period when issued from 12 months before to 6 months after it, not beyond', async () => {
    const { invoice, line, ustva } = await ustvaCompany()
    const serviceInMarch = { servicePeriodEnd: '2026-03-15', lines: [line('1.00')] }
    const earliest = await invoice({ issueDate: '2025-03-01', ...serviceInMarch })
    await invoice({ issueDate: '2025-02-28', ...serviceInMarch })
    const latest = await invoice({ issueDate: '2026-09-30', ...serviceInMarch })
    await invoice({ issueDate: '2026-10-01', ...serviceInMarch })
    const { text } = await ustva(MARCH)
    assert.deepEqual((JSON.parse(text).documents as DocumentContribution[]).map((each) => each.id), [earliest.id, latest.id])
  })

  it('a credit note in the next period counts there, by its own issue date, negative and truncated toward zero', async () => {
    const { invoice, creditNote, line, ustva } = await ustvaCompany()
    await invoice({ issueDate: '2026-03-10', servicePeriodEnd: '2026-03-10', lines: [line('400.00')] }) // March 81: 400 / 76.00
    // Issued in April for the March service: April. 100.50 × 19 % = 19.095 → 19.10 (half away from zero), stored −19.10.
    const note = await creditNote({ issueDate: '2026-04-08', servicePeriodEnd: '2026-03-31', lines: [line('100.50')] })
    const march = await ustva(MARCH)
    assert.deepEqual(figuresOf(march.summary), { 81: [400, 400, 76, 76, 1] })
    const april = await ustva({ year: 2026, period: '04', inputTax: 0 })
    // −100.50 → −100 whole euros (toward zero, not −101); −100 × 19 % = −19.00; Kz 83 = −19.00 − 0 = −19.00 (a refund).
    assert.deepEqual(figuresOf(april.summary), { 81: [-100.5, -100, -19.1, -19, 1] })
    assert.equal(april.summary.kz83, -19)
    assert.deepEqual((JSON.parse(april.text).documents as DocumentContribution[]).map(({ id, kz, base, tax }) => [id, kz, base, tax]), [[note.id, '81', -100.5, -19.1]])
    assert.deepEqual(april.summary.warnings, [], 'credit notes warn only under the cash basis')
  })

  it('a cancellation: the cancelled invoice stays in its period, its cancellation credit note counts in its own', async () => {
    const { invoice, invoicing, actor, clock, line, ustva } = await ustvaCompany()
    const cancelled = await invoice({ issueDate: '2026-03-10', lines: [line('250.00')] }) // March 81: 250 / 47.50
    const kept = await invoice({ issueDate: '2026-04-01', lines: [line('80.00', '7')] }) // April 86: 80 / 5.60
    clock.set('2026-04-02T10:00:00.000Z')
    const { cancellationCreditNote } = await invoicing.invoices.cancel(actor, cancelled.id)
    assert.equal(cancellationCreditNote!.issueDate, '2026-04-02')
    const march = await ustva(MARCH)
    // 250 × 19 % = 47.50.
    assert.deepEqual(figuresOf(march.summary), { 81: [250, 250, 47.5, 47.5, 1] })
    const april = await ustva({ year: 2026, period: '04' })
    // 81: −250 / −47.50, −250 × 19 % = −47.50; 86: 80 / 5.60, 80 × 7 % = 5.60.
    assert.deepEqual(figuresOf(april.summary), { 81: [-250, -250, -47.5, -47.5, 1], 86: [80, 80, 5.6, 5.6, 1] })
    assert.deepEqual((JSON.parse(april.text).documents as DocumentContribution[]).map((each) => each.id).sort(), [cancellationCreditNote!.id, kept.id].sort())
  })

  it('the cash basis: partial payments split over the groups, EU sales on the accrual rule, a credit note by issue date with a warning', async () => {
    const { invoice, creditNote, invoicing, actor, line, customers, ustva } = await ustvaCompany({ vatReturn: { basis: 'CASH' } } as never)
    // Gross 1000 + 190 + 500 + 35 = 1725.00.
    const mixed = await invoice({ issueDate: '2026-03-03', lines: [line('1000.00', '19'), line('500.00', '7')] })
    // 690 / 1725 = 40 %: 81: 400.00 / 76.00; 86: 200.00 / 14.00.
    await invoicing.payments.record(actor, mixed.id, { amount: '690.00', paymentDate: '2026-03-20' })
    // 1035 / 1725 = 60 %, in April: 81: 600.00 / 114.00; 86: 300.00 / 21.00.
    await invoicing.payments.record(actor, mixed.id, { amount: '1035.00', paymentDate: '2026-04-05' })
    // Issued in February, 100.00 of 119.00 paid in March: net 100 × 100 / 119 = 84.0336 → 84.03; tax 100 × 19 / 119 = 15.966 → 15.97.
    const february = await invoice({ issueDate: '2026-02-15', lines: [line('100.00', '19')] })
    await invoicing.payments.record(actor, february.id, { amount: '100.00', paymentDate: '2026-03-10' })
    // Unpaid domestic sale: nothing under the cash basis.
    await invoice({ issueDate: '2026-03-04', lines: [line('200.00', '19')] })
    // Unpaid, but on the accrual rule: 41: 800 (issued in March); 21: 300 (service ended in March, issued in April).
    await invoice({ issueDate: '2026-03-06', customerId: customers.fr.id, taxExemptionReason: 'INTRA_COMMUNITY', lines: [line('800.00')] })
    await invoice({ issueDate: '2026-04-03', servicePeriodEnd: '2026-03-31', customerId: customers.fr.id, taxExemptionReason: 'REVERSE_CHARGE_EU', lines: [line('300.00')] })
    // By its issue date: 81: −50.00 / −9.50.
    const note = await creditNote({ issueDate: '2026-03-25', lines: [line('50.00')] })
    // A proforma is no invoice: money received on it is declared once it is converted into one.
    const proforma = await invoice({ issueDate: '2026-03-07', invoiceType: 'PROFORMA', lines: [line('999.00')] })
    await invoicing.payments.record(actor, proforma.id, { amount: '100.00', paymentDate: '2026-03-08' })

    const march = await ustva(MARCH)
    assert.equal(march.summary.basis, 'CASH')
    assert.deepEqual(figuresOf(march.summary), {
      // 400 + 84.03 − 50 = 434.03; tax 76 + 15.97 − 9.50 = 82.47; 434 × 19 % = 82.46.
      81: [434.03, 434, 82.47, 82.46, 3],
      // 200 × 7 % = 14.00.
      86: [200, 200, 14, 14, 1],
      41: [800, 800, 0, null, 1],
      21: [300, 300, 0, null, 1],
    })
    assert.deepEqual(march.summary.warnings.map(({ code, documentId }) => [code, documentId]), [['cash_basis_credit_note', note.id]])
    const documents = JSON.parse(march.text).documents as DocumentContribution[]
    assert.deepEqual(documents.filter((each) => each.id === mixed.id).map(({ kz, base, tax }) => [kz, base, tax]), [['81', 400, 76], ['86', 200, 14]])
    assert.deepEqual(documents.filter((each) => each.id === february.id).map(({ kz, base, tax }) => [kz, base, tax]), [['81', 84.03, 15.97]])

    const april = await ustva({ year: 2026, period: '04' })
    // 600 × 19 % = 114.00; 300 × 7 % = 21.00. The reverse-charge sale is March's, by its service end.
    assert.deepEqual(figuresOf(april.summary), { 81: [600, 600, 114, 114, 1], 86: [300, 300, 21, 21, 1] })

    // The same data on the accrual basis (a request may override the setting): every sale by its dates.
    const accrual = await ustva({ ...MARCH, basis: 'ACCRUAL' })
    // 81: 1000 + 200 − 50 = 1150 / 190 + 38 − 9.50 = 218.50; 1150 × 19 % = 218.50. 86: 500 / 35.
    assert.deepEqual(figuresOf(accrual.summary), { 81: [1150, 1150, 218.5, 218.5, 3], 86: [500, 500, 35, 35, 1], 41: [800, 800, 0, null, 1], 21: [300, 300, 0, null, 1] })
    assert.deepEqual(accrual.summary.warnings, [])
  })
})

describe('UStVA files and requests', () => {
  it('writes the CSV in the excel-de dialect: BOM, semicolons, decimal commas, CRLF, Kz 66 and 83 last', async () => {
    const { invoice, line, ustva } = await ustvaCompany()
    await invoice({ issueDate: '2026-03-10', lines: [line('1234.56', '19'), line('10.00', '5.5')] })
    const { bytes, exported } = await ustva({ ...MARCH, format: 'CSV', inputTax: 34.5 })
    assert.deepEqual([exported.file.name, exported.file.contentType, exported.file.encoding], ['UStVA_2026_03.csv', 'text/csv; charset=utf-8', 'UTF-8'])
    assert.deepEqual([...bytes.subarray(0, 3)], [0xef, 0xbb, 0xbf])
    const text = bytes.toString('utf8')
    assert.ok(text.endsWith('\r\n') && !text.replace(/\r\n/g, '').includes('\n'))
    const rows = parse(bytes, { delimiter: ';', bom: true, relax_quotes: false, relax_column_count: false, record_delimiter: '\r\n' }) as string[][]
    // 1234 × 19 % = 234.46; Kz 36: 10 × 5.5 % = 0.55; Kz 83 = 234.46 + 0.55 − 34.50 = 200.51.
    assert.deepEqual(rows, [
      ['kz', 'bezeichnung', 'bemessungsgrundlage', 'bemessungsgrundlage_volle_euro', 'steuer', 'steuer_nach_satz', 'belege'],
      ['81', 'Steuerpflichtige Umsätze 19 %', '1234,56', '1234', '234,57', '234,46', '1'],
      ['35', 'Steuerpflichtige Umsätze zu anderen Steuersätzen (Steuer: Kz 36)', '10,00', '10', '0,55', '', '1'],
      ['66', 'Vorsteuerbeträge aus Rechnungen von anderen Unternehmern', '', '', '34,50', '', ''],
      ['83', 'Verbleibende Umsatzsteuer-Vorauszahlung / verbleibender Überschuss', '', '', '200,51', '', ''],
    ])
    assert.equal(exported.summary.kz83, 200.51, 'the summary is JSON also for a CSV file')
  })

  it('writes amounts in the JSON file as numbers with two decimals, the same bytes for the same data, and documents only when asked', async () => {
    const { invoice, line, ustva } = await ustvaCompany()
    await invoice({ issueDate: '2026-03-10', lines: [line('1900.10', '19')] })
    const first = await ustva(MARCH)
    assert.match(first.text, /"base": 1900\.10,\n/)
    assert.match(first.text, /"tax": 361\.02,\n/) // 1900.10 × 19 % = 361.019
    assert.match(first.text, /"baseWholeEuros": 1900,\n/)
    assert.equal(first.exported.file.contentType, 'application/json')
    assert.equal((await ustva(MARCH)).exported.file.sha256, first.exported.file.sha256)
    assert.equal('documents' in first.exported.summary, false, 'the summary leaves the per-document list to the file')
    const without = await ustva({ ...MARCH, includeDocuments: false })
    assert.equal('documents' in JSON.parse(without.text), false)
    assert.deepEqual(JSON.parse(without.text).kennzahlen, JSON.parse(first.text).kennzahlen)
    assert.deepEqual(without.exported.parameters, {
      year: 2026, period: '03', periodStart: '2026-03-01', periodEnd: '2026-03-31', basis: 'ACCRUAL', inputTax: null, format: 'json',
      includeDocuments: false, otherExemptionKz: '48', onlyNotExported: false,
    })
  })

  it('reports every problem at once and stores nothing: a company outside Germany, a small business, a document in another currency', async () => {
    const austrian = await ustvaCompany({ country: 'AT', vatId: 'ATU12345678', smallBusiness: true } as never)
    await assert.rejects(austrian.ustva(MARCH), (error: { code: string; details: { problems: { code: string }[] } }) => {
      assert.equal(error.code, 'export_invalid')
      assert.deepEqual(error.details.problems.map((problem) => problem.code), ['country_not_supported', 'small_business'])
      return true
    })
    assert.equal((await austrian.invoicing.exports.list(austrian.actor)).total, 0)

    const german = await ustvaCompany()
    const usd = await german.invoice({ issueDate: '2026-03-10', currency: 'USD', lines: [german.line('10.00')] })
    await german.invoice({ issueDate: '2026-03-11', lines: [german.line('10.00')] })
    await assert.rejects(german.ustva(MARCH), failsWith('export_invalid', { problems: [{ code: 'currency_not_supported', message: `${usd.number} is in USD; the VAT return declares euros only`, documentId: usd.id, documentNumber: usd.number, field: 'currency' }] }))
  })

  it('warns of an EU sale to a customer without a VAT id', async () => {
    const { invoice, line, customers, ustva } = await ustvaCompany()
    const sale = await invoice({ issueDate: '2026-03-10', customerId: customers.frWithoutVatId.id, taxExemptionReason: 'INTRA_COMMUNITY', lines: [line('10.00')] })
    const { summary } = await ustva(MARCH)
    assert.deepEqual(summary.warnings.map(({ code, documentId }) => [code, documentId]), [['vat_id_missing', sale.id]])
  })

  it('validates year and period, and has no from/to', async () => {
    const { ustva } = await ustvaCompany()
    for (const [input, field] of [
      [{ period: '03' }, 'year'], [{ year: 2026 }, 'period'], [{ year: 2026.5, period: '03' }, 'year'], [{ year: '2026', period: '03' }, 'year'],
      [{ year: 1999, period: '03' }, 'year'], [{ year: 2026, period: '13' }, 'period'], [{ year: 2026, period: '3' }, 'period'], [{ year: 2026, period: '40' }, 'period'],
      [{ year: 2026, period: '03', basis: 'SOLL' }, 'basis'], [{ year: 2026, period: '03', inputTax: -1 }, 'inputTax'], [{ year: 2026, period: '03', inputTax: '1.234' }, 'inputTax'],
      [{ year: 2026, period: '03', format: 'xml' }, 'format'],
    ] as const) {
      await assert.rejects(ustva(input), failsWith('validation_failed', { field }), JSON.stringify(input))
    }
    // Quarters and months map to their days; a leap-year February ends on the 29th.
    const feb = await ustva({ year: 2028, period: '02' })
    assert.deepEqual([feb.summary.periodStart, feb.summary.periodEnd], ['2028-02-01', '2028-02-29'])
    const q4 = await ustva({ year: 2026, period: '44' })
    assert.deepEqual([q4.summary.periodStart, q4.summary.periodEnd], ['2026-10-01', '2026-12-31'])
  })

  it('onlyNotExported leaves out the documents of a non-voided UStVA export, and is refused on the cash basis', async () => {
    const { invoice, line, ustva, invoicing, actor } = await ustvaCompany()
    await invoice({ issueDate: '2026-03-10', lines: [line('100.00')] })
    const first = await ustva(MARCH)
    const late = await invoice({ issueDate: '2026-04-02', servicePeriodEnd: '2026-03-31', lines: [line('30.00')] })
    const again = await ustva({ ...MARCH, onlyNotExported: true })
    // Only the late invoice: 30 / 5.70.
    assert.deepEqual(figuresOf(again.summary), { 81: [30, 30, 5.7, 5.7, 1] })
    assert.deepEqual([again.exported.documentCount, (again.exported.summary as { previouslyExported?: number }).previouslyExported], [1, 1])
    assert.deepEqual((JSON.parse(again.text).documents as DocumentContribution[]).map((each) => each.id), [late.id])
    await invoicing.exports.void(actor, first.exported.id)
    assert.equal((await ustva({ ...MARCH, onlyNotExported: true })).exported.documentCount, 1, 'voided, the first export frees the March invoice; the second still holds the late one')
    await assert.rejects(ustva({ ...MARCH, basis: 'CASH', onlyNotExported: true }), failsWith('validation_failed', { field: 'onlyNotExported' }))
  })
})
