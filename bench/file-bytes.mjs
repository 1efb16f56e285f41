// @ts-check
// The bytes the files bench moves: a PDF header (the host checks a file's type by its content)
// and then slices of 8 MiB of pseudo-random bytes, each chunk from another offset, so a lost, doubled
// or swapped chunk changes the SHA-256. Chunks are views of the pool, never copies, so the
// source costs no memory per byte; no chunk is changed once given out.
import { createHash } from 'node:crypto'

const POOL_BYTES = 8 * 1024 * 1024
export const CHUNK_BYTES = 64 * 1024
const HEADER = Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')

// Made from a fixed seed, not at random: the driver and a server each build the pool, and their
// hashes of the same bytes agree only when the pools do.
const pool = Buffer.alloc(POOL_BYTES)
{
  let block = createHash('sha256').update('invoicing files bench').digest()
  for (let offset = 0; offset < POOL_BYTES; offset += block.length) {
    block.copy(pool, offset)
    block = createHash('sha256').update(block).digest()
  }
}

/**
 * `size` bytes in chunks of 64 KiB (the last one shorter).
 * @param {number} size
 * @returns {AsyncGenerator<Buffer>}
 */
export async function* benchBytes(size) {
  let sent = 0
  for (let index = 0; sent < size; index++) {
    const length = Math.min(CHUNK_BYTES, size - sent)
    if (index === 0) {
      yield Buffer.concat([HEADER, pool.subarray(0, Math.max(0, length - HEADER.length))]).subarray(0, length)
    } else {
      // A stride that is not a multiple of the chunk, so chunks start at ever other offsets.
      const start = (index * 40_961) % (POOL_BYTES - CHUNK_BYTES)
      yield pool.subarray(start, start + length)
    }
    sent += length
  }
}

/** The SHA-256 of benchBytes(size), computed once outside any timing. @param {number} size */
export async function sha256OfBenchBytes(size) {
  const hash = createHash('sha256')
  for await (const chunk of benchBytes(size)) hash.update(chunk)
  return hash.digest('hex')
}
