import { createHash, createHmac, timingSafeEqual } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import S3rver from 's3rver'

export interface LocalS3 {
  /** e.g. `http://127.0.0.1:40123`; path-style, bucket `bucket`, keys `accessKeyId` / `secretAccessKey`. */
  endpoint: string
  bucket: string
  accessKeyId: string
  secretAccessKey: string
  close(): Promise<void>
}

const ACCESS_KEY_ID = 'S3RVER'
const SECRET_ACCESS_KEY = 'S3RVER'

/**
 * A local S3 for tests: s3rver on a free loopback port, its objects in a temp folder, behind a
 * front that checks presigned PUTs as S3 does and s3rver does not: the SigV4 signature over the
 * request's signed headers (so another length or content type is refused) and the body against
 * `x-amz-checksum-sha256`. Every other request passes through unchanged, streamed.
 */
export async function startLocalS3(bucket = 'invoicing'): Promise<LocalS3> {
  const directory = mkdtempSync(join(tmpdir(), 'invoicing-s3-'))
  const s3rver = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] })
  const upstream = await s3rver.run()
  const front = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://front')
    const refusal = url.searchParams.has('X-Amz-Signature') ? presignedRefusal(req, url) : undefined
    if (refusal) return answer(res, 403, refusal, req)
    if (!url.searchParams.has('X-Amz-Signature') || !req.headers['x-amz-checksum-sha256']) return forward(req, res, upstream.port)
    // The checksum is checked before anything reaches s3rver, so refused bytes are never stored.
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk)).on('end', () => {
      const body = Buffer.concat(chunks)
      if (createHash('sha256').update(body).digest('base64') !== req.headers['x-amz-checksum-sha256']) return answer(res, 400, 'BadDigest', req)
      forward(req, res, upstream.port, body)
    })
  })
  await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve))
  const { port } = front.address() as AddressInfo
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    accessKeyId: ACCESS_KEY_ID,
    secretAccessKey: SECRET_ACCESS_KEY,
    async close() {
      front.closeAllConnections()
      await new Promise<void>((resolve) => front.close(() => resolve()))
      await s3rver.close().catch(() => undefined)
      rmSync(directory, { recursive: true, force: true })
    },
  }
}

/** Why S3 would refuse this presigned request (expired, or signed over other values), or undefined. */
function presignedRefusal(req: IncomingMessage, url: URL): string | undefined {
  const query = url.searchParams
  const amzDate = query.get('X-Amz-Date') ?? ''
  const [accessKeyId, ...scopeParts] = (query.get('X-Amz-Credential') ?? '').split('/')
  const signedHeaders = (query.get('X-Amz-SignedHeaders') ?? '').split(';')
  const signedAt = Date.parse(amzDate.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'))
  if (accessKeyId !== ACCESS_KEY_ID || scopeParts.length !== 4 || !Number.isFinite(signedAt)) return 'AuthorizationQueryParametersError'
  if (Date.now() > signedAt + Number(query.get('X-Amz-Expires')) * 1000) return 'AccessDenied: Request has expired'
  const canonicalQuery = [...query.entries()]
    .filter(([name]) => name !== 'X-Amz-Signature')
    .map(([name, value]) => [rfc3986(name), rfc3986(value)])
    .sort(([a], [b]) => (a! < b! ? -1 : a! > b! ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&')
  const canonicalHeaders = signedHeaders.map((name) => `${name}:${String(req.headers[name] ?? '').trim().replace(/\s+/g, ' ')}\n`).join('')
  const canonicalRequest = [req.method, url.pathname, canonicalQuery, canonicalHeaders, signedHeaders.join(';'), query.get('X-Amz-Content-Sha256') ?? 'UNSIGNED-PAYLOAD'].join('\n')
  const scope = scopeParts.join('/')
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, createHash('sha256').update(canonicalRequest).digest('hex')].join('\n')
  const signingKey = scopeParts.reduce<Buffer | string>((key, part) => createHmac('sha256', key).update(part).digest(), `AWS4${SECRET_ACCESS_KEY}`)
  const expected = createHmac('sha256', signingKey).update(stringToSign).digest()
  const given = Buffer.from(query.get('X-Amz-Signature') ?? '', 'hex')
  return given.length === expected.length && timingSafeEqual(given, expected) ? undefined : 'SignatureDoesNotMatch'
}

const rfc3986 = (value: string) => encodeURIComponent(value).replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`)

function forward(req: IncomingMessage, res: ServerResponse, port: number, body?: Buffer): void {
  const proxied = request({ host: '127.0.0.1', port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
    res.writeHead(answer.statusCode ?? 502, answer.headers)
    answer.pipe(res)
  })
  proxied.on('error', () => res.destroy())
  res.on('close', () => proxied.destroy())
  if (body) proxied.end(body)
  else req.pipe(proxied)
}

function answer(res: ServerResponse, status: number, code: string, req: IncomingMessage): void {
  // The body is left unread: S3 too answers before it and closes.
  res.writeHead(status, { 'content-type': 'application/xml', connection: 'close' })
  res.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code></Error>`)
  req.resume()
}
