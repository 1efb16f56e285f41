import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { companyActor } from '@invoicing/core'
import { sepaCollectionDate } from '@invoicing/core/testing'
import type { ApiResponse } from '../support/api-client'
import { apiClient } from '../support/api-client'
import { documentedResponses } from '../support/documented'
import { multipartBody, PDF, PNG } from '../support/files'
import { createTenant, type Tenant } from '../support/tenant'
import { startTestApp, TEST_ORIGIN, type TestApp } from '../support/test-app'

/**
 * Walks the error paths of every operation of the OpenAPI document: each path parameter as
 * records in every state and as an unknown id, each body missing, empty, of wrong types, not
 * JSON, with unknown fields, and as plausible requests that run into the rules; with bad and
 * unknown query parameters; without a key, without the scope, with a bad Idempotency-Key. Every status answered must be one the document gives for that
 * operation, with a body its schema accepts, and nothing may answer an internal error.
 */

/** A body sent as given bytes with its own headers (a multipart form), not as JSON. */
class RawBody {
  constructor(readonly body: Uint8Array, readonly headers: Record<string, string>) {}
}
const form = async (fields: Record<string, string>, file: { bytes: Uint8Array; type: string; name: string }) => {
  const { body, headers } = await multipartBody(fields, file)
  return new RawBody(body, headers)
}

type Operation = { method: string; path: string; hasBody: boolean; hasQuery: boolean }

type Ok = (response: ApiResponse) => any

/** What each resource's records are made from: the tenant's client, a check of each answer, the customer and invoices. */
interface FixtureBase {
  api: Tenant['api']
  ok: Ok
  customer: string
  lines: { description: string; unitPrice: string }[]
  /** A new invoice of the customer, moved to `status` if given. */
  invoice(status?: string, body?: Record<string, unknown>): Promise<string>
}

/** The records of one resource in the states that lead to different answers, by label, and what else the walk needs of them. */
interface ResourceRecords {
  ids: Record<string, Record<string, string>>
  /** A payment of `sent`, for `{paymentId}`. */
  payment?: string
  /** The link of each linked document, for `{linkId}`. */
  linkOf?: Record<string, string>
}

const ORDER_GROUPS = ['quotes', 'order-confirmations', 'delivery-notes', 'orders'] as const

/** The invoices in every state, and a payment; the draft, a sent and a paid one are also named for the other walks' bodies. */
async function invoiceRecords({ api, ok, customer, lines, invoice }: FixtureBase): Promise<ResourceRecords & { draft: string; sent: string; paid: string; payment: string }> {
  const draft = await invoice()
  const final = await invoice('FINAL')
  const sent = await invoice('SENT')
  const payment = ok(await api.post(`/invoices/${sent}/payments`, { amount: 10 })).id as string
  const paid = await invoice('SENT')
  ok(await api.post(`/invoices/${paid}/payments`, { amount: 119 }))
  const cancelled = await invoice('SENT')
  ok(await api.post(`/invoices/${cancelled}/cancel`, {}))
  const cancelledWithoutStorno = await invoice('SENT')
  ok(await api.post(`/invoices/${cancelledWithoutStorno}/cancel`, { createStorno: false }))
  const proforma = await invoice(undefined, { invoiceType: 'PROFORMA' })
  const converted = await invoice(undefined, { invoiceType: 'PROFORMA' })
  ok(await api.post(`/invoices/${converted}/convert`))
  const creditNote = ok(await api.post('/credit-notes', { recipient_id: customer, lines })).id as string
  const linkedCreditNote = ok(await api.post('/credit-notes', { parent_invoice_id: sent })).id as string
  return { draft, sent, paid, payment, ids: { invoices: { draft, final, sent, paid, cancelled, cancelledWithoutStorno, proforma, converted, creditNote, linkedCreditNote } } }
}

/** Credit notes: free, linked to a sent invoice, and approved for payout. */
async function creditNoteRecords({ api, ok, customer, lines, invoice }: FixtureBase): Promise<ResourceRecords> {
  const sent = await invoice('SENT')
  const creditNote = ok(await api.post('/credit-notes', { recipient_id: customer, lines })).id
  const linkedCreditNote = ok(await api.post('/credit-notes', { parent_invoice_id: sent })).id
  const approvedCreditNote = ok(await api.post('/credit-notes', { recipient_id: customer, lines })).id
  ok(await api.put(`/credit-notes/${approvedCreditNote}/payout`, { status: 'APPROVED' }))
  return { ids: { 'credit-notes': { creditNote, linkedCreditNote, approvedCreditNote, invoice: sent } } }
}

/** The documents of one group of quotes, order confirmations, delivery notes or orders, in every state. */
async function orderDocumentRecords({ api, ok, customer }: FixtureBase, group: typeof ORDER_GROUPS[number]): Promise<ResourceRecords> {
  const products = [{ description: 'Stuhl', quantity: 2, unitPrice: '50', lineType: 'PRODUCT' }]
  const orderDocument = async (statuses: string[] = []) => {
    const created = ok(await api.post(`/${group}`, { customerId: customer, lines: products })).id as string
    for (const status of statuses) ok(await api.put(`/${group}/${created}`, { status }))
    return created
  }
  const converted = async (target: string) => {
    const created = await orderDocument(['OPEN'])
    ok(await api.post(`/${group}/${created}/convert`, { target }))
    return created
  }
  const records = {
    quotes: async () => ({
      draft: await orderDocument(), open: await orderDocument(['OPEN']), accepted: await converted('ORDER_CONFIRMATION'),
      rejected: await orderDocument(['OPEN', 'REJECTED']), cancelled: await orderDocument(['CANCELLED']),
    }),
    'order-confirmations': async () => ({
      draft: await orderDocument(), open: await orderDocument(['OPEN']), completed: await orderDocument(['OPEN', 'COMPLETED']), cancelled: await orderDocument(['CANCELLED']),
    }),
    'delivery-notes': async () => ({
      draft: await orderDocument(), open: await orderDocument(['OPEN']), invoiced: await converted('INVOICE'),
      delivered: await orderDocument(['OPEN', 'DELIVERED']), cancelled: await orderDocument(['CANCELLED']),
    }),
    orders: async () => ({ open: await orderDocument(), completed: await orderDocument(['COMPLETED']), cancelled: await orderDocument(['CANCELLED']) }),
  }
  return { ids: { [group]: await records[group]() } }
}

/** Recurring schedules: active, run once, paused and cancelled. */
async function scheduleRecords({ api, ok, customer, lines }: FixtureBase): Promise<ResourceRecords> {
  const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Berlin' })
  const schedule = async (status?: string) => {
    const created = ok(await api.post('/recurring-schedules', { name: 'Miete', customerId: customer, startDate: today, template: { lines } })).id as string
    if (status) ok(await api.put(`/recurring-schedules/${created}`, { status }))
    return created
  }
  const ran = await schedule()
  ok(await api.post(`/recurring-schedules/${ran}/run`))
  return { ids: { 'recurring-schedules': { active: await schedule(), ran, paused: await schedule('PAUSED'), cancelled: await schedule('CANCELLED') } } }
}

/** Stored files: available, linked to an invoice and to the customer, an upload pending, bytes received but not completed. */
async function fileRecords({ api, ok, customer, invoice }: FixtureBase): Promise<ResourceRecords> {
  const sent = await invoice('SENT')
  const upload = async (fields: Record<string, string>) => {
    const { body, headers } = await multipartBody(fields, { bytes: PDF, type: 'application/pdf', name: 'anlage.pdf' })
    return ok(await api.request('POST', '/documents', { body, headers })) as { id: string; links: { id: string }[] }
  }
  const pending = ok(await api.post('/documents/uploads', { fileName: 'beleg.png', contentType: 'image/png', size: PNG.length })).document.id as string
  // Bytes received, not yet completed.
  const uploaded = ok(await api.post('/documents/uploads', { fileName: 'beleg.png', contentType: 'image/png', size: PNG.length }))
  ok({ ...(await api.request('PUT', uploaded.upload.url.slice(`${TEST_ORIGIN}/api/v1`.length), { body: PNG, headers: { 'content-type': 'image/png' } })), body: { data: true } })
  const [available, linkedToSent, linkedToCustomer] = [await upload({}), await upload({ linkType: 'INVOICE', linkId: sent }), await upload({ linkType: 'CUSTOMER', linkId: customer })]
  return {
    ids: { documents: { available: available.id, linkedToSent: linkedToSent.id, linkedToCustomer: linkedToCustomer.id, pending, uploaded: uploaded.document.id as string } },
    linkOf: { [linkedToSent.id]: linkedToSent.links[0]!.id, [linkedToCustomer.id]: linkedToCustomer.links[0]!.id },
  }
}

/** The blog's posts in every state, categories and tags unused and used, media unused and as a cover. */
async function blogRecords({ api }: FixtureBase): Promise<ResourceRecords> {
  const blogPost = async (action?: string, body: object = {}) => {
    const post = (await api.post('/blog/posts', { title: `Beitrag ${Math.random()}`, content: 'Text' })).body as { id: string }
    if (action) assert.ok((await api.post(`/blog/posts/${post.id}/${action}`, body)).status < 300)
    return post.id
  }
  const mediaForm = async (bytes: Uint8Array, type: string) => {
    const { body, headers } = await multipartBody({}, { bytes, type, name: 'bild' })
    const response = await api.request('POST', '/blog/media', { body, headers })
    assert.equal(response.status, 201, response.text)
    return response.body.id as string
  }
  const blogCategory = (await api.post('/blog/categories', { name: `Kategorie ${Math.random()}` })).body.id as string
  const usedBlogCategory = (await api.post('/blog/categories', { name: `Benutzt ${Math.random()}` })).body.id as string
  const cover = await mediaForm(PNG, 'image/png')
  await api.post('/blog/posts', { title: `Mit Titelbild ${Math.random()}`, coverMediaId: cover, categoryIds: [usedBlogCategory] })
  return {
    ids: {
      'blog/posts': { draft: await blogPost(), published: await blogPost('publish'), scheduled: await blogPost('publish', { publishAt: '2099-01-01T00:00:00.000Z' }), archived: await blogPost('archive') },
      'blog/categories': { category: blogCategory, used: usedBlogCategory },
      'blog/tags': { tag: (await api.post('/blog/tags', { name: `Tag ${Math.random()}` })).body.id as string },
      'blog/media': { image: await mediaForm(PNG, 'image/png'), cover },
    },
  }
}

/**
 * How the records of each resource whose records change state (or are used or removed) are
 * made. A walk of an operation that changes one of them gets fresh records of its resource,
 * untouched by the walks before; everything else is shared.
 */
const RECORDS_OF: Record<string, (base: FixtureBase) => Promise<ResourceRecords>> = {
  invoices: invoiceRecords,
  'credit-notes': creditNoteRecords,
  ...Object.fromEntries(ORDER_GROUPS.map((group) => [group, (base: FixtureBase) => orderDocumentRecords(base, group)])),
  'recurring-schedules': scheduleRecords,
  documents: fileRecords,
  ...Object.fromEntries(['blog/posts', 'blog/media', 'blog/categories', 'blog/tags'].map((resource) => [resource, blogRecords])),
}

/** Records in the states that lead to different answers, of every resource. */
async function createFixtures(tenant: Tenant) {
  const { api } = tenant
  const ok: Ok = (response) => {
    assert.ok(response.status < 300, `fixture: ${response.status} ${response.text}`)
    return response.body.data
  }
  const customer = ok(await api.post('/customers', { name: 'Kunde AG', email: 'kunde@example.de', street: 'Markt 1', zipCode: '10115', city: 'Berlin' })).id
  const unusedCustomer = ok(await api.post('/customers', { name: 'Ohne Belege' })).id
  const product = ok(await api.post('/products', { name: 'Beratung', unitPrice: 100 })).id
  const lines = [{ description: 'Beratung', unitPrice: '100' }]
  const invoice = async (status?: string, body: Record<string, unknown> = {}) => {
    const created = ok(await api.post('/invoices', { customerId: customer, lines, ...body })).id
    if (status) ok(await api.put(`/invoices/${created}`, { status }))
    return created as string
  }
  const base: FixtureBase = { api, ok, customer, lines, invoice }
  const sepaCustomer = ok(await api.post('/customers', { name: 'Lastschrift AG', iban: 'DE02120300000000202051', sepaMandateId: 'M-1', sepaMandateDate: '2026-01-02' })).id
  const sepaInvoice = ok(await api.post('/invoices', { customerId: sepaCustomer, lines })).id as string
  ok(await api.put(`/invoices/${sepaInvoice}`, { status: 'FINAL' }))
  const invoices = await invoiceRecords(base)
  const { sent, draft, paid, payment } = invoices
  const webhook = ok(await api.post('/webhooks', { url: 'https://93.184.216.34/invoicing', events: ['*'] })).id
  const category = ok(await api.post('/document-categories', { name: 'Projekte' })).id
  const usedCategory = ok(await api.post('/document-categories', { name: 'Wartung' })).id
  await invoice(undefined, { documentCategoryId: usedCategory })
  const records: ResourceRecords[] = [invoices, await creditNoteRecords(base)]
  for (const group of ORDER_GROUPS) records.push(await orderDocumentRecords(base, group))
  records.push(await scheduleRecords(base), await fileRecords(base), await blogRecords(base))
  const orderIds = Object.fromEntries(ORDER_GROUPS.map((group) => [group, records.find((each) => each.ids[group])!.ids[group]!]))
  const forms = [
    await form({ title: 'Vertrag', category: 'CONTRACT' }, { bytes: PDF, type: 'application/pdf', name: 'vertrag.pdf' }),
    await form({ linkType: 'INVOICE', linkId: sent }, { bytes: PNG, type: 'image/png', name: 'foto.png' }),
    await form({ linkType: 'INVOICE', linkId: 'unknown' }, { bytes: PNG, type: 'image/png', name: 'foto.png' }),
    await form({}, { bytes: PNG, type: 'application/pdf', name: 'falsch.pdf' }),
    await form({}, { bytes: PNG, type: 'application/x-msdownload', name: 'tool.exe' }),
    await form({ fileName: '../x.pdf' }, { bytes: PDF, type: 'application/pdf', name: 'x.pdf' }),
  ]
  const mediaForms = [
    await form({ altText: 'Bild' }, { bytes: PNG, type: 'image/png', name: 'bild.png' }),
    await form({}, { bytes: Buffer.from('kein Bild'), type: 'text/plain', name: 'a.txt' }),
  ]
  const toUpload = ok(await api.post('/documents/uploads', { fileName: 'spaeter.png', contentType: 'image/png', size: PNG.length }))
  const exports = { completed: ok(await api.post('/exports/csv', { entity: 'customers' })).id as string, voided: ok(await api.post('/exports/csv', { entity: 'customers' })).id as string }
  ok(await api.post(`/exports/${exports.voided}/void`, {}))
  return {
    base, forms, mediaForms,
    linkOf: Object.assign({}, ...records.map((each) => each.linkOf)) as Record<string, string>,
    /** A fresh upload URL's token, for `{uploadToken}`. */
    uploadToken: toUpload.upload.url.split('/').at(-1) as string,
    customer, product, sent, paid, draft, payment, sepaInvoice,
    openNote: orderIds['delivery-notes']!.open!, invoicedNote: orderIds['delivery-notes']!.invoiced!, orderIds,
    lineOf: async (group: string, id: string) => ok(await api.get(`/${group}/${id}`)).lines[0].id as string,
    /** The ids to put into `{id}`, by the first segment of the path. */
    ids: {
      customers: { customer, unusedCustomer },
      products: { product },
      webhooks: { webhook },
      'document-categories': { category, usedCategory },
      exports,
      ...Object.assign({}, ...records.map((each) => each.ids)),
    } as Record<string, Record<string, string>>,
  }
}
type Fixtures = Awaited<ReturnType<typeof createFixtures>>

/** `fixtures` with new records of `resource`, in every state. */
async function withFreshRecords(fixtures: Fixtures, resource: string): Promise<Fixtures> {
  const fresh = await RECORDS_OF[resource]!(fixtures.base)
  return {
    ...fixtures,
    ids: { ...fixtures.ids, ...fresh.ids },
    payment: fresh.payment ?? fixtures.payment,
    linkOf: { ...fixtures.linkOf, ...fresh.linkOf },
  }
}

const LINES = [{ description: 'Beratung', unitPrice: '100' }]

/** Request headers that lead an operation to its other answers (ranges, conditional reads). */
const PLAUSIBLE_HEADERS: Record<string, Record<string, string>[]> = {
  'GET /api/v1/documents/{id}/content': [{ range: 'bytes=0-3' }, { range: 'bytes=999999-' }, { 'if-none-match': '*' }, { range: 'bytes=0-3', 'if-range': '"other"' }],
}

/** Requests of each operation that are well-formed but run into its rules (state, references, limits). */
const PLAUSIBLE_BODIES: Record<string, (fixtures: Fixtures) => unknown[]> = {
  'POST /api/v1/documents': (f) => f.forms,
  'POST /api/v1/blog/media': (f) => f.mediaForms,
  'POST /api/v1/blog/posts': () => [{ title: 'Neu' }, { title: 'Neu', slug: 'neu' }, { title: 'Neu', slug: 'neu' }, { title: 'x', status: 'PUBLISHED' }, { title: 'x', tagIds: ['unknown'] }],
  'PUT /api/v1/blog/posts/{id}': () => [{ excerpt: 'Kurz' }, { status: 'DRAFT' }, { coverMediaId: 'unknown' }, { slug: 'neu' }],
  'POST /api/v1/blog/posts/{id}/publish': () => [{}, { publishAt: '2099-01-01T00:00:00.000Z' }],
  'POST /api/v1/blog/categories': () => [{ name: 'Neu' }, { name: 'Neu', slug: 'neu-kat' }, { name: 'Neu', slug: 'neu-kat' }],
  'PUT /api/v1/blog/categories/{id}': () => [{ description: 'Beschreibung' }, { slug: 'neu-kat' }],
  'POST /api/v1/blog/tags': () => [{ name: 'Neu' }, { name: 'Neu', slug: 'neu-tag' }, { name: 'Neu', slug: 'neu-tag' }],
  'PUT /api/v1/blog/tags/{id}': () => [{ name: 'Anders' }, { slug: 'neu-tag' }],
  'PUT /api/v1/blog/media/{id}': () => [{ altText: 'Neu' }],
  'POST /api/v1/documents/uploads': (f) => [
    { fileName: 'a.pdf', contentType: 'application/pdf', size: 10 }, { fileName: '../a.pdf', contentType: 'application/pdf', size: 10 },
    { fileName: 'a.exe', contentType: 'application/x-msdownload', size: 10 }, { fileName: 'a.pdf', contentType: 'application/pdf', size: 10 ** 12 },
    { fileName: 'a.pdf', contentType: 'application/pdf', size: 10, links: [{ type: 'INVOICE', id: 'unknown' }] },
    { fileName: 'a.pdf', contentType: 'application/pdf', size: 10, links: [{ type: 'INVOICE', id: f.sent }] },
  ],
  'PUT /api/v1/documents/{id}': () => [{ title: 'Vertrag', category: 'CONTRACT' }, { fileName: 'a/b' }, { category: 'bogus' }],
  'POST /api/v1/documents/{id}/links': (f) => [{ type: 'CUSTOMER', id: f.customer }, { type: 'CUSTOMER', id: f.customer }, { type: 'INVOICE', id: 'unknown' }, { type: 'bogus', id: 'x' }],
  'PUT /api/v1/documents/uploads/{uploadToken}': () => ['bytes', new RawBody(PNG, { 'content-type': 'image/png' })],
  'POST /api/v1/exports/csv': () => [
    { entity: 'invoices', from: '2026-01-01', to: '2026-12-31', dialect: 'excel-de' }, { entity: 'invoices', from: '2024-01-01', to: '2026-12-31' },
    { entity: 'customers', onlyNotExported: true },
  ],
  'POST /api/v1/exports/ustva': () => [{ year: 2026, period: '41', inputTax: '12.50', format: 'csv' }, { year: 2026, period: '13' }],
  'POST /api/v1/exports/bmd': () => [{ from: '2020-01-01', to: '2020-01-31', defaultDebtorAccount: '200000' }, { from: '2024-01-01', to: '2026-12-31' }],
  'POST /api/v1/exports/sepa-direct-debit': (f) => [
    { invoiceIds: [f.sepaInvoice], collectionDate: sepaCollectionDate() }, { invoiceIds: [f.sepaInvoice], collectionDate: sepaCollectionDate() },
    { invoiceIds: [f.draft], collectionDate: sepaCollectionDate() }, { invoiceIds: [f.draft, f.draft], collectionDate: sepaCollectionDate() },
  ],
  'POST /api/v1/exports/datev': () => [
    { from: '2020-01-01', to: '2020-01-31', consultantNumber: 29098, clientNumber: 55003 }, { from: '2026-01-01', to: '2026-12-31', includePayments: true }, { from: '2024-01-01', to: '2026-12-31' }, { from: '2026-01-01', to: '2026-01-31', consultantNumber: 1 },
  ],
  'POST /api/v1/exports/{id}/void': () => [{ reason: 'doppelt' }],
  'POST /api/v1/customers': () => [{ name: 'Neu', customerNumber: 'K-1' }, { name: 'Neu', customerNumber: 'K-1' }],
  'PUT /api/v1/customers/{id}': () => [{ name: 'Umbenannt', email: 'neu@example.de' }, { customerNumber: 'K-1' }],
  'POST /api/v1/products': () => [{ name: 'Neu', productNumber: 'P-1' }, { name: 'Neu', productNumber: 'P-1' }],
  'PUT /api/v1/products/{id}': () => [{ unitPrice: 120 }],
  'POST /api/v1/invoices': (f) => [
    { customerId: f.customer, lines: LINES }, { customerId: 'unknown', lines: LINES },
    { customerId: f.customer, invoiceType: 'CREDIT_NOTE', lines: LINES }, { customerId: f.customer, documentCategoryId: 'unknown', lines: LINES },
    { customerId: f.customer, lines: [{ description: 'x', unitPrice: '1', discount: '5' }] },
  ],
  'PUT /api/v1/invoices/{id}': () => [
    { notes: 'geändert' }, { status: 'FINAL' }, { status: 'SENT' }, { status: 'PAID' }, { status: 'DRAFT' }, { status: 'CANCELLED' },
    { status: 'bogus' }, { lines: LINES },
  ],
  'POST /api/v1/invoices/{id}/send': () => [{}, { recipientEmail: 'empfang@example.de' }],
  'POST /api/v1/invoices/{id}/correct': () => [{ change_reason: 'Bestellnummer nachgetragen', order_number: 'B-1' }, { change_reason: 'kurz' }],
  'POST /api/v1/invoices/{id}/cancel': () => [{}],
  'POST /api/v1/invoices/{id}/storno': () => [{}],
  'POST /api/v1/invoices/{id}/duplicate': () => [{}, { customerId: 'unknown' }],
  'POST /api/v1/invoices/{id}/payments': () => [{ amount: 1 }, { amount: 1_000_000 }],
  'PUT /api/v1/invoices/{id}/payments/{paymentId}': () => [{ amount: 5 }, { amount: 1_000_000 }],
  'POST /api/v1/invoices/{id}/dunning': () => [{ action: 'send' }, { action: 'pause', reason: 'Klärung' }, { action: 'resume' }, { action: 'bogus' }],
  'POST /api/v1/credit-notes': (f) => [
    { recipient_id: f.customer, lines: LINES }, { parent_invoice_id: f.sent }, { parent_invoice_id: f.draft }, { parent_invoice_id: 'unknown' },
    { recipient_id: 'unknown', lines: LINES }, { recipient_id: f.customer, reason: 'CANCELLATION', lines: LINES },
  ],
  'PUT /api/v1/credit-notes/{id}': () => [{ notes: 'geändert' }, { status: 'FINAL' }],
  'POST /api/v1/credit-notes/{id}/send': () => [{}],
  'PUT /api/v1/credit-notes/{id}/payout': () => [{ status: 'APPROVED' }, { status: 'EXECUTED' }, { status: 'bogus' }],
  'POST /api/v1/credit-notes/{id}/execute': () => [{}],
  'POST /api/v1/webhooks': () => [{ url: 'https://93.184.216.34/b', events: ['invoice.created'] }, { url: 'http://127.0.0.1/hook', events: ['*'] }, { url: 'https://93.184.216.34/c', events: ['nope'] }],
  'PUT /api/v1/webhooks/{id}': () => [{ description: 'Buchhaltung' }, { url: 'https://10.0.0.1/hook' }],
  'POST /api/v1/document-categories': () => [{ name: 'Neu' }, { name: 'Neu' }],
  'POST /api/v1/recurring-schedules': (f) => [
    { name: 'Neu', customerId: f.customer, startDate: '2099-01-01', template: { lines: LINES } },
    { name: 'Alt', customerId: f.customer, startDate: '2000-01-01', template: { lines: LINES } },
    { name: 'Falsch', customerId: f.customer, startDate: '2099-01-01', template: { issueDate: '2099-01-01', lines: LINES } },
    { name: 'Fremd', customerId: 'unknown', startDate: '2099-01-01', template: { lines: LINES } },
  ],
  'PUT /api/v1/recurring-schedules/{id}': () => [{ name: 'Umbenannt' }, { status: 'PAUSED' }, { status: 'ACTIVE' }, { status: 'CANCELLED' }, { intervalCount: 2 }, { status: 'bogus' }],
  'POST /api/v1/delivery-notes/convert': (f) => [
    { deliveryNoteIds: [f.openNote] }, { deliveryNoteIds: [f.invoicedNote] }, { deliveryNoteIds: ['unknown'] }, { deliveryNoteIds: [f.orderIds['delivery-notes']!.draft] },
  ],
  ...Object.fromEntries(['quotes', 'order-confirmations', 'delivery-notes', 'orders'].flatMap((group) => [
    [`POST /api/v1/${group}`, (f: Fixtures) => [
      { customerId: f.customer, lines: ORDER_LINES, externalId: 'shop-1' }, { customerId: f.customer, lines: ORDER_LINES, externalId: 'shop-1' },
      { customerId: 'unknown', lines: ORDER_LINES }, { customerId: f.customer, lines: ORDER_LINES, issueDate: '2026-05-02', validUntil: '2026-05-01' },
    ]],
    [`PUT /api/v1/${group}/{id}`, () => [
      { notes: 'geändert' }, { status: 'OPEN' }, { status: 'DRAFT' }, { status: 'ACCEPTED' }, { status: 'COMPLETED' }, { status: 'DELIVERED' },
      { status: 'CANCELLED' }, { status: 'bogus' }, { lines: ORDER_LINES },
    ]],
    [`POST /api/v1/${group}/{id}/convert`, () => [
      { target: 'INVOICE' }, { target: 'DELIVERY_NOTE' }, { target: 'ORDER_CONFIRMATION' }, { target: 'INVOICE', issue: true },
      { target: 'INVOICE', partialLines: [{ lineId: 'unknown', quantity: 1 }] },
    ]],
    [`POST /api/v1/${group}/{id}/duplicate`, () => [{}, { customerId: 'unknown' }]],
    [`POST /api/v1/${group}/{id}/send`, () => [{}, { recipientEmail: 'empfang@example.de' }]],
  ])),
}

const ORDER_LINES = [{ description: 'Stuhl', quantity: 2, unitPrice: '50', lineType: 'PRODUCT' }]

/** A body whose every documented field has a type no field has. */
const wrongTypes = (schema: any): Record<string, unknown> =>
  Object.fromEntries(Object.keys(schema?.properties ?? { field: null }).map((name) => [name, { nested: [true] }]))

describe('every status the host answers is documented', () => {
  let app: TestApp
  let tenant: Tenant
  let document: any
  let documented: ReturnType<typeof documentedResponses>
  let operations: Operation[]
  before(async () => {
    app = await startTestApp({ access: { requestsPerMinute: 1_000_000, authFailuresPerMinute: 1_000_000 } })
    // A platform administrator's key, so the blog's routes are walked past their gate too.
    tenant = await createTenant(app, { name: 'Prüfstand GmbH', plan: 'ENTERPRISE', email: 'buero@pruefstand.example', vatId: 'DE123456789', iban: 'DE89370400440532013000', sepaCreditorId: 'DE98ZZZ09999999999' }, { platformAdmin: true })
    document = (await tenant.api.get('/openapi.json')).body
    documented = documentedResponses(document)
    operations = Object.entries(document.paths as Record<string, Record<string, any>>).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({
        method: method.toUpperCase(), path,
        hasBody: Boolean(operation.requestBody),
        hasQuery: (operation.parameters ?? []).some((parameter: any) => parameter.in === 'query'),
      })))
      // Deletions last: the records they remove are shared with the walks of the other operations.
      .sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'))
  })
  after(() => app.stop())

  it('walks the error paths of every operation and finds each answer in the document', async () => {
    const undocumented = new Set<string>()
    const answered = new Map<string, Set<number>>()
    const check = (operation: Operation, response: ApiResponse, probe: string) => {
      const name = `${operation.method} ${operation.path}`
      answered.set(name, (answered.get(name) ?? new Set()).add(response.status))
      const statuses = document.paths[operation.path][operation.method.toLowerCase()].responses
      const code = typeof response.body === 'object' ? response.body?.code : undefined
      if (!statuses[String(response.status)]) {
        undocumented.add(`${name} answered ${response.status}${code ? ` ${code}` : ''} (${probe})`)
      } else if (code === 'internal_error') {
        undocumented.add(`${name} answered an internal error (${probe})`)
      } else if (response.headers.has('invoicing-ignored-fields') && !resolve(statuses[String(response.status)]).headers?.['Invoicing-Ignored-Fields']) {
        undocumented.add(`${name} ${response.status} carries Invoicing-Ignored-Fields undocumented (${probe})`)
      } else if (response.headers.get('content-type')?.includes('json')) {
        try {
          documented(operation.method, operation.path, response)
        } catch (error) {
          undocumented.add(`${name} ${response.status}: ${(error as Error).message.split('\n')[0]} (${probe})`)
        }
      }
    }

    const resolve = (node: any): any => node?.$ref ? resolve(node.$ref.replace('#/', '').split('/').reduce((at: any, key: string) => at[key], document)) : node
    const scopeless = apiClient(app.target, (await app.invoicing.apiKeys.create(companyActor(tenant.company.id), { scopes: ['company:read'] })).secret)
    const anonymous = apiClient(app.target)
    const withoutApiAccess = (await createTenant(app, { name: 'Gratis GmbH', plan: 'FREE' })).api
    let shared: Fixtures | undefined

    for (const operation of operations) {
      const name = `${operation.method} ${operation.path}`
      const segments = operation.path.replace('/api/v1', '').split('/')
      // The blog's records are told apart by their second segment (posts, categories, tags, media).
      const resource = (segments[1] === 'blog' ? `blog/${segments[2]}` : segments[1]) ?? ''
      // A change of a document's state is walked on documents in every state, untouched by the walks before.
      const changesDocuments = operation.method !== 'GET' && operation.path.includes('{id}') && Object.hasOwn(RECORDS_OF, resource)
      shared ??= await createFixtures(tenant)
      const fixtures = changesDocuments ? await withFreshRecords(shared, resource) : shared
      const ids = { ...(fixtures.ids[resource] ?? {}), unknown: 'unknown' }
      const paths: [string, string][] = []
      for (const [label, id] of Object.entries(ids)) {
        const withId = operation.path.replace('/api/v1', '').replace('{id}', id)
        if (withId.includes('{linkId}')) {
          paths.push([`${label}/link`, withId.replace('{linkId}', fixtures.linkOf[id] ?? 'unknown')], [`${label}/unknown link`, withId.replace('{linkId}', 'unknown')])
        } else if (withId.includes('{uploadToken}')) {
          paths.push([`${label}/fresh token`, withId.replace('{uploadToken}', fixtures.uploadToken)], [`${label}/forged token`, withId.replace('{uploadToken}', 'e30.forged')])
        } else if (withId.includes('{paymentId}')) {
          paths.push([`${label}/payment`, withId.replace('{paymentId}', fixtures.payment)], [`${label}/unknown payment`, withId.replace('{paymentId}', 'unknown')])
        } else if (withId.includes('{version}')) {
          for (const version of ['1', '2', '0', 'x']) paths.push([`${label}/version ${version}`, withId.replace('{version}', version)])
        } else {
          paths.push([label, withId])
        }
      }
      const bodies: [string, unknown][] = operation.hasBody
        ? [
            ['no body', undefined], ['{}', {}], ['wrong types', wrongTypes(document.paths[operation.path][operation.method.toLowerCase()].requestBody.content['application/json']?.schema ?? {})],
            ['an array', []], ['null', null], ['an unknown field', { unknownField: 1 }],
            ...(PLAUSIBLE_BODIES[name]?.(fixtures) ?? []).map((body, index): [string, unknown] => [`plausible body ${index + 1}`, body]),
          ]
        : [['no body', undefined]]
      const method = operation.method as 'GET'

      for (const [label, path] of paths) {
        for (const [bodyLabel, body] of bodies) {
          const sent = body instanceof RawBody ? { body: body.body, headers: body.headers } : { body }
          check(operation, await tenant.api.request(method, path, sent), `${label}, ${bodyLabel}`)
        }
        for (const headers of PLAUSIBLE_HEADERS[name] ?? []) {
          check(operation, await tenant.api.request(method, path, { headers }), `${label}, ${JSON.stringify(headers)}`)
        }
        if (operation.hasQuery) {
          for (const query of ['limit=0', 'limit=x', 'offset=-1', 'status=bogus', 'from=2026-02-30', 'profile=ubl', 'version=3']) {
            check(operation, await tenant.api.request(method, `${path}?${query}`), `${label}, ?${query}`)
          }
        }
      }
      const [, firstPath] = paths[0]!
      check(operation, await tenant.api.request(method, `${firstPath}?unknownParameter=1`, { body: operation.hasBody ? {} : undefined }), 'unknown query parameter')
      check(operation, await anonymous.request(method, firstPath), 'no key')
      check(operation, await apiClient(app.target, 'sk_live_unknownunknownunknownunknown1234').request(method, firstPath), 'unknown key')
      check(operation, await scopeless.request(method, firstPath, { body: operation.hasBody ? {} : undefined }), 'no scope')
      check(operation, await withoutApiAccess.request(method, firstPath, { body: operation.hasBody ? {} : undefined }), 'a plan without API access')
      if (operation.hasBody) {
        check(operation, await tenant.api.request(method, firstPath, { body: '{"name":', headers: { 'content-type': 'application/json' } }), 'broken JSON')
        check(operation, await tenant.api.request(method, firstPath, { body: 'name=x' }), 'text/plain')
        check(operation, await tenant.api.request(method, firstPath, { body: JSON.stringify({ name: 'x'.repeat(1_100_000) }), headers: { 'content-type': 'application/json' } }), 'too large')
      }
      if (operation.method === 'POST') {
        const body = operation.hasBody ? {} : undefined
        check(operation, await tenant.api.request(method, firstPath, { body, headers: { 'idempotency-key': 'bad' } }), 'malformed Idempotency-Key')
        const key = `walk-${Math.random().toString(36).slice(2)}`
        check(operation, await tenant.api.request(method, firstPath, { body: { first: 1 }, headers: { 'idempotency-key': key } }), 'Idempotency-Key, first')
        check(operation, await tenant.api.request(method, firstPath, { body: { second: 2 }, headers: { 'idempotency-key': key } }), 'Idempotency-Key reused')
      }
    }

    assert.deepEqual([...undocumented], [])
    // The walk reaches the error answers it is meant to check, not only successes.
    const reached = (name: string, status: number) => assert.ok(answered.get(name)?.has(status), `${name} never answered ${status}: ${[...(answered.get(name) ?? [])]}`)
    for (const operation of operations) {
      const name = `${operation.method} ${operation.path}`
      const responses = document.paths[operation.path][operation.method.toLowerCase()].responses
      // 401 where a key is asked for at all (the upload URL is its own credential).
      for (const status of [400, 401, 403]) if (responses[status]) reached(name, status)
      if (operation.path.includes('{id}')) reached(name, 404)
      if (operation.method === 'POST') reached(name, 422)
      // Each success answer, too: the walk reaches past the checks into the operation itself.
      for (const status of Object.keys(responses).map(Number).filter((status) => status < 300)) reached(name, status)
    }
    for (const name of [
      'POST /api/v1/invoices/{id}/payments', 'DELETE /api/v1/customers/{id}', 'POST /api/v1/invoices/{id}/convert', 'POST /api/v1/quotes/{id}/convert',
      'PUT /api/v1/quotes/{id}', 'DELETE /api/v1/delivery-notes/{id}', 'POST /api/v1/orders', 'POST /api/v1/delivery-notes/convert',
      'DELETE /api/v1/recurring-schedules/{id}', 'POST /api/v1/recurring-schedules/{id}/run',
    ]) reached(name, 409)
  })
})
