import { isFileKey, type FileStore } from '../ports/files'

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
  }
}

/** Refuses what no adapter could store (a file system store would leave its folder on `..`). */
function assertFileKey(key: string): void {
  if (!isFileKey(key)) throw new Error(`invalid file key ${JSON.stringify(key)}`)
}
