// @ts-check
// Exports at scale: one company with 100,000 issued invoices of three tax groups each, exported
// through the API as CSV and DATEV, each against the reference of the same run: reading the
// same documents through the storage port alone, as every export reads them.
import { median, startServer } from './harness.mjs'

const TARGET_SECONDS = 10
const TARGET_RSS_MB = 100

/**
 * @param {number} count invoices to seed
 * @param {number} rounds
 * @returns {Promise<{ met: boolean }>}
 */
export async function exportsBench(count = 100_000, rounds = 3) {
  console.log(`\nexports: seeding ${count.toLocaleString('en')} issued invoices (3 tax groups each) on SQLite`)
  // With gc exposed, each case starts from a collected heap, so garbage of the last one is not counted as growth.
  const server = await startServer(new URL('./servers/exports.ts', import.meta.url), [], { BENCH_EXPORT_INVOICES: String(count), NODE_OPTIONS: '--expose-gc' }, { pinned: false })
  console.log(`  seeded in ${server.info.seedSeconds.toFixed(1)} s; cases: ${server.info.cases.join(', ')}`)
  /** @param {string} name @param {boolean} [warmUp] @returns {Promise<any>} */
  const run = (name, warmUp = false) => new Promise((resolve) => {
    server.child.once('message', resolve)
    server.child.send({ name, warmUp })
  })
  try {
    /** @type {Map<string, { seconds: number[], cpuSeconds: number[], rssGrowthMb: number[], documents: number, bytes: number }>} */
    const results = new Map()
    for (const name of server.info.cases) {
      const answer = await run(name, true)
      if (answer.error) throw new Error(`${name} (warm-up): ${answer.error}`)
    }
    for (let round = 1; round <= rounds; round++) {
      for (const name of server.info.cases) {
        const answer = await run(name)
        if (answer.error) throw new Error(`${name}: ${answer.error}`)
        const entry = results.get(name) ?? { seconds: /** @type {number[]} */ ([]), cpuSeconds: /** @type {number[]} */ ([]), rssGrowthMb: /** @type {number[]} */ ([]), documents: answer.documents, bytes: answer.bytes ?? 0 }
        entry.seconds.push(answer.seconds)
        entry.cpuSeconds.push(answer.cpuSeconds)
        entry.rssGrowthMb.push(answer.rssGrowthMb)
        results.set(name, entry)
        console.log(`  round ${round}: ${name.padEnd(6)} ${answer.seconds.toFixed(2).padStart(6)} s, CPU ${answer.cpuSeconds.toFixed(2)} s, RSS +${answer.rssGrowthMb.toFixed(0)} MB, ${answer.documents.toLocaleString('en')} documents`)
      }
    }
    const reference = results.get('read')
    if (!reference) throw new Error('the reference case (read) is missing')
    console.log(`\n${'case (medians of ' + rounds + ')'.padEnd(10)}`.padEnd(44) + `${'s'.padStart(7)}${'CPU s'.padStart(7)}${'RSS MB'.padStart(8)}${'× read'.padStart(8)}${'MB'.padStart(7)}  target`)
    let met = true
    for (const [name, entry] of results) {
      const seconds = median(entry.seconds)
      const rss = Math.max(...entry.rssGrowthMb)
      const isExport = name !== 'read'
      const ok = !isExport || (seconds < TARGET_SECONDS && rss < TARGET_RSS_MB)
      if (!ok) met = false
      const label = isExport ? `POST /exports/${name} (${entry.documents.toLocaleString('en')} docs)` : 'read the documents (reference)'
      console.log(`${label.padEnd(44)}${seconds.toFixed(2).padStart(7)}${median(entry.cpuSeconds).toFixed(2).padStart(7)}${rss.toFixed(0).padStart(8)}${(seconds / median(reference.seconds)).toFixed(2).padStart(8)}${(entry.bytes / 1e6).toFixed(1).padStart(7)}  ${isExport ? (ok ? `met (< ${TARGET_SECONDS} s, RSS < ${TARGET_RSS_MB} MB)` : 'MISSED') : ''}`)
    }
    return { met }
  } finally {
    server.stop()
  }
}
