import assert from 'node:assert/strict'
import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { after, before, describe, it } from 'node:test'
import type { ApiClient } from '../support/api-client'
import { sepaCollectionDate } from '@invoicing/core/testing'
import { multipartBody, PDF, PNG } from '../support/files'
import { createTenant, type Tenant } from '../support/tenant'
import { startTestApp, type TestApp } from '../support/test-app'
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver'

/** A POST of the API, made ready: where it goes, what it sends, and how to count what it did. */
interface Write {
  path: string
  /** JSON, or bytes sent with `headers` (a multipart form). */
  body?: unknown
  headers?: Record<string, string>
  /** How many times the effect happened: records made, mails sent, states reached. */
  effects(): Promise<number>
}

/**
 * Every POST of the API stores its Idempotency-Key's answer in the transaction of its effect:
 * the key's answer is there as soon as the first request answered, and the same request again
 * replays it without a second effect. A POST that forgot its key would answer 500 here (the
 * engine refuses a write under a key that did not store its answer).
 */
describe('every POST under an Idempotency-Key', () => {
  let app: TestApp
  let receiver: WebhookReceiver
  let tenant: Tenant
  let api: ApiClient
  before(async () => {
    receiver = await startWebhookReceiver()
    app = await startTestApp({ access: { requestsPerMinute: 10_000 }, webhooks: { allowInsecure: true, pollIntervalMs: 3_600_000 } })
    // A platform administrator's key, for the blog's POSTs too.
    tenant = await createTenant(app, { name: 'Schlüssel AG', plan: 'ENTERPRISE', email: 'buero@schluessel.example', vatId: 'DE123456789', iban: 'DE89370400440532013000', sepaCreditorId: 'DE98ZZZ09999999999' }, { platformAdmin: true })
    api = tenant.api
  })
  after(async () => {
    await app.stop()
    await receiver.close()
  })

  const ok = async <T = any>(response: Promise<{ status: number; text: string; body: any }>): Promise<T> => {
    const answered = await response
    assert.ok(answered.status < 300, answered.text)
    return answered.body.data as T
  }
  const count = async (path: string): Promise<number> => (await api.get(path)).body.pagination.total
  const mails = () => {
    const outbox = join(app.dataDir, 'outbox')
    return existsSync(outbox) ? readdirSync(outbox).length : 0
  }
  let customerId: string
  const draft = async (extra: object = {}) => ok(api.post('/invoices', { customerId, lines: [{ description: 'Beratung', unitPrice: 100 }], ...extra }))
  const sent = async () => {
    const invoice = await draft()
    await ok(api.put(`/invoices/${invoice.id}`, { status: 'SENT' }))
    return invoice
  }
  /** A schedule due today: its run makes one invoice. */
  const scheduleBody = () => ({
    name: 'Miete', customerId, startDate: new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Berlin' }),
    template: { lines: [{ description: 'Miete', unitPrice: 10 }] },
  })
  const creditsOf = async (invoiceId: string) => (await api.get('/credit-notes')).body.data.filter((note: any) => note.parentInvoiceId === invoiceId).length

  const form = async (file: { bytes: Uint8Array; type: string; name: string }, fields: Record<string, string> = {}) => multipartBody(fields, file)
  const blogCount = async (path: string) => (await api.get(path)).body.pagination.total as number
  const blogPost = async (content?: string) => (await api.post('/blog/posts', { title: `Beitrag ${Math.random()}`, content })).body as { id: string }
  const blogStatus = async (id: string, status: string) => ((await api.get(`/blog/posts/${id}`)).body.status === status ? 1 : 0)
  const writes: Record<string, () => Promise<Write>> = {
    'POST /exports/csv': async () => {
      await sent()
      const before = await count('/exports')
      return { path: '/exports/csv', body: { entity: 'invoices', from: '2020-01-01', to: '2021-12-31', dialect: 'excel-de' }, effects: async () => (await count('/exports')) - before }
    },
    'POST /exports/ustva': async () => {
      await sent()
      const before = await count('/exports')
      return { path: '/exports/ustva', body: { year: 2026, period: '41', inputTax: '12.50' }, effects: async () => (await count('/exports')) - before }
    },
    'POST /exports/bmd': async () => {
      await sent()
      const before = await count('/exports')
      return { path: '/exports/bmd', body: { from: '2020-01-01', to: '2021-12-31', defaultDebtorAccount: '200000' }, effects: async () => (await count('/exports')) - before }
    },
    'POST /exports/sepa-direct-debit': async () => {
      await ok(api.put(`/customers/${customerId}`, { iban: 'DE02120300000000202051', sepaMandateId: 'M-1', sepaMandateDate: '2026-01-02' }))
      const invoice = await draft()
      await ok(api.put(`/invoices/${invoice.id}`, { status: 'FINAL' }))
      const before = await count('/exports?type=SEPA_DIRECT_DEBIT')
      return {
        path: '/exports/sepa-direct-debit', body: { invoiceIds: [invoice.id], collectionDate: sepaCollectionDate() },
        effects: async () => (await count('/exports?type=SEPA_DIRECT_DEBIT')) - before,
      }
    },
    'POST /exports/datev': async () => {
      await sent()
      const before = await count('/exports')
      return { path: '/exports/datev', body: { from: '2020-01-01', to: '2021-12-31', consultantNumber: 29098, clientNumber: 55003 }, effects: async () => (await count('/exports')) - before }
    },
    'POST /exports/{id}/void': async () => {
      const exported = await ok(api.post('/exports/csv', { entity: 'customers' }))
      return { path: `/exports/${exported.id}/void`, body: { reason: 'doppelt' }, effects: async () => (await count('/exports?status=VOIDED&type=CSV')) }
    },
    'POST /documents': async () => {
      const before = await count('/documents')
      return { path: '/documents', ...(await form({ bytes: PDF, type: 'application/pdf', name: 'einmal.pdf' })), effects: async () => (await count('/documents')) - before }
    },
    'POST /documents/uploads': async () => {
      const before = await count('/documents?status=PENDING_UPLOAD')
      return { path: '/documents/uploads', body: { fileName: 'b.png', contentType: 'image/png', size: PNG.length }, effects: async () => (await count('/documents?status=PENDING_UPLOAD')) - before }
    },
    'POST /documents/{id}/complete': async () => {
      const started = await ok(api.post('/documents/uploads', { fileName: 'c.png', contentType: 'image/png', size: PNG.length }))
      await api.request('PUT', started.upload.url.replace(/^.*\/api\/v1/, ''), { body: PNG, headers: { 'content-type': 'image/png' } })
      return { path: `/documents/${started.document.id}/complete`, effects: async () => (await api.get(`/audit-log?targetId=${started.document.id}&action=DOCUMENT_UPLOADED_VIA_API`)).body.pagination.total }
    },
    'POST /documents/{id}/links': async () => {
      const { body, headers } = await form({ bytes: PNG, type: 'image/png', name: 'l.png' })
      const document = await ok(api.request('POST', '/documents', { body, headers }))
      return { path: `/documents/${document.id}/links`, body: { type: 'CUSTOMER', id: customerId }, effects: async () => (await api.get(`/documents/${document.id}`)).body.data.links.length }
    },
    'POST /blog/posts': async () => {
      const before = await blogCount('/blog/posts')
      return { path: '/blog/posts', body: { title: 'Einmal' }, effects: async () => (await blogCount('/blog/posts')) - before }
    },
    'POST /blog/posts/{id}/publish': async () => {
      const post = await blogPost('Text')
      return { path: `/blog/posts/${post.id}/publish`, body: {}, effects: () => blogStatus(post.id, 'PUBLISHED') }
    },
    'POST /blog/posts/{id}/unpublish': async () => {
      const post = await blogPost('Text')
      await api.post(`/blog/posts/${post.id}/publish`, {})
      return { path: `/blog/posts/${post.id}/unpublish`, effects: () => blogStatus(post.id, 'DRAFT') }
    },
    'POST /blog/posts/{id}/archive': async () => {
      const post = await blogPost()
      return { path: `/blog/posts/${post.id}/archive`, effects: () => blogStatus(post.id, 'ARCHIVED') }
    },
    'POST /blog/categories': async () => {
      const before = await blogCount('/blog/categories')
      return { path: '/blog/categories', body: { name: 'Einmal' }, effects: async () => (await blogCount('/blog/categories')) - before }
    },
    'POST /blog/tags': async () => {
      const before = await blogCount('/blog/tags')
      return { path: '/blog/tags', body: { name: 'Einmal' }, effects: async () => (await blogCount('/blog/tags')) - before }
    },
    'POST /blog/media': async () => {
      const before = await blogCount('/blog/media')
      return { path: '/blog/media', ...(await form({ bytes: PNG, type: 'image/png', name: 'm.png' })), effects: async () => (await blogCount('/blog/media')) - before }
    },
    'POST /customers': async () => ({ path: '/customers', body: { name: 'Neukunde' }, effects: () => count('/customers').then((total) => total - 1) }),
    'POST /products': async () => ({ path: '/products', body: { name: 'Wartung', unitPrice: '80' }, effects: () => count('/products') }),
    'POST /document-categories': async () => ({
      path: '/document-categories', body: { name: 'Messe' }, effects: async () => (await api.get('/document-categories')).body.data.length,
    }),
    'POST /invoices': async () => {
      const before = await count('/invoices')
      return { path: '/invoices', body: { customerId, lines: [{ description: 'x', unitPrice: 1 }] }, effects: async () => (await count('/invoices')) - before }
    },
    'POST /invoices/{id}/send': async () => {
      const invoice = await draft()
      const before = mails()
      return { path: `/invoices/${invoice.id}/send`, body: { recipientEmail: 'kunde@example.de' }, effects: async () => mails() - before }
    },
    'POST /invoices/{id}/correct': async () => {
      const invoice = await sent()
      return {
        path: `/invoices/${invoice.id}/correct`, body: { changeReason: 'Anschrift korrigiert', notes: 'neu' },
        effects: async () => (await api.get(`/invoices/${invoice.id}/versions`)).body.data.versions.length - 1,
      }
    },
    'POST /invoices/{id}/payments': async () => {
      const invoice = await sent()
      return {
        path: `/invoices/${invoice.id}/payments`, body: { amount: '10.00' },
        effects: async () => (await api.get(`/invoices/${invoice.id}/payments`)).body.data.payments.length,
      }
    },
    'POST /invoices/{id}/cancel': async () => {
      const invoice = await sent()
      return { path: `/invoices/${invoice.id}/cancel`, body: {}, effects: () => creditsOf(invoice.id) }
    },
    'POST /invoices/{id}/storno': async () => {
      const invoice = await sent()
      await ok(api.post(`/invoices/${invoice.id}/cancel`, { createStorno: false }))
      return { path: `/invoices/${invoice.id}/storno`, body: {}, effects: () => creditsOf(invoice.id) }
    },
    'POST /invoices/{id}/duplicate': async () => {
      const invoice = await draft()
      const before = await count('/invoices')
      return { path: `/invoices/${invoice.id}/duplicate`, body: {}, effects: async () => (await count('/invoices')) - before }
    },
    'POST /invoices/{id}/convert': async () => {
      const proforma = await draft({ invoiceType: 'PROFORMA' })
      return {
        path: `/invoices/${proforma.id}/convert`,
        effects: async () => (await api.get('/invoices?invoice_type=INVOICE')).body.data.filter((each: any) => each.sourceDocument?.id === proforma.id).length,
      }
    },
    'POST /invoices/{id}/dunning': async () => {
      const invoice = await sent()
      return {
        path: `/invoices/${invoice.id}/dunning`, body: { action: 'send', recipientEmail: 'kunde@example.de' },
        effects: async () => (await api.get(`/invoices/${invoice.id}/dunning`)).body.data.reminders.length,
      }
    },
    'POST /credit-notes': async () => {
      const before = await count('/credit-notes')
      return {
        path: '/credit-notes', body: { recipientId: customerId, reason: 'GOODWILL', lines: [{ description: 'Kulanz', unitPrice: 20 }] },
        effects: async () => (await count('/credit-notes')) - before,
      }
    },
    'POST /credit-notes/{id}/send': async () => {
      const note = await ok(api.post('/credit-notes', { recipientId: customerId, reason: 'GOODWILL', lines: [{ description: 'Kulanz', unitPrice: 20 }] }))
      const before = mails()
      return { path: `/credit-notes/${note.id}/send`, body: { recipientEmail: 'kunde@example.de' }, effects: async () => mails() - before }
    },
    'POST /credit-notes/{id}/execute': async () => {
      const note = await ok(api.post('/credit-notes', { recipientId: customerId, reason: 'PAYOUT', lines: [{ description: 'Auszahlung', unitPrice: 20 }] }))
      await ok(api.put(`/credit-notes/${note.id}/payout`, { status: 'APPROVED' }))
      const executions = async () => (await api.get(`/audit-log?targetId=${note.id}&action=CREDIT_NOTE_EXECUTED_VIA_API`)).body.pagination.total
      return { path: `/credit-notes/${note.id}/execute`, body: { reference: 'SEPA-1' }, effects: executions }
    },
    ...Object.fromEntries((['quotes', 'order-confirmations', 'delivery-notes', 'orders'] as const).flatMap((group) => {
      const lines = [{ description: 'Stuhl', quantity: 2, unitPrice: 10, lineType: 'PRODUCT' }]
      const opened = async () => {
        const created = await ok(api.post(`/${group}`, { customerId, lines }))
        return group === 'orders' ? created : ok(api.put(`/${group}/${created.id}`, { status: 'OPEN' }))
      }
      const entries: [string, () => Promise<Write>][] = [
        [`POST /${group}`, async () => {
          const before = await count(`/${group}`)
          return { path: `/${group}`, body: { customerId, lines }, effects: async () => (await count(`/${group}`)) - before }
        }],
        [`POST /${group}/{id}/convert`, async () => {
          const source = await opened()
          return {
            path: `/${group}/${source.id}/convert`, body: { target: 'INVOICE' },
            effects: async () => (await api.get(`/${group}/${source.id}`)).body.data.derivedDocuments.length,
          }
        }],
      ]
      if (group !== 'orders') {
        entries.push([`POST /${group}/{id}/send`, async () => {
          const source = await ok(api.post(`/${group}`, { customerId, lines }))
          const before = mails()
          return { path: `/${group}/${source.id}/send`, body: { recipientEmail: 'kunde@example.de' }, effects: async () => mails() - before }
        }])
        entries.push([`POST /${group}/{id}/duplicate`, async () => {
          const source = await ok(api.post(`/${group}`, { customerId, lines }))
          const before = await count(`/${group}`)
          return { path: `/${group}/${source.id}/duplicate`, body: {}, effects: async () => (await count(`/${group}`)) - before }
        }])
      }
      return entries
    })),
    'POST /delivery-notes/convert': async () => {
      const note = await ok(api.post('/delivery-notes', { customerId, lines: [{ description: 'Stuhl', quantity: 2, unitPrice: 10, lineType: 'PRODUCT' }] }))
      await ok(api.put(`/delivery-notes/${note.id}`, { status: 'OPEN' }))
      return {
        path: '/delivery-notes/convert', body: { deliveryNoteIds: [note.id] },
        effects: async () => (await api.get(`/delivery-notes/${note.id}`)).body.data.derivedDocuments.length,
      }
    },
    'POST /recurring-schedules': async () => {
      const before = await count('/recurring-schedules')
      return {
        path: '/recurring-schedules', body: scheduleBody(),
        effects: async () => (await count('/recurring-schedules')) - before,
      }
    },
    'POST /recurring-schedules/{id}/run': async () => {
      const schedule = await ok(api.post('/recurring-schedules', scheduleBody()))
      return { path: `/recurring-schedules/${schedule.id}/run`, effects: async () => (await api.get(`/recurring-schedules/${schedule.id}/occurrences`)).body.pagination.total }
    },
    'POST /recurring-schedules/{id}/skip': async () => {
      const schedule = await ok(api.post('/recurring-schedules', scheduleBody()))
      return { path: `/recurring-schedules/${schedule.id}/skip`, effects: async () => (await api.get(`/recurring-schedules/${schedule.id}/occurrences`)).body.pagination.total }
    },
    'POST /webhooks': async () => {
      const before = (await api.get('/webhooks')).body.data.length
      return { path: '/webhooks', body: { url: receiver.url, events: ['invoice.paid'] }, effects: async () => (await api.get('/webhooks')).body.data.length - before }
    },
    'POST /webhooks/{id}/test': async () => {
      const endpoint = await ok(api.post('/webhooks', { url: receiver.url, events: ['invoice.paid'] }))
      return { path: `/webhooks/${endpoint.id}/test`, effects: async () => (await api.get(`/webhooks/${endpoint.id}/deliveries`)).body.pagination.total }
    },
  }

  before(async () => {
    customerId = (await ok(api.post('/customers', { name: 'Kunde GmbH', email: 'kunde@example.de' }))).id
  })

  it('covers every POST route of the OpenAPI document', async () => {
    const paths = (await api.get('/openapi.json')).body.paths as Record<string, Record<string, unknown>>
    const posts = Object.entries(paths).filter(([, methods]) => 'post' in methods).map(([path]) => `POST ${path.replace('/api/v1', '')}`)
    assert.deepEqual(posts.sort(), Object.keys(writes).sort())
  })

  for (const [name, prepare] of Object.entries(writes)) {
    it(`${name}: the key's answer is stored with the effect, and a retry replays it`, async () => {
      const { path, body, headers = {}, effects } = await prepare()
      const key = `key-${name.replace(/[^A-Za-z]+/g, '-')}`
      const first = await api.post(path, body, { ...headers, 'Idempotency-Key': key })
      assert.ok(first.status === 200 || first.status === 201, `${first.status} ${first.text}`)
      const stored = await app.storage.idempotency.get(tenant.company.id, key)
      assert.equal(stored?.responseStatus, first.status, 'the answer is stored once the request answered')
      const retry = await api.post(path, body, { ...headers, 'Idempotency-Key': key })
      assert.deepEqual([retry.status, retry.headers.get('idempotent-replayed')], [first.status, 'true'])
      assert.equal(await effects(), 1, 'the effect happened once')
    })
  }
})
