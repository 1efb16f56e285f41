import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { unzipSync } from 'fflate'
import { companyActor } from '../../access/actor'
import type { Company } from '../../companies'
import { createInvoicing } from '../../create-invoicing'
import type { CustomerCreateInput } from '../../customers'
import type { InvoiceCreateInput } from '../../invoices'
import { createManualClock, createMemoryStorage } from '../../testing'
import { BUYER, SELLER } from '../../testing/einvoice-scenarios'
import { decodeWindows1252 } from '../encoding/windows-1252'
import { ExportFindings } from '../export-findings'
import { writtenExport } from '../written-export'
import { DATEV_COLUMNS } from './datev-columns'
import type { Customer } from '../../customers'
import type { Invoice } from '../../invoices'
import type { DatevSettings } from '../../companies'
import { DatevBookings } from './datev-bookings'
import { checkDatevFile } from './datev-format-checker'
import { datevSettingsOf, writeDatevExport, type DatevExportParameters } from './write-datev-export'

const CONSULTING = { description: 'Beratung', quantity: 2, unitPrice: '100' }

/** One company (OSS-registered) with a document of every tax case it can issue, a credit note, a cancellation and payments. */
async function setup() {
  const clock = createManualClock('2026-03-16T09:00:00.000Z')
  const storage = createMemoryStorage()
  const invoicing = createInvoicing({ storage, clock })
  const seller = await invoicing.companies.create({ ...SELLER, ossRegistered: true })
  const actor = companyActor(seller.id)
  const document = async (customerInput: Partial<CustomerCreateInput>, input: Partial<InvoiceCreateInput> & Pick<InvoiceCreateInput, 'lines'>, status: 'FINAL' | 'SENT') => {
    const customer = await invoicing.customers.create(actor, { ...BUYER, ...customerInput })
    const created = await invoicing.invoices.create(actor, { customerId: customer.id, ...input })
    return { invoice: (await invoicing.invoices.update(actor, created.id, { status })).invoice, customer }
  }
  const domestic = await document({ name: 'Kunde & Partner AG', ledgerAccount: '10042' }, {
    issueDate: '2026-03-02', servicePeriodStart: '2026-02-01', servicePeriodEnd: '2026-02-28',
    lines: [CONSULTING, { description: 'Buch', unitPrice: '10.70', taxRate: 7 }],
  }, 'FINAL')
  const zero = await document({}, { issueDate: '2026-03-03', lines: [{ description: 'Photovoltaikmodul', unitPrice: '250', taxRate: 0 }] }, 'FINAL')
  const reverseCharge = await document({ name: 'Wiener Handels GmbH', country: 'AT', vatId: 'ATU12345678' }, { issueDate: '2026-03-04', lines: [CONSULTING] }, 'FINAL')
  const thirdCountry = await document({ name: 'Zürcher Bank AG', country: 'CH' }, { issueDate: '2026-03-05', lines: [CONSULTING], invoiceDateIsServiceDate: true }, 'FINAL')
  const intraCommunity = await document({ name: 'Société Exemple SARL', country: 'FR', vatId: 'FR40303265045' },
    { issueDate: '2026-03-06', taxExemptionReason: 'INTRA_COMMUNITY', invoiceDateIsServiceDate: true, lines: [{ description: 'Server', unitPrice: '1200' }] }, 'FINAL')
  const otherExemption = await document({}, { issueDate: '2026-03-07', taxExemptionReason: 'OTHER_EXEMPTION', taxExemptionNote: '§ 4 Nr. 21 UStG', lines: [CONSULTING] }, 'FINAL')
  const internal = await document({ vatId: 'DE987654321' }, { issueDate: '2026-03-08', taxExemptionReason: 'INTERNAL_SUPPLY', lines: [CONSULTING] }, 'FINAL')
  const oss = await document({ name: 'Maria Huber', country: 'AT', email: null }, { issueDate: '2026-03-09', lines: [CONSULTING] }, 'FINAL')
  const cancelled = await document({}, { issueDate: '2026-03-10', lines: [CONSULTING, { description: 'Buch', unitPrice: '10.10', taxRate: 7 }] }, 'SENT')
  const { cancellationCreditNote } = await invoicing.invoices.update(actor, cancelled.invoice.id, { status: 'CANCELLED' })
  const commission = await invoicing.creditNotes.create(actor, { recipientId: domestic.customer.id, issueDate: '2026-03-11', reason: 'COMMISSION', lines: [{ description: 'Provision', unitPrice: '250' }] })
  const creditNote = (await invoicing.creditNotes.update(actor, commission.id, { status: 'FINAL' })).invoice
  await invoicing.payments.record(actor, domestic.invoice.id, { amount: '100.00', paymentDate: '2026-03-12' })
  const settings = { consultantNumber: 29098, clientNumber: 55003, revenueAccounts: { DOMESTIC_ZERO: '8200', INTERNAL_SUPPLY: '8900' } }
  const company: Company = { ...seller, datev: settings }
  const documents = [domestic, zero, reverseCharge, thirdCountry, intraCommunity, otherExemption, internal, oss, cancelled].map((made) => made.invoice)
  documents.push(cancellationCreditNote!, creditNote)
  return { invoicing, actor, company, documents, domestic, oss, reverseCharge, intraCommunity, document, storage }
}

type Setup = Awaited<ReturnType<typeof setup>>

async function exportOf(setupResult: Setup, parameters: Partial<DatevExportParameters> = {}, company: Company = setupResult.company, maxBookingsPerFile?: number) {
  const findings = new ExportFindings()
  const included: string[] = []
  const file = await writtenExport(writeDatevExport(setupResult.storage, company,
    { from: '2026-03-01', to: '2026-03-31', documentTypes: ['INVOICE', 'CREDIT_NOTE'], includePayments: false, skipUnsupported: false, ...parameters },
    { now: new Date('2026-03-16T09:00:00.000Z'), findings, include: (id) => included.push(id) },
    maxBookingsPerFile === undefined ? {} : { maxBookingsPerFile }))
  return { ...file, findings, included, text: decodeWindows1252(file.content) }
}

/** The booking lines of one file's text, split into fields (our writer never puts `;` into a value here). */
const bookingsOf = (text: string) => text.split('\r\n').slice(2, -1).map((line) => line.split(';'))
const unquoted = (field: string) => field.replace(/^"|"$/g, '')
const field = (row: string[], number: number) => unquoted(row[number - 1]!)
/** `1234,56` with its sign by S/H, in cents. */
const signedCents = (row: string[]) => (field(row, 2) === 'S' ? 1 : -1) * Math.round(Number(field(row, 1).replace(',', '.')) * 100)
const cents = (amount: string) => Math.round(Number(amount) * 100)

describe('DATEV export', () => {
  it('books every tax case, a credit note and a cancellation with zero findings of the checker, and adds up', async () => {
    const context = await setup()
    const file = await exportOf(context)
    assert.deepEqual(file.findings.problems, [])
    assert.equal(file.fileName, 'EXTF_Buchungsstapel_20260301_20260331.csv')
    assert.equal(file.contentType, 'text/csv; charset=windows-1252')
    assert.deepEqual(checkDatevFile(file.content, { fileName: file.fileName }), [])
    assert.equal(file.text.split('\r\n')[1], DATEV_COLUMNS.join(';'))
    const rows = bookingsOf(file.text)
    assert.ok(rows.every((row) => row.length === 125))

    // Arithmetic: the signed sum of field 1 per debtor equals the gross of the documents, and every number is in field 11.
    const byDebtor = new Map<string, number>()
    for (const row of rows) byDebtor.set(field(row, 7), (byDebtor.get(field(row, 7)) ?? 0) + signedCents(row))
    const customers = new Map((await Promise.all(context.documents.map((invoice) => context.storage.customers.get(context.company.id, invoice.customerId)))).map((customer) => [customer!.id, customer!]))
    const expected = new Map<string, number>()
    for (const invoice of context.documents) {
      const debtor = customers.get(invoice.customerId)!.ledgerAccount ?? '10000'
      expected.set(debtor, (expected.get(debtor) ?? 0) + cents(invoice.grossTotal))
    }
    assert.deepEqual(byDebtor, expected)
    for (const invoice of context.documents) assert.ok(rows.some((row) => field(row, 11) === invoice.number), invoice.number)
    assert.deepEqual(new Set(file.included), new Set(context.documents.map((invoice) => invoice.id)))
    assert.equal(file.summary.documents, context.documents.length)
    assert.equal(file.summary.bookings, rows.length)

    // The revenue account per tax case (SKR03), the direction by sign, the dates.
    const accountsOf = (number: string) => rows.filter((row) => field(row, 11) === number).map((row) => `${field(row, 2)} ${field(row, 1)} ${field(row, 8)}`)
    const [domestic, zero, reverseCharge, thirdCountry, intraCommunity, otherExemption, internal, oss, cancelled, cancellation, creditNote] = context.documents
    assert.deepEqual(accountsOf(domestic!.number), ['S 238,00 8400', 'S 11,45 8300'])
    assert.deepEqual(accountsOf(zero!.number), ['S 250,00 8200'])
    assert.deepEqual(accountsOf(reverseCharge!.number), ['S 200,00 8336'])
    assert.deepEqual(accountsOf(thirdCountry!.number), ['S 200,00 8338'])
    assert.deepEqual(accountsOf(intraCommunity!.number), ['S 1200,00 8125'])
    assert.deepEqual(accountsOf(otherExemption!.number), ['S 200,00 8100'])
    assert.deepEqual(accountsOf(internal!.number), ['S 200,00 8900'])
    assert.deepEqual(accountsOf(oss!.number).map((row) => row.split(' ').at(-1)), ['8320'])
    assert.deepEqual(accountsOf(cancelled!.number), ['S 238,00 8400', 'S 10,81 8300'])
    assert.deepEqual(accountsOf(cancellation!.number), ['H 238,00 8400', 'H 10,81 8300'])
    assert.deepEqual(accountsOf(creditNote!.number), ['H 297,50 8400'])
    const domesticRow = rows.find((row) => field(row, 11) === domestic!.number)!
    assert.deepEqual([field(domesticRow, 7), field(domesticRow, 10), field(domesticRow, 14), field(domesticRow, 114), field(domesticRow, 115), field(domesticRow, 117)],
      ['10042', '0203', 'Kunde & Partner AG', '0', '28022026', domestic!.dueDate.split('-').reverse().join('')])
    assert.equal(field(rows.find((row) => field(row, 11) === creditNote!.number)!, 117), '', 'a credit note has no Fälligkeit')
    assert.equal(field(rows.find((row) => field(row, 11) === intraCommunity!.number)!, 40), 'FR40303265045')
    assert.equal(field(rows.find((row) => field(row, 11) === reverseCharge!.number)!, 40), 'ATU12345678')
    const ossRow = rows.find((row) => field(row, 11) === oss!.number)!
    assert.deepEqual([field(ossRow, 40), field(ossRow, 41)], ['AT', '20,00'])
  })

  it('writes the header of the company\'s settings, the request overriding them', async () => {
    const context = await setup()
    const file = await exportOf(context, { chartOfAccounts: 'SKR04', lockBookings: true, consultantNumber: 1234567, fiscalYearStartMonth: 3 })
    assert.deepEqual(file.findings.problems, [])
    const header = file.text.split('\r\n')[0]!.split(';')
    assert.equal(header.length, 31)
    assert.deepEqual([header[5], header[10], header[11], header[12], header[13], header[14], header[15], header[16], header[20], header[26]],
      ['20260316100000000', '1234567', '55003', '20260301', '4', '20260301', '20260331', '"Rechnungsausgang 03/2026"', '1', '"04"'])
    const rows = bookingsOf(file.text)
    assert.ok(rows.every((row) => field(row, 114) === '1'))
    assert.ok(rows.some((row) => field(row, 8) === '4400'))
    assert.deepEqual(checkDatevFile(file.content), [])
  })

  it('books payments: bank in debit, the debtor as Gegenkonto, the invoice number in Belegfeld 1', async () => {
    const context = await setup()
    const file = await exportOf(context, { includePayments: true })
    assert.deepEqual(checkDatevFile(file.content), [])
    const payment = bookingsOf(file.text).find((row) => field(row, 14).startsWith('Zahlung'))!
    const { domestic } = context
    assert.deepEqual([field(payment, 1), field(payment, 2), field(payment, 7), field(payment, 8), field(payment, 10), field(payment, 11), field(payment, 14), field(payment, 114)],
      ['100,00', 'S', '1200', '10042', '1203', domestic.invoice.number, `Zahlung ${domestic.invoice.number}`, '0'])
    assert.equal(file.summary.payments, 1)
  })

  it('reports every problem at once: settings, accounts, debtor, VAT id, currency', async () => {
    const context = await setup()
    await context.document({ name: 'Ohne USt-Id', country: 'FR', vatId: null }, { issueDate: '2026-03-20', taxExemptionReason: 'INTRA_COMMUNITY', lines: [CONSULTING] }, 'FINAL')
    const dollars = await context.document({ ledgerAccount: '123' }, { issueDate: '2026-03-21', currency: 'USD', lines: [CONSULTING] }, 'FINAL')
    const badDebtor = await context.document({ ledgerAccount: '123' }, { issueDate: '2026-03-22', lines: [CONSULTING] }, 'FINAL')
    const file = await exportOf(context, {}, { ...context.company, datev: {} })
    const codes = new Set(file.findings.problems.map((problem) => problem.code))
    assert.deepEqual([...codes].sort(), ['account_missing', 'currency_not_supported', 'datev_settings_missing', 'invalid_debtor_account', 'vat_id_missing'])
    assert.ok(file.findings.problems.some((problem) => problem.code === 'invalid_debtor_account' && problem.documentId === badDebtor.invoice.id))
    const skipped = await exportOf(context, { skipUnsupported: true }, { ...context.company, datev: { ...context.company.datev } })
    assert.deepEqual(skipped.summary.skipped, [{ documentId: dollars.invoice.id, documentNumber: dollars.invoice.number, code: 'currency_not_supported', message: `${dollars.invoice.number} is in USD; the DATEV export books EUR only` }])
    assert.ok(!skipped.findings.problems.some((problem) => problem.code === 'currency_not_supported'))
  })

  it('cuts the Buchungstext and replaces what Windows-1252 lacks, warning of each', async () => {
    const context = await setup()
    const long = `${'Ä'.repeat(58)} Z€ 😀 GmbH`
    await context.document({ name: long, ledgerAccount: '10077' }, { issueDate: '2026-03-25', lines: [CONSULTING] }, 'FINAL')
    const file = await exportOf(context)
    const row = bookingsOf(file.text).find((booking) => field(booking, 7) === '10077')!
    assert.equal(field(row, 14), `${'Ä'.repeat(58)} Z`)
    assert.deepEqual(checkDatevFile(file.content), [])
    assert.deepEqual(new Set(file.findings.warnings.map((warning) => warning.code)), new Set(['text_truncated']))
    const emoji = await context.document({ name: 'Café 😀', ledgerAccount: '10078' }, { issueDate: '2026-03-26', lines: [CONSULTING] }, 'FINAL')
    const again = await exportOf(context)
    assert.equal(field(bookingsOf(again.text).find((booking) => field(booking, 7) === '10078')!, 14), 'Café ?')
    assert.ok(again.findings.warnings.some((warning) => warning.code === 'characters_replaced' && warning.documentId === emoji.invoice.id))
  })

  it('splits a period at the fiscal year and past the bookings limit, delivering a zip of checked files', async () => {
    const context = await setup()
    await context.document({}, { issueDate: '2026-04-02', lines: [CONSULTING] }, 'FINAL')
    const file = await exportOf(context, { to: '2026-04-30', fiscalYearStartMonth: 4 }, context.company, 5)
    assert.equal(file.fileName, 'DATEV_20260301_20260430.zip')
    assert.equal(file.contentType, 'application/zip')
    const entries = unzipSync(file.content)
    assert.deepEqual(Object.keys(entries), [
      'EXTF_Buchungsstapel_20260301_20260331.csv', 'EXTF_Buchungsstapel_20260301_20260331_2.csv', 'EXTF_Buchungsstapel_20260301_20260331_3.csv',
      'EXTF_Buchungsstapel_20260401_20260430.csv',
    ])
    for (const [name, bytes] of Object.entries(entries)) assert.deepEqual(checkDatevFile(bytes, { fileName: name }), [], name)
    const april = decodeWindows1252(entries['EXTF_Buchungsstapel_20260401_20260430.csv']!).split('\r\n')[0]!.split(';')
    assert.deepEqual([april[12], april[14], april[15]], ['20260401', '20260401', '20260430'])
    const files = file.summary.files as { rows: number; fiscalYearStart: string }[]
    assert.deepEqual(files.map((entry) => [entry.rows, entry.fiscalYearStart]), [[5, '2025-04-01'], [4, '2025-04-01'], [5, '2025-04-01'], [1, '2026-04-01']])
    const again = await exportOf(context, { to: '2026-04-30', fiscalYearStartMonth: 4 }, context.company, 5)
    assert.deepEqual(again.content, file.content, 'the same data and clock give the same bytes')
  })
})

describe('DATEV bookings of one document', () => {
  const bookingsWith = async (settings: DatevSettings = {}) => {
    const context = await setup()
    const findings = new ExportFindings()
    const bookings = new DatevBookings(datevSettingsOf({ ...context.company, datev: { ...context.company.datev, ...settings } }, {}), findings, false)
    const customer = (await context.storage.customers.get(context.company.id, context.domestic.invoice.customerId))!
    /** The domestic invoice as another tax case (its exemption reason) or with another number. */
    const book = (changes: Partial<Invoice>, customerChanges: Partial<Customer> = {}) =>
      bookings.ofDocument({ invoice: { ...context.domestic.invoice, ...changes }, customer: { ...customer, ...customerChanges }, payments: [] }).map((booking) => booking.line.split(';'))
    return { book, findings }
  }

  it('takes the revenue account of every exempt case from the chart (SKR03 and SKR04)', async () => {
    const expected = {
      SKR03: { EXPORT_DELIVERY: '8120', REVERSE_CHARGE_13B: '8337', SMALL_BUSINESS: '8195', THIRD_COUNTRY: '8338', OTHER_EXEMPTION: '8100', INTRA_COMMUNITY: '8125', REVERSE_CHARGE_EU: '8336' },
      SKR04: { EXPORT_DELIVERY: '4120', REVERSE_CHARGE_13B: '4337', SMALL_BUSINESS: '4185', THIRD_COUNTRY: '4338', OTHER_EXEMPTION: '4100', INTRA_COMMUNITY: '4125', REVERSE_CHARGE_EU: '4336' },
    } as const
    for (const chartOfAccounts of ['SKR03', 'SKR04'] as const) {
      const { book, findings } = await bookingsWith({ chartOfAccounts })
      for (const [reason, account] of Object.entries(expected[chartOfAccounts])) {
        const rows = book({ taxExemptionReason: reason as Invoice['taxExemptionReason'] }, { vatId: 'ATU12345678' })
        assert.deepEqual(rows.map((row) => field(row, 8)), [account, account].slice(0, rows.length), `${chartOfAccounts} ${reason}`)
      }
      assert.deepEqual(findings.problems, [])
    }
  })

  it('writes a BU key only on an account that is not automatic, warning when one is configured for an automatic account', async () => {
    const { book, findings } = await bookingsWith({ revenueAccounts: { DOMESTIC_REDUCED: '8310' }, buKeys: { DOMESTIC_REDUCED: '2', DOMESTIC_STANDARD: '3' } })
    const rows = book({})
    assert.deepEqual(rows.map((row) => [field(row, 8), field(row, 9)]), [['8400', ''], ['8310', '2']])
    assert.deepEqual(findings.warnings.map((warning) => [warning.code, warning.field]), [['bu_key_ignored', 'datev.buKeys.DOMESTIC_STANDARD']])
  })

  it('sanitises Belegfeld 1 to DATEV\'s characters and 36 places, warning', async () => {
    const { book, findings } = await bookingsWith()
    const rows = book({ number: `RE 2026#1/ä${'x'.repeat(40)}` })
    assert.equal(field(rows[0]!, 11), `RE-2026-1/-${'x'.repeat(25)}`)
    assert.deepEqual(findings.warnings.map((warning) => warning.code), ['document_number_sanitized'])
  })

  it('warns (not refuses) when EU reverse charge without VAT id has no VAT id', async () => {
    const { book, findings } = await bookingsWith()
    assert.equal(book({ taxExemptionReason: 'REVERSE_CHARGE_EU_NO_VAT' }, { vatId: null }).length, 2)
    assert.deepEqual([findings.problems, findings.warnings.map((warning) => warning.code)], [[], ['vat_id_missing']])
    assert.equal(book({ taxExemptionReason: 'REVERSE_CHARGE_EU' }, { vatId: null }).length, 0)
    assert.deepEqual(findings.problems.map((problem) => problem.code), ['vat_id_missing'])
  })
})
