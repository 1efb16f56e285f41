import assert from 'node:assert/strict'
import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { after, before, describe, it } from 'node:test'
import { PDFDocument } from 'pdf-lib'
import { documentedResponses } from '../support/documented'
import { createTenant, type Tenant } from '../support/tenant'
import { startTestApp, type TestApp } from '../support/test-app'

/** The review's document: 110 lines whose descriptions hold 2,000 line breaks each (4,360 pages without a cap). */
const tallLines = Array.from({ length: 110 }, (_, index) => ({ description: `Position ${index + 1}${'\n'.repeat(2000)}Ende`, unitPrice: '1' }))

describe('PDF page cap', () => {
  let app: TestApp
  let tenant: Tenant
  let customerId: string
  let documented: ReturnType<typeof documentedResponses>
  before(async () => {
    app = await startTestApp()
    tenant = await createTenant(app, { name: 'Muster GmbH', street: 'Hauptstraße 5', zipCode: '10115', city: 'Berlin', email: 'rechnung@muster.de', vatId: 'DE123456789' })
    documented = documentedResponses((await tenant.api.get('/openapi.json')).body)
    customerId = (await tenant.api.post('/customers', { name: 'Kunde AG', email: 'kunde@example.com' })).body.data.id
  })
  after(() => app.stop())

  const tallDraft = async () => (await tenant.api.post('/invoices', { customerId, lines: tallLines })).body.data

  const assertTooLarge = (response: { status: number; body: any }) => {
    assert.equal(response.status, 400, JSON.stringify(response.body).slice(0, 300))
    assert.equal(response.body.code, "document_too_large", JSON.stringify(response.body).slice(0, 400))
    assert.equal(response.body.maxPages, 200)
    assert.ok(response.body.estimatedPages > 4000, `estimatedPages ${response.body.estimatedPages}`)
    assert.match(response.body.error, /at most 200/)
  }

  it('refuses the PDF of a document over 200 pages with 400 document_too_large and the estimate, before drawing', async () => {
    const draft = await tallDraft()
    const response = await tenant.api.get(`/invoices/${draft.id}/pdf`)
    assertTooLarge(response)
    documented('GET', '/api/v1/invoices/{id}/pdf', response)
  })

  it('does not issue it: FINAL and SENT are refused the same way and the draft keeps its placeholder number', async () => {
    const draft = await tallDraft()
    for (const status of ['FINAL', 'SENT']) {
      const response = await tenant.api.put(`/invoices/${draft.id}`, { status })
      assertTooLarge(response)
      documented('PUT', '/api/v1/invoices/{id}', response)
    }
    const after = (await tenant.api.get(`/invoices/${draft.id}`)).body.data
    assert.equal(after.status, 'DRAFT')
    assert.equal(after.invoiceNumber, draft.invoiceNumber)
    assert.equal((await tenant.api.get(`/invoices/${draft.id}/versions`)).body.data.versions.length, 0)
  })

  it('does not issue it again after FINAL → DRAFT made it longer: the number it keeps changes nothing', async () => {
    const created = (await tenant.api.post('/invoices', { customerId, lines: [{ description: 'Beratung', unitPrice: '100' }] })).body.data
    const issued = (await tenant.api.put(`/invoices/${created.id}`, { status: 'FINAL' })).body.data
    assert.equal((await tenant.api.put(`/invoices/${created.id}`, { status: 'DRAFT' })).status, 200)
    assert.equal((await tenant.api.put(`/invoices/${created.id}`, { lines: tallLines })).status, 200)
    assertTooLarge(await tenant.api.put(`/invoices/${created.id}`, { status: 'FINAL' }))
    const after = (await tenant.api.get(`/invoices/${created.id}`)).body.data
    assert.deepEqual([after.status, after.invoiceNumber], ['DRAFT', issued.invoiceNumber])
  })

  it('does not send it: nothing is mailed and no number is issued', async () => {
    const draft = await tallDraft()
    const response = await tenant.api.post(`/invoices/${draft.id}/send`, {})
    assertTooLarge(response)
    documented('POST', '/api/v1/invoices/{id}/send', response)
    const outbox = join(app.dataDir, 'outbox')
    assert.deepEqual(existsSync(outbox) ? readdirSync(outbox) : [], [])
    const after = (await tenant.api.get(`/invoices/${draft.id}`)).body.data
    assert.equal(after.status, 'DRAFT')
    assert.equal(after.invoiceNumber, draft.invoiceNumber)
  })

  it('does not correct an issued document into one over the cap', async () => {
    const issued = (await tenant.api.post('/invoices', { customerId, lines: [{ description: 'Beratung', unitPrice: '100' }] })).body.data
    assert.equal((await tenant.api.put(`/invoices/${issued.id}`, { status: 'SENT' })).status, 200)
    const response = await tenant.api.post(`/invoices/${issued.id}/correct`, { changeReason: 'Positionen ergänzt', lines: tallLines })
    assertTooLarge(response)
    documented('POST', '/api/v1/invoices/{id}/correct', response)
    const pdf = await tenant.api.get(`/invoices/${issued.id}/pdf`)
    assert.equal(pdf.status, 200)
    assert.equal((await PDFDocument.load(pdf.bytes)).getPageCount(), 1)
  })
})
