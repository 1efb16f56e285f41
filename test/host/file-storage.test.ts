// The host's wiring of INVOICING_STORAGE=s3: archived PDFs land in the bucket, under archive/,
// and nothing under INVOICING_DATA_DIR/archive. The bucket is a local s3rver on the loopback.
import assert from 'node:assert/strict'
import { existsSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { it } from 'node:test'
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3'
import { createS3FileStore } from '@invoicing/files'
import { startHost } from '@invoicing/http'
import S3rver from 's3rver'
import { apiClient } from '../support/api-client'
import { tempDir } from '../support/test-host'

it('archives the PDF of a sent invoice in the S3 bucket under archive/ with INVOICING_STORAGE=s3', async () => {
  const dir = tempDir()
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: join(dir, 's3'), configureBuckets: [{ name: 'invoicing' }] })
  const { port } = await server.run()
  const s3 = { endpoint: `http://127.0.0.1:${port}`, region: 'eu-central-1', bucket: 'invoicing', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true }
  const dataDir = join(dir, 'data')
  const host = await startHost({ databaseFile: join(dir, 'invoicing.sqlite'), dataDir, port: 0, scheduler: false, pdfWorkers: 1, fileStorage: { kind: 's3', s3 } })
  const bucket = createS3FileStore({ ...s3, prefix: 'archive/' })
  try {
    const created = await host.invoicing.companies.createFirst({ name: 'Speicher GmbH', email: 'rechnung@speicher.example', vatId: 'DE123456789', street: 'Hafen 1', zipCode: '20457', city: 'Hamburg' }, { name: 'test' })
    const api = apiClient(host.url, created!.secret)
    const customer = (await api.post('/customers', { name: 'Kunde AG', email: 'buchhaltung@kunde.example' })).body.data
    const draft = (await api.post('/invoices', { customerId: customer.id, lines: [{ description: 'Beratung', unitPrice: '100' }] })).body.data
    const sent = await api.post(`/invoices/${draft.id}/send`)
    assert.equal(sent.status, 200, sent.text)
    const pdf = await api.get(`/invoices/${draft.id}/pdf`)
    assert.equal(pdf.status, 200, pdf.text)
    // Each drawing's key ends in its own id: list what the bucket holds for the invoice.
    const client = new S3Client({ ...s3, credentials: s3 })
    const listed = await client.send(new ListObjectsV2Command({ Bucket: 'invoicing', Prefix: `archive/versions/${created!.company.id}/${draft.id}/` }))
    client.destroy()
    const pdfKeys = (listed.Contents ?? []).map((object) => object.Key!).filter((key) => key.endsWith('.pdf'))
    assert.equal(pdfKeys.length, 1, JSON.stringify(listed.Contents))
    const archived = await bucket.get(pdfKeys[0]!.slice('archive/'.length))
    assert.ok(archived && Buffer.compare(archived, pdf.bytes) === 0, 'the served PDF is the archived one')
    assert.equal(existsSync(join(dataDir, 'archive')), false, 'nothing archived on the file system')
  } finally {
    bucket.close()
    await host.close()
    await server.close()
    rmSync(dir, { recursive: true, force: true })
  }
})
