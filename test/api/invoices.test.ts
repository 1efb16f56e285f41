import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { companyActor, type CompanyCreateInput } from '@invoicing/core'
import { createManualClock } from '@invoicing/core/testing'
import type { ApiClient, ApiResponse } from '../support/api-client'
import { documentedResponses } from '../support/documented'
import { createTenant, type Tenant } from '../support/tenant'
import { startTestApp, type TestApp } from '../support/test-app'

// 23:30 UTC on 15 March is 00:30 on 16 March in Berlin (CET, UTC+1): "today" of the company.
const NOW = '2026-03-15T23:30:00.000Z'
const TODAY = '2026-03-16'

/** The fields of a document in the API (without customer, lines, payments). */
const INVOICE_TABLE_FIELDS = [
  'id', 'invoiceNumber', 'invoiceType', 'status', 'customerId', 'documentCategoryId', 'documentLocale', 'documentTextVersion',
  'issueDate', 'dueDate', 'servicePeriodStart', 'servicePeriodEnd', 'currency', 'netTotal', 'taxTotal', 'grossTotal',
  'reverseCharge', 'taxExemptionReason', 'taxExemptionNote', 'taxCountry', 'deliveryCountry', 'ossApplicable', 'ossCountry',
  'notes', 'footer', 'headerText', 'customTitle', 'pdfWithoutLetterhead', 'invoiceDateIsServiceDate', 'useShippingAddress',
  'shippingName', 'shippingStreet', 'shippingZipCode', 'shippingCity', 'shippingCountry', 'orderNumber', 'buyerReference',
  'eInvoiceAudit', 'e_invoice', 'metadata', 'sentAt', 'paidAt', 'lockedAt', 'creditNoteReason', 'parentInvoiceId',
  'dunningPaused', 'dunningPausedAt', 'dunningPausedReason',
] as const

const pick = (object: Record<string, unknown>, keys: readonly string[]) => Object.fromEntries(keys.map((key) => [key, object[key]]))

/** A document as a comparison sees it: without what differs on every creation. */
function comparable(invoice: any) {
  const { id: _, invoiceNumber: __, createdAt: ___, updatedAt: ____, lines, ...rest } = invoice
  return { ...rest, lines: lines.map(({ id: _id, ...line }: any) => line) }
}

describe('invoices', () => {
  let app: TestApp
  let documented: ReturnType<typeof documentedResponses>
  before(async () => {
    app = await startTestApp({ clock: createManualClock(NOW), access: { requestsPerMinute: 10_000 } })
    const { api } = await createTenant(app)
    documented = documentedResponses((await api.get('/openapi.json')).body)
  })
  after(() => app.stop())

  /** A company with a key and one customer. */
  async function setup(company: Partial<CompanyCreateInput> = {}, customer: Record<string, unknown> = {}) {
    const tenant = await createTenant(app, company)
    const created = await tenant.api.post('/customers', { name: 'Kunde GmbH', ...customer })
    assert.equal(created.status, 201, created.text)
    return { ...tenant, customer: created.body.data }
  }

  const total = async (api: ApiClient, query = '') => {
    const listed = await api.get(`/invoices${query}`)
    assert.equal(listed.status, 200, listed.text)
    documented('GET', '/api/v1/invoices', listed)
    return listed.body.pagination.total as number
  }

  const create = async (api: ApiClient, body: unknown): Promise<ApiResponse> => {
    const response = await api.post('/invoices', body)
    documented('POST', '/api/v1/invoices', response)
    return response
  }

  describe('create', () => {
    it('creates a draft with every field of the Invoice table at its default', async () => {
      const { api, customer } = await setup({}, {
        street: 'Hauptstraße 1', zipCode: '10115', city: 'Berlin', country: 'DE', vatId: 'DE123456789', email: 'kunde@example.de',
      })
      const created = await create(api, { customerId: customer.id, lines: [{ description: 'Beratung', quantity: 2, unitPrice: 50 }] })
      assert.equal(created.status, 201, created.text)
      const invoice = created.body.data
      assert.match(invoice.id, /^\S+$/)
      assert.match(invoice.invoiceNumber, /^ENTWURF-\S+$/)
      assert.equal(typeof invoice.documentTextVersion, 'string')
      assert.ok(invoice.documentTextVersion.length > 0)
      const { id: _, invoiceNumber: __, documentTextVersion: ___, ...defaults } = pick(invoice, INVOICE_TABLE_FIELDS)
      assert.deepEqual(defaults, {
        invoiceType: 'INVOICE',
        status: 'DRAFT',
        customerId: customer.id,
        documentCategoryId: null,
        documentLocale: 'de',
        issueDate: TODAY,
        dueDate: '2026-03-30',
        servicePeriodStart: null,
        servicePeriodEnd: null,
        currency: 'EUR',
        netTotal: 100,
        taxTotal: 19,
        grossTotal: 119,
        reverseCharge: false,
        taxExemptionReason: 'NONE',
        taxExemptionNote: null,
        taxCountry: 'DE',
        deliveryCountry: 'DE',
        ossApplicable: false,
        ossCountry: null,
        notes: null,
        footer: null,
        headerText: null,
        customTitle: null,
        pdfWithoutLetterhead: false,
        invoiceDateIsServiceDate: false,
        useShippingAddress: false,
        shippingName: null,
        shippingStreet: null,
        shippingZipCode: null,
        shippingCity: null,
        shippingCountry: null,
        orderNumber: null,
        buyerReference: null,
        eInvoiceAudit: null,
        e_invoice: null,
        metadata: {},
        sentAt: null,
        paidAt: null,
        lockedAt: null,
        creditNoteReason: null,
        parentInvoiceId: null,
        dunningPaused: false,
        dunningPausedAt: null,
        dunningPausedReason: null,
      })
      assert.equal(invoice.lines.length, 1)
      const { id: lineId, ...line } = invoice.lines[0]
      assert.equal(typeof lineId, 'string')
      assert.deepEqual(line, {
        lineType: 'PRODUCT', productId: null, description: 'Beratung', quantity: 2, unit: null, unitPrice: 50, discount: 0,
        taxRate: 19, taxCategory: 'S', netAmount: 100, creditedLineId: null,
      })
      assert.deepEqual(invoice.customer, {
        id: customer.id, customerNumber: customer.customerNumber, name: 'Kunde GmbH', email: 'kunde@example.de',
        street: 'Hauptstraße 1', zipCode: '10115', city: 'Berlin', country: 'DE', vatId: 'DE123456789',
      })
      assert.ok(!('payments' in invoice), 'the create response has no payments')
      assert.equal(invoice.createdAt, NOW)

      const read = await api.get(`/invoices/${invoice.id}`)
      assert.equal(read.status, 200)
      documented('GET', '/api/v1/invoices/{id}', read)
      const { payments, paidAmount, ...detail } = read.body.data
      assert.deepEqual(detail, invoice, 'the detail read shows what the create answered')
      assert.deepEqual([payments, paidAmount], [[], 0])
    })

    it('gives each draft its own ENTWURF- placeholder', async () => {
      const { api, customer } = await setup()
      const body = { customerId: customer.id, lines: [{ description: 'x' }] }
      const numbers = await Promise.all([1, 2, 3].map(async () => (await create(api, body)).body.data.invoiceNumber))
      assert.ok(numbers.every((number) => number.startsWith('ENTWURF-')))
      assert.equal(new Set(numbers).size, 3)
    })

    it('keeps every field given, in camelCase or snake_case alike', async () => {
      const { api, customer } = await setup()
      const category = (await api.post('/document-categories', { name: 'Shop' })).body.data
      const camel = {
        customerId: customer.id,
        documentCategoryId: category.id,
        documentLocale: 'en',
        invoiceType: 'INVOICE',
        issueDate: '2026-03-01',
        dueDate: '2026-03-31',
        servicePeriodStart: '2026-02-01',
        servicePeriodEnd: '2026-02-28',
        currency: 'usd',
        taxExemptionNote: 'Hinweis',
        notes: 'intern',
        footer: 'Closing words',
        headerText: 'Opening words',
        customTitle: 'Abschlagsrechnung',
        pdfWithoutLetterhead: true,
        invoiceDateIsServiceDate: true,
        useShippingAddress: true,
        shippingName: 'Lager Süd',
        shippingStreet: 'Hafenweg 2',
        shippingZipCode: '20457',
        shippingCity: 'Hamburg',
        shippingCountry: 'DE',
        orderNumber: 'PO-4711',
        buyerReference: '04011000-12345-67',
        eInvoiceAudit: { format: 'XRECHNUNG', channel: 'PEPPOL' },
        metadata: { shopOrderId: 17, tags: ['a'] },
        lines: [
          { lineType: 'SERVICE', description: 'Montage', quantity: 2, unit: 'h', unitPrice: 50, taxRate: 19, discount: 10 },
          { lineType: 'TEXT', description: 'Vielen Dank' },
        ],
      }
      const snake = {
        customer_id: customer.id,
        document_category_id: category.id,
        document_locale: 'en',
        invoice_type: 'INVOICE',
        issue_date: '2026-03-01',
        due_date: '2026-03-31',
        service_period_start: '2026-02-01',
        service_period_end: '2026-02-28',
        currency: 'usd',
        tax_exemption_note: 'Hinweis',
        notes: 'intern',
        footer: 'Closing words',
        header_text: 'Opening words',
        custom_title: 'Abschlagsrechnung',
        pdf_without_letterhead: true,
        invoice_date_is_service_date: true,
        use_shipping_address: true,
        shipping_name: 'Lager Süd',
        shipping_street: 'Hafenweg 2',
        shipping_zip_code: '20457',
        shipping_city: 'Hamburg',
        shipping_country: 'DE',
        order_number: 'PO-4711',
        buyer_reference: '04011000-12345-67',
        e_invoice: { format: 'XRECHNUNG', channel: 'PEPPOL' },
        metadata: { shopOrderId: 17, tags: ['a'] },
        lines: [
          { line_type: 'SERVICE', description: 'Montage', quantity: 2, unit: 'h', unit_price: 50, tax_rate: 19, discount: 10 },
          { line_type: 'TEXT', description: 'Vielen Dank' },
        ],
      }
      const fromCamel = await create(api, camel)
      assert.equal(fromCamel.status, 201, fromCamel.text)
      const invoice = fromCamel.body.data
      const asGiven = Object.keys(camel).filter((key) => !['lines', 'currency'].includes(key))
      assert.deepEqual(pick(invoice, asGiven), pick(camel, asGiven))
      assert.equal(invoice.currency, 'USD')
      assert.deepEqual(invoice.e_invoice, camel.eInvoiceAudit)
      assert.deepEqual([invoice.netTotal, invoice.taxTotal, invoice.grossTotal], [90, 17.1, 107.1])
      assert.deepEqual(invoice.lines.map((line: any) => [line.lineType, line.unit, line.discount, line.netAmount]), [['SERVICE', 'h', 10, 90], ['TEXT', null, 0, 0]])

      const fromSnake = await create(api, snake)
      assert.equal(fromSnake.status, 201, fromSnake.text)
      assert.deepEqual(comparable(fromSnake.body.data), comparable(invoice))
    })

    it('answers 400 when both spellings of a field disagree', async () => {
      const { api, customer } = await setup()
      const response = await create(api, { customerId: customer.id, lines: [{ description: 'x' }], orderNumber: 'A', order_number: 'B' })
      assert.equal(response.status, 400)
      assert.match(response.body.error, /orderNumber and order_number/)
      const line = await create(api, { customerId: customer.id, lines: [{ description: 'x', unitPrice: 1, unit_price: 2 }] })
      assert.equal(line.status, 400)
      assert.match(line.body.error, /unitPrice and unit_price/)
      assert.equal(await total(api), 0)
    })

    it('takes the due date from the customer’s payment term, else the company’s, else 14 days', async () => {
      const withTerms = await setup({ paymentTermDays: 21 }, { paymentTermDays: 30 })
      const customerless = (await withTerms.api.post('/customers', { name: 'Ohne Zahlungsziel' })).body.data
      const immediate = (await withTerms.api.post('/customers', { name: 'Sofort', paymentTermDays: 0 })).body.data
      const due = async (api: ApiClient, customerId: string, extra: Record<string, unknown> = {}) =>
        (await create(api, { customerId, lines: [{ description: 'x' }], ...extra })).body.data.dueDate
      assert.equal(await due(withTerms.api, withTerms.customer.id), '2026-04-15')
      assert.equal(await due(withTerms.api, customerless.id), '2026-04-06')
      assert.equal(await due(withTerms.api, immediate.id), TODAY)
      assert.equal(await due(withTerms.api, withTerms.customer.id, { issueDate: '2026-12-15' }), '2027-01-14', 'counted from the issue date')
      assert.equal(await due(withTerms.api, withTerms.customer.id, { dueDate: '2026-05-01' }), '2026-05-01', 'a given due date wins')
      const plain = await setup()
      assert.equal(await due(plain.api, plain.customer.id), '2026-03-30')
    })

    it('chooses documentLocale explicit, then the customer’s, then the company’s, then de; texts follow the locale', async () => {
      const english = await setup(
        { defaultLocale: 'en', texts: { en: { INVOICE: { headerText: 'Dear customer', footer: 'Thank you' } }, de: { INVOICE: { footer: 'Danke' } } } },
        { defaultLocale: 'de' },
      )
      const noLocale = (await english.api.post('/customers', { name: 'Neutral' })).body.data
      const locale = async (api: ApiClient, customerId: string, extra: Record<string, unknown> = {}) => {
        const response = await create(api, { customerId, lines: [{ description: 'x' }], ...extra })
        assert.equal(response.status, 201, response.text)
        const { documentLocale, documentTextVersion, headerText, footer } = response.body.data
        assert.equal(typeof documentTextVersion, 'string')
        return { documentLocale, headerText, footer }
      }
      assert.deepEqual(await locale(english.api, english.customer.id), { documentLocale: 'de', headerText: null, footer: 'Danke' })
      assert.deepEqual(await locale(english.api, english.customer.id, { documentLocale: 'en' }), { documentLocale: 'en', headerText: 'Dear customer', footer: 'Thank you' })
      assert.deepEqual(await locale(english.api, noLocale.id), { documentLocale: 'en', headerText: 'Dear customer', footer: 'Thank you' })
      assert.deepEqual(await locale(english.api, noLocale.id, { footer: 'Own words', header_text: null }), { documentLocale: 'en', headerText: null, footer: 'Own words' })
      const german = await setup({}, { defaultLocale: 'en' })
      assert.equal((await locale(german.api, german.customer.id)).documentLocale, 'en')
      const plain = await setup()
      assert.equal((await locale(plain.api, plain.customer.id)).documentLocale, 'de')
    })

    it('takes buyerReference from the customer unless given', async () => {
      const { api, customer } = await setup({}, { buyerReference: '04011000-12345-67' })
      const inherited = (await create(api, { customerId: customer.id, lines: [{ description: 'x' }] })).body.data
      assert.equal(inherited.buyerReference, '04011000-12345-67')
      const given = (await create(api, { customerId: customer.id, buyer_reference: 'EIGEN-1', lines: [{ description: 'x' }] })).body.data
      assert.equal(given.buyerReference, 'EIGEN-1')
    })

    it('always creates a draft with a placeholder, whatever status or number the body asks for', async () => {
      const { api, customer } = await setup()
      const response = await create(api, {
        customerId: customer.id, status: 'SENT', invoiceNumber: 'RE-2026-99999', sentAt: NOW, lines: [{ description: 'x', unitPrice: 1 }],
      })
      assert.equal(response.status, 201, response.text)
      const { status, invoiceNumber, numberIssued, sentAt, lockedAt } = response.body.data
      assert.deepEqual({ status, numberIssued, sentAt, lockedAt }, { status: 'DRAFT', numberIssued: false, sentAt: null, lockedAt: null })
      assert.match(invoiceNumber, /^ENTWURF-/)
    })

    it('creates proformas; the type comes back as given', async () => {
      const { api, customer } = await setup()
      const proforma = await create(api, { customerId: customer.id, invoiceType: 'PROFORMA', lines: [{ description: 'x', unitPrice: 10 }] })
      assert.equal(proforma.status, 201)
      assert.deepEqual([proforma.body.data.invoiceType, proforma.body.data.status], ['PROFORMA', 'DRAFT'])
      assert.match(proforma.body.data.invoiceNumber, /^ENTWURF-/)
    })
  })

  describe('lines and totals', () => {
    let tenant: Awaited<ReturnType<typeof setup>>
    before(async () => { tenant = await setup() })
    const totals = (invoice: any) => [invoice.netTotal, invoice.taxTotal, invoice.grossTotal]

    it('computes exact decimals: 3 × 33.335 − 0.01 = 100.00 and 7 % of 10.10 = 0.71', async () => {
      const response = await create(tenant.api, {
        customerId: tenant.customer.id,
        lines: [{ description: 'a', quantity: 3, unitPrice: 33.335, discount: 0.01, taxRate: 19 }, { description: 'b', unitPrice: '10.10', taxRate: 7 }],
      })
      assert.equal(response.status, 201, response.text)
      const invoice = response.body.data
      assert.deepEqual(invoice.lines.map((line: any) => [line.netAmount, line.taxRate]), [[100, 19], [10.1, 7]])
      assert.deepEqual(totals(invoice), [110.1, 19.71, 129.81])
    })

    it('rounds the tax once per rate, half up to cents', async () => {
      const response = await create(tenant.api, {
        customerId: tenant.customer.id,
        lines: [1, 2, 3].map((n) => ({ description: `Teil ${n}`, unitPrice: 0.1, taxRate: 7 })),
      })
      // Per line 0.007 each would round to 0.03; per rate 0.30 × 7 % = 0.021 rounds to 0.02.
      assert.deepEqual(totals(response.body.data), [0.3, 0.02, 0.32])
      const halfUp = await create(tenant.api, { customerId: tenant.customer.id, lines: [{ description: 'x', quantity: 1, unitPrice: 0.125, taxRate: 0 }] })
      assert.deepEqual(totals(halfUp.body.data), [0.13, 0, 0.13])
    })

    it('gives TEXT, SUBTOTAL and PAGEBREAK lines no amount', async () => {
      const response = await create(tenant.api, {
        customerId: tenant.customer.id,
        lines: [
          { description: 'Arbeit', quantity: 2, unitPrice: 40 },
          { lineType: 'TEXT', description: 'Hinweis', quantity: 5, unitPrice: 99, taxRate: 7 },
          { lineType: 'SUBTOTAL', unitPrice: 1000 },
          { lineType: 'PAGEBREAK', quantity: 3, unitPrice: 7 },
        ],
      })
      assert.equal(response.status, 201, response.text)
      const invoice = response.body.data
      assert.deepEqual(totals(invoice), [80, 15.2, 95.2])
      for (const line of invoice.lines.slice(1)) {
        assert.equal(line.netAmount, 0, line.lineType)
        assert.equal(line.taxCategory, null, line.lineType)
      }
      assert.deepEqual(invoice.lines.map((line: any) => line.lineType), ['PRODUCT', 'TEXT', 'SUBTOTAL', 'PAGEBREAK'])
    })

    it('takes shipping, absolute and percent discounts into the totals', async () => {
      const response = await create(tenant.api, {
        customerId: tenant.customer.id,
        lines: [
          { description: 'Ware', unitPrice: 100 },
          { lineType: 'SHIPPING', description: 'Versand', unitPrice: 5 },
          { lineType: 'DISCOUNT_ABSOLUTE', description: 'Gutschein', unitPrice: 10 },
          { lineType: 'DISCOUNT_PERCENT', description: '10 % Rabatt', unitPrice: 10 },
        ],
      })
      assert.equal(response.status, 201, response.text)
      assert.deepEqual(response.body.data.lines.map((line: any) => line.netAmount), [100, 5, -10, -10.5])
      assert.deepEqual(totals(response.body.data), [84.5, 16.06, 100.56])
    })

    it('fills a line from its product; what the line gives wins', async () => {
      const product = (await tenant.api.post('/products', {
        name: 'Beratung', description: 'vor Ort', unitPrice: 95, taxRate: 7, unit: 'h', lineType: 'SERVICE',
      })).body.data
      const response = await create(tenant.api, {
        customerId: tenant.customer.id,
        lines: [{ productId: product.id, quantity: 2 }, { product_id: product.id, unitPrice: 100, description: 'Sonderpreis', tax_rate: 19 }],
      })
      assert.equal(response.status, 201, response.text)
      const [fromProduct, overridden] = response.body.data.lines
      assert.deepEqual(
        pick(fromProduct, ['productId', 'lineType', 'description', 'quantity', 'unit', 'unitPrice', 'taxRate', 'netAmount']),
        { productId: product.id, lineType: 'SERVICE', description: 'Beratung\nvor Ort', quantity: 2, unit: 'h', unitPrice: 95, taxRate: 7, netAmount: 190 },
      )
      assert.deepEqual(
        pick(overridden, ['productId', 'description', 'unitPrice', 'taxRate', 'netAmount']),
        { productId: product.id, description: 'Sonderpreis', unitPrice: 100, taxRate: 19, netAmount: 100 },
      )
      assert.deepEqual(totals(response.body.data), [290, 32.3, 322.3])

      const before = await total(tenant.api)
      const foreign = (await (await setup()).api.post('/products', { name: 'Fremd', unitPrice: 1 })).body.data
      for (const productId of ['no-such-product', foreign.id]) {
        const missing = await create(tenant.api, { customerId: tenant.customer.id, lines: [{ description: 'ok' }, { productId }] })
        assert.equal(missing.status, 404, productId)
        assert.match(missing.body.error, /product/i)
      }
      assert.equal(await total(tenant.api), before)
    })
  })

  describe('tax derivation', () => {
    const line = { description: 'Ware', unitPrice: 100 }
    const taxOf = (invoice: any, withCountry = false) => ({
      reverseCharge: invoice.reverseCharge, taxExemptionReason: invoice.taxExemptionReason, ...(withCountry ? { taxCountry: invoice.taxCountry } : {}),
      ossApplicable: invoice.ossApplicable, ossCountry: invoice.ossCountry, taxRate: invoice.lines[0].taxRate,
      taxCategory: invoice.lines[0].taxCategory, totals: [invoice.netTotal, invoice.taxTotal, invoice.grossTotal],
    })

    it('charges reverse charge to an EU business with a VAT id', async () => {
      const { api, customer } = await setup({}, { country: 'AT', vatId: 'ATU12345678' })
      const invoice = (await create(api, { customerId: customer.id, lines: [line] })).body.data
      assert.deepEqual(taxOf(invoice), {
        reverseCharge: true, taxExemptionReason: 'REVERSE_CHARGE_EU', ossApplicable: false, ossCountry: null,
        taxRate: 0, taxCategory: 'AE', totals: [100, 0, 100],
      })
    })

    it('charges no VAT to a customer outside the EU', async () => {
      const { api, customer } = await setup({}, { country: 'CH' })
      const invoice = (await create(api, { customerId: customer.id, lines: [{ ...line, taxRate: 19 }] })).body.data
      assert.deepEqual(taxOf(invoice), {
        reverseCharge: false, taxExemptionReason: 'THIRD_COUNTRY', ossApplicable: false, ossCountry: null,
        taxRate: 0, taxCategory: 'G', totals: [100, 0, 100],
      })
    })

    it('taxes an EU consumer in their country when the company is OSS-registered, normalising the rate', async () => {
      const { api, customer } = await setup({ ossRegistered: true }, { country: 'AT' })
      const invoice = (await create(api, { customerId: customer.id, lines: [line, { description: 'mit DE-Satz', unitPrice: 10, taxRate: 19 }] })).body.data
      assert.deepEqual(taxOf(invoice, true), {
        reverseCharge: false, taxExemptionReason: 'NONE', taxCountry: 'AT', ossApplicable: true, ossCountry: 'AT',
        taxRate: 20, taxCategory: 'S', totals: [110, 22, 132],
      })
      assert.equal(invoice.lines[1].taxRate, 20)
      const notRegistered = await setup({}, { country: 'AT' })
      const home = (await create(notRegistered.api, { customerId: notRegistered.customer.id, lines: [line] })).body.data
      assert.deepEqual([home.ossApplicable, home.taxCountry, home.taxTotal], [false, 'DE', 19])
    })

    it('charges no VAT for a small business', async () => {
      const { api, customer } = await setup({ smallBusiness: true })
      const invoice = (await create(api, { customerId: customer.id, lines: [{ ...line, taxRate: 19 }] })).body.data
      assert.deepEqual(taxOf(invoice), {
        reverseCharge: false, taxExemptionReason: 'SMALL_BUSINESS', ossApplicable: false, ossCountry: null,
        taxRate: 0, taxCategory: 'E', totals: [100, 0, 100],
      })
    })

    it('keeps tax values given explicitly', async () => {
      const { api, customer } = await setup({}, { country: 'AT', vatId: 'ATU12345678' })
      const invoice = (await create(api, { customerId: customer.id, reverse_charge: false, lines: [line] })).body.data
      assert.deepEqual([invoice.reverseCharge, invoice.taxExemptionReason, invoice.taxTotal], [false, 'NONE', 19])
    })
  })

  describe('list', () => {
    let tenant: Tenant
    const ids: Record<string, string> = {}
    let customers: Record<string, any>
    let category: any
    let stornoNumber: string

    before(async () => {
      tenant = await createTenant(app)
      const { api } = tenant
      const customer = async (name: string) => (await api.post('/customers', { name })).body.data
      customers = { apfel: await customer('Äpfel & Birnen KG'), natur: await customer('100% Natur_Laden'), plain: await customer('Plain Ltd') }
      category = (await api.post('/document-categories', { name: 'Shop' })).body.data
      const make = async (name: string, body: Record<string, unknown>) => {
        const response = await api.post('/invoices', { lines: [{ description: name, unitPrice: 10 }], ...body })
        assert.equal(response.status, 201, response.text)
        ids[name] = response.body.data.id
      }
      await make('january', { customerId: customers.apfel.id, issueDate: '2026-01-10' })
      await make('february', { customerId: customers.natur.id, issueDate: '2026-02-15', documentCategoryId: category.id })
      await make('march', { customerId: customers.plain.id, issueDate: '2026-03-01' })
      await make('proforma', { customerId: customers.plain.id, issueDate: '2026-03-05', invoiceType: 'PROFORMA' })
      await make('final', { customerId: customers.plain.id, issueDate: '2026-02-28' })
      await make('cancelled', { customerId: customers.apfel.id, issueDate: '2026-02-01' })
      assert.equal((await api.put(`/invoices/${ids.final}`, { status: 'FINAL' })).status, 200)
      assert.equal((await api.put(`/invoices/${ids.cancelled}`, { status: 'FINAL' })).status, 200)
      const cancelled = await api.put(`/invoices/${ids.cancelled}`, { status: 'CANCELLED' })
      assert.equal(cancelled.status, 200)
      ids.storno = cancelled.body.data.stornoInvoiceId
      stornoNumber = cancelled.body.data.stornoInvoiceNumber
    })

    const listIds = async (query: string) => {
      const response = await tenant.api.get(`/invoices${query}`)
      assert.equal(response.status, 200, `${query}: ${response.text}`)
      documented('GET', '/api/v1/invoices', response)
      assert.equal(response.body.pagination.total, response.body.data.length, query)
      return response.body.data.map((invoice: any) => Object.entries(ids).find(([, id]) => id === invoice.id)?.[0] ?? invoice.id).sort()
    }

    it('lists every type, sorted by issueDate descending, with lines', async () => {
      const response = await tenant.api.get('/invoices')
      documented('GET', '/api/v1/invoices', response)
      assert.deepEqual(response.body.pagination, { total: 7, limit: 50, offset: 0, hasMore: false })
      const dates = response.body.data.map((invoice: any) => invoice.issueDate)
      assert.deepEqual(dates, [TODAY, '2026-03-05', '2026-03-01', '2026-02-28', '2026-02-15', '2026-02-01', '2026-01-10'])
      assert.equal(response.body.data[0].id, ids.storno, 'the cancellation credit note is dated today')
      assert.ok(response.body.data.every((invoice: any) => invoice.lines.length === 1))
      const page = await tenant.api.get('/invoices?limit=2&offset=2')
      assert.deepEqual(page.body.pagination, { total: 7, limit: 2, offset: 2, hasMore: true })
      assert.deepEqual(page.body.data.map((invoice: any) => invoice.issueDate), ['2026-03-01', '2026-02-28'])
    })

    it('filters by status, case-insensitively', async () => {
      assert.deepEqual(await listIds('?status=final'), ['final', 'storno'])
      assert.deepEqual(await listIds('?status=Cancelled'), ['cancelled'])
      assert.deepEqual(await listIds('?status=DRAFT'), ['february', 'january', 'march', 'proforma'])
      assert.deepEqual(await listIds('?status=paid'), [])
    })

    it('filters by invoice_type and its alias invoiceType', async () => {
      assert.deepEqual(await listIds('?invoice_type=PROFORMA'), ['proforma'])
      assert.deepEqual(await listIds('?invoiceType=credit_note'), ['storno'])
      assert.equal((await listIds('?invoice_type=invoice')).length, 5)
    })

    it('filters by customer_id and customerId', async () => {
      assert.deepEqual(await listIds(`?customer_id=${customers.apfel.id}`), ['cancelled', 'january', 'storno'])
      assert.deepEqual(await listIds(`?customerId=${customers.natur.id}`), ['february'])
      assert.deepEqual(await listIds('?customer_id=unknown'), [])
    })

    it('searches the number and the customer name, beyond ASCII and with % and _ literal', async () => {
      const final = (await tenant.api.get(`/invoices/${ids.final}`)).body.data.invoiceNumber
      assert.equal(final, 'RE-2026-00001')
      assert.deepEqual(await listIds(`?search=${encodeURIComponent(final.toLowerCase())}`), ['final'])
      assert.deepEqual(await listIds(`?search=${encodeURIComponent(stornoNumber)}`), ['storno'])
      assert.deepEqual(await listIds(`?search=${encodeURIComponent('äpfel')}`), ['cancelled', 'january', 'storno'])
      assert.deepEqual(await listIds(`?search=${encodeURIComponent('ÄPFEL & b')}`), ['cancelled', 'january', 'storno'])
      assert.deepEqual(await listIds(`?search=${encodeURIComponent('%')}`), ['february'])
      assert.deepEqual(await listIds(`?search=${encodeURIComponent('r_l')}`), ['february'])
      assert.deepEqual(await listIds(`?search=${encodeURIComponent('&_b')}`), [], '_ is no wildcard')
      assert.deepEqual(await listIds(`?search=${encodeURIComponent('Müller')}`), [])
    })

    it('filters by issue date from and to, both inclusive', async () => {
      assert.deepEqual(await listIds('?from=2026-02-15&to=2026-03-01'), ['february', 'final', 'march'])
      assert.deepEqual(await listIds('?from=2026-03-02'), ['proforma', 'storno'])
      assert.deepEqual(await listIds('?to=2026-02-01'), ['cancelled', 'january'])
    })

    it('filters by category_id', async () => {
      assert.deepEqual(await listIds(`?category_id=${category.id}`), ['february'])
    })

    it('combines filters', async () => {
      assert.deepEqual(await listIds(`?customer_id=${customers.plain.id}&status=draft&invoice_type=INVOICE`), ['march'])
    })

    it('answers 400 with allowedValues for an unknown status or type, and 400 for bad dates and pages', async () => {
      const status = await tenant.api.get('/invoices?status=open')
      assert.equal(status.status, 400)
      documented('GET', '/api/v1/invoices', status)
      assert.deepEqual(status.body.allowedValues, ['DRAFT', 'FINAL', 'SENT', 'PAID', 'OVERDUE', 'CANCELLED'])
      assert.match(status.body.error, /status/)
      const type = await tenant.api.get('/invoices?invoice_type=QUOTE')
      assert.equal(type.status, 400)
      documented('GET', '/api/v1/invoices', type)
      assert.deepEqual(type.body.allowedValues, ['INVOICE', 'CREDIT_NOTE', 'PROFORMA'])
      assert.match(type.body.error, /invoiceType|invoice_type/)
      for (const [query, field] of [['from=2026-02-30', 'from'], ['to=03.03.2026', 'to'], ['limit=0', 'limit'], ['offset=-1', 'offset'], ['limit=abc', 'limit']]) {
        const response = await tenant.api.get(`/invoices?${query}`)
        assert.equal(response.status, 400, query)
        assert.equal(response.body.field, field, query)
        documented('GET', '/api/v1/invoices', response)
      }
    })

    it('shows another company none of these documents', async () => {
      const other = await createTenant(app)
      assert.deepEqual((await other.api.get('/invoices')).body.pagination.total, 0)
      assert.deepEqual((await other.api.get(`/invoices?customer_id=${customers.apfel.id}`)).body.data, [])
    })
  })

  it('pages 50 by default and at most 100', async () => {
    const { api, company, customer } = await setup()
    // Seeded through the core to stay fast; the list under test is read through HTTP.
    const actor = companyActor(company.id)
    for (let index = 0; index < 105; index++) {
      await app.invoicing.invoices.create(actor, { customerId: customer.id, issueDate: `2026-0${1 + (index % 3)}-${String(1 + (index % 28)).padStart(2, '0')}`, lines: [{ description: `Bulk ${index}` }] })
    }
    const first = await api.get('/invoices')
    documented('GET', '/api/v1/invoices', first)
    assert.equal(first.body.data.length, 50)
    assert.deepEqual(first.body.pagination, { total: 105, limit: 50, offset: 0, hasMore: true })
    const capped = await api.get('/invoices?limit=1000')
    assert.equal(capped.body.data.length, 100)
    assert.deepEqual(capped.body.pagination, { total: 105, limit: 100, offset: 0, hasMore: true })
    const dates = capped.body.data.map((invoice: any) => invoice.issueDate)
    assert.deepEqual(dates, [...dates].sort().reverse(), 'sorted by issueDate descending')
    const rest = await api.get('/invoices?limit=100&offset=100')
    assert.equal(rest.body.data.length, 5)
    assert.deepEqual(rest.body.pagination, { total: 105, limit: 100, offset: 100, hasMore: false })
    const seen = new Set([...capped.body.data, ...rest.body.data].map((invoice: any) => invoice.id))
    assert.equal(seen.size, 105, 'the pages together hold every document once')
  })

  describe('detail read', () => {
    it('reads a document with customer address and VAT id, lines, payments and paidAmount', async () => {
      const { api, customer } = await setup({}, { street: 'Ringstraße 5', zipCode: '1010', city: 'Wien', country: 'AT', vatId: 'ATU12345678' })
      const invoice = (await create(api, { customerId: customer.id, lines: [{ description: 'a', unitPrice: 5 }, { description: 'b', unitPrice: 7 }] })).body.data
      const read = await api.get(`/invoices/${invoice.id}`)
      assert.equal(read.status, 200)
      documented('GET', '/api/v1/invoices/{id}', read)
      const detail = read.body.data
      assert.deepEqual(pick(detail.customer, ['id', 'name', 'street', 'zipCode', 'city', 'country', 'vatId']), {
        id: customer.id, name: 'Kunde GmbH', street: 'Ringstraße 5', zipCode: '1010', city: 'Wien', country: 'AT', vatId: 'ATU12345678',
      })
      assert.deepEqual(detail.lines.map((line: any) => [line.description, line.netAmount]), [['a', 5], ['b', 7]])
      assert.deepEqual(detail.payments, [])
      assert.equal(detail.paidAmount, 0)
      for (const field of ['footer', 'sentAt', 'paidAt', 'lockedAt']) assert.ok(field in detail, field)
    })

    it('answers 404 for an unknown document and for another company’s', async () => {
      const { api, customer } = await setup()
      const other = await setup()
      const invoice = (await create(api, { customerId: customer.id, lines: [{ description: 'x' }] })).body.data
      for (const [client, id] of [[api, 'no-such-invoice'], [other.api, invoice.id]] as const) {
        const read = await client.get(`/invoices/${id}`)
        assert.equal(read.status, 404)
        documented('GET', '/api/v1/invoices/{id}', read)
        const put = await client.put(`/invoices/${id}`, { orderNumber: 'X' })
        assert.equal(put.status, 404)
        documented('PUT', '/api/v1/invoices/{id}', put)
        const deleted = await client.delete(`/invoices/${id}`)
        assert.equal(deleted.status, 404)
        documented('DELETE', '/api/v1/invoices/{id}', deleted)
      }
      const unchanged = (await api.get(`/invoices/${invoice.id}`)).body.data
      assert.equal(unchanged.orderNumber, null)
      assert.equal(await total(api), 1)
    })
  })

  describe('bad input', () => {
    let tenant: Awaited<ReturnType<typeof setup>>
    before(async () => { tenant = await setup() })
    const valid = () => ({ customerId: tenant.customer.id, lines: [{ description: 'ok', unitPrice: 10 }] })

    const invalid: [string, () => unknown, string, RegExp?][] = [
      ['a missing customerId', () => ({ lines: valid().lines }), 'customerId', /required/],
      ['a customerId that is not a string', () => ({ ...valid(), customerId: 5 }), 'customerId'],
      ['missing lines', () => ({ customerId: tenant.customer.id }), 'lines', /required/],
      ['empty lines', () => ({ ...valid(), lines: [] }), 'lines', /at least one/],
      ['lines that are not an array', () => ({ ...valid(), lines: 'x' }), 'lines'],
      ['a line that is not an object', () => ({ ...valid(), lines: ['x'] }), 'lines.0'],
      ['a negative quantity', () => ({ ...valid(), lines: [{ description: 'x', quantity: -1 }] }), 'lines.0.quantity', /at least 0/],
      ['a quantity as text', () => ({ ...valid(), lines: [{ description: 'x', quantity: 'zwei' }] }), 'lines.0.quantity'],
      ['a negative unit price', () => ({ ...valid(), lines: [{ description: 'x', unit_price: -5 }] }), 'lines.0.unitPrice'],
      ['a tax rate over 100', () => ({ ...valid(), lines: [{ description: 'x', taxRate: 119 }] }), 'lines.0.taxRate'],
      ['a date that does not exist', () => ({ ...valid(), issueDate: '2026-02-30' }), 'issueDate', /calendar date/],
      ['a date in another format', () => ({ ...valid(), due_date: '31.03.2026' }), 'dueDate', /calendar date/],
      ['a due date before the issue date', () => ({ ...valid(), issueDate: '2026-03-10', dueDate: '2026-03-09' }), 'dueDate'],
      ['a boolean as text', () => ({ ...valid(), reverseCharge: 'yes' }), 'reverseCharge'],
      ['metadata that is not an object', () => ({ ...valid(), metadata: 'x' }), 'metadata'],
      ['a currency that is no ISO code', () => ({ ...valid(), currency: 'Euro' }), 'currency'],
      ['a country that is no ISO code', () => ({ ...valid(), taxCountry: 'Deutschland' }), 'taxCountry'],
      ['a body that is an array', () => [valid()], ''],
    ]
    for (const [what, body, field, message] of invalid) {
      it(`answers 400 naming the field for ${what}, and writes nothing`, async () => {
        const response = await create(tenant.api, body())
        assert.equal(response.status, 400, response.text)
        assert.equal(response.body.code, 'validation_failed')
        if (field) {
          assert.equal(response.body.field, field)
          assert.ok(response.body.error.startsWith(`${field}: `), response.body.error)
        }
        if (message) assert.match(response.body.error, message)
        assert.equal(await total(tenant.api), 0)
      })
    }

    const enums: [string, Record<string, unknown>, string, string[]][] = [
      ['lineType', { lines: [{ description: 'x', line_type: 'GIFT' }] }, 'lines.0.lineType',
        ['PRODUCT', 'SERVICE', 'DISCOUNT_PERCENT', 'DISCOUNT_ABSOLUTE', 'SHIPPING', 'ADVANCE_PAYMENT', 'CREDIT', 'TEXT', 'SUBTOTAL', 'PAGEBREAK']],
      ['invoiceType', { invoice_type: 'QUOTE' }, 'invoiceType', ['INVOICE', 'CREDIT_NOTE', 'PROFORMA']],
      ['documentLocale', { documentLocale: 'fr' }, 'documentLocale', ['de', 'en']],
      ['taxExemptionReason', { taxExemptionReason: 'TAX_FREE' }, 'taxExemptionReason',
        ['NONE', 'SMALL_BUSINESS', 'REVERSE_CHARGE_EU', 'REVERSE_CHARGE_EU_NO_VAT', 'THIRD_COUNTRY', 'INTRA_COMMUNITY', 'EXPORT_DELIVERY', 'REVERSE_CHARGE_13B', 'INTERNAL_SUPPLY', 'OTHER_EXEMPTION']],
    ]
    for (const [what, extra, field, allowedValues] of enums) {
      it(`answers an unknown ${what} with allowedValues`, async () => {
        const response = await create(tenant.api, { ...valid(), ...extra })
        assert.equal(response.status, 400)
        assert.equal(response.body.field, field)
        assert.deepEqual(response.body.allowedValues, allowedValues)
        assert.equal(await total(tenant.api), 0)
      })
    }

    it('answers CREDIT_NOTE with 400 naming the credit-note endpoint', async () => {
      const response = await create(tenant.api, { ...valid(), invoiceType: 'CREDIT_NOTE' })
      assert.equal(response.status, 400)
      assert.equal(response.body.field, 'invoiceType')
      assert.match(response.body.error, /\/api\/v1\/credit-notes/)
      assert.equal(await total(tenant.api), 0)
    })

    it('answers a discount larger than its line with 400 and the lineIndex from 0', async () => {
      const response = await create(tenant.api, {
        ...valid(), lines: [{ description: 'ok', quantity: 2, unitPrice: 5, discount: 10 }, { description: 'zu viel', quantity: 2, unitPrice: 5, discount: 10.01 }],
      })
      assert.equal(response.status, 400)
      assert.equal(response.body.lineIndex, 1)
      assert.equal(response.body.field, 'lines.1.discount')
      assert.match(response.body.error, /discount/)
      assert.equal(await total(tenant.api), 0)
    })

    it('answers an unknown customer or category with 404, also another company’s', async () => {
      const other = await setup()
      const foreignCategory = (await other.api.post('/document-categories', { name: 'Fremd' })).body.data
      for (const body of [
        { ...valid(), customerId: 'no-such-customer' },
        { customer_id: other.customer.id, lines: valid().lines },
        { ...valid(), documentCategoryId: 'no-such-category' },
        { ...valid(), document_category_id: foreignCategory.id },
      ]) {
        const response = await create(tenant.api, body)
        assert.equal(response.status, 404, JSON.stringify(body))
        assert.match(response.body.error, /customer|category/i)
      }
      assert.equal(await total(tenant.api), 0)
    })

    it('answers broken JSON with 400 and writes nothing', async () => {
      const response = await tenant.api.request('POST', '/invoices', { body: '{"customerId": ', headers: { 'content-type': 'application/json' } })
      assert.equal(response.status, 400)
      assert.equal(response.body.code, 'invalid_json')
      documented('POST', '/api/v1/invoices', response)
      assert.equal(await total(tenant.api), 0)
    })
  })

  describe('delete', () => {
    it('deletes a draft with its lines, then answers 404', async () => {
      const { api, customer } = await setup()
      const keep = (await create(api, { customerId: customer.id, lines: [{ description: 'bleibt' }] })).body.data
      const draft = (await create(api, { customerId: customer.id, lines: [{ description: 'a' }, { description: 'b' }] })).body.data
      const deleted = await api.delete(`/invoices/${draft.id}`)
      assert.deepEqual([deleted.status, deleted.body], [200, { success: true }])
      documented('DELETE', '/api/v1/invoices/{id}', deleted)
      const gone = await api.get(`/invoices/${draft.id}`)
      assert.equal(gone.status, 404)
      documented('GET', '/api/v1/invoices/{id}', gone)
      const again = await api.delete(`/invoices/${draft.id}`)
      assert.equal(again.status, 404)
      documented('DELETE', '/api/v1/invoices/{id}', again)
      assert.deepEqual((await api.get('/invoices')).body.data.map((invoice: any) => invoice.id), [keep.id])
    })

    it('refuses to delete a document that is not a draft with 400 invoice_status', async () => {
      const { api, customer } = await setup()
      const invoice = (await create(api, { customerId: customer.id, lines: [{ description: 'x', unitPrice: 1 }] })).body.data
      for (const status of ['SENT', 'PAID']) {
        const changed = await api.put(`/invoices/${invoice.id}`, { status })
        assert.equal(changed.status, 200)
        documented('PUT', '/api/v1/invoices/{id}', changed)
        const refused = await api.delete(`/invoices/${invoice.id}`)
        assert.equal(refused.status, 400)
        assert.equal(refused.body.code, 'invoice_status')
        documented('DELETE', '/api/v1/invoices/{id}', refused)
        assert.equal((await api.get(`/invoices/${invoice.id}`)).body.data.status, status)
      }
    })

    it('keeps a customer with documents (409 customer_in_use) until its last draft is deleted', async () => {
      const { api, customer } = await setup()
      const draft = (await create(api, { customerId: customer.id, lines: [{ description: 'x' }] })).body.data
      const inUse = await api.delete(`/customers/${customer.id}`)
      assert.equal(inUse.status, 409)
      assert.equal(inUse.body.code, 'customer_in_use')
      documented('DELETE', '/api/v1/customers/{id}', inUse)
      assert.equal((await api.get(`/customers/${customer.id}`)).status, 200)
      assert.equal((await api.delete(`/invoices/${draft.id}`)).status, 200)
      const deleted = await api.delete(`/customers/${customer.id}`)
      assert.equal(deleted.status, 200)
      documented('DELETE', '/api/v1/customers/{id}', deleted)
    })
  })
})
