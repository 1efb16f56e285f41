import assert from 'node:assert/strict'
import { createHash } from 'node:crypto'
import { after, before, describe, it } from 'node:test'
import { apiClient, type ApiClient } from '../support/api-client'
import { documentedResponses } from '../support/documented'
import { multipartBody, PDF, PNG } from '../support/files'
import { createTenant, type Tenant } from '../support/tenant'
import { startTestApp, TEST_ORIGIN, type TestApp } from '../support/test-app'

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

describe('documents (files)', () => {
  let app: TestApp
  let tenant: Tenant
  let documented: ReturnType<typeof documentedResponses>
  before(async () => {
    app = await startTestApp({ access: { requestsPerMinute: 100_000 } })
    tenant = await createTenant(app, { name: 'Akten GmbH', email: 'akten@example.de', vatId: 'DE123456789' })
    documented = documentedResponses((await tenant.api.get('/openapi.json')).body)
  })
  after(() => app.stop())

  const upload = async (api: ApiClient, fields: Record<string, string>, file?: { bytes: Uint8Array; type: string; name: string }, headers: Record<string, string> = {}) => {
    const { body, headers: formHeaders } = await multipartBody(fields, file)
    return api.request('POST', '/documents', { body, headers: { ...formHeaders, ...headers } })
  }
  /** The path of an upload URL of the test app, to send the PUT to it in process. */
  const uploadPath = (url: string) => url.slice(TEST_ORIGIN.length)
  const putBytes = (url: string, bytes: Uint8Array, headers: Record<string, string> = {}) =>
    apiClient(app.target).request('PUT', uploadPath(url).replace('/api/v1', ''), { body: bytes, headers: { 'content-type': 'application/octet-stream', ...headers } })

  it('takes a multipart upload and gives the bytes back with their name, type, ETag and ranges, as documented', async () => {
    const created = await upload(tenant.api, { title: 'Vertrag 2026', category: 'contract' }, { bytes: PDF, type: 'application/pdf', name: 'Vertrag Müller & Söhne.pdf' })
    assert.equal(created.status, 201, created.text)
    documented('POST', '/api/v1/documents', created)
    const document = created.body.data
    assert.deepEqual(
      [document.status, document.fileName, document.contentType, document.size, document.sha256, document.category, document.title, document.links],
      ['AVAILABLE', 'Vertrag Müller & Söhne.pdf', 'application/pdf', PDF.length, sha256(PDF), 'CONTRACT', 'Vertrag 2026', []],
    )
    documented('GET', '/api/v1/documents/{id}', await tenant.api.get(`/documents/${document.id}`))
    const listed = await tenant.api.get('/documents?search=VERTRAG&category=CONTRACT')
    documented('GET', '/api/v1/documents', listed)
    assert.deepEqual(listed.body.data.map((each: { id: string }) => each.id), [document.id])

    const content = await tenant.api.get(`/documents/${document.id}/content`)
    assert.equal(content.status, 200)
    assert.ok(Buffer.from(content.bytes).equals(PDF))
    assert.equal(content.headers.get('content-type'), 'application/pdf')
    assert.equal(content.headers.get('etag'), `"${sha256(PDF)}"`)
    assert.equal(content.headers.get('cache-control'), 'private, max-age=3600')
    // RFC 6266: an ASCII fallback and the UTF-8 name in filename*.
    assert.equal(content.headers.get('content-disposition'), `attachment; filename="Vertrag M_ller & S_hne.pdf"; filename*=UTF-8''Vertrag%20M%C3%BCller%20%26%20S%C3%B6hne.pdf`)
    const inline = await tenant.api.get(`/documents/${document.id}/content?disposition=inline`)
    assert.match(inline.headers.get('content-disposition')!, /^inline; /)

    const notModified = await tenant.api.get(`/documents/${document.id}/content`, { 'if-none-match': `"${sha256(PDF)}"` })
    assert.deepEqual([notModified.status, notModified.bytes.length, notModified.headers.get('etag')], [304, 0, `"${sha256(PDF)}"`])
    const range = await tenant.api.get(`/documents/${document.id}/content`, { range: 'bytes=5-12' })
    assert.equal(range.status, 206)
    assert.ok(Buffer.from(range.bytes).equals(PDF.subarray(5, 13)))
    assert.equal(range.headers.get('content-range'), `bytes 5-12/${PDF.length}`)
    const lastBytes = await tenant.api.get(`/documents/${document.id}/content`, { range: 'bytes=-6' })
    assert.ok(Buffer.from(lastBytes.bytes).equals(PDF.subarray(PDF.length - 6)))
    const beyond = await tenant.api.get(`/documents/${document.id}/content`, { range: `bytes=${PDF.length + 10}-` })
    assert.deepEqual([beyond.status, beyond.body.code, beyond.headers.get('content-range')], [416, 'range_not_satisfiable', `bytes */${PDF.length}`])
  })

  it('refuses types off the allow-list, content that is not the declared type, bad names and forms without a file', async () => {
    const refused = async (response: { status: number; body: any; text: string }, status: number, code: string) =>
      assert.deepEqual([response.status, response.body.code], [status, code], response.text)
    const exe = await upload(tenant.api, {}, { bytes: Buffer.from('MZ\x90\x00'), type: 'application/x-msdownload', name: 'tool.exe' })
    await refused(exe, 400, 'unsupported_file_type')
    assert.ok(exe.body.allowedValues.includes('application/pdf'))
    await refused(await upload(tenant.api, {}, { bytes: PNG, type: 'application/pdf', name: 'scan.pdf' }), 400, 'file_type_mismatch')
    await refused(await upload(tenant.api, {}, { bytes: PDF, type: 'text/plain', name: 'notes.txt' }), 400, 'file_type_mismatch')
    for (const name of ['../etc/passwd', 'a\\b.pdf', '..']) {
      const response = await upload(tenant.api, { fileName: name }, { bytes: PDF, type: 'application/pdf', name: 'ok.pdf' })
      await refused(response, 400, 'validation_failed')
      assert.equal(response.body.field, 'fileName')
    }
    await refused(await upload(tenant.api, { fileName: 'a\u0001b.pdf' }, { bytes: PDF, type: 'application/pdf', name: 'ok.pdf' }), 400, 'validation_failed')
    await refused(await upload(tenant.api, { title: 'no file' }), 400, 'validation_failed')
    await refused(await tenant.api.post('/documents', { fileName: 'x.pdf' }), 415, 'unsupported_media_type')
    const text = await upload(tenant.api, {}, { bytes: Buffer.from('Lieferung;Menge\nSchrauben;100\n'), type: 'text/csv', name: 'liste.csv' })
    assert.equal(text.status, 201, text.text)
    // Nothing refused was kept.
    const all = await tenant.api.get('/documents?limit=100')
    assert.ok(all.body.data.every((each: { fileName: string }) => !['tool.exe', 'scan.pdf', 'notes.txt'].includes(each.fileName)))
  })

  it('cuts a multipart body off past 10 MiB with 413 and keeps nothing', async () => {
    const before = (await tenant.api.get('/documents?limit=100')).body.pagination.total
    const big = Buffer.alloc(10 * 1024 * 1024 + 1, 0x41)
    const { body, headers } = await multipartBody({}, { bytes: big, type: 'text/plain', name: 'big.txt' })
    // Announced length over the limit: refused before reading.
    const announced = await tenant.api.request('POST', '/documents', { body, headers })
    assert.deepEqual([announced.status, announced.body.code], [413, 'file_too_large'])
    // Sent without a length (chunked): cut off as the bytes pass the limit.
    const { inject } = await import('light-my-request')
    const chunked = await inject(app.target, {
      method: 'POST', url: '/api/v1/documents',
      headers: { ...headers, authorization: `Bearer ${tenant.key}`, 'transfer-encoding': 'chunked' },
      payload: (await import('node:stream')).Readable.from([body.subarray(0, 1024 * 1024), body.subarray(1024 * 1024)]),
    })
    assert.equal(chunked.statusCode, 413, chunked.payload)
    assert.equal(JSON.parse(chunked.payload).code, 'file_too_large')
    assert.equal((await tenant.api.get('/documents?limit=100')).body.pagination.total, before)
  })

  it('takes a direct upload: a signed URL once, then complete; wrong bytes are refused and the URL can be used again', async () => {
    const bytes = PNG
    const started = await tenant.api.post('/documents/uploads', { file_name: 'beleg.png', contentType: 'image/png', size: bytes.length, sha256: sha256(bytes), category: 'RECEIPT' })
    assert.equal(started.status, 201, started.text)
    documented('POST', '/api/v1/documents/uploads', started)
    const { document, upload: target } = started.body.data
    assert.deepEqual([document.status, target.method, target.headers['Content-Type'], target.headers['Content-Length']], ['PENDING_UPLOAD', 'PUT', 'image/png', String(bytes.length)])
    assert.ok(target.url.startsWith(`${TEST_ORIGIN}/api/v1/documents/uploads/`))
    // Pending: listed only when asked for, and no content yet.
    assert.deepEqual((await tenant.api.get('/documents')).body.data.filter((each: { id: string }) => each.id === document.id), [])
    assert.equal((await tenant.api.get('/documents?status=pending_upload')).body.data[0].id, document.id)
    assert.equal((await tenant.api.get(`/documents/${document.id}/content`)).status, 409)
    const early = await tenant.api.post(`/documents/${document.id}/complete`)
    assert.deepEqual([early.status, early.body.code], [400, 'size_mismatch'])

    const short = await putBytes(target.url, bytes.subarray(0, 10))
    assert.deepEqual([short.status, short.body.code], [400, 'size_mismatch'])
    const long = await putBytes(target.url, Buffer.concat([bytes, Buffer.from('x')]))
    assert.deepEqual([long.status, long.body.code], [400, 'size_mismatch'])
    const forged = Buffer.from(bytes)
    forged[forged.length - 1]! ^= 1
    const wrongDigest = await putBytes(target.url, forged)
    assert.deepEqual([wrongDigest.status, wrongDigest.body.code], [400, 'checksum_mismatch'])
    const stored = await putBytes(target.url, bytes)
    assert.equal(stored.status, 200, stored.text)
    const reused = await putBytes(target.url, bytes)
    assert.deepEqual([reused.status, reused.body.code], [403, 'upload_url_expired'])
    const tampered = await putBytes(target.url.replace(/.$/, (last: string) => (last === 'A' ? 'B' : 'A')), bytes)
    assert.deepEqual([tampered.status, tampered.body.code], [403, 'upload_url_expired'])

    const completed = await tenant.api.post(`/documents/${document.id}/complete`)
    assert.equal(completed.status, 200, completed.text)
    documented('POST', '/api/v1/documents/{id}/complete', completed)
    assert.deepEqual([completed.body.data.status, completed.body.data.sha256, completed.body.data.category], ['AVAILABLE', sha256(bytes), 'RECEIPT'])
    assert.ok(completed.body.data.uploadedAt)
    const again = await tenant.api.post(`/documents/${document.id}/complete`)
    assert.deepEqual([again.status, again.body.code], [409, 'status_conflict'])
    assert.ok(Buffer.from((await tenant.api.get(`/documents/${document.id}/content`)).bytes).equals(bytes))
  })

  it('refuses direct uploads over the limit, off the allow-list, or whose content is not the declared type at complete', async () => {
    const tooBig = await tenant.api.post('/documents/uploads', { fileName: 'huge.pdf', contentType: 'application/pdf', size: 104_857_601 })
    assert.deepEqual([tooBig.status, tooBig.body.code], [413, 'file_too_large'])
    const exe = await tenant.api.post('/documents/uploads', { fileName: 'x.exe', contentType: 'application/octet-stream', size: 10 })
    assert.deepEqual([exe.status, exe.body.code], [400, 'unsupported_file_type'])
    const started = (await tenant.api.post('/documents/uploads', { fileName: 'scan.pdf', contentType: 'application/pdf', size: PDF.length })).body.data
    const paddedPng = Buffer.concat([PNG, Buffer.alloc(PDF.length - PNG.length)])
    assert.equal((await putBytes(started.upload.url, paddedPng)).status, 200)
    const mismatch = await tenant.api.post(`/documents/${started.document.id}/complete`)
    assert.deepEqual([mismatch.status, mismatch.body.code, mismatch.body.detectedType], [400, 'file_type_mismatch', 'image/png'])
    // The refused bytes are gone, and the same URL takes the right ones.
    assert.equal((await putBytes(started.upload.url, PDF)).status, 200)
    assert.equal((await tenant.api.post(`/documents/${started.document.id}/complete`)).status, 200)
  })

  it('links documents to records, keeps links of locked invoices and documents of issued ones (GoBD)', async () => {
    const customer = (await tenant.api.post('/customers', { name: 'Kunde AG', email: 'kunde@example.de' })).body.data
    const invoice = (await tenant.api.post('/invoices', { customerId: customer.id, lines: [{ description: 'Beratung', quantity: 1, unitPrice: '100' }] })).body.data
    const document = (await upload(tenant.api, { linkType: 'invoice', linkId: invoice.id, sendWithDocument: 'true' }, { bytes: PDF, type: 'application/pdf', name: 'anlage.pdf' })).body.data
    assert.deepEqual(document.links.map((link: any) => [link.type, link.targetId, link.targetNumber, link.sendWithDocument]), [['INVOICE', invoice.id, null, true]])
    const toCustomer = await tenant.api.post(`/documents/${document.id}/links`, { type: 'CUSTOMER', id: customer.id })
    assert.equal(toCustomer.status, 201, toCustomer.text)
    documented('POST', '/api/v1/documents/{id}/links', toCustomer)
    assert.deepEqual([toCustomer.body.data.targetNumber, toCustomer.body.data.sendWithDocument], [customer.customerNumber, false])
    const twice = await tenant.api.post(`/documents/${document.id}/links`, { type: 'CUSTOMER', id: customer.id })
    assert.deepEqual([twice.status, twice.body.code, twice.body.linkId], [409, 'link_exists', toCustomer.body.data.id])
    const unknown = await tenant.api.post(`/documents/${document.id}/links`, { type: 'QUOTE', id: invoice.id })
    assert.equal(unknown.status, 404)
    assert.deepEqual((await tenant.api.get(`/documents?customerId=${customer.id}`)).body.data.map((each: { id: string }) => each.id), [document.id])
    assert.deepEqual((await tenant.api.get(`/documents?linkType=INVOICE&linkId=${invoice.id}`)).body.data.map((each: { id: string }) => each.id), [document.id])

    // Issued and sent: the invoice holds a number and is locked.
    const sent = await tenant.api.post(`/invoices/${invoice.id}/send`, {})
    assert.equal(sent.status, 200, sent.text)
    const linked = (await tenant.api.get(`/documents/${document.id}`)).body.data
    assert.equal(linked.links[0].targetNumber, sent.body.data.invoiceNumber ?? sent.body.data.invoice?.invoiceNumber ?? linked.links[0].targetNumber)
    assert.ok(linked.links[0].targetNumber)
    const inUse = await tenant.api.delete(`/documents/${document.id}`)
    assert.deepEqual([inUse.status, inUse.body.code, inUse.body.links.map((link: any) => link.targetId)], [409, 'document_in_use', [invoice.id]])
    const locked = await tenant.api.delete(`/documents/${document.id}/links/${linked.links[0].id}`)
    assert.deepEqual([locked.status, locked.body.code], [409, 'document_locked'])
    // The customer link goes; a document linked to nothing issued goes with its bytes.
    assert.equal((await tenant.api.delete(`/documents/${document.id}/links/${toCustomer.body.data.id}`)).status, 200)
    const loose = (await upload(tenant.api, { linkType: 'CUSTOMER', linkId: customer.id }, { bytes: PNG, type: 'image/png', name: 'foto.png' })).body.data
    const deleted = await tenant.api.delete(`/documents/${loose.id}`)
    assert.deepEqual([deleted.status, deleted.body], [200, { success: true }])
    assert.equal((await tenant.api.get(`/documents/${loose.id}`)).status, 404)
    assert.equal((await tenant.api.get(`/documents/${loose.id}/content`)).status, 404)
  })

  it('changes metadata only, and keeps every company to its own documents', async () => {
    const document = (await upload(tenant.api, {}, { bytes: PNG, type: 'image/png', name: 'a.png' })).body.data
    const changed = await tenant.api.put(`/documents/${document.id}`, { file_name: 'b.png', title: 'Foto', category: 'delivery_proof' })
    documented('PUT', '/api/v1/documents/{id}', changed)
    assert.deepEqual([changed.body.data.fileName, changed.body.data.title, changed.body.data.category, changed.body.data.sha256], ['b.png', 'Foto', 'DELIVERY_PROOF', sha256(PNG)])
    assert.equal((await tenant.api.put(`/documents/${document.id}`, { title: null })).body.data.title, null)
    const other = await createTenant(app, { name: 'Fremd GmbH' })
    for (const response of [
      await other.api.get(`/documents/${document.id}`), await other.api.get(`/documents/${document.id}/content`),
      await other.api.put(`/documents/${document.id}`, { title: 'x' }), await other.api.delete(`/documents/${document.id}`),
      await other.api.post(`/documents/${document.id}/links`, { type: 'CUSTOMER', id: 'x' }),
    ]) assert.equal(response.status, 404, response.text)
    // Another company's record is no link target either.
    const theirs = (await other.api.post('/customers', { name: 'Fremdkunde' })).body.data
    assert.equal((await tenant.api.post(`/documents/${document.id}/links`, { type: 'CUSTOMER', id: theirs.id })).status, 404)
    assert.equal((await other.api.get('/documents')).body.pagination.total, 0)
  })

  it('replays a multipart upload with the same Idempotency-Key and file, and refuses another file under it', async () => {
    const key = `upload-${Date.now()}`
    const first = await upload(tenant.api, { title: 'Einmal' }, { bytes: PNG, type: 'image/png', name: 'once.png' }, { 'idempotency-key': key })
    const replay = await upload(tenant.api, { title: 'Einmal' }, { bytes: PNG, type: 'image/png', name: 'once.png' }, { 'idempotency-key': key })
    assert.deepEqual([first.status, replay.status, replay.headers.get('idempotent-replayed'), replay.body.data.id], [201, 201, 'true', first.body.data.id])
    const other = await upload(tenant.api, { title: 'Einmal' }, { bytes: PDF, type: 'application/pdf', name: 'once.png' }, { 'idempotency-key': key })
    assert.deepEqual([other.status, other.body.code], [422, 'idempotency_key_reused'])
    assert.equal((await tenant.api.get('/documents?search=once.png')).body.pagination.total, 1)
  })

  it('takes 30 multipart uploads at once, each whole, and one of parallel equal links', async () => {
    const parallel = await createTenant(app, { name: 'Parallel GmbH' })
    const files = Array.from({ length: 30 }, (_, index) => Buffer.alloc(256 * 1024, `Zeile ${index};`))
    const responses = await Promise.all(files.map((bytes, index) => upload(parallel.api, {}, { bytes, type: 'text/plain', name: `teil-${index}.txt` })))
    assert.deepEqual(responses.map((response) => response.status), files.map(() => 201))
    for (const [index, response] of responses.entries()) {
      assert.equal(response.body.data.sha256, sha256(files[index]!))
      assert.ok(Buffer.from((await parallel.api.get(`/documents/${response.body.data.id}/content`)).bytes).equals(files[index]!))
    }
    const customer = (await parallel.api.post('/customers', { name: 'Kunde' })).body.data
    const id = responses[0]!.body.data.id
    const links = await Promise.all(Array.from({ length: 8 }, () => parallel.api.post(`/documents/${id}/links`, { type: 'CUSTOMER', id: customer.id })))
    assert.deepEqual(links.map((response) => response.status).sort(), [201, 409, 409, 409, 409, 409, 409, 409])
    assert.equal((await parallel.api.get(`/documents/${id}`)).body.data.links.length, 1)
  })

  it('counts the bytes kept in /company/usage and stops uploads at the storage quota', async () => {
    const limited = await createTenant(app, { name: 'Klein GmbH', storageQuotaBytes: PDF.length + PNG.length + 10 })
    assert.equal((await upload(limited.api, {}, { bytes: PDF, type: 'application/pdf', name: 'a.pdf' })).status, 201)
    // A pending direct upload counts with its announced size.
    assert.equal((await limited.api.post('/documents/uploads', { fileName: 'b.png', contentType: 'image/png', size: PNG.length })).status, 201)
    const usage = await limited.api.get('/company/usage')
    documented('GET', '/api/v1/company/usage', usage)
    assert.deepEqual([usage.body.data.storageBytes, usage.body.data.storageQuotaBytes], [PDF.length + PNG.length, PDF.length + PNG.length + 10])
    const full = await upload(limited.api, {}, { bytes: PNG, type: 'image/png', name: 'c.png' })
    assert.deepEqual([full.status, full.body.code], [403, 'plan_limit_reached'])
    const fullDirect = await limited.api.post('/documents/uploads', { fileName: 'd.png', contentType: 'image/png', size: 11 })
    assert.deepEqual([fullDirect.status, fullDirect.body.code], [403, 'plan_limit_reached'])
    assert.equal((await limited.api.get('/company')).body.data.storageQuotaBytes, PDF.length + PNG.length + 10)
  })

  it('needs documents scopes, and the upload URL needs no key', async () => {
    const reader = await app.invoicing.apiKeys.create({ companyId: tenant.company.id, apiKeyId: null } as never, { scopes: ['documents:read'] })
    const readOnly = apiClient(app.target, reader.secret)
    const refused = await upload(readOnly, {}, { bytes: PNG, type: 'image/png', name: 'x.png' })
    assert.deepEqual([refused.status, refused.body.code, refused.body.requiredScopes], [403, 'insufficient_scope', ['documents:write']])
    assert.equal((await readOnly.get('/documents')).status, 200)
    const started = (await tenant.api.post('/documents/uploads', { fileName: 'k.png', contentType: 'image/png', size: PNG.length })).body.data
    assert.equal((await putBytes(started.upload.url, PNG)).status, 200)
  })
})
