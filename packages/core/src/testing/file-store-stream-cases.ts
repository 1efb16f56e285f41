import assert from 'node:assert/strict'
import { it } from 'node:test'
import { FileContentRejected, type FileContentRejection, type FileStore } from '../ports/files'
import { assertBytes, bytesOf, indexOfBytes, patterned, sha256Of, sourceOf } from './file-store-bytes'
import type { FileStoreContractOptions } from './file-store-contract'

const MiB = 1024 * 1024

const rejectedFor = (reason: FileContentRejection) => (error: unknown) => {
  assert.ok(error instanceof FileContentRejected, `expected FileContentRejected, got ${String(error)}`)
  assert.equal(error.reason, reason)
  return true
}

/** `write`, `read` and `stat`: streamed, verified, all or nothing. */
export function streamCases(makeStore: () => FileStore | Promise<FileStore>, options: FileStoreContractOptions): void {
  it('streams a multi-MiB source given in odd-sized chunks and answers its size and SHA-256', async () => {
    const store = await makeStore()
    const content = patterned(6 * MiB + 7, 3)
    const { source, state } = sourceOf(content)
    assert.deepEqual(await store.write('streamed/large.bin', source), { size: content.byteLength, sha256: sha256Of(content) })
    assert.ok(state.closed)
    assertBytes(await bytesOf(await store.read('streamed/large.bin')), content)
    assertBytes(await store.get('streamed/large.bin'), content)
    assert.deepEqual(await store.stat('streamed/large.bin'), { size: content.byteLength })
  })

  it('streams an empty source into an empty file', async () => {
    const store = await makeStore()
    const empty = new Uint8Array()
    assert.deepEqual(await store.write('empty.bin', sourceOf(empty).source, { size: 0, sha256: sha256Of(empty) }), { size: 0, sha256: sha256Of(empty) })
    assert.deepEqual(await store.stat('empty.bin'), { size: 0 })
    const read = await store.read('empty.bin')
    assert.equal(read?.size, 0)
    assertBytes(await bytesOf(read), empty)
  })

  it('keeps a write that meets every expectation, the SHA-256 in either case of hex', async () => {
    const store = await makeStore()
    const content = patterned(100_000, 1)
    const expected = { maxBytes: content.byteLength, size: content.byteLength, sha256: sha256Of(content).toUpperCase() }
    assert.equal((await store.write('exact.bin', sourceOf(content).source, expected)).sha256, sha256Of(content))
    assertBytes(await store.get('exact.bin'), content)
  })

  it('rejects a source past maxBytes as soon as the limit is passed, reads no further and stores nothing', async () => {
    const store = await makeStore()
    const old = patterned(1000, 9)
    await store.put('limited.bin', old)
    const maxBytes = MiB + 1
    for (const key of ['limited.bin', 'fresh.bin']) {
      const { source, state } = sourceOf(patterned(8 * MiB, 2))
      await assert.rejects(store.write(key, source, { maxBytes }), rejectedFor('too_large'))
      // The chunk that passed the limit is the last one read (the largest chunk is 1 000 003 bytes).
      assert.ok(state.pulled > maxBytes && state.pulled <= maxBytes + 1_000_003, `read ${state.pulled} bytes for a limit of ${maxBytes}`)
      assert.ok(state.closed, 'the source was not released')
    }
    assertBytes(await store.get('limited.bin'), old)
    assert.equal(await store.stat('fresh.bin'), undefined)
    assert.equal(await store.read('fresh.bin'), undefined)
  })

  it('rejects a length other than the announced size, storing nothing and keeping what the key held', async () => {
    const store = await makeStore()
    const old = patterned(1000, 9)
    await store.put('sized.bin', old)
    const content = patterned(2 * MiB, 4)
    for (const size of [content.byteLength - 1, content.byteLength + 1]) {
      for (const key of ['sized.bin', 'fresh.bin']) {
        await assert.rejects(store.write(key, sourceOf(content).source, { size }), rejectedFor('size_mismatch'))
      }
    }
    assertBytes(await store.get('sized.bin'), old)
    assert.equal(await store.stat('fresh.bin'), undefined)
  })

  it('rejects bytes whose SHA-256 is not the announced one, storing nothing and keeping what the key held', async () => {
    const store = await makeStore()
    const old = patterned(1000, 9)
    await store.put('checked.bin', old)
    const content = patterned(6 * MiB, 5)
    const other = content.slice()
    other[other.byteLength - 1]! ^= 1
    for (const key of ['checked.bin', 'fresh.bin']) {
      await assert.rejects(store.write(key, sourceOf(other).source, { size: content.byteLength, sha256: sha256Of(content) }), rejectedFor('checksum_mismatch'))
    }
    assertBytes(await store.get('checked.bin'), old)
    assert.equal(await store.stat('fresh.bin'), undefined)
  })

  it('rethrows the error of a source that fails midway, storing nothing and keeping what the key held', async () => {
    const store = await makeStore()
    const old = patterned(1000, 9)
    await store.put('failing.bin', old)
    for (const key of ['failing.bin', 'fresh.bin']) {
      const failure = new Error('the client went away')
      const { source } = sourceOf(patterned(8 * MiB, 6), { failAfter: 6 * MiB, failure })
      await assert.rejects(store.write(key, source), (error) => error === failure)
    }
    assertBytes(await store.get('failing.bin'), old)
    assert.equal(await store.stat('fresh.bin'), undefined)
  })

  it('reads a file whole and in ranges, answering the whole size each time', async () => {
    const store = await makeStore()
    const content = patterned(300_001, 7)
    await store.put('ranged/file.bin', content)
    const last = content.byteLength - 1
    for (const range of [undefined, { start: 0, end: 1 }, { start: last, end: last }, { start: 1000, end: 200_000 }, { start: 0, end: last }]) {
      const read = await store.read('ranged/file.bin', range)
      assert.equal(read?.size, content.byteLength)
      assertBytes(await bytesOf(read), range ? content.slice(range.start, range.end + 1) : content)
    }
  })

  it('reads the first byte alone', { skip: options.lacks?.rangeEndingAtZero }, async () => {
    const store = await makeStore()
    const content = patterned(1000, 7)
    await store.put('ranged/first.bin', content)
    const read = await store.read('ranged/first.bin', { start: 0, end: 0 })
    assert.equal(read?.size, content.byteLength)
    assertBytes(await bytesOf(read), content.slice(0, 1))
  })

  it('answers undefined to read and stat of a key that holds nothing', async () => {
    const store = await makeStore()
    await store.put('present/file.bin', Uint8Array.from([1]))
    for (const key of ['missing.bin', 'present/other.bin', 'missing/deeper/file.bin']) {
      assert.equal(await store.read(key), undefined)
      assert.equal(await store.read(key, { start: 0, end: 0 }), undefined)
      assert.equal(await store.stat(key), undefined)
    }
  })

  it('stays usable after readers that stop early', { timeout: 60_000 }, async () => {
    const store = await makeStore()
    const content = patterned(3 * MiB, 8)
    await store.put('abandoned.bin', content)
    // More than a connection pool holds, so a reader that keeps what it holds shows as a hang.
    for (let round = 0; round < 60; round++) {
      const read = await store.read('abandoned.bin')
      for await (const chunk of read!.stream) {
        assert.ok(chunk.byteLength > 0)
        break
      }
    }
    assertBytes(await bytesOf(await store.read('abandoned.bin')), content)
    await store.delete('abandoned.bin')
    assert.equal(await store.stat('abandoned.bin'), undefined)
  })

  it('leaves one whole file when several streamed writers write one key at once', { skip: options.lacks?.atomicReplace }, async () => {
    const store = await makeStore()
    const contents = [1, 2, 3, 4].map((seed) => patterned(6 * MiB + seed, seed))
    const written = await Promise.all(contents.map((content) => store.write('streamed/same.bin', sourceOf(content, { pause: true }).source)))
    const index = indexOfBytes(await store.get('streamed/same.bin'), contents)
    assert.notEqual(index, -1, 'the stored file is none of the writes whole')
    assert.deepEqual(await store.stat('streamed/same.bin'), { size: written[index]!.size })
  })

  it('never lets a streaming reader see part of a file, or another file\'s size, while it is replaced', { skip: options.lacks?.atomicReplace }, async () => {
    const store = await makeStore()
    const contents = [patterned(2 * MiB, 1), patterned(3 * MiB, 2)]
    await store.put('replaced.bin', contents[0]!)
    let writing = true
    const writes = (async () => {
      for (const index of [1, 0, 1, 0, 1]) await store.write('replaced.bin', sourceOf(contents[index]!).source)
    })().finally(() => { writing = false })
    const seen: string[] = []
    const reader = async () => {
      while (writing) {
        const read = await store.read('replaced.bin')
        const bytes = await bytesOf(read)
        const index = indexOfBytes(bytes, contents)
        seen.push(index === -1 ? 'part of a file' : read!.size === bytes.byteLength ? 'whole' : 'another file\'s size')
      }
    }
    await Promise.all([writes, reader(), reader()])
    assert.ok(seen.length > 0)
    assert.deepEqual([...new Set(seen)], ['whole'])
  })

  it('refuses keys that are not file keys for write, read and stat without reading the source', async () => {
    const store = await makeStore()
    for (const key of ['../x', 'a/../../x', 'a//b', '/a', 'a/', 'a/./b', '.', '', 'a b', 'a\\b', 'ä']) {
      const { source, state } = sourceOf(Uint8Array.from([1]))
      await assert.rejects(store.write(key, source), Error, JSON.stringify(key))
      assert.equal(state.pulled, 0, JSON.stringify(key))
      await assert.rejects(store.read(key), Error, JSON.stringify(key))
      await assert.rejects(store.stat(key), Error, JSON.stringify(key))
    }
  })
}
