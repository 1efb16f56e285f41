import assert from 'node:assert/strict'
import { createHash } from 'node:crypto'
import type { FileContent } from '../ports/files'

/** Compares bytes without a deep-equal walk over millions of elements, and whatever Uint8Array subclass comes back. */
export function assertBytes(actual: Uint8Array | undefined, expected: Uint8Array): void {
  assert.ok(actual instanceof Uint8Array, 'expected stored bytes, got none')
  assert.equal(actual.byteLength, expected.byteLength)
  assert.ok(Buffer.compare(actual, expected) === 0, 'the stored bytes differ')
}

/**
 * Bytes that take every value and shift each 256 bytes, so a truncated or misplaced chunk
 * shows; each `seed` gives other bytes of the same length.
 */
export function patterned(length: number, seed = 0): Uint8Array {
  const bytes = new Uint8Array(length)
  for (let index = 0; index < length; index++) bytes[index] = (index * 131 + (index >> 8) + seed * 7) & 0xff
  return bytes
}

/** Which of `candidates` `actual` is byte for byte; -1 when none (part of one, or a mix). */
export const indexOfBytes = (actual: Uint8Array | undefined, candidates: readonly Uint8Array[]): number =>
  actual ? candidates.findIndex((candidate) => Buffer.compare(actual, candidate) === 0) : -1

export const sha256Of = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex')

/** Odd chunk sizes, so no adapter gets lucky with aligned parts. */
const ODD_SIZES = [1, 4093, 65_537, 1_000_003, 17, 262_147]

/**
 * A source that yields `bytes` in odd-sized chunks, each a fresh copy, and counts what was
 * pulled: `pulled` bytes so far, `closed` once the consumer finished or gave up on it.
 * `failAfter`: throws `failure` once that many bytes were yielded.
 */
export function sourceOf(bytes: Uint8Array, options: { failAfter?: number, failure?: Error, pause?: boolean } = {}) {
  const state = { pulled: 0, closed: false }
  async function* chunks() {
    try {
      for (let offset = 0, turn = 0; offset < bytes.byteLength; turn++) {
        if (options.failAfter !== undefined && offset >= options.failAfter) throw options.failure
        const end = Math.min(bytes.byteLength, offset + ODD_SIZES[turn % ODD_SIZES.length]!)
        state.pulled = end
        // Lets other writers run between chunks, so concurrent writes interleave.
        if (options.pause) await new Promise((resolve) => setImmediate(resolve))
        yield bytes.slice(offset, end)
        offset = end
      }
    } finally {
      state.closed = true
    }
  }
  return { source: chunks(), state }
}

/** The whole stream of a read, joined. */
export async function bytesOf(content: FileContent | undefined): Promise<Uint8Array> {
  assert.ok(content, 'expected a file, got none')
  const chunks: Uint8Array[] = []
  for await (const chunk of content.stream) chunks.push(chunk)
  return Buffer.concat(chunks)
}
