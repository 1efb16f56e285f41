import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { fileStoreContract } from '@invoicing/core/testing'
import { createS3FileStore, type S3FileStore, type S3FileStoreOptions } from './s3-file-store'
import { startLocalS3, type LocalS3 } from './testing/local-s3'

let s3: LocalS3
const stores: S3FileStore[] = []
before(async () => {
  s3 = await startLocalS3()
})
after(async () => {
  for (const store of stores) store.close()
  await s3.close()
})

const options = (prefix: string): S3FileStoreOptions => ({ ...s3, region: 'eu-central-1', forcePathStyle: true, prefix })
let prefixes = 0
/** A store of its own for each case: a new prefix in the one bucket. */
const freshStore = () => {
  const store = createS3FileStore(options(`case-${++prefixes}/`))
  stores.push(store)
  return store
}

// s3rver checks neither SigV4 signatures nor x-amz-checksum-sha256; the front of startLocalS3
// does, for presigned PUTs, as S3 does. What s3rver lacks besides skips for it alone.
fileStoreContract('s3 (s3rver)', freshStore, {
  lacks: {
    atomicReplace: 's3rver writes an object in place while it arrives; S3 makes an object visible whole when its PUT or multipart upload completes',
    rangeEndingAtZero: 's3rver reads Range: bytes=0-0 as bytes=0- (the whole object); S3 answers the first byte',
  },
})

describe('s3 file store', () => {
  it('keeps each store under its prefix of the bucket', async () => {
    const archive = createS3FileStore(options('archive/'))
    const files = createS3FileStore(options('files'))
    stores.push(archive, files)
    await archive.put('same/key.pdf', Uint8Array.from([1]))
    await files.put('same/key.pdf', Uint8Array.from([2]))
    assert.deepEqual([...(await archive.get('same/key.pdf'))!], [1])
    assert.deepEqual([...(await files.get('same/key.pdf'))!], [2])
    await files.delete('same/key.pdf')
    assert.deepEqual([...(await archive.get('same/key.pdf'))!], [1])
  })

  it('refuses a prefix that is not made of file-key segments', () => {
    for (const prefix of ['../x/', '/a', 'a//b/', 'a b/']) assert.throws(() => createS3FileStore(options(prefix)), /prefix/)
  })

  it('signs the length, type and SHA-256 of a presigned PUT as headers, so S3 checks them', async () => {
    const store = freshStore()
    const sha256 = 'a'.repeat(64)
    const upload = await store.presignUpload('uploads/1.pdf', { size: 1234, contentType: 'application/pdf', sha256, expiresAt: new Date(Date.now() + 900_000) })
    const url = new URL(upload.url)
    assert.deepEqual(url.searchParams.get('X-Amz-SignedHeaders')?.split(';').sort(), ['content-length', 'content-type', 'host', 'x-amz-checksum-sha256'])
    assert.equal(url.searchParams.get('x-amz-checksum-sha256'), null)
    assert.ok(Number(url.searchParams.get('X-Amz-Expires')) <= 900)
    assert.deepEqual(upload.headers, { 'Content-Type': 'application/pdf', 'Content-Length': '1234', 'x-amz-checksum-sha256': Buffer.from(sha256, 'hex').toString('base64') })
  })

  it('refuses an upload URL that expires in less than a second or after 7 days', async () => {
    const store = freshStore()
    for (const expiresAt of [new Date(Date.now() - 1000), new Date(Date.now() + 8 * 24 * 3600_000)]) {
      await assert.rejects(store.presignUpload('uploads/2.pdf', { size: 1, contentType: 'application/pdf', expiresAt }), /expire/)
    }
  })
})
