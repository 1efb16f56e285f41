import assert from 'node:assert/strict'
import { createHash } from 'node:crypto'
import { after, before, describe, it } from 'node:test'
import { createManualClock } from '@invoicing/core/testing'
import { documentedResponses } from '../support/documented'
import { createTenant, type Tenant } from '../support/tenant'
import { startTestApp, type TestApp } from '../support/test-app'

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

/** Company bank details that pass every check. */
const CREDITOR = { iban: 'DE89370400440532013000', bic: 'COBADEFFXXX', sepaCreditorId: 'DE98ZZZ09999999999', street: 'Hauptstraße 1', zipCode: '10115', city: 'Berlin' }
/** A debtor with a valid IBAN and a mandate signed before the collection dates of these tests. */
const DEBTOR = { iban: 'DE02120300000000202051', sepaMandateId: 'MANDAT-1', sepaMandateDate: '2026-01-15' }
/** Passes the API's mod-97 check, but a German IBAN has 22 characters: ibantools refuses it. */
const SHORT_GERMAN_IBAN = 'DE5137040044053201300'

describe('SEPA direct-debit exports', () => {
  let app: TestApp
  let documented: ReturnType<typeof documentedResponses>
  // Monday 2 March 2026, 10:00 in Berlin: Wednesday the 4th is two TARGET2 business days ahead.
  const clock = createManualClock('2026-03-02T09:00:00.000Z')
  before(async () => {
    app = await startTestApp({ clock, access: { requestsPerMinute: 100_000 } })
    const probe = await createTenant(app)
    documented = documentedResponses((await probe.api.get('/openapi.json')).body)
  })
  after(() => app.stop())

  const ok = (response: { status: number; text: string; body: any }) => {
    assert.ok(response.status < 300, `${response.status} ${response.text}`)
    return response.body.data
  }
  async function invoiceOf(tenant: Tenant, customerId: string, { status = 'FINAL', ...body }: Record<string, unknown> = {}) {
    const created = ok(await tenant.api.post('/invoices', { customerId, lines: [{ description: 'Wartung März', unitPrice: '100' }], ...body }))
    if (status === 'DRAFT') return created as { id: string; number: string }
    const { invoiceNumber } = ok(await tenant.api.put(`/invoices/${created.id}`, { status }))
    return { id: created.id as string, number: invoiceNumber as string }
  }
  const collect = (tenant: Tenant, body: Record<string, unknown>) => tenant.api.post('/exports/sepa-direct-debit', { collectionDate: '2026-03-04', ...body })
  const lastUsed = async (tenant: Tenant, customerId: string) => ok(await tenant.api.get(`/customers/${customerId}`)).sepaMandateLastUsedAt
  const exportCount = async (tenant: Tenant) => (await tenant.api.get('/exports')).body.pagination.total

  it('collects the amount due of invoices in pain.008.001.08: stored, summarised, downloaded as XML; the mandate\'s last use is the collection date', async () => {
    const tenant = await createTenant(app, { name: 'Müller & Söhne GmbH', ...CREDITOR })
    const customer = ok(await tenant.api.post('/customers', { name: 'Bäckerei Groß', ...DEBTOR }))
    const first = await invoiceOf(tenant, customer.id)
    const second = await invoiceOf(tenant, customer.id, { status: 'SENT' })
    ok(await tenant.api.post(`/invoices/${second.id}/payments`, { amount: '19.50' }))

    const created = await collect(tenant, { invoiceIds: [second.id, first.id] })
    documented('POST', '/api/v1/exports/sepa-direct-debit', created)
    assert.equal(created.status, 201, created.text)
    const exported = created.body.data
    assert.deepEqual([exported.type, exported.status, exported.documentCount], ['SEPA_DIRECT_DEBIT', 'COMPLETED', 2])
    assert.deepEqual(exported.parameters, {
      invoiceIds: [second.id, first.id], collectionDate: '2026-03-04', painVersion: 'pain.008.001.08', batchBooking: true,
      remittanceInformation: '{number} {customerNumber}', allowRepeat: false, onlyNotExported: false,
    })
    assert.deepEqual(exported.summary, {
      messageId: exported.id, painVersion: 'pain.008.001.08', collectionDate: '2026-03-04', numberOfTransactions: 2, controlSum: '218.50',
      paymentInformations: [{ id: `${exported.id}-1`, localInstrument: 'CORE', sequenceType: 'RCUR', count: 2, sum: '218.50' }],
      transactions: [
        { invoiceId: first.id, invoiceNumber: first.number, endToEndId: first.number, amount: '119.00', mandateId: 'MANDAT-1', sequenceType: 'RCUR' },
        { invoiceId: second.id, invoiceNumber: second.number, endToEndId: second.number, amount: '99.50', mandateId: 'MANDAT-1', sequenceType: 'RCUR' },
      ],
      warnings: [],
      previousMandateUses: [{ customerId: customer.id, sepaMandateLastUsedAt: null }],
    })
    assert.equal(exported.file.name, `SEPA-Lastschriften_2026-03-04_${exported.id}.xml`)

    const file = await tenant.api.get(`/exports/${exported.id}/file`)
    const documentedFile = (await tenant.api.get('/openapi.json')).body.paths['/api/v1/exports/{id}/file'].get.responses['200']
    assert.ok(documentedFile.content['application/xml'], 'the answer\'s Content-Type is documented')
    assert.equal(file.status, 200)
    assert.equal(file.headers.get('content-type'), 'application/xml')
    assert.equal(file.headers.get('content-disposition'), `attachment; filename="SEPA-Lastschriften_2026-03-04_${exported.id}.xml"`)
    assert.equal(file.headers.get('x-content-sha256'), sha256(file.bytes))
    const xml = Buffer.from(file.bytes).toString('utf8')
    assert.ok(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>'), xml.slice(0, 60))
    assert.ok(xml.includes('<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.008.001.08">'))
    assert.ok(xml.includes(`<MsgId>${exported.id}</MsgId>`) && xml.includes('<CreDtTm>2026-03-02T09:00:00Z</CreDtTm>'))
    // Transliterated by default; the EndToEndId is what the bank reports back with the credit.
    assert.ok(xml.includes('<Nm>Mueller + Soehne GmbH</Nm>') && xml.includes('<StrtNm>Hauptstrasse 1</StrtNm>') && xml.includes('<Nm>Baeckerei Gross</Nm>'))
    assert.ok(xml.includes(`<EndToEndId>${first.number}</EndToEndId>`) && xml.includes('<InstdAmt Ccy="EUR">99.50</InstdAmt>'))
    assert.ok(xml.includes(`<Ustrd>${first.number} ${customer.customerNumber}</Ustrd>`))
    assert.ok(xml.indexOf(first.number) < xml.indexOf(second.number), 'transactions in invoice-number order')

    assert.equal(await lastUsed(tenant, customer.id), '2026-03-04')
    // No payment is recorded: the bank may still return the debit.
    assert.equal(ok(await tenant.api.get(`/invoices/${first.id}`)).status, 'FINAL')
  })

  it('answers 409 already_collected for invoices in a non-voided SEPA export, collects them again with allowRepeat, and again without once voided', async () => {
    const tenant = await createTenant(app, { name: 'Wieder GmbH', ...CREDITOR })
    const customer = ok(await tenant.api.post('/customers', { name: 'Kunde', ...DEBTOR }))
    const [first, second] = [await invoiceOf(tenant, customer.id), await invoiceOf(tenant, customer.id)]
    const earlier = ok(await collect(tenant, { invoiceIds: [first.id] }))
    const before = await exportCount(tenant)

    const repeated = await collect(tenant, { invoiceIds: [second.id, first.id], collectionDate: '2026-03-06' })
    documented('POST', '/api/v1/exports/sepa-direct-debit', repeated)
    assert.deepEqual([repeated.status, repeated.body.code, repeated.body.invoiceIds], [409, 'already_collected', [first.id]])
    assert.equal(await exportCount(tenant), before)

    const again = ok(await collect(tenant, { invoiceIds: [second.id, first.id], collectionDate: '2026-03-06', allowRepeat: true }))
    assert.equal(again.documentCount, 2)
    assert.equal(await lastUsed(tenant, customer.id), '2026-03-06')
    ok(await tenant.api.post(`/exports/${again.id}/void`, {}))
    ok(await tenant.api.post(`/exports/${earlier.id}/void`, {}))
    assert.equal((await collect(tenant, { invoiceIds: [first.id] })).status, 201)
  })

  it('voiding the export gives each customer its previous last use back, visible on the customer', async () => {
    const tenant = await createTenant(app, { name: 'Storno GmbH', ...CREDITOR })
    const customer = ok(await tenant.api.post('/customers', { name: 'Kunde', ...DEBTOR }))
    const other = ok(await tenant.api.post('/customers', { name: 'Anderer', ...DEBTOR, sepaMandateId: 'MANDAT-2' }))
    const march = ok(await collect(tenant, { invoiceIds: [(await invoiceOf(tenant, customer.id)).id] }))
    const april = ok(await collect(tenant, { invoiceIds: [(await invoiceOf(tenant, customer.id)).id, (await invoiceOf(tenant, other.id)).id], collectionDate: '2026-04-07' }))
    assert.deepEqual([await lastUsed(tenant, customer.id), await lastUsed(tenant, other.id)], ['2026-04-07', '2026-04-07'])
    assert.deepEqual(april.summary.previousMandateUses, [
      { customerId: customer.id, sepaMandateLastUsedAt: '2026-03-04' }, { customerId: other.id, sepaMandateLastUsedAt: null },
    ])

    const voided = await tenant.api.post(`/exports/${april.id}/void`, { reason: 'Datei nicht eingereicht' })
    documented('POST', '/api/v1/exports/{id}/void', voided)
    assert.equal(voided.status, 200)
    assert.deepEqual([await lastUsed(tenant, customer.id), await lastUsed(tenant, other.id)], ['2026-03-04', null])
    ok(await tenant.api.post(`/exports/${march.id}/void`, {}))
    assert.equal(await lastUsed(tenant, customer.id), null)
  })

  it('writes pain.008.001.02 with FRST for a new mandate when the company asks, B2B and one-off blocks, a debtor without BIC, its own remittance text', async () => {
    const tenant = await createTenant(app, { name: 'Zwei GmbH', ...CREDITOR, sepa: { painVersion: 'pain.008.001.02', useFirstSequenceType: true, batchBooking: false } } as never)
    const core = ok(await tenant.api.post('/customers', { name: 'Kern', ...DEBTOR }))
    const b2b = ok(await tenant.api.post('/customers', { name: 'Firma', ...DEBTOR, sepaMandateId: 'B2B-1', sepaMandateType: 'B2B', bic: 'BYLADEM1001' }))
    const once = ok(await tenant.api.post('/customers', { name: 'Einmal', ...DEBTOR, sepaMandateId: 'OOFF-1', sepaMandateSequence: 'ONE_OFF' }))
    const invoices = [await invoiceOf(tenant, b2b.id), await invoiceOf(tenant, once.id), await invoiceOf(tenant, core.id)]
    const exported = ok(await collect(tenant, { invoiceIds: invoices.map((invoice) => invoice.id), remittanceInformation: 'Rechnung {number} vom {issueDate}' }))
    assert.equal(exported.parameters.painVersion, 'pain.008.001.02')
    assert.deepEqual(exported.summary.paymentInformations.map((block: any) => [block.id, block.localInstrument, block.sequenceType, block.count]), [
      [`${exported.id}-1`, 'CORE', 'FRST', 1], [`${exported.id}-2`, 'CORE', 'OOFF', 1], [`${exported.id}-3`, 'B2B', 'FRST', 1],
    ])
    const xml = Buffer.from((await tenant.api.get(`/exports/${exported.id}/file`)).bytes).toString('utf8')
    assert.ok(xml.includes('urn:iso:std:iso:20022:tech:xsd:pain.008.001.02') && xml.includes('<BtchBookg>false</BtchBookg>'))
    assert.ok(xml.includes('<BIC>BYLADEM1001</BIC>') && xml.includes('<Id>NOTPROVIDED</Id>'))
    assert.ok(xml.includes(`<Ustrd>Rechnung ${invoices[0]!.number} vom 2026-03-02</Ustrd>`))
    // Used now: the next collection of the recurring mandate is RCUR.
    const next = ok(await collect(tenant, { invoiceIds: [(await invoiceOf(tenant, core.id)).id], collectionDate: '2026-03-10' }))
    assert.equal(next.summary.transactions[0].sequenceType, 'RCUR')
  })

  it('warns short_lead_time one business day ahead, and refuses weekends, TARGET2 holidays and dates not after today with invalid_collection_date', async () => {
    const tenant = await createTenant(app, { name: 'Termin GmbH', ...CREDITOR })
    const customer = ok(await tenant.api.post('/customers', { name: 'Kunde', ...DEBTOR }))
    const invoice = await invoiceOf(tenant, customer.id)
    for (const collectionDate of ['2026-03-07', '2026-04-03', '2026-04-06', '2026-05-01', '2026-03-02', '2026-02-27']) {
      const refused = await collect(tenant, { invoiceIds: [invoice.id], collectionDate })
      documented('POST', '/api/v1/exports/sepa-direct-debit', refused)
      assert.deepEqual([refused.status, refused.body.code, refused.body.field], [400, 'invalid_collection_date', 'collectionDate'], collectionDate)
    }
    const soon = ok(await collect(tenant, { invoiceIds: [invoice.id], collectionDate: '2026-03-03' }))
    assert.deepEqual(soon.summary.warnings.map((warning: any) => [warning.code, warning.field]), [['short_lead_time', 'collectionDate']])
  })

  it('refuses a repeated invoice id with duplicate_invoice, and bad requests with validation_failed', async () => {
    const tenant = await createTenant(app, { name: 'Doppelt GmbH', ...CREDITOR })
    const customer = ok(await tenant.api.post('/customers', { name: 'Kunde', ...DEBTOR }))
    const invoice = await invoiceOf(tenant, customer.id)
    const duplicate = await collect(tenant, { invoiceIds: [invoice.id, 'x', invoice.id] })
    documented('POST', '/api/v1/exports/sepa-direct-debit', duplicate)
    assert.deepEqual([duplicate.status, duplicate.body.code, duplicate.body.invoiceIds], [400, 'duplicate_invoice', [invoice.id]])
    const bad = [
      { invoiceIds: [] }, { invoiceIds: Array.from({ length: 1001 }, (_, index) => `id-${index}`) }, { invoiceIds: [invoice.id], painVersion: 'pain.008.001.09' },
      { invoiceIds: [invoice.id], remittanceInformation: 'Rechnung {nummer}' }, { invoiceIds: [invoice.id], collectionDate: '04.03.2026' },
    ]
    for (const body of bad) {
      const refused = await collect(tenant, body)
      assert.deepEqual([refused.status, refused.body.code], [400, 'validation_failed'], JSON.stringify(body).slice(0, 80))
    }
    assert.equal(await exportCount(tenant), 0)
  })

  it('reports every problem of the company, the invoices and their customers in one 400 export_invalid, and stores nothing', async () => {
    const tenant = await createTenant(app, { name: 'Fehler GmbH', sepaCreditorId: 'DE97ZZZ09999999999' })
    const api = tenant.api
    const customer = async (body: Record<string, unknown>) => ok(await api.post('/customers', { name: 'Kunde', ...DEBTOR, ...body })).id as string
    const good = await customer({})
    const cases = {
      creditNote: ok(await api.post('/credit-notes', { recipient_id: good, lines: [{ description: 'Gutschrift', unitPrice: '10' }] })) as { id: string; number: string },
      draft: await invoiceOf(tenant, good, { status: 'DRAFT' }),
      dollars: await invoiceOf(tenant, good, { currency: 'USD' }),
      paid: await invoiceOf(tenant, good, { status: 'SENT' }),
      noIban: await invoiceOf(tenant, await customer({ iban: null })),
      shortIban: await invoiceOf(tenant, await customer({ iban: SHORT_GERMAN_IBAN })),
      badBic: await invoiceOf(tenant, await customer({ bic: 'ABCDXX12' })),
      noMandate: await invoiceOf(tenant, await customer({ sepaMandateId: null })),
      oddMandate: await invoiceOf(tenant, await customer({ sepaMandateId: 'Mandat #1' })),
      lateMandate: await invoiceOf(tenant, await customer({ sepaMandateDate: '2026-03-05' })),
      oldMandate: await invoiceOf(tenant, await customer({ sepaMandateDate: '2022-12-31' })),
      longText: await invoiceOf(tenant, await customer({ customerNumber: 'K'.repeat(50) })),
    }
    ok(await api.post(`/invoices/${cases.paid.id}/payments`, { amount: '119' }))
    const invoiceIds = [...Object.values(cases).map((invoice) => invoice.id), 'unknown-invoice']
    const refused = await collect(tenant, { invoiceIds, remittanceInformation: '{customerNumber} {customerNumber} {customerNumber}' })
    documented('POST', '/api/v1/exports/sepa-direct-debit', refused)
    assert.deepEqual([refused.status, refused.body.code], [400, 'export_invalid'], refused.text)
    const found = (refused.body.problems as { code: string; documentId?: string; documentNumber?: string; field?: string; message: string }[])
    for (const problem of found) assert.equal(typeof problem.message, 'string')
    const about = (invoice: { id: string }) => found.filter((problem) => problem.documentId === invoice.id).map((problem) => problem.code).sort()
    assert.deepEqual(found.filter((problem) => !problem.documentId).map((problem) => [problem.code, problem.field]), [
      ['creditor_id_invalid', 'company.sepaCreditorId'], ['company_iban_missing', 'company.iban'], ['invoice_not_found', `invoiceIds[${invoiceIds.length - 1}]`],
    ])
    assert.deepEqual(about(cases.creditNote), ['not_collectable_type'])
    assert.deepEqual(about(cases.draft), ['invoice_status'])
    assert.deepEqual(about(cases.dollars), ['currency_not_eur'])
    assert.deepEqual(about(cases.paid), ['invoice_status', 'nothing_due'])
    assert.deepEqual(about(cases.noIban), ['iban_missing'])
    assert.deepEqual(about(cases.shortIban), ['iban_invalid'])
    assert.deepEqual(about(cases.badBic), ['bic_invalid'])
    assert.deepEqual(about(cases.noMandate), ['mandate_missing'])
    assert.deepEqual(about(cases.oddMandate), ['mandate_invalid'])
    assert.deepEqual(about(cases.lateMandate), ['mandate_invalid'])
    assert.deepEqual(about(cases.oldMandate), ['mandate_expired'])
    assert.deepEqual(about(cases.longText), ['remittance_information_too_long'])
    assert.equal(found.find((problem) => problem.documentId === cases.draft.id)!.documentNumber, ok(await api.get(`/invoices/${cases.draft.id}`)).invoiceNumber)
    assert.equal(await exportCount(tenant), 0)
    assert.equal(await lastUsed(tenant, good), null)
  })
})
