// @ts-check
// The scheduler at scale: 10,000 monthly schedules, all due, processed by one run-once on
// SQLite (target < 60 s with a flat RSS), then the same load shared by two processes at once.
// The reference row is the same run with 1,000 schedules: per-schedule cost should not grow.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startServer } from './harness.mjs'

const serverFile = (/** @type {string} */ name) => new URL(`./servers/${name}`, import.meta.url)
const berlin = (/** @type {number} */ offsetDays) => new Date(Date.now() + offsetDays * 86_400_000).toLocaleDateString('sv-SE', { timeZone: 'Europe/Berlin' })

/** @param {number} count @param {number} processes */
async function measureRun(count, processes) {
  const folder = mkdtempSync(join(tmpdir(), 'invoicing-bench-scheduler-'))
  try {
    const databaseFile = join(folder, 'scheduler.sqlite')
    console.log(`seeding ${count.toLocaleString('en')} schedules`)
    const seed = await startServer(serverFile('scheduler-seed.ts'), [databaseFile, String(count), berlin(0)], {}, { pinned: false })
    seed.stop()
    const runs = await Promise.all(Array.from({ length: processes }, (_, index) =>
      startServer(serverFile('scheduler-run.ts'), [databaseFile, berlin(0), `process ${index + 1}`], {}, { pinned: false })))
    const results = runs.map((run) => /** @type {{ created: number, seconds: number, rssStartMb: number, rssPeakMb: number }} */ (run.info))
    for (const run of runs) run.stop()
    return {
      count, processes,
      created: results.reduce((sum, result) => sum + result.created, 0),
      seconds: Math.max(...results.map((result) => result.seconds)),
      rssGrowthMb: Math.max(...results.map((result) => result.rssPeakMb - result.rssStartMb)),
    }
  } finally {
    rmSync(folder, { recursive: true, force: true })
  }
}

/** @param {number} count */
export async function schedulerAtScale(count = 10_000) {
  const reference = await measureRun(Math.max(100, count / 10), 1)
  const one = await measureRun(count, 1)
  const two = await measureRun(count, 2)
  console.log(`\nthe scheduler: ${count.toLocaleString('en')} schedules due, one invoice each (target: one run < 60 s, RSS flat)\n`)
  console.log(`${'case'.padEnd(44)}${'invoices'.padStart(10)}${'s'.padStart(8)}${'ms/sched.'.padStart(11)}${'RSS +MB'.padStart(9)}`)
  for (const [name, row] of /** @type {const} */ ([[`${reference.count.toLocaleString('en')} schedules, one process (reference)`, reference], [`${count.toLocaleString('en')} schedules, one process`, one], [`${count.toLocaleString('en')} schedules, two processes at once`, two]])) {
    console.log(`${name.padEnd(44)}${row.created.toLocaleString('en').padStart(10)}${row.seconds.toFixed(1).padStart(8)}${((row.seconds * 1000) / row.count).toFixed(2).padStart(11)}${row.rssGrowthMb.toFixed(0).padStart(9)}`)
  }
  console.log(`per-schedule cost at ${count.toLocaleString('en')} / at ${reference.count.toLocaleString('en')}: ${((one.seconds / one.count) / (reference.seconds / reference.count)).toFixed(2)}×; one run ${one.seconds < 60 ? 'met' : 'MISSED'} the 60 s target`)
  if (one.created !== count || two.created !== count) console.error(`expected ${count} invoices in each case, got ${one.created} and ${two.created}`)
}

if (import.meta.url === `file://${process.argv[1]}`) await schedulerAtScale(Number(process.argv[2] ?? 10_000))
