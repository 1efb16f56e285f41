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
 * `@invoicing/core/testing`).
 */
export interface FileStore {
  /** Stores `content` under `key`, replacing what it held. */
  put(key: string, content: Uint8Array): Promise<void>
  /** The bytes stored under `key`, or undefined when there are none. */
  get(key: string): Promise<Uint8Array | undefined>
  /** Removes what `key` holds: a PDF drawn in a race that another drawing won, or one no version took. */
  delete(key: string): Promise<void>
  /**
   * Streams `source` into `key`, all or nothing like `put`, holding no more than a bounded
   * buffer of it in memory, and answers the stored size and SHA-256.
   *
   * It MUST reject with {@link FileContentRejected} and leave nothing under `key` (neither the
   * new bytes nor part of them; what `key` held before stays) when `source` yields more than
   * `expected.maxBytes` (reason `too_large`, raised as soon as the limit is passed, without
   * reading the rest), a length other than `expected.size` (`size_mismatch`), or bytes whose
   * SHA-256 is not `expected.sha256` (`checksum_mismatch`). An error thrown by `source` is
   * rethrown unchanged, also leaving nothing.
   */
  write(key: string, source: AsyncIterable<Uint8Array>, expected?: ExpectedContent): Promise<StoredContent>
  /**
   * The bytes under `key` as a stream, whole or the inclusive byte range `range` (which the
   * caller has checked against `size`), or undefined when `key` holds nothing. `size` is the
   * whole file's size. The stream MUST hold no more than a bounded buffer in memory, and a
   * consumer that stops early (`return()` of the iterator) MUST release what it holds.
   */
  read(key: string, range?: ByteRange): Promise<FileContent | undefined>
  /** The size of what `key` holds, or undefined when it holds nothing. */
  stat(key: string): Promise<{ size: number } | undefined>
  /**
   * A URL the client PUTs the bytes of `key` to itself, without passing through the host, or
   * undefined when this store has none (the host then offers its own upload route). The
   * request MUST be refused by the store unless it carries exactly `size` bytes with
   * `contentType` (and, when given, whose SHA-256 is `sha256`) before `expiresAt`; the
   * returned `headers` are the ones the client MUST send with it.
   */
  presignUpload?(key: string, upload: PresignedUploadRequest): Promise<PresignedUpload>
}

/** What a streamed write must hold to be kept. */
export interface ExpectedContent {
  /** Reject as soon as more bytes than this arrive. */
  maxBytes?: number | undefined
  /** The exact length. */
  size?: number | undefined
  /** Lower-case hex SHA-256 of the bytes. */
  sha256?: string | undefined
}

export interface StoredContent {
  size: number
  /** Lower-case hex. */
  sha256: string
}

/** Inclusive byte positions, as in an HTTP `Range` header. */
export interface ByteRange {
  start: number
  end: number
}

export interface FileContent {
  /** The size of the whole file, also when a range was read. */
  size: number
  stream: AsyncIterable<Uint8Array>
}

export interface PresignedUploadRequest {
  size: number
  contentType: string
  /** Lower-case hex. */
  sha256?: string | undefined
  expiresAt: Date
}

export interface PresignedUpload {
  url: string
  method: 'PUT'
  headers: Record<string, string>
}

export type FileContentRejection = 'too_large' | 'size_mismatch' | 'checksum_mismatch'

/** A streamed write refused for its content; nothing of it was stored. */
export class FileContentRejected extends Error {
  constructor(readonly reason: FileContentRejection, message: string) {
    super(message)
    this.name = 'FileContentRejected'
  }
}

const KEY = /^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/

/** Whether `key` is a key every adapter can store (no `..`, no empty segment). */
export const isFileKey = (key: string): boolean => KEY.test(key) && !key.split('/').some((segment) => segment === '.' || segment === '..')

/** Rejects a finished streamed write whose length or digest is not the expected one. */
export function assertExpectedContent(expected: ExpectedContent, size: number, sha256: string): void {
  if (expected.size !== undefined && size !== expected.size) {
    throw new FileContentRejected('size_mismatch', `${size} bytes arrived, ${expected.size} were announced`)
  }
  if (expected.sha256 !== undefined && sha256 !== expected.sha256.toLowerCase()) {
    throw new FileContentRejected('checksum_mismatch', 'the SHA-256 of the bytes is not the one announced')
  }
}
