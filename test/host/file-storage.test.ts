// The host's wiring of INVOICING_STORAGE=s3: archived PDFs land in the bucket under archive/,
// uploaded documents under files/, and nothing in INVOICING_DATA_DIR. The bucket is a local
// s3rver on the loopback.
import assert from 'node:assert/strict'
import { createHash } from 'node:crypto'
import { existsSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { after, before, describe, it } from 'node:test'
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3'
import { createS3FileStore } from '@invoicing/files'
import { startHost, type Host } from '@invoicing/http'
import S3rver from 's3rver'
import { apiClient, type ApiClient } from '../support/api-client'
import { tempDir } from '../support/test-host'

describe('the host on S3 storage', () => {
  const dir = tempDir()
  const dataDir = join(dir, 'data')
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: join(dir, 's3'), configureBuckets: [{ name: 'invoicing' }] })
  let s3: { endpoint: string, region: string, bucket: string, accessKeyId: string, secretAccessKey: string, forcePathStyle: boolean }
  let host: Host
  let api: ApiClient
  let companyId: string
  before(async () => {
    const { port } = await server.run()
    s3 = { endpoint: `http://127.0.0.1:${port}`, region: 'eu-central-1', bucket: 'invoicing', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true }
    host = await startHost({ databaseFile: join(dir, 'invoicing.sqlite'), dataDir, port: 0, scheduler: false, pdfWorkers: 1, fileStorage: { kind: 's3', s3 } })
    const created = await host.invoicing.companies.createFirst({ name: 'Speicher GmbH', email: 'rechnung@speicher.example', vatId: 'DE123456789', street: 'Hafen 1', zipCode: '20457', city: 'Hamburg' }, { name: 'test' })
    api = apiClient(host.url, created!.secret)
    companyId = created!.company.id
  })
  after(async () => {
    await host?.close()
    await server.close().catch(() => undefined)
    rmSync(dir, { recursive: true, force: true })
  })

  /** The keys the bucket holds under `prefix`. */
  async function keysUnder(prefix: string): Promise<string[]> {
    const client = new S3Client({ ...s3, credentials: s3 })
    try {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: prefix }))
      return (listed.Contents ?? []).map((object) => object.Key!)
    } finally {
      client.destroy()
    }
  }

  it('archives the PDF of a sent invoice in the bucket under archive/', async () => {
    const customer = (await api.post('/customers', { name: 'Kunde AG', email: 'buchhaltung@kunde.example' })).body.data
    const draft = (await api.post('/invoices', { customerId: customer.id, lines: [{ description: 'Beratung', unitPrice: '100' }] })).body.data
    const sent = await api.post(`/invoices/${draft.id}/send`)
    assert.equal(sent.status, 200, sent.text)
    const pdf = await api.get(`/invoices/${draft.id}/pdf`)
    assert.equal(pdf.status, 200, pdf.text)
    // Each drawing's key ends in its own id: list what the bucket holds for the invoice.
    const pdfKeys = (await keysUnder(`archive/versions/${companyId}/${draft.id}/`)).filter((key) => key.endsWith('.pdf'))
    assert.equal(pdfKeys.length, 1)
    const bucket = createS3FileStore(s3)
    const archived = await bucket.get(pdfKeys[0]!)
    bucket.close()
    assert.ok(archived && Buffer.compare(archived, pdf.bytes) === 0, 'the served PDF is the archived one')
    assert.equal(existsSync(join(dataDir, 'archive')), false, 'nothing archived on the file system')
  })

  it('takes a direct upload through a presigned URL of the bucket, kept under files/', async () => {
    const bytes = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n')
    const sha256 = createHash('sha256').update(bytes).digest('hex')
    const started = await api.post('/documents/uploads', { fileName: 'vertrag.pdf', contentType: 'application/pdf', size: bytes.length, sha256 })
    assert.equal(started.status, 201, started.text)
    const { document, upload } = started.body.data
    assert.ok(upload.url.startsWith(`${s3.endpoint}/invoicing/files/`), upload.url)
    const headers = Object.fromEntries(Object.entries(upload.headers as Record<string, string>).filter(([name]) => name.toLowerCase() !== 'content-length'))
    const put = await fetch(upload.url, { method: upload.method, headers, body: bytes })
    assert.equal(put.status, 200, await put.text())
    const completed = await api.post(`/documents/${document.id}/complete`)
    assert.equal(completed.status, 200, completed.text)
    assert.deepEqual([completed.body.data.status, completed.body.data.size, completed.body.data.sha256], ['AVAILABLE', bytes.length, sha256])
    assert.ok(Buffer.from((await api.get(`/documents/${document.id}/content`)).bytes).equals(bytes))
    assert.equal((await keysUnder('files/')).length, 1)
    assert.equal(existsSync(join(dataDir, 'files')), false, 'nothing uploaded to the file system')
  })
})
