/**
 * Port: keeps files the engine must be able to give back byte for byte, such as the archived
 * PDF of a document version. A file is named by its key: `/`-separated segments of
 * `A-Z a-z 0-9 . _ -` ({@link isFileKey}).
 *
 * - After `put` resolves, `get` returns exactly those bytes, also after a restart.
 * - `put` is all or nothing: a reader, at the same time or after a crash, sees the whole old
 *   file or the whole new one, never part of one. Of puts to one key at once, one wins whole.
 * - `delete` of a key that holds nothing is no error.
 * - Every method refuses a key that is not a file key before it touches anything, so no key
 *   reaches outside the store.
 * - The store keeps its own bytes: changing an array given to `put` or got from `get` changes
 *   nothing stored.
 *
 * What callers keep to: the engine never writes one key twice with different bytes (it writes
 * a new key instead), and no key is a folder of another (`a/b` and `a/b/c`), which a file
 * system could not hold both of.
 *
 * Every adapter MUST pass the file store contract suite (`fileStoreContract` in
 * `@invoicing/core/testing`). Capabilities still to come (streams, presigned uploads) are
 * methods beside these, so the three below stay as they are.
 */
export interface FileStore {
  /** Stores `content` under `key`, replacing what it held. */
  put(key: string, content: Uint8Array): Promise<void>
  /** The bytes stored under `key`, or undefined when there are none. */
  get(key: string): Promise<Uint8Array | undefined>
  /** Removes what `key` holds: a PDF drawn in a race that another drawing won, or one no version took. */
  delete(key: string): Promise<void>
}

const KEY = /^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/

/** Whether `key` is a key every adapter can store (no `..`, no empty segment). */
export const isFileKey = (key: string): boolean => KEY.test(key) && !key.split('/').some((segment) => segment === '.' || segment === '..')
