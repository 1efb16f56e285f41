// @ts-check
// GET /api/v1 latency and the host's event-loop delay while PDFs of about 200 pages are drawn
// (one at a time, back to back), with the host's worker pool and, for comparison, drawn on the
// main thread. Part of `npm run bench`; alone: node bench/pdf-under-load.mjs [seconds, default 10]
import autocannon from 'autocannon'
import { startServer } from './harness.mjs'

/** @param {any} server @param {string} message */
const ask = (server, message) => new Promise((resolve) => {
  server.child.once('message', resolve)
  server.child.send(message)
})

/** @param {number} seconds */
export async function pdfUnderLoad(seconds) {
  const rows = []
  for (const mode of ['worker pool (the host)', 'main thread (before)']) {
    const server = await startServer(new URL('./servers/host-drawing.ts', import.meta.url), mode.startsWith('main') ? ['main-thread'] : [])
    try {
      const { url, key, invoiceId, pages } = server.info
      let drawn = 0
      let drawing = true
      const drawLoop = (async () => {
        while (drawing) {
          const response = await fetch(`${url}/api/v1/invoices/${invoiceId}/pdf`, { headers: { authorization: `Bearer ${key}` } })
          await response.arrayBuffer()
          if (response.ok) drawn++
        }
      })()
      await new Promise((resolve) => setTimeout(resolve, 500))
      await ask(server, 'start')
      const reads = await autocannon({ url: `${url}/api/v1`, connections: 1, duration: seconds })
      const delay = /** @type {{ p99Ms: number, maxMs: number }} */ (await ask(server, 'stop'))
      drawing = false
      await drawLoop
      rows.push({ mode, pages, drawn, readP99: reads.latency.p99, readMax: reads.latency.max, reads: reads.requests.total, loopP99: delay.p99Ms, loopMax: delay.maxMs })
    } finally {
      server.stop()
    }
  }
  console.log(`\nGET /api/v1 while PDFs of ${rows[0]?.pages} pages are drawn back to back (${seconds} s, 1 connection; target p99 < 50 ms)\n`)
  console.log(`${'PDFs drawn on'.padEnd(26)}${'PDFs'.padStart(6)}${'reads'.padStart(8)}${'read p99 ms'.padStart(13)}${'max'.padStart(7)}${'loop delay p99 ms'.padStart(19)}${'max'.padStart(7)}`)
  for (const r of rows) {
    console.log(`${r.mode.padEnd(26)}${String(r.drawn).padStart(6)}${String(r.reads).padStart(8)}${String(r.readP99).padStart(13)}${String(r.readMax).padStart(7)}${r.loopP99.toFixed(1).padStart(19)}${r.loopMax.toFixed(0).padStart(7)}`)
  }
  return rows
}

if (import.meta.url === `file://${process.argv[1]}`) await pdfUnderLoad(Number(process.argv[2] ?? 10))
