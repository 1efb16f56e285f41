import assert from 'node:assert/strict'
import { createHash } from 'node:crypto'
import { describe, it } from 'node:test'
import { companyActor } from '../access/actor'
import type { CompanyCreateInput } from '../companies/company-schemas'
import { createInvoicing } from '../create-invoicing'
import type { DomainEvent } from '../events/domain-event'
import type { FileStore } from '../ports/files'
import { createManualClock, createMemoryFileStore, createMemoryStorage, failsWith } from '../testing'
import { FILE_CONTENT_TYPE_NAMES, fileKeyOf } from './file-document'

/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64')
const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n')
const TEXT = Buffer.from('Lieferschein bestätigt, 3 Paletten\n')
const MiB = 1024 * 1024

const sha256Of = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

/** The bytes as a request body arrives: in chunks. */
async function* streamOf(bytes: Uint8Array, chunk = 64 * 1024): AsyncIterable<Uint8Array> {
  for (let at = 0; at < bytes.byteLength; at += chunk) yield bytes.subarray(at, at + chunk)
}

async function setup(company: Partial<CompanyCreateInput> = {}) {
  const clock = createManualClock('2026-03-16T09:00:00.000Z')
  const storage = createMemoryStorage()
  const files = createMemoryFileStore()
  const keys = new Set<string>()
  // The memory store has no listing: the test notes every key written to see what is left.
  const documentFiles: FileStore = { ...files, write: (key, source, expected) => { keys.add(key); return files.write(key, source, expected) } }
  const invoicing = createInvoicing({ storage, clock, documentFiles })
  const created = await invoicing.companies.create({ name: 'Muster GmbH', email: 'info@muster.de', vatId: 'DE123456789', ...company })
  const actor = companyActor(created.id)
  const customer = await invoicing.customers.create(actor, { name: 'Kunde AG', country: 'DE' })
  const events: DomainEvent[] = []
  invoicing.events.on('*', (event) => events.push(event))
  const documents = invoicing.documents
  /** Keys that still hold bytes. */
  const storedKeys = async () => (await Promise.all([...keys].map(async (key) => (await files.stat(key)) ? key : undefined))).filter(Boolean)
  /** A multipart upload as the host makes it: stage the file part, then create (discarding the staged bytes on failure). */
  const upload = async (bytes: Uint8Array, file: { fileName?: string; contentType?: string }, fields: Record<string, unknown> = {}) => {
    const staged = await documents.stage(actor, streamOf(bytes))
    try {
      return await documents.create(actor, { fileName: file.fileName ?? 'datei', contentType: file.contentType }, fields as never, staged)
    } catch (error) {
      await documents.discardStaged(staged)
      throw error
    }
  }
  const start = (input: Record<string, unknown>) => documents.startUpload(actor, { fileName: 'vertrag.pdf', contentType: 'application/pdf', size: PDF.byteLength, ...input } as never)
  const tokenOf = (url: string) => url.slice(url.lastIndexOf('/') + 1)
  const cleanup = () => invoicing.jobs.find((job) => job.name === 'document-file-cleanup')!.run(new AbortController().signal)
  return { clock, storage, files, invoicing, actor, customer, events, documents, storedKeys, upload, start, tokenOf, cleanup }
}

describe('documents: multipart upload', () => {
  it('keeps a PDF, a PNG and text as AVAILABLE documents with measured size and SHA-256, and serves the bytes back', async () => {
    const { upload, documents, actor, events } = await setup()
    const pdf = await upload(PDF, { fileName: 'vertrag.pdf', contentType: 'application/pdf' }, { title: 'Rahmenvertrag', category: 'contract' })
    assert.deepEqual([pdf.status, pdf.size, pdf.sha256, pdf.title, pdf.category, pdf.contentType], ['AVAILABLE', PDF.byteLength, sha256Of(PDF), 'Rahmenvertrag', 'CONTRACT', 'application/pdf'])
    assert.equal(pdf.uploadedAt, '2026-03-16T09:00:00.000Z')
    const png = await upload(PNG, { fileName: 'quittung.png', contentType: 'IMAGE/PNG' })
    assert.equal(png.contentType, 'image/png')
    const text = await upload(TEXT, { fileName: 'notiz.txt', contentType: 'text/plain; charset=utf-8' })
    assert.equal(text.contentType, 'text/plain')
    const csv = await upload(Buffer.from('a;b\n1;2\n'), { fileName: 'liste.csv', contentType: 'text/csv' })
    assert.equal(csv.status, 'AVAILABLE')
    const content = await documents.content(actor, png.id)
    const chunks: Uint8Array[] = []
    for await (const chunk of (await content.read()).stream) chunks.push(chunk)
    assert.deepEqual(Buffer.concat(chunks), PNG)
    assert.deepEqual(events.map((event) => event.type), Array(4).fill('document.created'))
  })

  it('refuses a type off the allow-list naming the allowed ones, and leaves no bytes', async () => {
    const { upload, storedKeys } = await setup()
    await assert.rejects(upload(TEXT, { fileName: 'x.html', contentType: 'text/html' }), failsWith('unsupported_file_type', { allowedValues: FILE_CONTENT_TYPE_NAMES }))
    await assert.rejects(upload(TEXT, { fileName: 'x.bin', contentType: undefined }), failsWith('unsupported_file_type'))
    assert.deepEqual(await storedKeys(), [])
  })

  it('refuses content whose sniffed type is not the declared one', async () => {
    const { upload, storedKeys } = await setup()
    await assert.rejects(upload(PNG, { fileName: 'x.pdf', contentType: 'application/pdf' }), failsWith('file_type_mismatch', { declaredType: 'application/pdf', detectedType: 'image/png' }))
    await assert.rejects(upload(PDF, { fileName: 'x.txt', contentType: 'text/plain' }), failsWith('file_type_mismatch', { declaredType: 'text/plain', detectedType: 'application/pdf' }))
    await assert.rejects(upload(TEXT, { fileName: 'x.png', contentType: 'image/png' }), failsWith('file_type_mismatch', { detectedType: null }))
    assert.deepEqual(await storedKeys(), [])
  })

  it('refuses more than 10 MiB with file_too_large and keeps nothing of it', async () => {
    const { documents, actor, storedKeys, storage } = await setup()
    await assert.rejects(documents.stage(actor, streamOf(Buffer.alloc(10 * MiB + 1))), failsWith('file_too_large', { maxBytes: 10 * MiB }))
    assert.deepEqual(await storedKeys(), [])
    assert.deepEqual(await storage.fileDocuments.listFileDeletions('9999-01-01T00:00:00.000Z', 10), [])
    const staged = await documents.stage(actor, streamOf(Buffer.alloc(10 * MiB, 0x41)))
    assert.equal(staged.size, 10 * MiB)
  })

  it('refuses file names that could name a folder or break a header', async () => {
    const { upload, storedKeys } = await setup()
    for (const fileName of ['../x', 'a/b', 'a\\b', 'a\u0000b', 'zeile\numbruch', 'tab\tname', '\u007f', '..', '.', '', 'x'.repeat(256)]) {
      await assert.rejects(upload(TEXT, { fileName, contentType: 'text/plain' }), failsWith('validation_failed'), JSON.stringify(fileName))
      await assert.rejects(upload(TEXT, { contentType: 'text/plain' }, { fileName }), failsWith('validation_failed', { field: 'fileName' }), JSON.stringify(fileName))
    }
    assert.equal((await upload(TEXT, { fileName: 'Bestätigung (1) ….txt', contentType: 'text/plain' })).fileName, 'Bestätigung (1) ….txt')
    assert.equal((await storedKeys()).length, 1)
  })

  it('removes the staged bytes when create is refused: storage quota, unknown link target', async () => {
    const { upload, storedKeys, documents, actor } = await setup({ storageQuotaBytes: PDF.byteLength + 10 })
    await upload(PDF, { fileName: 'a.pdf', contentType: 'application/pdf' })
    await assert.rejects(upload(PDF, { fileName: 'b.pdf', contentType: 'application/pdf' }), failsWith('plan_limit_reached', { storageQuotaBytes: PDF.byteLength + 10, storageBytes: PDF.byteLength }))
    assert.equal((await storedKeys()).length, 1)
    const small = await setup()
    await assert.rejects(small.upload(TEXT, { fileName: 'a.txt', contentType: 'text/plain' }, { linkType: 'INVOICE', linkId: 'nope' }), failsWith('not_found', { field: 'id' }))
    await assert.rejects(small.upload(TEXT, { fileName: 'a.txt', contentType: 'text/plain' }, { linkType: 'INVOICE' }), failsWith('validation_failed', { field: 'linkId' }))
    assert.deepEqual(await small.storedKeys(), [])
    assert.equal((await small.documents.list(small.actor)).total, 0)
    assert.equal((await documents.list(actor)).total, 1)
  })

  it('links the new document when linkType and linkId are given', async () => {
    const { upload, customer } = await setup()
    const document = await upload(TEXT, { fileName: 'a.txt', contentType: 'text/plain' }, { linkType: 'customer', linkId: customer.id, sendWithDocument: 'true' })
    assert.deepEqual(document.links.map((link) => [link.type, link.targetId, link.sendWithDocument, link.targetNumber]), [['CUSTOMER', customer.id, true, customer.customerNumber]])
  })
})

describe('documents: direct upload through the host URL', () => {
  it('takes exactly the announced bytes, then complete makes the document AVAILABLE with document.created', async () => {
    const { start, documents, actor, tokenOf, events } = await setup()
    const { document, upload } = await start({ sha256: sha256Of(PDF).toUpperCase() })
    assert.deepEqual([document.status, document.uploadedAt, document.sha256], ['PENDING_UPLOAD', null, sha256Of(PDF)])
    assert.deepEqual([upload.method, upload.headers, upload.expiresAt], ['PUT', { 'Content-Type': 'application/pdf', 'Content-Length': String(PDF.byteLength) }, '2026-03-16T09:15:00.000Z'])
    assert.match(upload.url, /^\/api\/v1\/documents\/uploads\/[\w-]+\.[\w-]+$/)
    assert.equal((await documents.list(actor)).total, 0)
    assert.equal((await documents.list(actor, { status: 'pending_upload' })).total, 1)
    await documents.receiveUpload(tokenOf(upload.url), streamOf(PDF))
    assert.equal(events.length, 0)
    const available = await documents.complete(actor, document.id)
    assert.deepEqual([available.status, available.sha256, available.size], ['AVAILABLE', sha256Of(PDF), PDF.byteLength])
    assert.deepEqual(events.map((event) => [event.type, event.data.status]), [['document.created', 'AVAILABLE']])
    assert.equal((await documents.list(actor)).total, 1)
  })

  it('refuses a wrong length with size_mismatch, keeps nothing, and the same URL works afterwards', async () => {
    const { start, documents, actor, tokenOf, storedKeys } = await setup()
    const { document, upload } = await start({})
    await assert.rejects(documents.receiveUpload(tokenOf(upload.url), streamOf(PDF.subarray(1))), failsWith('size_mismatch', { expectedSize: PDF.byteLength }))
    await assert.rejects(documents.receiveUpload(tokenOf(upload.url), streamOf(Buffer.concat([PDF, Buffer.from('x')]))), failsWith('size_mismatch'))
    assert.deepEqual(await storedKeys(), [])
    await documents.receiveUpload(tokenOf(upload.url), streamOf(PDF))
    assert.equal((await documents.complete(actor, document.id)).status, 'AVAILABLE')
  })

  it('refuses bytes of another SHA-256 than announced with checksum_mismatch', async () => {
    const { start, documents, actor, tokenOf } = await setup()
    const other = Buffer.from(PDF)
    other[other.length - 2] = 0x21
    const { document, upload } = await start({ sha256: sha256Of(PDF) })
    await assert.rejects(documents.receiveUpload(tokenOf(upload.url), streamOf(other)), failsWith('checksum_mismatch'))
    await documents.receiveUpload(tokenOf(upload.url), streamOf(PDF))
    assert.equal((await documents.complete(actor, document.id)).sha256, sha256Of(PDF))
  })

  it('refuses an expired URL, a used one and a forged one with upload_url_expired', async () => {
    const { start, documents, actor, tokenOf, clock } = await setup()
    const expiring = await start({})
    clock.advance(900_000)
    await assert.rejects(documents.receiveUpload(tokenOf(expiring.upload.url), streamOf(PDF)), failsWith('upload_url_expired'))

    const used = await start({})
    await documents.receiveUpload(tokenOf(used.upload.url), streamOf(PDF))
    await assert.rejects(documents.receiveUpload(tokenOf(used.upload.url), streamOf(PDF)), failsWith('upload_url_expired'))
    await documents.complete(actor, used.document.id)
    await assert.rejects(documents.receiveUpload(tokenOf(used.upload.url), streamOf(PDF)), failsWith('upload_url_expired'))

    // A token for a larger size, made by changing the payload: the signature no longer fits.
    const target = await start({})
    const [payload, signature] = tokenOf(target.upload.url).split('.')
    const fields = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as unknown[]
    fields[2] = 10 * MiB
    const forged = `${Buffer.from(JSON.stringify(fields)).toString('base64url')}.${signature}`
    for (const token of [forged, `${payload}.${'A'.repeat(signature!.length)}`, payload!, 'x.y.z', '']) {
      await assert.rejects(documents.receiveUpload(token, streamOf(PDF)), failsWith('upload_url_expired'), token)
    }
    // Another engine has another secret: its tokens are foreign here.
    const other = await setup()
    const foreign = await other.start({})
    await assert.rejects(documents.receiveUpload(tokenOf(foreign.upload.url), streamOf(PDF)), failsWith('upload_url_expired'))
  })

  it('lets exactly one of two concurrent uploads to one URL store its bytes', async () => {
    const { start, documents, actor, tokenOf } = await setup()
    const { document, upload } = await start({})
    let release!: () => void
    const gate = new Promise<void>((resolve) => { release = resolve })
    async function* slow() {
      await gate
      yield PDF
    }
    const first = documents.receiveUpload(tokenOf(upload.url), slow())
    const second = documents.receiveUpload(tokenOf(upload.url), slow())
    release()
    const results = await Promise.allSettled([first, second])
    assert.deepEqual(results.map((result) => result.status).sort(), ['fulfilled', 'rejected'])
    const rejected = results.find((result) => result.status === 'rejected') as PromiseRejectedResult
    failsWith('upload_url_expired')(rejected.reason)
    assert.equal((await documents.complete(actor, document.id)).status, 'AVAILABLE')
  })

  it('keeps no bytes of an upload whose document was deleted while they came in', async () => {
    const { start, documents, actor, tokenOf, storedKeys } = await setup()
    const { document, upload } = await start({})
    let arrived!: () => void
    const writing = new Promise<void>((resolve) => { arrived = resolve })
    let release!: () => void
    const gate = new Promise<void>((resolve) => { release = resolve })
    async function* slow() {
      arrived()
      await gate
      yield PDF
    }
    const receiving = documents.receiveUpload(tokenOf(upload.url), slow())
    await writing
    await documents.delete(actor, document.id)
    release()
    await assert.rejects(receiving, failsWith('upload_url_expired'))
    assert.deepEqual(await storedKeys(), [])
  })

  it('answers size_mismatch to complete without bytes, status_conflict to a second complete, and checks the sniffed type', async () => {
    const { start, documents, actor, tokenOf, storedKeys } = await setup()
    const { document, upload } = await start({})
    await assert.rejects(documents.complete(actor, document.id), failsWith('size_mismatch', { expectedSize: PDF.byteLength, actualSize: 0 }))
    await documents.receiveUpload(tokenOf(upload.url), streamOf(PDF))
    await documents.complete(actor, document.id)
    await assert.rejects(documents.complete(actor, document.id), failsWith('status_conflict', { status: 'AVAILABLE', allowedStatuses: ['PENDING_UPLOAD'] }))

    const png = await start({ fileName: 'bild.pdf', size: PNG.byteLength })
    await documents.receiveUpload(tokenOf(png.upload.url), streamOf(PNG))
    await assert.rejects(documents.complete(actor, png.document.id), failsWith('file_type_mismatch', { detectedType: 'image/png' }))
    // The refused bytes are gone and the URL takes the upload again.
    assert.equal((await storedKeys()).length, 1)
    await documents.receiveUpload(tokenOf(png.upload.url), streamOf(PNG))
    assert.equal((await documents.get(actor, png.document.id)).status, 'PENDING_UPLOAD')
    await assert.rejects(documents.content(actor, png.document.id), failsWith('status_conflict'))
  })

  it('refuses at the start: a type off the list, a size over uploadMaxBytes, a passed storage quota', async () => {
    const { start, storage } = await setup({ storageQuotaBytes: 1000 })
    await assert.rejects(start({ contentType: 'application/x-msdownload' }), failsWith('unsupported_file_type'))
    await assert.rejects(start({ size: 100 * MiB + 1 }), failsWith('file_too_large', { maxBytes: 100 * MiB }))
    await assert.rejects(start({ size: 1001 }), failsWith('plan_limit_reached', { storageQuotaBytes: 1000, storageBytes: 0 }))
    await start({ size: 600 })
    // A pending upload counts toward the quota.
    await assert.rejects(start({ size: 401 }), failsWith('plan_limit_reached', { storageBytes: 600 }))
    await assert.rejects(start({ fileName: '../etc/passwd' }), failsWith('validation_failed', { field: 'fileName' }))
    assert.equal((await storage.fileDocuments.listPendingCreatedBefore('9999-01-01T00:00:00.000Z', 10)).length, 1)

    const limited = createInvoicing({ storage: createMemoryStorage(), clock: createManualClock(), uploads: { uploadMaxBytes: 1000 } })
    const actor = companyActor((await limited.companies.create({ name: 'Klein GmbH' })).id)
    await assert.rejects(limited.documents.startUpload(actor, { fileName: 'a.pdf', contentType: 'application/pdf', size: 1001 }), failsWith('file_too_large', { maxBytes: 1000 }))
  })
})

describe('documents: direct upload to a store that signs its own URLs', () => {
  async function presigningSetup() {
    const files = createMemoryFileStore()
    const requests: unknown[] = []
    const documentFiles: FileStore = {
      ...files,
      presignUpload: async (key, request) => {
        requests.push({ key, ...request })
        return { url: `https://bucket.example/${key}?signature=x`, method: 'PUT', headers: { 'Content-Type': request.contentType } }
      },
    }
    const clock = createManualClock('2026-03-16T09:00:00.000Z')
    const invoicing = createInvoicing({ storage: createMemoryStorage(), clock, documentFiles, uploads: { uploadUrlTtlSeconds: 60 } })
    const actor = companyActor((await invoicing.companies.create({ name: 'S3 GmbH' })).id)
    return { files, requests, invoicing, actor }
  }

  it('hands out the store\'s URL, then complete measures the bytes the client PUT there and checks the announced SHA-256', async () => {
    const { files, requests, invoicing, actor } = await presigningSetup()
    const { document, upload } = await invoicing.documents.startUpload(actor, { fileName: 'a.pdf', contentType: 'application/pdf', size: PDF.byteLength, sha256: sha256Of(PDF) })
    const key = fileKeyOf({ companyId: actor.companyId, id: document.id })
    assert.equal(upload.url, `https://bucket.example/${key}?signature=x`)
    assert.deepEqual(requests, [{ key, size: PDF.byteLength, contentType: 'application/pdf', sha256: sha256Of(PDF), expiresAt: new Date('2026-03-16T09:01:00.000Z') }])
    assert.equal(upload.expiresAt, '2026-03-16T09:01:00.000Z')
    // Bytes that got past the store's own checks are refused by complete and removed.
    const other = Buffer.concat([PDF.subarray(0, -1), Buffer.from('!')])
    await files.write(key, streamOf(other))
    await assert.rejects(invoicing.documents.complete(actor, document.id), failsWith('checksum_mismatch'))
    assert.equal(await files.stat(key), undefined)
    await files.write(key, streamOf(PDF))
    const available = await invoicing.documents.complete(actor, document.id)
    assert.deepEqual([available.status, available.sha256, available.uploadedAt], ['AVAILABLE', sha256Of(PDF), '2026-03-16T09:00:00.000Z'])
  })

  it('computes the SHA-256 when none was announced', async () => {
    const { files, invoicing, actor } = await presigningSetup()
    const { document } = await invoicing.documents.startUpload(actor, { fileName: 'a.png', contentType: 'image/png', size: PNG.byteLength })
    assert.equal(document.sha256, null)
    await files.write(fileKeyOf({ companyId: actor.companyId, id: document.id }), streamOf(PNG))
    assert.equal((await invoicing.documents.complete(actor, document.id)).sha256, sha256Of(PNG))
  })
})

describe('documents: the cleanup job', () => {
  it('removes a pending upload older than 24 hours with its bytes, and keeps a younger one', async () => {
    const { start, documents, actor, tokenOf, clock, cleanup, storedKeys } = await setup()
    const old = await start({})
    await documents.receiveUpload(tokenOf(old.upload.url), streamOf(PDF))
    clock.advance(12 * 3_600_000)
    const young = await start({})
    clock.advance(12 * 3_600_000 + 1)
    await cleanup()
    await assert.rejects(documents.get(actor, old.document.id), failsWith('not_found'))
    assert.equal((await documents.get(actor, young.document.id)).status, 'PENDING_UPLOAD')
    assert.deepEqual(await storedKeys(), [])
  })

  it('removes staged bytes no document took once their grace period passed', async () => {
    const { documents, actor, clock, cleanup, storedKeys } = await setup()
    // A host that died between stage and create leaves the bytes behind.
    await documents.stage(actor, streamOf(TEXT))
    await cleanup()
    assert.equal((await storedKeys()).length, 1)
    clock.advance(3_600_000)
    await cleanup()
    assert.deepEqual(await storedKeys(), [])
  })
})
