import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { companyActor } from '@invoicing/core'
import { documentedResponses } from '../support/documented'
import { createTenant, type Tenant } from '../support/tenant'
import { startTestApp, type TestApp } from '../support/test-app'

describe('cancel, storno, duplicate and convert', () => {
  let app: TestApp
  let tenant: Tenant
  let customerId: string
  let documented: ReturnType<typeof documentedResponses>
  before(async () => {
    app = await startTestApp({ access: { requestsPerMinute: 10_000 } })
    tenant = await createTenant(app, { name: 'Aktionen GmbH', vatId: 'DE123456789' })
    documented = documentedResponses((await tenant.api.get('/openapi.json')).body)
    customerId = (await tenant.api.post('/customers', { name: 'Kunde AG', paymentTermDays: 10 })).body.data.id
  })
  after(() => app.stop())

  const create = async (body: Record<string, unknown> = {}) =>
    (await tenant.api.post('/invoices', { customerId, lines: [{ description: 'Beratung', quantity: 2, unitPrice: '50' }], ...body })).body.data
  const issued = async (status = 'SENT', body: Record<string, unknown> = {}) => {
    const created = await create(body)
    return (await tenant.api.put(`/invoices/${created.id}`, { status })).body.data
  }

  it('cancels an issued invoice with its cancellation credit note in one step', async () => {
    const invoice = await issued()
    const response = await tenant.api.post(`/invoices/${invoice.id}/cancel`, {})
    assert.equal(response.status, 200, response.text)
    documented('POST', '/api/v1/invoices/{id}/cancel', response)
    const { data } = response.body
    assert.equal(data.status, 'CANCELLED')
    assert.equal(data.stornoEmailSent, false)
    assert.match(data.stornoInvoiceNumber, /^GS-/)
    const creditNote = (await tenant.api.get(`/invoices/${data.stornoInvoiceId}`)).body.data
    assert.deepEqual([creditNote.invoiceType, creditNote.creditNoteReason, creditNote.status, creditNote.parentInvoiceId, creditNote.grossTotal], ['CREDIT_NOTE', 'CANCELLATION', 'FINAL', invoice.id, -119])
    const again = await tenant.api.post(`/invoices/${invoice.id}/cancel`, {})
    assert.equal(again.status, 409)
    assert.equal(again.body.code, 'status_conflict')
  })

  it('cancels drafts without a credit note, and gives a warning when the credit note cannot be mailed', async () => {
    const draft = await create()
    const cancelled = (await tenant.api.post(`/invoices/${draft.id}/cancel`)).body.data
    assert.deepEqual([cancelled.status, cancelled.stornoInvoiceId], ['CANCELLED', null])

    const invoice = await issued()
    // The customer has no email: the cancellation happens, the mail is a warning.
    const response = await tenant.api.post(`/invoices/${invoice.id}/cancel`, { sendStornoToCustomer: true })
    assert.equal(response.status, 200, response.text)
    assert.equal(response.body.data.stornoEmailSent, false)
    assert.match(response.body.data.warning, /not mailed/)
    assert.ok(response.body.data.stornoInvoiceId)
  })

  it('rolls back a cancellation that fails half-way: no credit note, no status change', async () => {
    const other = await createTenant(app, { name: 'Atomar GmbH', vatId: 'DE123456789' })
    const otherCustomer = (await other.api.post('/customers', { name: 'Kunde' })).body.data.id
    const invoice = (await other.api.post('/invoices', { customerId: otherCustomer, lines: [{ description: 'x', unitPrice: '10' }] })).body.data
    const issuedNumber = (await other.api.put(`/invoices/${invoice.id}`, { status: 'SENT' })).body.data.invoiceNumber
    // The credit-note range now repeats the invoice numbers, so taking the credit note's number fails after the status changed.
    await app.invoicing.companies.update(companyActor(other.company.id), { numberRanges: { CREDIT_NOTE: { format: 'RE-{YYYY}-{SEQ:5}', resetYearly: true } } })
    const failed = await other.api.post(`/invoices/${invoice.id}/cancel`, {})
    assert.equal(failed.status, 409, failed.text)
    assert.equal(failed.body.code, 'invoice_number_taken')
    const after = (await other.api.get(`/invoices/${invoice.id}`)).body.data
    assert.equal(after.status, 'SENT')
    assert.equal(after.invoiceNumber, issuedNumber)
    assert.equal((await other.api.get('/invoices?invoice_type=CREDIT_NOTE')).body.pagination.total, 0)
  })

  it('creates the missing cancellation credit note with storno, once', async () => {
    const invoice = await issued()
    const cancelled = (await tenant.api.post(`/invoices/${invoice.id}/cancel`, { create_storno: false })).body.data
    assert.equal(cancelled.stornoInvoiceId, null)
    const storno = await tenant.api.post(`/invoices/${invoice.id}/storno`, {})
    assert.equal(storno.status, 201, storno.text)
    documented('POST', '/api/v1/invoices/{id}/storno', storno)
    assert.deepEqual([storno.body.data.invoiceType, storno.body.data.creditNoteReason, storno.body.data.status, storno.body.data.parentInvoiceId, storno.body.data.grossTotal], ['CREDIT_NOTE', 'CANCELLATION', 'FINAL', invoice.id, -119])
    const twice = await tenant.api.post(`/invoices/${invoice.id}/storno`, {})
    assert.equal(twice.status, 409)
    assert.equal(twice.body.code, 'storno_exists')

    const notCancelled = await issued()
    assert.equal((await tenant.api.post(`/invoices/${notCancelled.id}/storno`)).body.code, 'status_conflict')
    const draft = await create()
    await tenant.api.put(`/invoices/${draft.id}`, { status: 'CANCELLED' })
    const ineligible = await tenant.api.post(`/invoices/${draft.id}/storno`)
    assert.equal(ineligible.status, 400)
    assert.equal(ineligible.body.code, 'invoice_status')
  })

  it('duplicates a credit note as a positive invoice draft without service period, dated today', async () => {
    const invoice = await issued('SENT', { servicePeriodStart: '2026-01-01', servicePeriodEnd: '2026-01-31', issueDate: '2026-02-01', dueDate: '2026-02-15' })
    const { stornoInvoiceId } = (await tenant.api.post(`/invoices/${invoice.id}/cancel`, {})).body.data
    const response = await tenant.api.post(`/invoices/${stornoInvoiceId}/duplicate`, {})
    assert.equal(response.status, 201, response.text)
    documented('POST', '/api/v1/invoices/{id}/duplicate', response)
    const copy = response.body.data
    assert.deepEqual([copy.invoiceType, copy.status, copy.sourceInvoiceId, copy.grossTotal], ['INVOICE', 'DRAFT', stornoInvoiceId, 119])
    assert.match(copy.invoiceNumber, /^ENTWURF-/)
    const detail = (await tenant.api.get(`/invoices/${copy.id}`)).body.data
    assert.equal(detail.servicePeriodStart, null)
    assert.equal(detail.lines[0].quantity, 2)
    const today = new Date().toISOString().slice(0, 10)
    assert.ok(Math.abs(Date.parse(copy.issueDate) - Date.parse(today)) <= 86_400_000)

    const kept = (await tenant.api.post(`/invoices/${invoice.id}/duplicate`, { adjustDates: false })).body.data
    assert.deepEqual([kept.issueDate, kept.dueDate], ['2026-02-01', '2026-02-15'])
    const otherCustomer = (await tenant.api.post('/customers', { name: 'Andere GmbH' })).body.data.id
    assert.equal((await tenant.api.post(`/invoices/${invoice.id}/duplicate`, { customer_id: otherCustomer })).body.data.customerId, otherCustomer)
    assert.equal((await tenant.api.post(`/invoices/${invoice.id}/duplicate`, { customerId: 'missing' })).status, 404)
    assert.equal((await tenant.api.post('/invoices/missing/duplicate', {})).status, 404)
  })

  it('converts a proforma with its payments, and the payments return when the invoice is cancelled', async () => {
    await app.invoicing.companies.update(companyActor(tenant.company.id), { texts: { de: { INVOICE: { headerText: 'Rechnungstext', footer: 'Rechnungsfuß' } } } })
    const proforma = await issued('SENT', { invoiceType: 'PROFORMA', headerText: 'Proformatext' })
    const payment = (await tenant.api.post(`/invoices/${proforma.id}/payments`, { amount: 50 })).body.data

    const response = await tenant.api.post(`/invoices/${proforma.id}/convert`)
    assert.equal(response.status, 201, response.text)
    documented('POST', '/api/v1/invoices/{id}/convert', response)
    const converted = response.body.data
    assert.deepEqual([converted.invoiceType, converted.status, converted.proformaInvoiceId, converted.proformaInvoiceNumber], ['INVOICE', 'DRAFT', proforma.id, proforma.invoiceNumber])
    const invoice = (await tenant.api.get(`/invoices/${converted.id}`)).body.data
    assert.deepEqual([invoice.headerText, invoice.footer, invoice.metadata.convertedFromProformaId], ['Rechnungstext', 'Rechnungsfuß', proforma.id])
    assert.deepEqual(invoice.payments.map((each: any) => each.id), [payment.id])
    const proformaAfter = (await tenant.api.get(`/invoices/${proforma.id}`)).body.data
    assert.deepEqual([proformaAfter.status, proformaAfter.invoiceNumber, proformaAfter.invoiceType, proformaAfter.metadata.convertedToInvoiceId], ['SENT', proforma.invoiceNumber, 'PROFORMA', converted.id])
    assert.equal(proformaAfter.paidAmount, 0)

    const twice = await tenant.api.post(`/invoices/${proforma.id}/convert`)
    assert.equal(twice.status, 409)
    assert.deepEqual([twice.body.invoice_id, twice.body.invoice_number, twice.body.invoiceId], [converted.id, converted.invoiceNumber, converted.id])
    const send = await tenant.api.post(`/invoices/${proforma.id}/send`, { recipientEmail: 'x@kunde.example' })
    assert.equal(send.status, 409)
    assert.equal(send.body.invoice_id, converted.id)

    await tenant.api.put(`/invoices/${converted.id}`, { status: 'SENT' })
    const cancelled = await tenant.api.post(`/invoices/${converted.id}/cancel`, {})
    assert.equal(cancelled.status, 200, cancelled.text)
    assert.deepEqual((await tenant.api.get(`/invoices/${proforma.id}`)).body.data.payments.map((each: any) => each.id), [payment.id])
    assert.equal((await tenant.api.get(`/invoices/${converted.id}`)).body.data.paidAmount, 0)
  })

  it('refuses to cancel an invoice whose proforma is cancelled while it holds the moved payments (they have nowhere to return)', async () => {
    const proforma = await issued('SENT', { invoiceType: 'PROFORMA' })
    await tenant.api.post(`/invoices/${proforma.id}/payments`, { amount: 20 })
    const converted = (await tenant.api.post(`/invoices/${proforma.id}/convert`)).body.data
    // The proforma itself can still be cancelled by PUT; then its moved payments have nowhere to return.
    await tenant.api.put(`/invoices/${converted.id}`, { status: 'SENT' })
    const proformaCancel = await tenant.api.put(`/invoices/${proforma.id}`, { status: 'CANCELLED' })
    assert.equal(proformaCancel.status, 200, proformaCancel.text)
    const blocked = await tenant.api.post(`/invoices/${converted.id}/cancel`, {})
    assert.equal(blocked.status, 409)
    assert.equal(blocked.body.code, 'payments_block_cancellation')
    const still = (await tenant.api.get(`/invoices/${converted.id}`)).body.data
    assert.equal(still.status, 'SENT')
    assert.equal(still.paidAmount, 20)
    assert.equal((await tenant.api.get('/invoices?status=CANCELLED&invoice_type=CREDIT_NOTE')).body.data.some((note: any) => note.parentInvoiceId === converted.id), false)
    assert.equal((await tenant.api.put(`/invoices/${converted.id}`, { status: 'CANCELLED' })).body.code, 'payments_block_cancellation')
  })

  it('refuses convert of non-proformas and duplicate/convert with the quota used up', async () => {
    const invoice = await issued()
    const notProforma = await tenant.api.post(`/invoices/${invoice.id}/convert`)
    assert.equal(notProforma.status, 400)
    assert.equal(notProforma.body.code, 'invoice_status')
    const limited = await createTenant(app, { name: 'Knapp GmbH', documentQuota: 1 })
    const limitedCustomer = (await limited.api.post('/customers', { name: 'Kunde' })).body.data.id
    const proforma = (await limited.api.post('/invoices', { customerId: limitedCustomer, invoiceType: 'PROFORMA', lines: [{ description: 'x', unitPrice: '1' }] })).body.data
    await limited.api.put(`/invoices/${proforma.id}`, { status: 'FINAL' })
    for (const path of ['convert', 'duplicate']) {
      const refused = await limited.api.post(`/invoices/${proforma.id}/${path}`, path === 'duplicate' ? {} : undefined)
      assert.equal(refused.status, 403, path)
      assert.equal(refused.body.code, 'plan_limit_reached')
    }
  })
})
