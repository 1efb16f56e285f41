import { Readable } from 'node:stream'
import contentDisposition from 'content-disposition'

/** A stored file's stream as a response body: a Node stream as it is (a file's read stream), anything else wrapped. */
export const fileBody = (stream: AsyncIterable<Uint8Array>): Readable =>
  stream instanceof Readable ? stream : Readable.from(stream, { objectMode: false })

/**
 * `Content-Disposition` naming a file (RFC 6266): a non-ASCII name goes in `filename*`
 * (RFC 5987), with an ASCII `filename` beside it for old clients.
 */
export const fileDisposition = (fileName: string, type: 'attachment' | 'inline' = 'attachment'): string =>
  contentDisposition(fileName, { type, fallback: fileName.replace(/[^\x20-\x7e]/g, '_') })
