import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { companyActor } from '@invoicing/core'
import { apiClient } from '../support/api-client'
import { documentedResponses } from '../support/documented'
import { DOCUMENTS, expectedNumbers, issueInParallel } from '../support/issue-in-parallel'
import { createTenant } from '../support/tenant'
import { startTestApp, type TestApp } from '../support/test-app'

describe('invoice numbers under concurrency', () => {
  let app: TestApp
  before(async () => {
    app = await startTestApp({ access: { requestsPerMinute: 10_000 } })
  })
  after(() => app.stop())

  it('gives 20 parallel issues the numbers 1 to 20 of the year, without gap or duplicate', async () => {
    const { api } = await createTenant(app)
    const { numbers, year } = await issueInParallel([api])
    assert.deepEqual(numbers, expectedNumbers(year))
    const usage = await api.get('/company/usage')
    assert.equal(usage.body.data.documents.used, DOCUMENTS)
    const ranges = await api.get('/company/number-ranges')
    documentedResponses((await api.get('/openapi.json')).body)('GET', '/api/v1/company/number-ranges', ranges)
    assert.equal(ranges.body.data.find((range: any) => range.type === 'INVOICE').lastNumber, `RE-${year}-000${DOCUMENTS}`)
  })

  it('takes one number for one document however many requests issue it at once', async () => {
    const { api } = await createTenant(app)
    const customer = (await api.post('/customers', { name: 'Einmal' })).body.data
    const draft = (await api.post('/invoices', { customerId: customer.id, lines: [{ description: 'x', unitPrice: 1 }] })).body.data
    const responses = await Promise.all(Array.from({ length: 10 }, () => api.put(`/invoices/${draft.id}`, { status: 'FINAL' })))
    assert.deepEqual(responses.map((response) => response.status), Array(10).fill(200), responses.map((response) => response.text).join('\n'))
    const year = draft.issueDate.slice(0, 4)
    assert.deepEqual(new Set(responses.map((response) => response.body.data.invoiceNumber)), new Set([`RE-${year}-00001`]))
    assert.equal((await api.get('/company/usage')).body.data.documents.used, 1)
    const next = (await api.post('/invoices', { customerId: customer.id, lines: [{ description: 'y', unitPrice: 1 }] })).body.data
    assert.equal((await api.put(`/invoices/${next.id}`, { status: 'SENT' })).body.data.invoiceNumber, `RE-${year}-00002`)
  })

  it('issues no more documents than the quota allows when 20 issue at once, on two hosts', async () => {
    const second = await app.startAnother()
    try {
      const { key, api } = await createTenant(app, { documentQuota: 5 })
      const clients = [apiClient(app.target, key), apiClient(second.target, key)]
      const customer = (await api.post('/customers', { name: 'Kontingent' })).body.data
      const drafts = []
      for (let index = 0; index < DOCUMENTS; index++) {
        drafts.push((await api.post('/invoices', { customerId: customer.id, lines: [{ description: `Posten ${index}` }] })).body.data)
      }
      const responses = await Promise.all(drafts.map((draft, index) => clients[index % 2]!.put(`/invoices/${draft.id}`, { status: 'SENT' })))
      const statuses = responses.map((response) => response.status)
      assert.equal(statuses.filter((status) => status === 200).length, 5, statuses.join(','))
      assert.equal(statuses.filter((status) => status === 403).length, DOCUMENTS - 5, statuses.join(','))
      assert.ok(responses.filter((response) => response.status === 403).every((response) => response.body.code === 'plan_limit_reached'))
      const numbers = responses.filter((response) => response.status === 200).map((response) => response.body.data.invoiceNumber).sort()
      assert.deepEqual(numbers, expectedNumbers(drafts[0].issueDate.slice(0, 4), 5))
      assert.equal((await api.get('/company/usage')).body.data.documents.used, 5)
      assert.equal((await api.get('/invoices?status=draft')).body.pagination.total, DOCUMENTS - 5)
    } finally {
      await second.stop()
    }
  })

  it('leaves no gap when a draft is issued and deleted at the same time', async () => {
    const { api } = await createTenant(app)
    const customer = (await api.post('/customers', { name: 'Wettlauf' })).body.data
    for (let round = 0; round < 8; round++) {
      const draft = (await api.post('/invoices', { customerId: customer.id, lines: [{ description: `Runde ${round}` }] })).body.data
      // Every other round the DELETE starts a little later, so either may win.
      const remove = () => api.delete(`/invoices/${draft.id}`)
      const [issued, deleted] = await Promise.all([
        api.put(`/invoices/${draft.id}`, { status: 'FINAL' }),
        round % 2 === 0 ? remove() : new Promise((resolve) => setTimeout(resolve, round)).then(remove),
      ])
      // Exactly one of them wins: issued (the delete then finds no draft) or deleted (the issue then finds nothing).
      assert.ok(
        (issued.status === 200 && deleted.status === 400) || (deleted.status === 200 && issued.status === 404),
        `PUT ${issued.status} ${issued.text} / DELETE ${deleted.status} ${deleted.text}`,
      )
    }
    const listed = (await api.get('/invoices?limit=100')).body.data
    const numbers = listed.map((invoice: any) => invoice.invoiceNumber).filter((number: string) => number.startsWith('RE-')).sort()
    const year = listed[0]?.issueDate.slice(0, 4) ?? ''
    assert.deepEqual(numbers, expectedNumbers(year, numbers.length), 'every number taken belongs to an existing document')
    const last = (await api.get('/company/number-ranges')).body.data.find((range: any) => range.type === 'INVOICE').lastNumber
    assert.equal(last, numbers.at(-1) ?? null)
  })

  it('formats numbers as the company’s number range says', async () => {
    const { api } = await createTenant(app, { numberRanges: { INVOICE: { format: 'R{YY}/{SEQ:3}' } } })
    const customer = (await api.post('/customers', { name: 'Format' })).body.data
    const drafts = [
      (await api.post('/invoices', { customerId: customer.id, lines: [{ description: 'a' }] })).body.data,
      (await api.post('/invoices', { customerId: customer.id, lines: [{ description: 'b' }] })).body.data,
    ]
    const numbers = []
    for (const draft of drafts) numbers.push((await api.put(`/invoices/${draft.id}`, { status: 'FINAL' })).body.data.invoiceNumber)
    const yy = drafts[0].issueDate.slice(2, 4)
    assert.deepEqual(numbers, [`R${yy}/001`, `R${yy}/002`])
  })

  it('answers 409 invoice_number_taken and issues nothing when a changed range would repeat a number', async () => {
    const { api, company } = await createTenant(app)
    const customer = (await api.post('/customers', { name: 'Doppelt' })).body.data
    const invoice = (await api.post('/invoices', { customerId: customer.id, lines: [{ description: 'a' }] })).body.data
    const issued = (await api.put(`/invoices/${invoice.id}`, { status: 'FINAL' })).body.data.invoiceNumber
    await app.invoicing.companies.update(companyActor(company.id), { numberRanges: { PROFORMA: { format: 'RE-{YYYY}-{SEQ:5}' } } })
    const proforma = (await api.post('/invoices', { customerId: customer.id, invoiceType: 'PROFORMA', lines: [{ description: 'b' }] })).body.data
    const refused = await api.put(`/invoices/${proforma.id}`, { status: 'FINAL' })
    assert.equal(refused.status, 409, refused.text)
    assert.equal(refused.body.code, 'invoice_number_taken')
    assert.equal(refused.body.invoiceNumber, issued)
    documentedResponses((await api.get('/openapi.json')).body)('PUT', '/api/v1/invoices/{id}', refused)
    const read = (await api.get(`/invoices/${proforma.id}`)).body.data
    assert.deepEqual([read.status, read.numberIssued], ['DRAFT', false])
    assert.equal((await api.get('/company/usage')).body.data.documents.used, 1)
    assert.deepEqual((await api.get(`/invoices?search=${issued}`)).body.data.map((found: any) => found.id), [invoice.id])
  })

  it('keeps numbers per company', async () => {
    const [one, two] = [await createTenant(app), await createTenant(app)]
    const [first, second] = await Promise.all([issueInParallel([one.api]), issueInParallel([two.api])])
    assert.deepEqual(first.numbers, expectedNumbers(first.year))
    assert.deepEqual(second.numbers, expectedNumbers(second.year))
  })

  it('gives contiguous numbers with two hosts in one process on one database', async () => {
    const second = await app.startAnother()
    try {
      const { key } = await createTenant(app)
      const { numbers, year } = await issueInParallel([apiClient(app.target, key), apiClient(second.target, key)])
      assert.deepEqual(numbers, expectedNumbers(year))
    } finally {
      await second.stop()
    }
  })
})
