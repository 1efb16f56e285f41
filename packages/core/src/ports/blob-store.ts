/**
 * Port: keeps files the engine must be able to give back byte for byte, such as the archived
 * PDF of a document version. Keys are `/`-separated segments of `A-Z a-z 0-9 . _ -`.
 *
 * - After `put` resolves, `get` returns exactly those bytes, also after a restart.
 * - `put` is all or nothing: a crash never leaves a partial file under the key.
 * - The engine never writes one key twice with different bytes; it writes a new key instead.
 * - `delete` of a key that holds nothing is no error.
 * - No key is a prefix folder of another (`a/b` and `a/b/c`): a file store could not hold both.
 *
 * Every adapter MUST pass the blob store contract suite (`@invoicing/core/testing`).
 */
export interface BlobStore {
  put(key: string, content: Uint8Array): Promise<void>
  /** The bytes stored under `key`, or undefined when there are none. */
  get(key: string): Promise<Uint8Array | undefined>
  /** Removes what `key` holds: a PDF drawn in a race that another drawing won, or one no version took. */
  delete(key: string): Promise<void>
}

const KEY = /^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/

/** Whether `key` is a key every adapter can store (no `..`, no empty segment). */
export const isBlobKey = (key: string): boolean => KEY.test(key) && !key.split('/').some((segment) => segment === '.' || segment === '..')
