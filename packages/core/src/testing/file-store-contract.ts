import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import type { FileStore } from '../ports/files'
import { assertBytes, indexOfBytes, patterned } from './file-store-bytes'
import { presignCases } from './file-store-presign-cases'
import { streamCases } from './file-store-stream-cases'

export interface FileStoreContractOptions {
  /**
   * Cases the server behind an adapter's test cannot honour, each with the reason printed as
   * the case is skipped. Only for a stand-in server under test (a local fake of S3, say):
   * an adapter for the real service MUST pass every case.
   */
  lacks?: {
    /** The server writes an object in place, so a reader or a second writer can meet part of it. */
    atomicReplace?: string
    /** The server reads the range `bytes=0-0` as another one. */
    rangeEndingAtZero?: string
    /** The server does not check the signature of a presigned URL against the request's headers. */
    presignedSignature?: string
    /** The server does not check `x-amz-checksum-sha256` (or the like) against the bytes. */
    presignedChecksum?: string
  }
}

/**
 * The behaviour every file store adapter MUST have. Each adapter's test file calls this once;
 * `makeStore` gives a fresh, empty store for each case.
 */
export function fileStoreContract(name: string, makeStore: () => FileStore | Promise<FileStore>, options: FileStoreContractOptions = {}): void {
  describe(`${name}: file store contract`, () => {
    it('gives back exactly the bytes put, every byte value included', async () => {
      const store = await makeStore()
      const allValues = Uint8Array.from({ length: 256 }, (_, index) => index)
      await store.put('all-values.bin', allValues)
      assertBytes(await store.get('all-values.bin'), allValues)
      await store.put('empty.bin', new Uint8Array())
      assertBytes(await store.get('empty.bin'), new Uint8Array())
    })

    it('round-trips 5 MB byte for byte', async () => {
      const store = await makeStore()
      const large = patterned(5 * 1024 * 1024)
      await store.put('large.pdf', large)
      assertBytes(await store.get('large.pdf'), large)
    })

    it('answers undefined for a key never put', async () => {
      const store = await makeStore()
      assert.equal(await store.get('missing.pdf'), undefined)
      assert.equal(await store.get('missing/deeper/file.pdf'), undefined)
    })

    it('replaces the bytes when a key is put again', async () => {
      const store = await makeStore()
      await store.put('doc.pdf', patterned(1000))
      const shorter = Uint8Array.from([1, 2, 3])
      await store.put('doc.pdf', shorter)
      assertBytes(await store.get('doc.pdf'), shorter)
    })

    it('deletes a key and nothing else; deleting a key that holds nothing is no error', async () => {
      const store = await makeStore()
      await store.put('versions/co_1/in_1/v_1.pdf', Uint8Array.from([1]))
      await store.put('versions/co_1/in_1/v_2.pdf', Uint8Array.from([2]))
      await store.delete('versions/co_1/in_1/v_1.pdf')
      assert.equal(await store.get('versions/co_1/in_1/v_1.pdf'), undefined)
      assertBytes(await store.get('versions/co_1/in_1/v_2.pdf'), Uint8Array.from([2]))
      await store.delete('versions/co_1/in_1/v_1.pdf')
      await store.delete('missing/deeper/file.pdf')
      await store.put('versions/co_1/in_1/v_1.pdf', Uint8Array.from([3]))
      assertBytes(await store.get('versions/co_1/in_1/v_1.pdf'), Uint8Array.from([3]))
    })

    it('keeps nested keys apart', async () => {
      const store = await makeStore()
      const keys = ['versions/co_1/in_1/v_1.pdf', 'versions/co_1/in_1/v_2.pdf', 'versions/co_1/in_2/v_1.pdf', 'versions/co_2/in_1/v_1.pdf', 'v_1.pdf']
      for (const [index, key] of keys.entries()) await store.put(key, Uint8Array.from([index]))
      for (const [index, key] of keys.entries()) assertBytes(await store.get(key), Uint8Array.from([index]))
      assert.equal(await store.get('versions/co_1/in_1/v_3.pdf'), undefined)
    })

    it('refuses keys that are not file keys, so none reaches outside the store', async () => {
      const store = await makeStore()
      for (const key of ['../x', 'a/../../x', 'a//b', '/a', 'a/', 'a/./b', '.', '', 'a b', 'a\\b', 'ä']) {
        await assert.rejects(store.put(key, Uint8Array.from([1])), Error, JSON.stringify(key))
        await assert.rejects(store.get(key), Error, JSON.stringify(key))
        await assert.rejects(store.delete(key), Error, JSON.stringify(key))
      }
    })

    it('leaves one whole file when several writers put one key at once', { skip: options.lacks?.atomicReplace }, async () => {
      const store = await makeStore()
      const contents = [1, 2, 3, 4, 5, 6].map((seed) => patterned(1024 * 1024, seed))
      await Promise.all(contents.map((content) => store.put('versions/same.pdf', content)))
      assert.notEqual(indexOfBytes(await store.get('versions/same.pdf'), contents), -1, 'the stored file is none of the puts whole')
    })

    it('never lets a reader see part of a file while it is replaced', { skip: options.lacks?.atomicReplace }, async () => {
      const store = await makeStore()
      const contents = [1, 2].map((seed) => patterned(2 * 1024 * 1024, seed))
      await store.put('replaced.pdf', contents[0]!)
      let writing = true
      const writes = Promise.all([1, 0, 1, 0, 1].map((index) => store.put('replaced.pdf', contents[index]!)))
        .finally(() => { writing = false })
      const seen: number[] = []
      const reader = async () => {
        while (writing) seen.push(indexOfBytes(await store.get('replaced.pdf'), contents))
      }
      await Promise.all([writes, reader(), reader(), reader()])
      assert.ok(seen.length > 0)
      assert.ok(!seen.includes(-1), 'a reader got bytes that are neither file whole')
    })

    it('keeps its own copy: changing the bytes put or got changes nothing stored', async () => {
      const store = await makeStore()
      const content = Uint8Array.from([1, 2, 3])
      await store.put('copy.bin', content)
      content[0] = 99
      const read = (await store.get('copy.bin'))!
      read[1] = 99
      assertBytes(await store.get('copy.bin'), Uint8Array.from([1, 2, 3]))
    })

    it('takes a Buffer and a view into a larger buffer, storing only the viewed bytes', async () => {
      const store = await makeStore()
      await store.put('buffer.bin', Buffer.from('Grüße'))
      assertBytes(await store.get('buffer.bin'), new TextEncoder().encode('Grüße'))
      const whole = patterned(100)
      await store.put('view.bin', whole.subarray(10, 20))
      assertBytes(await store.get('view.bin'), whole.slice(10, 20))
    })

    describe('streamed writes and reads', () => streamCases(makeStore, options))
    describe('presigned uploads', () => presignCases(makeStore, options))
  })
}
