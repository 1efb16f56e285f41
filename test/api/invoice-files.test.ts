import assert from 'node:assert/strict'
import { createHash } from 'node:crypto'
import { companyActor } from '@invoicing/core'
import { after, before, describe, it } from 'node:test'
import { PDFDocument } from 'pdf-lib'
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs'
import type { ApiResponse } from '../support/api-client'
import { documentedResponses } from '../support/documented'
import { createTenant, type Tenant } from '../support/tenant'
import { startTestApp, type TestApp } from '../support/test-app'

describe('invoice files', () => {
  let app: TestApp
  let tenant: Tenant
  let documented: ReturnType<typeof documentedResponses>
  let invoiceId: string
  let invoiceNumber: string
  before(async () => {
    app = await startTestApp()
    tenant = await createTenant(app, {
      name: 'Holzwerkstatt Schäfer GmbH', street: 'Am Sägewerk 12', zipCode: '79098', city: 'Freiburg', vatId: 'DE287654321',
      email: 'buchhaltung@example.de', phone: '+49 761 2034455', iban: 'DE02120300000000202051', bic: 'BYLADEM1001',
    })
    documented = documentedResponses((await tenant.api.get('/openapi.json')).body)
    const customer = (await tenant.api.post('/customers', { name: 'Gasthaus Zur Krone', street: 'Schloßbergstraße 3', zipCode: '79100', city: 'Freiburg' })).body.data
    const created = (await tenant.api.post('/invoices', {
      customerId: customer.id, notes: 'intern: nicht drucken',
      lines: [{ description: 'Esstisch Eiche massiv', quantity: 2, unitPrice: '2380' }, { description: 'Fachbuch', unitPrice: '29.80', taxRate: 7 }],
    })).body.data
    invoiceId = created.id
    invoiceNumber = (await tenant.api.put(`/invoices/${invoiceId}`, { status: 'FINAL' })).body.data.invoiceNumber
  })
  after(() => app.stop())

  it('answers the PDF inline, freshly generated, with the e-invoice attached as factur-x.xml', async () => {
    const response = await tenant.api.get(`/invoices/${invoiceId}/pdf`)
    assert.equal(response.status, 200)
    assert.equal(response.headers.get('content-type'), 'application/pdf')
    assert.equal(response.headers.get('content-disposition'), 'inline')
    assert.equal(response.headers.get('x-pdf-source'), 'generated')
    const { bytes } = response
    const pdf = await PDFDocument.load(bytes)
    assert.ok(pdf.getPageCount() >= 1)
    assert.match(Buffer.from(bytes).toString('latin1'), /factur-x\.xml/)
  })

  it('answers the e-invoice XML as an attachment: BASIC by default, EN 16931 on request, never the internal notes', async () => {
    const basic = await tenant.api.get(`/invoices/${invoiceId}/facturx`)
    assert.equal(basic.status, 200)
    assert.equal(basic.headers.get('content-type'), 'application/xml; charset=utf-8')
    assert.equal(basic.headers.get('content-disposition'), 'attachment')
    assert.match(basic.text, /urn:factur-x\.eu:1p0:basic/)
    assert.match(basic.text, new RegExp(`<ram:ID>${invoiceNumber}</ram:ID>`))
    assert.doesNotMatch(basic.text, /nicht drucken/)
    const comfort = await tenant.api.get(`/invoices/${invoiceId}/facturx?profile=EN16931`)
    assert.match(comfort.text, /<ram:ID>urn:cen\.eu:en16931:2017<\/ram:ID>/)
  })

  it('exports drafts with their placeholder number', async () => {
    const customer = (await tenant.api.post('/customers', { name: 'Kunde' })).body.data
    const draft = (await tenant.api.post('/invoices', { customerId: customer.id, lines: [{ description: 'x', unitPrice: 10 }] })).body.data
    const xml = await tenant.api.get(`/invoices/${draft.id}/facturx`)
    assert.equal(xml.status, 200)
    assert.match(xml.text, new RegExp(`<ram:ID>${draft.invoiceNumber}</ram:ID>`))
  })

  it('refuses an unknown profile with allowedValues, XRechnung without a buyer reference, and unknown invoices', async () => {
    const unknown = await tenant.api.get(`/invoices/${invoiceId}/facturx?profile=ubl`)
    assert.equal(unknown.status, 400)
    assert.deepEqual(unknown.body.allowedValues, ['BASIC', 'EN16931', 'XRECHNUNG'])
    documented('GET', '/api/v1/invoices/{id}/facturx', unknown)
    const xrechnung = await tenant.api.get(`/invoices/${invoiceId}/facturx?profile=xrechnung`)
    assert.equal(xrechnung.status, 400)
    assert.match(xrechnung.body.error, /buyer ?reference/i)
    for (const path of ['/invoices/nope/facturx', '/invoices/nope/pdf']) {
      const missing = await tenant.api.get(path)
      assert.equal(missing.status, 404)
      assert.equal(missing.body.code, 'not_found')
    }
    const other = await createTenant(app)
    assert.equal((await other.api.get(`/invoices/${invoiceId}/pdf`)).status, 404)
  })

  /** The text a reader of the PDF sees, pieces joined by spaces. */
  const textOf = async (bytes: Uint8Array) => {
    const pdf = await getDocument({ data: bytes.slice(), isEvalSupported: false, verbosity: 0 }).promise
    const pieces: string[] = []
    for (let number = 1; number <= pdf.numPages; number++) {
      for (const item of (await (await pdf.getPage(number)).getTextContent()).items) if ('str' in item) pieces.push(item.str)
    }
    await pdf.destroy()
    return pieces.join(' ').replace(/\s+/g, ' ')
  }

  it('states the invoice date as the date of supply of a German invoice that names none, in the PDF and its e-invoice', async () => {
    const customer = (await tenant.api.post('/customers', { name: 'Kunde', street: 'Weg 1', zipCode: '79100', city: 'Freiburg' })).body.data
    for (const [documentLocale, phrase] of [['de', 'Leistungsdatum entspricht Rechnungsdatum'], ['en', 'Date of supply equals invoice date']] as const) {
      const draft = (await tenant.api.post('/invoices', { customerId: customer.id, documentLocale, lines: [{ description: 'Tisch', unitPrice: '100' }] })).body.data
      const issued = (await tenant.api.put(`/invoices/${draft.id}`, { status: 'FINAL' })).body.data
      assert.equal(issued.invoiceDateIsServiceDate ?? false, false)
      assert.match(await textOf((await tenant.api.get(`/invoices/${draft.id}/pdf`)).bytes), new RegExp(phrase))
      const issueDate = (await tenant.api.get(`/invoices/${draft.id}`)).body.data.issueDate as string
      const xml = (await tenant.api.get(`/invoices/${draft.id}/facturx`)).text
      assert.match(xml, new RegExp(`<ram:ActualDeliverySupplyChainEvent>\\s*<ram:OccurrenceDateTime>\\s*<udt:DateTimeString format="102">${issueDate.replaceAll('-', '')}<`))
    }
  })

  describe('a locked document never changes', () => {
    const sha256 = (response: ApiResponse) => {
      assert.equal(response.status, 200, response.text)
      return createHash('sha256').update(response.bytes).digest('hex')
    }
    /** The PDF and the XML of every profile the document can be written in, each as its sha256. */
    const filesOf = async (id: string) => ({
      pdf: sha256(await tenant.api.get(`/invoices/${id}/pdf`)),
      basic: sha256(await tenant.api.get(`/invoices/${id}/facturx`)),
      en16931: sha256(await tenant.api.get(`/invoices/${id}/facturx?profile=en16931`)),
      xrechnung: sha256(await tenant.api.get(`/invoices/${id}/facturx?profile=xrechnung`)),
    })
    const changeCompanyAndCustomer = async (customerId: string, round: number) => {
      await app.invoicing.companies.update(companyActor(tenant.company.id), { street: `Neue Straße ${round}`, city: 'Basel-Weil', iban: 'DE89370400440532013000' })
      const put = await tenant.api.put(`/customers/${customerId}`, { name: `Gasthaus Zur Krone ${round} KG`, street: `Marktplatz ${round}` })
      assert.equal(put.status, 200, put.text)
    }
    const lockedInvoice = async () => {
      const customer = (await tenant.api.post('/customers', { name: 'Gasthaus Zur Krone', street: 'Schloßbergstraße 3', zipCode: '79100', city: 'Freiburg', buyerReference: '04011000-12345-34' })).body.data
      const draft = (await tenant.api.post('/invoices', { customerId: customer.id, lines: [{ description: 'Eckbank Eiche', unitPrice: '1190' }] })).body.data
      const sent = await tenant.api.put(`/invoices/${draft.id}`, { status: 'SENT' })
      assert.equal(sent.status, 200, sent.text)
      return { id: draft.id as string, customerId: customer.id as string }
    }

    it('serves the archived PDF and XML of a sent invoice byte for byte after the company and its customer change', async () => {
      const { id, customerId } = await lockedInvoice()
      const before = await filesOf(id)
      assert.equal((await tenant.api.get(`/invoices/${id}/pdf`)).headers.get('x-pdf-source'), 's3-cache')
      await changeCompanyAndCustomer(customerId, 1)
      assert.deepEqual(await filesOf(id), before)
      const xml = (await tenant.api.get(`/invoices/${id}/facturx`)).text
      assert.match(xml, /Schloßbergstraße 3/)
      assert.doesNotMatch(xml, /Marktplatz 1|Neue Straße 1/)
    })

    it('serves the current version of a corrected invoice, and keeps that one after later changes', async () => {
      const { id, customerId } = await lockedInvoice()
      const sent = await filesOf(id)
      const corrected = await tenant.api.post(`/invoices/${id}/correct`, { change_reason: 'Bestellnummer nachgetragen', order_number: 'B-4711' })
      assert.equal(corrected.status, 200, corrected.text)
      const correction = await filesOf(id)
      assert.notEqual(correction.basic, sent.basic)
      assert.match((await tenant.api.get(`/invoices/${id}/facturx`)).text, /B-4711/)
      await changeCompanyAndCustomer(customerId, 2)
      assert.deepEqual(await filesOf(id), correction)
    })

    it('renders an unlocked document from current data', async () => {
      const customer = (await tenant.api.post('/customers', { name: 'Weingut Sonnhalde', street: 'Rebweg 1' })).body.data
      const draft = (await tenant.api.post('/invoices', { customerId: customer.id, lines: [{ description: 'Weinregal', unitPrice: '480' }] })).body.data
      const pdf = await tenant.api.get(`/invoices/${draft.id}/pdf`)
      assert.equal(pdf.headers.get('x-pdf-source'), 'generated')
      assert.match((await tenant.api.get(`/invoices/${draft.id}/facturx`)).text, /Rebweg 1/)
      await tenant.api.put(`/customers/${customer.id}`, { street: 'Kelterplatz 9' })
      const xml = (await tenant.api.get(`/invoices/${draft.id}/facturx`)).text
      assert.match(xml, /Kelterplatz 9/)
      assert.doesNotMatch(xml, /Rebweg 1/)
    })
  })
})
