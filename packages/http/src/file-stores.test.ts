import assert from 'node:assert/strict'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, describe, it } from 'node:test'
import { createS3FileStore } from '@invoicing/files'
import S3rver from 's3rver'
import { createFileStores } from './file-stores'

const root = mkdtempSync(join(tmpdir(), 'invoicing-file-stores-'))
after(() => rmSync(root, { recursive: true, force: true }))

describe('the host file stores', () => {
  it('keeps the archive in <dataDir>/archive and uploaded files in <dataDir>/files on the file system', async () => {
    const dataDir = join(root, 'data')
    const stores = createFileStores({ kind: 'fs' }, dataDir)
    await stores.archive.put('versions/a.pdf', Uint8Array.from([1]))
    await stores.documents.put('co_1/doc_1', Uint8Array.from([2]))
    assert.deepEqual([...readFileSync(join(dataDir, 'archive', 'versions', 'a.pdf'))], [1])
    assert.deepEqual([...readFileSync(join(dataDir, 'files', 'co_1', 'doc_1'))], [2])
    stores.close()
  })

  it('keeps both under the prefixes archive/ and files/ of one bucket on S3', async () => {
    const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: join(root, 's3'), configureBuckets: [{ name: 'invoicing' }] })
    const { port } = await server.run()
    const s3 = { endpoint: `http://127.0.0.1:${port}`, region: 'eu-central-1', bucket: 'invoicing', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true }
    const stores = createFileStores({ kind: 's3', s3 }, join(root, 'unused'))
    const bucket = createS3FileStore(s3)
    try {
      await stores.archive.put('versions/a.pdf', Uint8Array.from([1]))
      await stores.documents.put('co_1/doc_1', Uint8Array.from([2]))
      assert.deepEqual([...(await bucket.get('archive/versions/a.pdf'))!], [1])
      assert.deepEqual([...(await bucket.get('files/co_1/doc_1'))!], [2])
      assert.equal(await bucket.stat('versions/a.pdf'), undefined)
    } finally {
      stores.close()
      bucket.close()
      await server.close()
    }
  })
})
