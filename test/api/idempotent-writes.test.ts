import assert from 'node:assert/strict'
import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { after, before, describe, it } from 'node:test'
import type { ApiClient } from '../support/api-client'
import { createTenant, type Tenant } from '../support/tenant'
import { startTestApp, type TestApp } from '../support/test-app'
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver'

/** A POST of the API, made ready: where it goes, what it sends, and how to count what it did. */
interface Write {
  path: string
  body?: unknown
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
    tenant = await createTenant(app, { name: 'Schlüssel AG', plan: 'ENTERPRISE', email: 'buero@schluessel.example', vatId: 'DE123456789', iban: 'DE89370400440532013000' })
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

  const writes: Record<string, () => Promise<Write>> = {
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
      const { path, body, effects } = await prepare()
      const key = `key-${name.replace(/[^A-Za-z]+/g, '-')}`
      const first = await api.post(path, body, { 'Idempotency-Key': key })
      assert.ok(first.status === 200 || first.status === 201, `${first.status} ${first.text}`)
      const stored = await app.storage.idempotency.get(tenant.company.id, key)
      assert.equal(stored?.responseStatus, first.status, 'the answer is stored once the request answered')
      const retry = await api.post(path, body, { 'Idempotency-Key': key })
      assert.deepEqual([retry.status, retry.headers.get('idempotent-replayed')], [first.status, 'true'])
      assert.equal(await effects(), 1, 'the effect happened once')
    })
  }
})
