import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { companyActor, type CompanyCreateInput } from '@invoicing/core'
import type { ApiResponse } from '../support/api-client'
import { documentedResponses } from '../support/documented'
import { createTenant } from '../support/tenant'
import { startTestApp, type TestApp } from '../support/test-app'

type Status = 'DRAFT' | 'FINAL' | 'SENT' | 'PAID' | 'OVERDUE' | 'CANCELLED'
const STATUSES: Status[] = ['DRAFT', 'FINAL', 'SENT', 'PAID', 'OVERDUE', 'CANCELLED']

/** The transition table: the statuses PUT may move a document to from each status. */
const ALLOWED: Record<Status, Status[]> = {
  DRAFT: ['FINAL', 'SENT', 'CANCELLED'],
  FINAL: ['SENT', 'DRAFT', 'CANCELLED'],
  SENT: ['PAID', 'OVERDUE', 'CANCELLED'],
  OVERDUE: ['PAID', 'CANCELLED'],
  PAID: [],
  CANCELLED: [],
}

/** How a fresh draft reaches each status through PUT. */
const PATH_TO: Record<Status, Status[]> = {
  DRAFT: [],
  FINAL: ['FINAL'],
  SENT: ['SENT'],
  OVERDUE: ['SENT', 'OVERDUE'],
  PAID: ['SENT', 'PAID'],
  CANCELLED: ['CANCELLED'],
}

/** The members of a PUT answer: a summary, not the full document. */
const PUT_RESPONSE_FIELDS = ['id', 'invoiceNumber', 'status', 'netTotal', 'taxTotal', 'grossTotal', 'orderNumber', 'buyerReference', 'e_invoice', 'updatedAt']

const LINES = [{ description: 'Beratung', quantity: 2, unitPrice: 50, taxRate: 19 }, { description: 'Material', unitPrice: '10.10', taxRate: 7 }]
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/

describe('invoice status', () => {
  let app: TestApp
  let documented: ReturnType<typeof documentedResponses>
  before(async () => {
    app = await startTestApp({ access: { requestsPerMinute: 10_000 } })
    const { api } = await createTenant(app)
    documented = documentedResponses((await api.get('/openapi.json')).body)
  })
  after(() => app.stop())

  /** A company of its own (so its numbers start at 1), a customer and a draft invoice. */
  async function setup(company: Partial<CompanyCreateInput> = {}) {
    const tenant = await createTenant(app, company)
    const customer = (await tenant.api.post('/customers', { name: 'Kunde GmbH' })).body.data
    const draft = async (body: Record<string, unknown> = {}) => {
      const created = await tenant.api.post('/invoices', { customerId: customer.id, orderNumber: 'PO-1', lines: LINES, ...body })
      assert.equal(created.status, 201, created.text)
      return created.body.data
    }
    const put = async (id: string, body: unknown): Promise<ApiResponse> => {
      const response = await tenant.api.put(`/invoices/${id}`, body)
      documented('PUT', '/api/v1/invoices/{id}', response)
      return response
    }
    const get = async (id: string) => {
      const response = await tenant.api.get(`/invoices/${id}`)
      assert.equal(response.status, 200, response.text)
      documented('GET', '/api/v1/invoices/{id}', response)
      return response.body.data
    }
    const read = async (path: string) => {
      const response = await tenant.api.get(path)
      assert.equal(response.status, 200, response.text)
      documented('GET', `/api/v1${path.split('?')[0]}`, response)
      return response.body.data
    }
    /** Moves the document along `path`, each step answering 200. */
    const drive = async (id: string, path: Status[]) => {
      for (const status of path) {
        const response = await put(id, { status })
        assert.equal(response.status, 200, `${status}: ${response.text}`)
      }
    }
    const creditNotes = () => read('/invoices?invoice_type=CREDIT_NOTE')
    const usedDocuments = async () => (await read('/company/usage')).documents.used as number
    const lastNumber = async (type: string) => (await read('/company/number-ranges')).find((range: any) => range.type === type).lastNumber as string | null
    return { ...tenant, customer, draft, put, get, drive, creditNotes, usedDocuments, lastNumber }
  }

  const year = (invoice: { issueDate: string }) => invoice.issueDate.slice(0, 4)

  describe('every row of the transition table through PUT', () => {
    for (const from of STATUSES) {
      for (const to of ALLOWED[from]) {
        it(`${from} → ${to}`, async () => {
          const { draft, drive, put, get, creditNotes, api } = await setup()
          const invoice = await draft()
          await drive(invoice.id, PATH_TO[from])
          const before = await get(invoice.id)
          assert.equal(before.status, from)

          const response = await put(invoice.id, { status: to })
          assert.equal(response.status, 200, response.text)
          const after = await get(invoice.id)
          assert.equal(after.status, to)
          assert.equal(response.body.data.status, to)
          assert.equal(response.body.data.invoiceNumber, after.invoiceNumber)

          const issued = !(from === 'DRAFT' && to === 'CANCELLED')
          if (issued) {
            assert.equal(after.invoiceNumber, `RE-${year(after)}-00001`)
            assert.equal(after.numberIssued, true)
          } else {
            assert.match(after.invoiceNumber, /^ENTWURF-/)
            assert.equal(after.numberIssued, false)
          }
          if (before.numberIssued) assert.equal(after.invoiceNumber, before.invoiceNumber, 'an issued number never changes')

          const wasSent = [...PATH_TO[from], to].includes('SENT')
          assert.equal(after.sentAt !== null, wasSent, 'sentAt is set by SENT')
          assert.equal(after.lockedAt !== null, wasSent, 'SENT locks, FINAL stays unlocked')
          if (wasSent) assert.match(after.sentAt, TIMESTAMP)
          if (before.sentAt) assert.equal(after.sentAt, before.sentAt)
          assert.equal(after.paidAt !== null, to === 'PAID', 'paidAt is set by PAID')
          if (to === 'PAID') assert.match(after.paidAt, TIMESTAMP)

          const cancelsIssued = to === 'CANCELLED' && from !== 'DRAFT'
          const notes = await creditNotes()
          assert.equal(notes.length, cancelsIssued ? 1 : 0, 'a cancellation credit note only for an issued invoice')
          const expectedKeys = [...PUT_RESPONSE_FIELDS, ...(cancelsIssued ? ['stornoInvoiceId', 'stornoInvoiceNumber'] : [])]
          assert.deepEqual(Object.keys(response.body.data).sort(), expectedKeys.sort())
          if (cancelsIssued) {
            assert.equal(response.body.data.stornoInvoiceId, notes[0].id)
            assert.equal(response.body.data.stornoInvoiceNumber, notes[0].invoiceNumber)
          }
          assert.equal((await api.get('/invoices')).body.pagination.total, cancelsIssued ? 2 : 1)
        })
      }
    }
  })

  it('answers every other status change with 400 and allowedTransitions, changing nothing', async () => {
    const { draft, drive, put, get } = await setup()
    for (const from of STATUSES) {
      const invoice = await draft()
      await drive(invoice.id, PATH_TO[from])
      const before = await get(invoice.id)
      for (const to of STATUSES.filter((status) => status !== from && !ALLOWED[from].includes(status))) {
        const response = await put(invoice.id, { status: to })
        assert.equal(response.status, 400, `${from} → ${to}: ${response.text}`)
        assert.equal(response.body.code, 'invalid_status_transition')
        assert.deepEqual([...response.body.allowedTransitions].sort(), [...ALLOWED[from]].sort(), `${from} → ${to}`)
        assert.deepEqual(await get(invoice.id), before, `${from} → ${to} changed nothing`)
      }
    }
  })

  it('answers an unknown status with 400 and allowedValues', async () => {
    const { draft, put, get } = await setup()
    const invoice = await draft()
    const response = await put(invoice.id, { status: 'DONE' })
    assert.equal(response.status, 400)
    assert.equal(response.body.field, 'status')
    assert.deepEqual(response.body.allowedValues, STATUSES)
    assert.equal((await get(invoice.id)).status, 'DRAFT')
  })

  describe('PUT response', () => {
    it('has exactly the summary members and no others', async () => {
      const { draft, put, get } = await setup()
      const invoice = await draft({ buyerReference: 'LEITWEG-1', eInvoiceAudit: { format: 'XRECHNUNG' } })
      const response = await put(invoice.id, { status: 'FINAL', order_number: 'PO-2' })
      assert.equal(response.status, 200)
      const read = await get(invoice.id)
      assert.deepEqual(response.body.data, {
        id: invoice.id,
        invoiceNumber: `RE-${year(invoice)}-00001`,
        status: 'FINAL',
        netTotal: 110.1,
        taxTotal: 19.71,
        grossTotal: 129.81,
        orderNumber: 'PO-2',
        buyerReference: 'LEITWEG-1',
        e_invoice: { format: 'XRECHNUNG' },
        updatedAt: read.updatedAt,
      })
      assert.ok(read.updatedAt >= invoice.updatedAt)
    })
  })

  describe('content edits (only a draft or an unlocked FINAL document)', () => {
    it('changes content of a draft and of an unlocked FINAL document, recomputing totals', async () => {
      const { draft, put, get, drive } = await setup()
      const invoice = await draft()
      const edited = await put(invoice.id, { lines: [{ description: 'Neu', unit_price: 200 }], e_invoice: { status: 'SUBMITTED' }, notes: 'intern' })
      assert.equal(edited.status, 200, edited.text)
      assert.deepEqual([edited.body.data.netTotal, edited.body.data.taxTotal, edited.body.data.grossTotal], [200, 38, 238])
      assert.deepEqual(edited.body.data.e_invoice, { status: 'SUBMITTED' })
      const read = await get(invoice.id)
      assert.deepEqual(read.lines.map((line: any) => [line.description, line.netAmount]), [['Neu', 200]])
      assert.deepEqual([read.eInvoiceAudit, read.notes, read.orderNumber], [{ status: 'SUBMITTED' }, 'intern', 'PO-1'])

      await drive(invoice.id, ['FINAL'])
      const final = await put(invoice.id, { orderNumber: 'PO-9', lines: [{ description: 'Korrigiert', unitPrice: 10 }] })
      assert.equal(final.status, 200, final.text)
      assert.deepEqual([final.body.data.status, final.body.data.orderNumber, final.body.data.grossTotal], ['FINAL', 'PO-9', 11.9])
      assert.equal(final.body.data.invoiceNumber, `RE-${year(invoice)}-00001`)
    })

    it('derives the tax again when PUT changes the tax treatment', async () => {
      const { draft, put } = await setup()
      const invoice = await draft()
      const reverse = await put(invoice.id, { reverse_charge: true })
      assert.equal(reverse.status, 200, reverse.text)
      assert.deepEqual([reverse.body.data.netTotal, reverse.body.data.taxTotal, reverse.body.data.grossTotal], [110.1, 0, 110.1])
      const home = await put(invoice.id, { reverseCharge: false })
      assert.deepEqual([home.body.data.netTotal, home.body.data.taxTotal, home.body.data.grossTotal], [110.1, 19.71, 129.81])
    })

    it('keeps documentLocale as set at creation', async () => {
      const { draft, put, get } = await setup()
      const invoice = await draft()
      assert.equal((await put(invoice.id, { documentLocale: 'en', notes: 'x' })).status, 200)
      const read = await get(invoice.id)
      assert.deepEqual([read.documentLocale, read.documentTextVersion, read.notes], ['de', invoice.documentTextVersion, 'x'])
    })

    it('writes nothing and takes no number when a PUT with a status change fails', async () => {
      const { draft, put, get, lastNumber } = await setup()
      const invoice = await draft()
      const missingCategory = await put(invoice.id, { status: 'FINAL', documentCategoryId: 'no-such-category', orderNumber: 'PO-2' })
      assert.equal(missingCategory.status, 404, missingCategory.text)
      const dueTooEarly = await put(invoice.id, { status: 'SENT', dueDate: '2000-01-01' })
      assert.equal(dueTooEarly.status, 400, dueTooEarly.text)
      assert.equal(dueTooEarly.body.field, 'dueDate')
      const read = await get(invoice.id)
      assert.deepEqual([read.status, read.numberIssued, read.orderNumber, read.dueDate, read.documentCategoryId], ['DRAFT', false, 'PO-1', invoice.dueDate, null])
      assert.equal(await lastNumber('INVOICE'), null)
    })

    it('answers bad PUT input with 400 naming the field, changing nothing', async () => {
      const { draft, put, get } = await setup()
      const invoice = await draft()
      const before = await get(invoice.id)
      const cases: [Record<string, unknown>, string][] = [
        [{ dueDate: '2026-02-30' }, 'dueDate'],
        [{ reverseCharge: 'yes', notes: 'x' }, 'reverseCharge'],
        [{ lines: [{ description: 'x', quantity: -1 }] }, 'lines.0.quantity'],
        [{ lines: [{ description: 'ok' }, { description: 'x', line_type: 'GIFT' }] }, 'lines.1.lineType'],
        [{ taxExemptionReason: 'NOPE' }, 'taxExemptionReason'],
      ]
      for (const [body, field] of cases) {
        const response = await put(invoice.id, body)
        assert.equal(response.status, 400, JSON.stringify(body))
        assert.equal(response.body.field, field)
        assert.ok(response.body.error.startsWith(`${field}: `), response.body.error)
      }
      const discount = await put(invoice.id, { status: 'FINAL', lines: [{ description: 'ok', unitPrice: 5 }, { description: 'x', unitPrice: 1, discount: 2 }] })
      assert.equal(discount.status, 400)
      assert.equal(discount.body.lineIndex, 1)
      assert.deepEqual(await get(invoice.id), before)
    })

    it('refuses to replace lines with none and keeps the old ones', async () => {
      const { draft, put, get } = await setup()
      const invoice = await draft()
      const response = await put(invoice.id, { lines: [] })
      assert.equal(response.status, 400)
      assert.equal(response.body.field, 'lines')
      assert.equal((await get(invoice.id)).lines.length, 2)
    })

    for (const status of ['SENT', 'OVERDUE', 'PAID', 'CANCELLED'] as const) {
      it(`answers content changes on a ${status} document with 400 lockedFields and the correction endpoint`, async () => {
        const { draft, put, get, drive } = await setup()
        const invoice = await draft()
        await drive(invoice.id, PATH_TO[status])
        const before = await get(invoice.id)
        const response = await put(invoice.id, { orderNumber: 'PO-2', notes: 'neu', buyerReference: null })
        assert.equal(response.status, 400, response.text)
        assert.equal(response.body.code, 'content_locked')
        assert.deepEqual([...response.body.lockedFields].sort(), ['notes', 'orderNumber'], 'only the fields that would change')
        assert.match(response.body.error, new RegExp(`/api/v1/invoices/${invoice.id}/correct`))
        assert.deepEqual(await get(invoice.id), before)
      })
    }

    it('lets a status change through when the body repeats unchanged fields', async () => {
      const { draft, put, get, drive } = await setup()
      const invoice = await draft({ e_invoice: { format: 'ZUGFERD' }, notes: 'intern' })
      await drive(invoice.id, ['SENT'])
      const response = await put(invoice.id, {
        status: 'PAID', orderNumber: 'PO-1', notes: 'intern', e_invoice: { format: 'ZUGFERD' }, dueDate: invoice.dueDate, buyerReference: null,
      })
      assert.equal(response.status, 200, response.text)
      assert.equal((await get(invoice.id)).status, 'PAID')
    })

    it('lets a status change through when the body repeats the unchanged lines', async () => {
      const { draft, put, get, drive } = await setup()
      const invoice = await draft()
      await drive(invoice.id, ['SENT'])
      const response = await put(invoice.id, { status: 'OVERDUE', lines: LINES })
      assert.equal(response.status, 200, response.text)
      assert.equal((await get(invoice.id)).status, 'OVERDUE')
    })

    it('lets a status change through when the body sends back the lines exactly as GET shows them', async () => {
      const { draft, put, get, drive } = await setup()
      // The first line's rate is the standard rate by default; GET shows it as 19.
      const invoice = await draft({ lines: [{ description: 'Beratung', quantity: 2, unitPrice: 50 }, ...LINES.slice(1)] })
      await drive(invoice.id, ['SENT'])
      const { lines } = await get(invoice.id)
      assert.equal(lines[0].taxRate, 19)
      const response = await put(invoice.id, { status: 'PAID', lines })
      assert.equal(response.status, 200, response.text)
      assert.equal((await get(invoice.id)).status, 'PAID')
    })

    it('lets a status change through when the body repeats e_invoice with its members in another order', async () => {
      const { draft, put, get, drive } = await setup()
      const invoice = await draft({ e_invoice: { format: 'XRECHNUNG', channel: 'PEPPOL' } })
      await drive(invoice.id, ['SENT'])
      const response = await put(invoice.id, { status: 'PAID', e_invoice: { channel: 'PEPPOL', format: 'XRECHNUNG' } })
      assert.equal(response.status, 200, response.text)
      assert.equal((await get(invoice.id)).status, 'PAID')
    })

    it('refuses a status change together with a locked content change, changing neither', async () => {
      const { draft, put, get, drive } = await setup()
      const invoice = await draft()
      await drive(invoice.id, ['SENT'])
      const response = await put(invoice.id, { status: 'PAID', orderNumber: 'PO-2' })
      assert.equal(response.status, 400)
      assert.deepEqual(response.body.lockedFields, ['orderNumber'])
      const read = await get(invoice.id)
      assert.deepEqual([read.status, read.orderNumber, read.paidAt], ['SENT', 'PO-1', null])
    })
  })

  describe('numbers and the cancellation credit note', () => {
    it('FINAL → DRAFT keeps the number; such a draft cannot be deleted (409) and is issued again with it', async () => {
      const { draft, put, get, drive, api, usedDocuments, creditNotes } = await setup()
      const first = await draft()
      await drive(first.id, ['FINAL', 'DRAFT'])
      const back = await get(first.id)
      const number = `RE-${year(first)}-00001`
      assert.deepEqual([back.status, back.invoiceNumber, back.numberIssued], ['DRAFT', number, true])

      const refused = await api.delete(`/invoices/${first.id}`)
      assert.equal(refused.status, 409)
      assert.equal(refused.body.code, 'invoice_number_issued')
      assert.equal(refused.body.invoiceNumber, number)
      documented('DELETE', '/api/v1/invoices/{id}', refused)
      assert.equal((await get(first.id)).status, 'DRAFT')

      const second = await draft()
      await drive(second.id, ['FINAL'])
      assert.equal((await get(second.id)).invoiceNumber, `RE-${year(first)}-00002`, 'the number does not return to the sequence')

      const again = await put(first.id, { status: 'SENT' })
      assert.equal(again.status, 200)
      assert.equal(again.body.data.invoiceNumber, number)
      assert.equal(await usedDocuments(), 2, 'issuing again is not counted again')

      const third = await draft()
      await drive(third.id, ['FINAL', 'DRAFT'])
      const cancelled = await put(third.id, { status: 'CANCELLED' })
      assert.equal(cancelled.status, 200)
      assert.equal(cancelled.body.data.invoiceNumber, `RE-${year(first)}-00003`)
      assert.ok(!('stornoInvoiceId' in cancelled.body.data), 'a cancelled draft gets no cancellation credit note')
      assert.deepEqual(await creditNotes(), [])
    })

    it('creates the cancellation credit note with its own number, negated, linked to the invoice', async () => {
      const { draft, put, get, drive, customer } = await setup()
      const invoice = await draft({ documentLocale: 'en' })
      await drive(invoice.id, ['FINAL'])
      const response = await put(invoice.id, { status: 'CANCELLED' })
      assert.equal(response.status, 200)
      const { stornoInvoiceId, stornoInvoiceNumber } = response.body.data
      const storno = await get(stornoInvoiceId)
      assert.equal(stornoInvoiceNumber, `GS-${year(storno)}-00001`)
      assert.deepEqual(
        [storno.invoiceNumber, storno.invoiceType, storno.status, storno.creditNoteReason, storno.parentInvoiceId, storno.customerId],
        [stornoInvoiceNumber, 'CREDIT_NOTE', 'FINAL', 'CANCELLATION', invoice.id, customer.id],
      )
      assert.deepEqual([storno.netTotal, storno.taxTotal, storno.grossTotal], [-110.1, -19.71, -129.81])
      assert.equal(storno.documentLocale, 'en', 'derived documents keep the source language')
      assert.deepEqual(storno.lines.map((line: any) => [line.description, line.quantity, line.netAmount]), [['Beratung', -2, -100], ['Material', -1, -10.1]])
      const original = await get(invoice.id)
      assert.deepEqual([original.status, original.grossTotal], ['CANCELLED', 129.81])
    })

    it('keeps a cancellation credit note negative: PUT cannot turn it into a positive document', async () => {
      const { draft, put, get, drive } = await setup()
      const invoice = await draft()
      await drive(invoice.id, ['FINAL'])
      const { stornoInvoiceId } = (await put(invoice.id, { status: 'CANCELLED' })).body.data
      assert.equal((await get(stornoInvoiceId)).grossTotal, -129.81)
      const response = await put(stornoInvoiceId, { lines: [{ description: 'Ware', unitPrice: 10 }] })
      const read = await get(stornoInvoiceId)
      assert.ok(read.grossTotal < 0, `a credit note must stay negative; PUT answered ${response.status} and left grossTotal ${read.grossTotal}`)
      assert.ok(read.lines.every((line: any) => line.netAmount <= 0 && line.quantity <= 0), JSON.stringify(read.lines))
    })

    it('lets a cancellation credit note be sent and settled, never reopened, cancelled or edited (documented)', async () => {
      const { draft, put, get, drive } = await setup()
      const invoice = await draft()
      await drive(invoice.id, ['SENT'])
      const { stornoInvoiceId } = (await put(invoice.id, { status: 'CANCELLED' })).body.data
      const before = await get(stornoInvoiceId)
      assert.ok(before.lockedAt, 'locked from the start')
      for (const status of ['DRAFT', 'CANCELLED']) {
        const refused = await put(stornoInvoiceId, { status })
        assert.equal(refused.status, 400, status)
        assert.equal(refused.body.code, 'invalid_status_transition')
        assert.deepEqual(refused.body.allowedTransitions, ['SENT'])
      }
      const edited = await put(stornoInvoiceId, { notes: 'geändert' })
      assert.deepEqual([edited.status, edited.body.code], [400, 'content_locked'])
      assert.deepEqual(await get(stornoInvoiceId), before)
      await drive(stornoInvoiceId, ['SENT', 'PAID'])
      const settled = await get(stornoInvoiceId)
      assert.deepEqual([settled.status, settled.invoiceNumber, settled.grossTotal], ['PAID', before.invoiceNumber, -129.81])
    })

    it('takes proforma numbers from their own range and cancels them without a credit note', async () => {
      const { draft, put, get, creditNotes } = await setup()
      const proforma = await draft({ invoiceType: 'PROFORMA' })
      const invoice = await draft()
      assert.equal((await put(proforma.id, { status: 'FINAL' })).status, 200)
      assert.equal((await put(invoice.id, { status: 'FINAL' })).status, 200)
      assert.equal((await get(proforma.id)).invoiceNumber, `PF-${year(proforma)}-00001`)
      assert.equal((await get(invoice.id)).invoiceNumber, `RE-${year(invoice)}-00001`)
      const cancelled = await put(proforma.id, { status: 'CANCELLED' })
      assert.equal(cancelled.status, 200)
      assert.ok(!('stornoInvoiceId' in cancelled.body.data))
      assert.deepEqual(await creditNotes(), [])
    })
  })

  describe('document quota (leaving draft counts against the monthly quota)', () => {
    it('answers 403 plan_limit_reached before a number is taken; DRAFT → CANCELLED still works', async () => {
      const tenant = await setup({ documentQuota: 2 })
      const { draft, put, get, drive, usedDocuments, lastNumber } = tenant
      const first = await draft()
      const second = await draft()
      await drive(first.id, ['FINAL'])
      await drive(second.id, ['SENT'])
      const number = (n: number) => `RE-${year(first)}-0000${n}`
      assert.equal(await usedDocuments(), 2)

      const refused = await draft()
      for (const status of ['FINAL', 'SENT']) {
        const response = await put(refused.id, { status })
        assert.equal(response.status, 403, `${status}: ${response.text}`)
        assert.equal(response.body.code, 'plan_limit_reached')
        const read = await get(refused.id)
        assert.deepEqual([read.status, read.numberIssued, read.sentAt], ['DRAFT', false, null])
        assert.match(read.invoiceNumber, /^ENTWURF-/)
      }
      assert.equal(await lastNumber('INVOICE'), number(2), 'no number was taken')
      assert.equal(await usedDocuments(), 2)

      const cancelled = await put(refused.id, { status: 'CANCELLED' })
      assert.equal(cancelled.status, 200, cancelled.text)
      assert.equal(cancelled.body.data.status, 'CANCELLED')

      // Documented: a document that holds its number is not counted again, and cancelling an issued one is never refused.
      await drive(first.id, ['DRAFT', 'FINAL'])
      assert.equal((await get(first.id)).invoiceNumber, number(1))
      const storno = await put(second.id, { status: 'CANCELLED' })
      assert.equal(storno.status, 200, storno.text)
      assert.match(storno.body.data.stornoInvoiceNumber, /^GS-/)

      await app.invoicing.companies.update(companyActor(tenant.company.id), { documentQuota: 3 })
      const next = await draft()
      await drive(next.id, ['FINAL'])
      assert.equal((await get(next.id)).invoiceNumber, number(3), 'the refused attempts left no gap')
      assert.equal(await usedDocuments(), 3)
    })
  })
})
