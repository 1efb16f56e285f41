// The reference rows of the files bench, in a server process as the host is: 100 MiB written
// and read with plain node:fs streams, and through the fs file store of @invoicing/files, one
// phase per message from the driver ({ phase, round }); and a bare node:http server on the same disk (PUT /raw
// streams into a file, GET /raw streams it out), for what HTTP on its own costs. Each phase
// answers { bytes, seconds, sha256 }: the SHA-256 of what was written (as the store computed
// it, or of the file on disk) or of what was read, computed outside the timing.
import { createHash } from 'node:crypto'
import { createReadStream, createWriteStream } from 'node:fs'
import { open, rm } from 'node:fs/promises'
import { createServer } from 'node:http'
import { join } from 'node:path'
import { pipeline } from 'node:stream/promises'
import { createFsFileStore } from '@invoicing/files'
import { benchBytes } from '../file-bytes.mjs'

const [folder, bytesArgument] = process.argv.slice(2) as [string, string]
const size = Number(bytesArgument)
const store = createFsFileStore(join(folder, 'store'))
// A new file each round, as each upload is a new document (replacing a file costs the freeing
// of the old one's blocks too); the last round's is removed before the timing starts.
const rawPath = (round: number) => join(folder, `raw-${round}.bin`)
const keyOf = (round: number) => `bench/file-${round}.bin`
const httpPath = (round: number) => join(folder, `http-${round}.bin`)

async function sha256Of(stream: AsyncIterable<Uint8Array>): Promise<string> {
  const hash = createHash('sha256')
  for await (const chunk of stream) hash.update(chunk)
  return hash.digest('hex')
}

/** Reads a stream to its end, counting the bytes and keeping none. */
async function drain(stream: AsyncIterable<Uint8Array>): Promise<number> {
  let bytes = 0
  for await (const chunk of stream) bytes += chunk.byteLength
  return bytes
}

/** Writes a stream into a file and syncs it, as the store syncs its writes. */
async function writeSynced(path: string, source: AsyncIterable<Uint8Array>): Promise<void> {
  await pipeline(source, createWriteStream(path))
  const file = await open(path, 'r+')
  await file.sync()
  await file.close()
}

const timed = async <T>(work: () => Promise<T>) => {
  const started = performance.now()
  const result = await work()
  return { result, seconds: (performance.now() - started) / 1000 }
}

const phases: Record<string, (round: number) => Promise<{ bytes: number; sha256: string; seconds: number }>> = {
  async 'raw-write'(round) {
    await Promise.all([rm(rawPath(round - 1), { force: true }), rm(httpPath(round - 1), { force: true })])
    const { seconds } = await timed(() => writeSynced(rawPath(round), benchBytes(size)))
    return { bytes: size, seconds, sha256: await sha256Of(createReadStream(rawPath(round))) }
  },
  async 'raw-read'(round) {
    const { result: bytes, seconds } = await timed(() => drain(createReadStream(rawPath(round))))
    return { bytes, seconds, sha256: await sha256Of(createReadStream(rawPath(round))) }
  },
  async 'store-write'(round) {
    await store.delete(keyOf(round - 1))
    const { result, seconds } = await timed(() => store.write(keyOf(round), benchBytes(size), { size }))
    return { bytes: result.size, seconds, sha256: result.sha256 }
  },
  async 'store-read'(round) {
    const { result: bytes, seconds } = await timed(async () => drain((await store.read(keyOf(round)))!.stream))
    return { bytes, seconds, sha256: await sha256Of((await store.read(keyOf(round)))!.stream) }
  },
  // The driver timed the transfer; this is what arrived.
  async 'http-received'(round) {
    return { bytes: size, seconds: 0, sha256: await sha256Of(createReadStream(httpPath(round))) }
  },
}

// The round is the path: /raw/1.
const server = createServer((request, response) => {
  const path = httpPath(Number(request.url!.split('/').at(-1)))
  if (request.method === 'PUT') {
    writeSynced(path, request).then(() => response.end(), (error: unknown) => response.writeHead(500).end(String(error)))
  } else {
    response.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(size) })
    createReadStream(path).pipe(response)
  }
})
server.listen(0, '127.0.0.1', () => {
  process.on('message', ({ phase, round }: { phase: string; round: number }) => {
    phases[phase]!(round).then((result) => process.send!(result), (error: unknown) => process.send!({ error: String(error) }))
  })
  const address = server.address() as { port: number }
  process.send!({ url: `http://127.0.0.1:${address.port}/raw` })
})
