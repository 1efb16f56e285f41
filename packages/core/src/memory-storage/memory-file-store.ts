import { createHash } from 'node:crypto'
import { assertExpectedContent, FileContentRejected, isFileKey, type FileStore } from '../ports/files'

/**
 * Files in memory, for tests and for embedders that keep nothing. Bytes are copied on the way
 * in and out, so neither the writer nor a reader can change what is stored.
 */
export function createMemoryFileStore(): FileStore {
  const files = new Map<string, Uint8Array>()
  return {
    async put(key, content) {
      assertFileKey(key)
      // The constructor copies a typed array's bytes (Buffer#slice would share them).
      files.set(key, new Uint8Array(content))
    },
    async get(key) {
      assertFileKey(key)
      const stored = files.get(key)
      return stored && new Uint8Array(stored)
    },
    async delete(key) {
      assertFileKey(key)
      files.delete(key)
    },
    async write(key, source, expected = {}) {
      assertFileKey(key)
      const chunks: Uint8Array[] = []
      const hash = createHash('sha256')
      let size = 0
      for await (const chunk of source) {
        size += chunk.byteLength
        if (expected.maxBytes !== undefined && size > expected.maxBytes) {
          throw new FileContentRejected('too_large', `the content is larger than ${expected.maxBytes} bytes`)
        }
        hash.update(chunk)
        chunks.push(new Uint8Array(chunk))
      }
      const sha256 = hash.digest('hex')
      assertExpectedContent(expected, size, sha256)
      files.set(key, Buffer.concat(chunks))
      return { size, sha256 }
    },
    async read(key, range) {
      assertFileKey(key)
      const stored = files.get(key)
      if (!stored) return undefined
      const bytes = range ? stored.slice(range.start, range.end + 1) : new Uint8Array(stored)
      return { size: stored.byteLength, stream: (async function* () { yield bytes })() }
    },
    async stat(key) {
      assertFileKey(key)
      const stored = files.get(key)
      return stored && { size: stored.byteLength }
    },
  }
}

/** Refuses what no adapter could store (a file system store would leave its folder on `..`). */
function assertFileKey(key: string): void {
  if (!isFileKey(key)) throw new Error(`invalid file key ${JSON.stringify(key)}`)
}
