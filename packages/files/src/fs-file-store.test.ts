import assert from 'node:assert/strict'
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { after, describe, it } from 'node:test'
import { FileContentRejected } from '@invoicing/core'
import { fileStoreContract } from '@invoicing/core/testing'
import { createFsFileStore } from './fs-file-store'

const root = mkdtempSync(join(tmpdir(), 'invoicing-files-'))
after(() => rmSync(root, { recursive: true, force: true }))
let folders = 0
/** A folder of its own for each store, not yet created: the store makes it. */
const freshFolder = () => join(root, `store-${++folders}`)

/** Every file under `folder`, as `/`-separated paths relative to it. */
function filesUnder(folder: string, top = folder): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name)
    return entry.isDirectory() ? filesUnder(path, top) : [relative(top, path).split('\\').join('/')]
  }).sort()
}

fileStoreContract('fs', () => createFsFileStore(freshFolder()))

describe('fs file store', () => {
  it('survives a new instance over the same folder', async () => {
    const folder = freshFolder()
    await createFsFileStore(folder).put('versions/co_1/in_1/v_1.pdf', Uint8Array.from([37, 80, 68, 70]))
    const reopened = await createFsFileStore(folder).get('versions/co_1/in_1/v_1.pdf')
    assert.deepEqual(reopened && [...reopened], [37, 80, 68, 70])
  })

  it('keeps each key as the file of that path, and no temp file behind', async () => {
    const folder = freshFolder()
    const store = createFsFileStore(folder)
    await store.put('versions/a/1.pdf', Uint8Array.from([1]))
    await store.put('versions/a/1.pdf', Uint8Array.from([2]))
    await Promise.all([store.put('versions/b/1.pdf', Uint8Array.from([3])), store.put('versions/b/1.pdf', Uint8Array.from([4]))])
    await store.put('top.bin', Uint8Array.from([5]))
    assert.deepEqual(filesUnder(folder), ['top.bin', 'versions/a/1.pdf', 'versions/b/1.pdf'])
    assert.deepEqual([...readFileSync(join(folder, 'versions', 'a', '1.pdf'))], [2])
  })

  it('leaves no temp file behind when a put fails', async () => {
    const folder = freshFolder()
    const store = createFsFileStore(folder)
    await store.put('a/b/c.pdf', Uint8Array.from([1]))
    // `a/b` is a folder: the rename onto it fails after the temp file was written.
    await assert.rejects(store.put('a/b', Uint8Array.from([2])))
    assert.deepEqual(filesUnder(folder), ['a/b/c.pdf'])
    assert.equal(await store.get('a/b'), undefined)
    assert.equal(await store.get('a/b/c.pdf/d'), undefined)
  })

  it('leaves no temp file behind when a streamed write is rejected or its source fails', async () => {
    const folder = freshFolder()
    const store = createFsFileStore(folder)
    await store.put('a/kept.pdf', Uint8Array.from([1]))
    const content = new Uint8Array(3 * 1024 * 1024).fill(7)
    async function* chunks(failure?: Error) {
      for (let offset = 0; offset < content.byteLength; offset += 100_000) {
        if (failure && offset > 1024 * 1024) throw failure
        yield content.subarray(offset, offset + 100_000)
      }
    }
    const rejected = (reason: string) => (error: unknown) => error instanceof FileContentRejected && error.reason === reason
    for (const key of ['a/kept.pdf', 'a/new.pdf', 'b/new.pdf']) {
      await assert.rejects(store.write(key, chunks(), { maxBytes: 1024 * 1024 }), rejected('too_large'))
      await assert.rejects(store.write(key, chunks(), { size: 1 }), rejected('size_mismatch'))
      await assert.rejects(store.write(key, chunks(), { sha256: '0'.repeat(64) }), rejected('checksum_mismatch'))
      await assert.rejects(store.write(key, chunks(new Error('gone'))), /gone/)
    }
    assert.deepEqual(filesUnder(folder), ['a/kept.pdf'])
    assert.deepEqual([...readFileSync(join(folder, 'a', 'kept.pdf'))], [1])
  })

  it('never reads, writes or deletes outside its folder', async () => {
    const folder = freshFolder()
    mkdirSync(folder, { recursive: true })
    const outside = join(folder, '..', 'outside.bin')
    writeFileSync(outside, 'secret')
    const store = createFsFileStore(folder)
    for (const key of ['../outside.bin', outside]) {
      await assert.rejects(store.get(key))
      await assert.rejects(store.put(key, Uint8Array.from([1])))
      await assert.rejects(store.delete(key))
    }
    assert.equal(readFileSync(outside, 'utf8'), 'secret')
    assert.deepEqual(filesUnder(folder), [])
  })
})
