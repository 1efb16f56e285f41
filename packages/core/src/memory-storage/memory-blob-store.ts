import { isBlobKey, type BlobStore } from '../ports/blob-store'

/**
 * Blobs in memory, for tests and for embedders that keep nothing. Bytes are copied on the way
 * in and out, so neither the writer nor a reader can change what is stored.
 */
export function createMemoryBlobStore(): BlobStore {
  const blobs = new Map<string, Uint8Array>()
  return {
    async put(key, content) {
      assertBlobKey(key)
      // The constructor copies a typed array's bytes (Buffer#slice would share them).
      blobs.set(key, new Uint8Array(content))
    },
    async get(key) {
      assertBlobKey(key)
      const stored = blobs.get(key)
      return stored && new Uint8Array(stored)
    },
    async delete(key) {
      assertBlobKey(key)
      blobs.delete(key)
    },
  }
}

/** Refuses what no adapter could store (the file store would leave its folder on `..`). */
function assertBlobKey(key: string): void {
  if (!isBlobKey(key)) throw new Error(`invalid blob key ${JSON.stringify(key)}`)
}
