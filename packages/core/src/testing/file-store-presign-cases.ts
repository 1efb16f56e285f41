import assert from 'node:assert/strict'
import { it, type TestContext } from 'node:test'
import type { FileStore, PresignedUpload } from '../ports/files'
import { assertBytes, bytesOf, patterned, sha256Of } from './file-store-bytes'
import type { FileStoreContractOptions } from './file-store-contract'

/**
 * The client's PUT: the returned headers, some replaced by `headers` (lower-case names), with
 * the length fetch gives `body` (a client cannot send another).
 */
async function putTo(upload: PresignedUpload, body: Uint8Array, headers: Record<string, string> = {}): Promise<Response> {
  const returned = Object.entries(upload.headers).map(([name, value]) => [name.toLowerCase(), value] as const)
  const sent = Object.fromEntries(Object.entries({ ...Object.fromEntries(returned), ...headers }).filter(([name]) => name !== 'content-length'))
  const response = await fetch(upload.url, { method: upload.method, headers: sent, body })
  await response.arrayBuffer()
  return response
}

const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000)

/** `presignUpload`: run only for a store that has it, with real HTTP PUTs to the URL. */
export function presignCases(makeStore: () => FileStore | Promise<FileStore>, options: FileStoreContractOptions): void {
  /** The store, or undefined (the case skipped) when it has no presigned uploads. */
  const presigning = async (t: TestContext) => {
    const store = await makeStore()
    if (!store.presignUpload) t.skip('this store has no presigned uploads')
    return store.presignUpload ? store as Required<FileStore> : undefined
  }

  it('takes a presigned PUT of exactly the announced bytes, with and without a SHA-256', async (t) => {
    const store = await presigning(t)
    if (!store) return
    const content = patterned(300_000, 1)
    for (const sha256 of [sha256Of(content), undefined]) {
      const key = `uploads/${sha256 ? 'checked' : 'unchecked'}.bin`
      const upload = await store.presignUpload(key, { size: content.byteLength, contentType: 'application/pdf', sha256, expiresAt: inMinutes(15) })
      assert.equal(upload.method, 'PUT')
      const response = await putTo(upload, content)
      assert.ok(response.ok, `the PUT answered ${response.status}`)
      assert.deepEqual(await store.stat(key), { size: content.byteLength })
      assertBytes(await bytesOf(await store.read(key)), content)
    }
  })

  it('refuses a presigned PUT of another length or content type', { skip: options.lacks?.presignedSignature }, async (t) => {
    const store = await presigning(t)
    if (!store) return
    const content = patterned(1000, 2)
    const upload = await store.presignUpload('uploads/strict.bin', { size: content.byteLength, contentType: 'application/pdf', expiresAt: inMinutes(15) })
    for (const [body, headers] of [[content.slice(1), {}], [patterned(1001, 2), {}], [content, { 'content-type': 'text/html' }]] as const) {
      const response = await putTo(upload, body, headers)
      assert.ok(!response.ok, `a wrong PUT answered ${response.status}`)
    }
    assert.equal(await store.stat('uploads/strict.bin'), undefined)
  })

  it('refuses a presigned PUT of other bytes than the announced SHA-256', { skip: options.lacks?.presignedChecksum }, async (t) => {
    const store = await presigning(t)
    if (!store) return
    const content = patterned(1000, 3)
    const other = content.slice()
    other[500]! ^= 1
    const upload = await store.presignUpload('uploads/digest.bin', { size: content.byteLength, contentType: 'image/png', sha256: sha256Of(content), expiresAt: inMinutes(15) })
    const response = await putTo(upload, other)
    assert.ok(!response.ok, `other bytes answered ${response.status}`)
    assert.equal(await store.stat('uploads/digest.bin'), undefined)
  })

  it('refuses a presigned PUT after expiresAt', async (t) => {
    const store = await presigning(t)
    if (!store) return
    const content = patterned(1000, 4)
    const upload = await store.presignUpload('uploads/late.bin', { size: content.byteLength, contentType: 'application/pdf', expiresAt: new Date(Date.now() + 1000) })
    await new Promise((resolve) => setTimeout(resolve, 2500))
    const response = await putTo(upload, content)
    assert.ok(!response.ok, `an expired URL answered ${response.status}`)
    assert.equal(await store.stat('uploads/late.bin'), undefined)
  })

  it('refuses to presign a key that is not a file key', async (t) => {
    const store = await presigning(t)
    if (!store) return
    for (const key of ['../x', 'a//b', '/a', 'a/', '', 'a b']) {
      await assert.rejects(store.presignUpload(key, { size: 1, contentType: 'application/pdf', expiresAt: inMinutes(15) }), Error, JSON.stringify(key))
    }
  })
}
