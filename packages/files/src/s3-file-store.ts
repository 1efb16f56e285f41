import { createHash } from 'node:crypto'
import { Readable } from 'node:stream'
import { AbortMultipartUploadCommand, DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3'
import { Upload } from '@aws-sdk/lib-storage'
import { getSignedUrl } from '@aws-sdk/s3-request-presigner'
import { assertExpectedContent, FileContentRejected, isFileKey, type ExpectedContent, type FileStore, type StoredContent } from '@invoicing/core'

export interface S3FileStoreOptions {
  /** e.g. `http://127.0.0.1:9000` for MinIO; unset: AWS itself, from `region`. */
  endpoint?: string | undefined
  region: string
  bucket: string
  accessKeyId: string
  secretAccessKey: string
  /** `https://host/bucket/key` instead of `https://bucket.host/key` (MinIO and most self-hosted stores need it). */
  forcePathStyle?: boolean | undefined
  /** Put before every key, e.g. `files/`, so several stores can share one bucket. */
  prefix?: string | undefined
}

export type S3FileStore = FileStore & Required<Pick<FileStore, 'presignUpload'>> & {
  /** Closes the client's connections. */
  close(): void
}

/** S3 takes parts of at least 5 MiB (but the last) and at most 10 000 parts. */
const MIN_PART_BYTES = 5 * 1024 * 1024
const MAX_PARTS = 10_000
/** The longest a presigned URL of SigV4 may live. */
const MAX_PRESIGN_SECONDS = 7 * 24 * 60 * 60

/**
 * Files as objects of one bucket of S3 or an S3-compatible store (MinIO, Cloudflare R2, …),
 * named `<prefix><key>`. S3 itself makes a PUT or a multipart upload visible whole when it
 * completes, so a reader sees the old object or the new one. A streamed write is checked as
 * it passes (size, SHA-256, limit) and a rejected one is aborted before it completes, so
 * nothing of it remains.
 */
export function createS3FileStore(options: S3FileStoreOptions): S3FileStore {
  const { bucket } = options
  const prefix = prefixOf(options.prefix)
  const client = new S3Client({
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    region: options.region,
    forcePathStyle: options.forcePathStyle ?? false,
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    // The SDK's default CRC32 checksums and aws-chunked bodies are not understood by older or
    // self-hosted S3 servers; the engine checks SHA-256 itself.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A store that does not answer fails the request instead of holding it forever; the idle
    // time is generous, as a download streams only as fast as its client reads.
    requestHandler: { connectionTimeout: 10_000, socketTimeout: 120_000 },
  })
  const objectKey = (key: string) => {
    if (!isFileKey(key)) throw new Error(`invalid file key ${JSON.stringify(key)}`)
    return `${prefix}${key}`
  }

  return {
    async put(key, content) {
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: objectKey(key), Body: content, ContentLength: content.byteLength }))
    },
    async get(key) {
      const Key = objectKey(key)
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key }))
        return await object.Body!.transformToByteArray()
      } catch (error) {
        if (holdsNothing(error)) return undefined
        throw error
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: objectKey(key) }))
    },
    async write(key, source, expected = {}) {
      const Key = objectKey(key)
      const stored: Partial<StoredContent> = {}
      const body = Readable.from(checked(source, expected, stored), { objectMode: false })
      const partSize = Math.max(MIN_PART_BYTES, Math.ceil((expected.size ?? expected.maxBytes ?? 0) / MAX_PARTS))
      // At most queueSize parts are held and sent at once. A source that throws or is
      // rejected fails the upload before it completes, so S3 shows nothing of it.
      const upload = new Upload({ client, params: { Bucket: bucket, Key, Body: body }, partSize, queueSize: 4, leavePartsOnError: true })
      try {
        await upload.done()
      } catch (error) {
        // Aborted here rather than by the Upload, whose failing abort would hide the reason.
        // Parts an abort could not remove are no object; a bucket lifecycle rule for
        // incomplete multipart uploads deletes them.
        if (upload.uploadId) await client.send(new AbortMultipartUploadCommand({ Bucket: bucket, Key, UploadId: upload.uploadId })).catch(() => undefined)
        throw error
      } finally {
        // Releases the source when the upload failed on its own (the network, say).
        body.destroy()
      }
      return { size: stored.size!, sha256: stored.sha256! }
    },
    async read(key, range) {
      const Key = objectKey(key)
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key, ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }))
        // `bytes 0-0/300001`: the whole size follows the slash. A server that ignored the
        // range would otherwise pass the whole object off as the part asked for.
        if (range && !object.ContentRange?.startsWith(`bytes ${range.start}-${range.end}/`)) {
          ;(object.Body as Readable | undefined)?.destroy()
          throw new Error(`the S3 server answered ${object.ContentRange ?? 'no range'} to the range ${range.start}-${range.end} of ${Key}`)
        }
        const size = range ? Number(object.ContentRange!.split('/')[1]) : object.ContentLength
        if (size === undefined || !Number.isInteger(size)) throw new Error(`the S3 server answered no size for ${Key}`)
        return { size, stream: object.Body as Readable }
      } catch (error) {
        if (holdsNothing(error)) return undefined
        throw error
      }
    },
    async stat(key) {
      const Key = objectKey(key)
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key }))
        return { size: head.ContentLength ?? 0 }
      } catch (error) {
        if (holdsNothing(error)) return undefined
        throw error
      }
    },
    async presignUpload(key, { size, contentType, sha256, expiresAt }) {
      const Key = objectKey(key)
      // Whole seconds, rounded down: the URL never outlives `expiresAt`.
      const expiresIn = Math.floor((expiresAt.getTime() - Date.now()) / 1000)
      if (expiresIn < 1 || expiresIn > MAX_PRESIGN_SECONDS) throw new Error(`an upload URL must expire between 1 s and 7 days from now, got ${expiresAt.toISOString()}`)
      const checksum = sha256 === undefined ? undefined : Buffer.from(sha256, 'hex').toString('base64')
      const url = await getSignedUrl(client, new PutObjectCommand({ Bucket: bucket, Key, ContentLength: size, ContentType: contentType, ChecksumSHA256: checksum }), {
        expiresIn,
        // Signed as headers, not moved into the query: S3 then refuses a PUT whose length,
        // type or checksum header differs, and checks the bytes against the checksum.
        signableHeaders: new Set(['content-length', 'content-type']),
        unhoistableHeaders: new Set(['x-amz-checksum-sha256']),
      })
      return {
        url,
        method: 'PUT',
        headers: { 'Content-Type': contentType, 'Content-Length': String(size), ...(checksum ? { 'x-amz-checksum-sha256': checksum } : {}) },
      }
    },
    close() {
      client.destroy()
    },
  }
}

/**
 * Passes `source` on as Buffers (copies, so a source that reuses its buffers cannot change
 * a part waiting to be sent), failing it as soon as it passes `maxBytes` or `size`, and at
 * its end when its length or SHA-256 is not the expected one; fills `stored` when it passes.
 */
async function* checked(source: AsyncIterable<Uint8Array>, expected: ExpectedContent, stored: Partial<StoredContent>): AsyncGenerator<Buffer> {
  const hash = createHash('sha256')
  let size = 0
  for await (const chunk of source) {
    size += chunk.byteLength
    if (expected.maxBytes !== undefined && size > expected.maxBytes) {
      throw new FileContentRejected('too_large', `the content is larger than ${expected.maxBytes} bytes`)
    }
    if (expected.size !== undefined && size > expected.size) {
      throw new FileContentRejected('size_mismatch', `more than the announced ${expected.size} bytes arrived`)
    }
    hash.update(chunk)
    yield Buffer.from(chunk)
  }
  const sha256 = hash.digest('hex')
  assertExpectedContent(expected, size, sha256)
  stored.size = size
  stored.sha256 = sha256
}

/** `''` or a prefix of file-key segments ending in `/`. */
function prefixOf(prefix: string | undefined): string {
  if (!prefix) return ''
  const trimmed = prefix.endsWith('/') ? prefix.slice(0, -1) : prefix
  if (!isFileKey(trimmed)) throw new Error(`invalid S3 key prefix ${JSON.stringify(prefix)}`)
  return `${trimmed}/`
}

/** S3's answer for a key without an object: NoSuchKey from GET, a bare 404 (NotFound) from HEAD. */
const holdsNothing = (error: unknown) => ['NoSuchKey', 'NotFound'].includes((error as { name?: string } | null)?.name ?? '')
