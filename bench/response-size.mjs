// @ts-check
// The host's memory while it answers with large documents: one invoice of 1,000 lines, and a
// page of 100 such invoices (about 33 MB of JSON). The host runs in its own process on a
// database seeded by another, and reports its peak RSS (getrusage) before and after each
// response; the growth is what answering cost. Run alone: node bench/response-size.mjs
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startServer } from './harness.mjs'

const RSS_GROWTH_LIMIT_MB = 100
const serverFile = new URL('./servers/large-documents.ts', import.meta.url)

/** @returns {Promise<{ name: string, bytes: number, growthMb: number, ms: number }[]>} */
export async function measureResponseSizes() {
  const folder = mkdtempSync(join(tmpdir(), 'invoicing-bench-large-'))
  try {
    const seeded = await startServer(serverFile, ['seed', folder])
    const { key, invoiceId } = seeded.info
    const host = await startServer(serverFile, ['serve', folder])
    try {
      const headers = { authorization: `Bearer ${key}` }
      const cases = [
        { name: 'GET /invoices/{id} (1,000 lines)', url: `${host.info.url}/api/v1/invoices/${invoiceId}` },
        { name: 'GET /invoices?limit=100 (100 × 1,000 lines)', url: `${host.info.url}/api/v1/invoices?limit=100` },
      ]
      // Warm up on small answers, so code loading and caches are not counted.
      for (let round = 0; round < 20; round++) await (await fetch(`${host.info.url}/api/v1/invoices?limit=1`, { headers })).arrayBuffer()
      const results = []
      // Smallest first: the peak RSS only grows.
      for (const { name, url } of cases) {
        const before = await host.ask()
        const started = performance.now()
        const response = await fetch(url, { headers })
        if (response.status !== 200) throw new Error(`${name}: ${response.status} ${await response.text()}`)
        // Read as the bytes arrive: a client that buffered the answer would measure itself.
        let bytes = 0
        for await (const chunk of /** @type {AsyncIterable<Uint8Array>} */ (/** @type {unknown} */ (response.body))) bytes += chunk.length
        const ms = performance.now() - started
        const after = await host.ask()
        results.push({ name, bytes, growthMb: (after.maxRss - before.maxRss) / 1024 / 1024, ms })
      }
      return results
    } finally {
      host.stop()
    }
  } finally {
    rmSync(folder, { recursive: true, force: true })
  }
}

/** @param {{ name: string, bytes: number, growthMb: number, ms: number }[]} results */
export function printResponseSizes(results) {
  console.log(`\nlarge responses: the host's peak RSS growth while answering (target < ${RSS_GROWTH_LIMIT_MB} MB for the page)\n`)
  console.log(`${'case'.padEnd(46)}${'MB sent'.padStart(9)}${'ms'.padStart(8)}${'RSS +MB'.padStart(9)}`)
  for (const r of results) {
    console.log(`${r.name.padEnd(46)}${(r.bytes / 1024 / 1024).toFixed(1).padStart(9)}${r.ms.toFixed(0).padStart(8)}${r.growthMb.toFixed(1).padStart(9)}`)
  }
  const page = results.at(-1)
  return page !== undefined && page.growthMb < RSS_GROWTH_LIMIT_MB
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const met = printResponseSizes(await measureResponseSizes())
  console.log(met ? 'target met' : 'target MISSED')
  if (!met) process.exitCode = 1
}
