import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import type { BlobStore } from '../ports/blob-store'

/** Compares bytes without a deep-equal walk over millions of elements, and whatever Uint8Array subclass comes back. */
function assertBytes(actual: Uint8Array | undefined, expected: Uint8Array): void {
  assert.ok(actual instanceof Uint8Array, 'expected stored bytes, got none')
  assert.equal(actual.byteLength, expected.byteLength)
  assert.ok(Buffer.compare(actual, expected) === 0, 'the stored bytes differ')
}

/** Bytes that take every value and shift each 256 bytes, so a truncated or misplaced chunk shows. */
function patterned(length: number): Uint8Array {
  const bytes = new Uint8Array(length)
  for (let index = 0; index < length; index++) bytes[index] = (index * 131 + (index >> 8)) & 0xff
  return bytes
}

/**
 * The behaviour every blob store adapter MUST have. Each adapter's test file calls this once;
 * `makeStore` gives a fresh, empty store for each case.
 */
export function blobStoreContract(name: string, makeStore: () => BlobStore | Promise<BlobStore>): void {
  describe(`${name}: blob store contract`, () => {
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

    it('refuses keys that are not blob keys', async () => {
      const store = await makeStore()
      for (const key of ['../x', 'a/../../x', 'a//b', '/a', 'a/', 'a/./b', '.', '', 'a b', 'a\\b', 'ä']) {
        await assert.rejects(store.put(key, Uint8Array.from([1])), Error, JSON.stringify(key))
        await assert.rejects(store.delete(key), Error, JSON.stringify(key))
      }
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
  })
}
