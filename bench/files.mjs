// @ts-check
// Documents' bytes: 100 MiB written and read with plain node:fs streams and through a bare
// node:http server (the reference rows), through the fs file store, and through the host (a
// direct upload PUT to its upload URL, complete, the download), with the host's RSS sampled
// all the while; then 100 parallel multipart uploads of 1 MiB. Targets: > 200 MB/s, the host's
// RSS growing < 50 MB, no failed upload. Every transfer is checked by SHA-256: a wrong one is
// reported, not its speed. Rounds interleave the cases (the VM's speed changes from one
// minute to the next); the medians count. MB = 10^6 bytes.
// Run alone: node bench/files.mjs [MiB] [rounds]
import { createHash } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { benchBytes, sha256OfBenchBytes } from './file-bytes.mjs'
import { median, startServer } from './harness.mjs'

const THROUGHPUT_TARGET_MB_S = 200
const RSS_GROWTH_TARGET_MB = 50
const PARALLEL_UPLOADS = 100
const MULTIPART_BYTES = 1024 * 1024
const MB = 1e6

const serverFile = (/** @type {string} */ name) => new URL(`./servers/${name}`, import.meta.url)
const met = (/** @type {boolean} */ ok) => (ok ? 'met' : 'MISSED')

/**
 * PUTs `size` bench bytes as a stream: pulled a chunk at a time, so nothing is read ahead of
 * what the connection takes and no copy is held.
 * @param {string} url @param {string} method @param {Record<string, string>} headers @param {number} size
 */
async function putStreamed(url, method, headers, size) {
  const source = benchBytes(size)
  const body = new ReadableStream({
    async pull(controller) {
      const next = await source.next()
      if (next.done) controller.close()
      else controller.enqueue(next.value)
    },
  }, { highWaterMark: 0 })
  const response = await fetch(url, /** @type {RequestInit} */ ({ method, headers, body, duplex: 'half' }))
  const text = await response.text()
  if (response.status !== 200) throw new Error(`${method} ${url}: ${response.status} ${text}`)
}

/** Downloads as the bytes arrive, hashing them and keeping none. @param {string} url @param {Record<string, string>} headers */
async function downloadHashed(url, headers) {
  const response = await fetch(url, { headers })
  if (response.status !== 200 || !response.body) throw new Error(`GET ${url}: ${response.status} ${await response.text()}`)
  const hash = createHash('sha256')
  let bytes = 0
  for await (const chunk of /** @type {AsyncIterable<Uint8Array>} */ (/** @type {unknown} */ (response.body))) {
    bytes += chunk.byteLength
    hash.update(chunk)
  }
  return { bytes, sha256: hash.digest('hex') }
}

/** @param {() => Promise<unknown>} work */
async function timed(work) {
  const started = performance.now()
  await work()
  return (performance.now() - started) / 1000
}

/**
 * The host's RSS, read from /proc by the driver every 5 ms (the host need not answer, however
 * busy its event loop is); where there is no /proc, asked for before and after only.
 * @param {import('./harness.mjs').Server} host
 */
function rssSampler(host) {
  const status = `/proc/${host.child.pid}/status`
  const field = (/** @type {string} */ name) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(readFileSync(status, 'utf8'))?.[1]) * 1024
  let proc = true
  try { field('VmRSS') } catch { proc = false }
  const now = async () => (proc ? field('VmRSS') : /** @type {{ rss: number }} */ (await host.ask()).rss)
  return {
    now,
    /**
     * Runs `work` and answers the highest RSS meanwhile (sampled, and the kernel's high-water
     * mark when that rose).
     * @param {() => Promise<unknown>} work
     */
    async peakDuring(work) {
      let peak = await now()
      const markBefore = proc ? field('VmHWM') : 0
      const timer = setInterval(() => { if (proc) peak = Math.max(peak, field('VmRSS')) }, 5)
      try {
        await work()
      } finally {
        clearInterval(timer)
      }
      peak = Math.max(peak, await now())
      if (proc && field('VmHWM') > markBefore) peak = Math.max(peak, field('VmHWM'))
      return peak
    },
  }
}

/**
 * A direct upload to the host: start it (announcing the SHA-256, which the host checks), PUT
 * the bytes to upload.url, complete, then download the content.
 * @param {{ url: string, headers: Record<string, string> }} api @param {number} size @param {string} sha256
 * @param {(step: 'upload' | 'complete' | 'download', work: () => Promise<unknown>) => Promise<unknown>} step
 */
async function directUpload(api, size, sha256, step) {
  const started = await fetch(`${api.url}/api/v1/documents/uploads`, {
    method: 'POST', headers: { ...api.headers, 'content-type': 'application/json' },
    body: JSON.stringify({ fileName: 'scan.pdf', contentType: 'application/pdf', size, sha256 }),
  })
  if (started.status !== 201) throw new Error(`POST /documents/uploads: ${started.status} ${await started.text()}`)
  const { document, upload } = /** @type {{ data: { document: { id: string }, upload: { url: string, method: string, headers: Record<string, string> } } }} */ (await started.json()).data
  await step('upload', () => putStreamed(upload.url, upload.method, upload.headers, size))
  await step('complete', async () => {
    const completed = await fetch(`${api.url}/api/v1/documents/${document.id}/complete`, { method: 'POST', headers: api.headers })
    const text = await completed.text()
    if (completed.status !== 200) throw new Error(`POST /documents/{id}/complete: ${completed.status} ${text}`)
  })
  /** @type {{ bytes: number, sha256: string }} */
  let downloaded = { bytes: 0, sha256: '' }
  await step('download', async () => { downloaded = await downloadHashed(`${api.url}/api/v1/documents/${document.id}/content`, api.headers) })
  return downloaded
}

/** @param {{ url: string, headers: Record<string, string> }} api */
async function parallelMultipart(api) {
  const chunks = []
  for await (const chunk of benchBytes(MULTIPART_BYTES)) chunks.push(chunk)
  const bytes = Buffer.concat(chunks)
  const expected = createHash('sha256').update(bytes).digest('hex')
  const file = new Blob([bytes], { type: 'application/pdf' })
  const started = performance.now()
  const outcomes = await Promise.all(Array.from({ length: PARALLEL_UPLOADS }, async (_, index) => {
    const form = new FormData()
    form.set('title', `Beleg ${index + 1}`)
    form.set('file', file, `beleg-${index + 1}.pdf`)
    try {
      const response = await fetch(`${api.url}/api/v1/documents`, { method: 'POST', headers: api.headers, body: form })
      const body = /** @type {any} */ (await response.json().catch(() => undefined))
      if (response.status !== 201) return `${response.status} ${JSON.stringify(body?.error?.code ?? body)}`
      return body?.data?.sha256 === expected && body?.data?.size === MULTIPART_BYTES ? 'ok' : 'stored other bytes'
    } catch (error) {
      return String(error)
    }
  }))
  return { seconds: (performance.now() - started) / 1000, failures: outcomes.filter((outcome) => outcome !== 'ok') }
}

/**
 * @param {number} mebibytes @param {number} rounds
 * @returns {Promise<{ met: boolean, valid: boolean }>} whether every target was met, and every transfer right
 */
export async function filesBench(mebibytes = 100, rounds = 3) {
  const size = mebibytes * 1024 * 1024
  const expected = await sha256OfBenchBytes(size)
  const folder = mkdtempSync(join(tmpdir(), 'invoicing-bench-files-'))
  console.log(`\ndocuments' bytes: ${mebibytes} MiB (${(size / MB).toFixed(1)} MB) in ${tmpdir()}, ${rounds} rounds; MB = 10^6 bytes (targets: > ${THROUGHPUT_TARGET_MB_S} MB/s, host RSS growth < ${RSS_GROWTH_TARGET_MB} MB)`)
  const reference = await startServer(serverFile('files-disk.ts'), [folder, String(size)])
  const host = await startServer(serverFile('files-host.ts'), [mkdtempSync(join(folder, 'host-'))])
  try {
    /** @param {string} phase @param {number} round @returns {Promise<{ bytes: number, seconds: number, sha256: string }>} */
    const inReferenceServer = (phase, round) => new Promise((resolve, reject) => {
      reference.child.once('message', (/** @type {any} */ answer) => (answer.error ? reject(new Error(`${phase}: ${answer.error}`)) : resolve(answer)))
      reference.child.send({ phase, round })
    })
    const api = { url: host.info.url, headers: { authorization: `Bearer ${host.info.key}` } }
    const rss = rssSampler(host)
    // Warm up on small files, so code loaded on first use does not count as growth.
    const small = 1024 * 1024
    const smallSha = await sha256OfBenchBytes(small)
    for (let round = 0; round < 3; round++) {
      if ((await directUpload(api, small, smallSha, (_, work) => work())).sha256 !== smallSha) throw new Error('a warm-up download differs from its upload')
    }
    const baseline = await rss.now()

    /** @type {Map<string, { seconds: number[], rssPeak: number, wrong: number }>} */
    const cases = new Map()
    /** @param {string} name @param {number} seconds @param {boolean} right @param {number} [rssPeak] */
    const record = (name, seconds, right, rssPeak) => {
      const entry = cases.get(name) ?? { seconds: [], rssPeak: 0, wrong: 0 }
      cases.set(name, entry)
      entry.seconds.push(seconds)
      if (!right) entry.wrong++
      if (rssPeak !== undefined) entry.rssPeak = Math.max(entry.rssPeak, rssPeak)
      const growth = rssPeak === undefined ? '' : `, host RSS +${((rssPeak - baseline) / MB).toFixed(1)} MB`
      console.log(`  ${name.padEnd(44)}${seconds.toFixed(2).padStart(7)} s${(size / MB / seconds).toFixed(0).padStart(7)} MB/s${growth}${right ? '' : '  WRONG BYTES'}`)
    }

    for (let round = 1; round <= rounds; round++) {
      console.log(`round ${round} of ${rounds}`)
      const writes = [['raw-write', 'node:fs write stream + fsync'], ['store-write', 'fs file store: write']]
      const reads = [['raw-read', 'node:fs read stream'], ['store-read', 'fs file store: read']]
      // Each other round the store goes first, so neither side always runs on the warmer caches.
      const order = round % 2 ? [...writes, ...reads] : [...writes.reverse(), ...reads.reverse()]
      for (const [phase, name] of order) {
        const result = await inReferenceServer(/** @type {string} */ (phase), round)
        record(/** @type {string} */ (name), result.seconds, result.bytes === size && result.sha256 === expected)
      }
      const putSeconds = await timed(() => putStreamed(`${reference.info.url}/${round}`, 'PUT', {}, size))
      record('node:http PUT into a file + fsync', putSeconds, (await inReferenceServer('http-received', round)).sha256 === expected)
      let bare = { bytes: 0, sha256: '' }
      const getSeconds = await timed(async () => { bare = await downloadHashed(`${reference.info.url}/${round}`, {}) })
      record('node:http GET of a file', getSeconds, bare.bytes === size && bare.sha256 === expected)

      /** @type {Record<string, { seconds: number, peak: number }>} */
      const steps = {}
      const downloaded = await directUpload(api, size, expected, async (step, work) => {
        const started = performance.now()
        const peak = await rss.peakDuring(work)
        steps[step] = { seconds: (performance.now() - started) / 1000, peak }
      })
      const { upload, complete, download } = /** @type {Record<'upload' | 'complete' | 'download', { seconds: number, peak: number }>} */ (steps)
      // The upload was checked by the host against the announced SHA-256; the download here.
      record('host: PUT to the upload URL', upload.seconds, true, upload.peak)
      record('host: upload + complete', upload.seconds + complete.seconds, true, Math.max(upload.peak, complete.peak))
      record('host: GET content', download.seconds, downloaded.bytes === size && downloaded.sha256 === expected, download.peak)
    }

    /** @type {{ seconds: number, failures: string[] }} */
    let multipart = { seconds: 0, failures: [] }
    const multipartPeak = await rss.peakDuring(async () => { multipart = await parallelMultipart(api) })
    const { failures } = multipart
    console.log(`  ${`${PARALLEL_UPLOADS} parallel multipart uploads of 1 MiB`.padEnd(44)}${multipart.seconds.toFixed(2).padStart(7)} s${(PARALLEL_UPLOADS * MULTIPART_BYTES / MB / multipart.seconds).toFixed(0).padStart(7)} MB/s, ${PARALLEL_UPLOADS - failures.length} × 201, ${failures.length} failed, host RSS +${((multipartPeak - baseline) / MB).toFixed(1)} MB`)
    if (failures.length) console.error(`  failures: ${[...new Set(failures)].slice(0, 5).join('; ')}`)

    const mbPerSecond = (/** @type {string} */ name) => size / MB / median(/** @type {{ seconds: number[] }} */ (cases.get(name)).seconds)
    /** @type {[string, string | undefined, string | undefined][]} case, its disk reference, its HTTP reference */
    const table = [
      ['node:fs write stream + fsync', undefined, undefined],
      ['node:fs read stream', undefined, undefined],
      ['node:http PUT into a file + fsync', 'node:fs write stream + fsync', undefined],
      ['node:http GET of a file', 'node:fs read stream', undefined],
      ['fs file store: write', 'node:fs write stream + fsync', undefined],
      ['fs file store: read', 'node:fs read stream', undefined],
      ['host: PUT to the upload URL', 'node:fs write stream + fsync', 'node:http PUT into a file + fsync'],
      ['host: upload + complete', 'node:fs write stream + fsync', 'node:http PUT into a file + fsync'],
      ['host: GET content', 'node:fs read stream', 'node:http GET of a file'],
    ]
    const targeted = (/** @type {string} */ name) => name.startsWith('fs file store') || name.startsWith('host')
    console.log(`\ndocuments' bytes, medians of ${rounds} rounds (targets: > ${THROUGHPUT_TARGET_MB_S} MB/s through the store and the host; the host's RSS growth < ${RSS_GROWTH_TARGET_MB} MB)\n`)
    console.log(`${'case'.padEnd(36)}${'MB/s'.padStart(7)}${'× disk'.padStart(8)}${'× HTTP'.padStart(8)}${'RSS +MB'.padStart(9)}  target`)
    let allMet = true
    for (const [name, disk, http] of table) {
      const rate = mbPerSecond(name)
      const entry = /** @type {{ rssPeak: number, wrong: number }} */ (cases.get(name))
      const growth = name.startsWith('host') ? (entry.rssPeak - baseline) / MB : undefined
      const ok = !targeted(name) || (rate > THROUGHPUT_TARGET_MB_S && (growth === undefined || growth < RSS_GROWTH_TARGET_MB))
      allMet &&= ok && entry.wrong === 0
      const ratio = (/** @type {string | undefined} */ to) => (to ? (rate / mbPerSecond(to)).toFixed(2) : '')
      const target = targeted(name) ? met(ok) : 'reference'
      console.log(`${name.padEnd(36)}${rate.toFixed(0).padStart(7)}${ratio(disk).padStart(8)}${ratio(http).padStart(8)}${(growth === undefined ? '' : growth.toFixed(1)).padStart(9)}  ${target}${entry.wrong ? `  WRONG BYTES in ${entry.wrong} round(s)` : ''}`)
    }
    console.log(`${PARALLEL_UPLOADS} parallel multipart uploads of 1 MiB: ${PARALLEL_UPLOADS - failures.length} × 201 in ${multipart.seconds.toFixed(2)} s, ${failures.length} failed (target 0: ${met(failures.length === 0)})`)
    const valid = [...cases.values()].every((entry) => entry.wrong === 0)
    if (!valid) console.error('some bytes read back differ from those written: the figures above are not valid')
    return { met: allMet && failures.length === 0, valid }
  } finally {
    reference.stop()
    host.stop()
    rmSync(folder, { recursive: true, force: true })
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { met: allMet, valid } = await filesBench(Number(process.argv[2] ?? 100), Number(process.argv[3] ?? 3))
  if (!allMet || !valid) process.exitCode = 1
}
