// @ts-check
// SQLite and PostgreSQL side by side in one run: one host on each, and two hosts on one
// PostgreSQL database (as behind a load balancer), with 100,000 invoices in one company.
// Every row is given as a ratio to the one SQLite host of the same case and round.
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'
import pg from 'pg'
import { measure, median, startServer } from './harness.mjs'

const serverFile = (/** @type {string} */ name) => new URL(`./servers/${name}`, import.meta.url)
const CONNECTIONS = 10

/** @typedef {{ rps: number, p50: number, p99: number, failed: number }} Load */

/**
 * Load on several hosts at once, `CONNECTIONS` connections each; requests per second summed.
 * @param {autocannon.Options[]} targets @param {number} seconds @returns {Promise<Load>}
 */
async function loadAll(targets, seconds) {
  const results = await Promise.all(targets.map((options) => autocannon({ ...options, connections: CONNECTIONS, duration: seconds })))
  return {
    rps: results.reduce((sum, result) => sum + result.requests.average, 0),
    p50: Math.max(...results.map((result) => result.latency.p50)),
    p99: Math.max(...results.map((result) => result.latency.p99)),
    failed: results.reduce((sum, result) => sum + result.non2xx + result.errors, 0),
  }
}

/**
 * @param {number} count invoices to seed on each database
 * @param {number} seconds per case and round
 * @param {number} rounds
 * @returns {Promise<{ met: boolean, failed: number }>}
 */
export async function databasesBench(count = 100_000, seconds = 3, rounds = 5) {
  const invoices = String(count)
  console.log(`\ndatabases: SQLite and PostgreSQL (${process.env.INVOICING_TEST_DATABASE_URL ? 'INVOICING_TEST_DATABASE_URL' : 'embedded'}) in one run, ${count.toLocaleString('en')} invoices in one company on each`)
  const postgres = await startServer(serverFile('postgres-server.ts'), [], {}, { pinned: false })
  const servers = [postgres]
  try {
    let started = Date.now()
    const sqlite = await startServer(serverFile('database-host.ts'), [], { BENCH_INVOICES: invoices }, { pinned: false })
    servers.push(sqlite)
    console.log(`  SQLite host seeded in ${sqlite.info.seedSeconds.toFixed(1)} s (${((Date.now() - started) / 1000).toFixed(1)} s with start-up)`)
    started = Date.now()
    const first = await startServer(serverFile('database-host.ts'), [], { BENCH_INVOICES: invoices, BENCH_DATABASE_URL: postgres.info.url }, { pinned: false })
    servers.push(first)
    console.log(`  PostgreSQL host seeded in ${first.info.seedSeconds.toFixed(1)} s (${((Date.now() - started) / 1000).toFixed(1)} s with start-up)`)
    // What autovacuum does on its own within minutes of a bulk load: statistics for the planner,
    // and the visibility map that lets index-only scans skip the heap. Without it the rounds would
    // measure the minutes after an import (a page of search=42: 130 ms instead of 25).
    started = Date.now()
    const admin = new pg.Client({ connectionString: postgres.info.url })
    try {
      await admin.connect()
      await admin.query('vacuum analyze')
    } finally {
      await admin.end()
    }
    console.log(`  PostgreSQL vacuumed and analyzed in ${((Date.now() - started) / 1000).toFixed(1)} s`)
    const second = await startServer(serverFile('database-host.ts'), [], { BENCH_DATABASE_URL: postgres.info.url, BENCH_SEED: '0' }, { pinned: false })
    servers.push(second)
    console.log('  a second PostgreSQL host on the same database is up')

    /** @param {any} info @param {string} hostUrl */
    const cases = (info, hostUrl) => {
      const headers = { authorization: `Bearer ${info.key}` }
      const body = JSON.stringify({ customerId: info.customerId, lines: [{ description: 'Beratung', quantity: 3, unitPrice: '95.50' }, { description: 'Fachbuch', unitPrice: '39.90', taxRate: 7 }] })
      return {
        'POST /invoices (draft, 2 lines)': { url: `${hostUrl}/api/v1/invoices`, method: /** @type {const} */ ('POST'), headers: { ...headers, 'content-type': 'application/json' }, body },
        'GET /invoices/{id}': { url: `${hostUrl}/api/v1/invoices/${info.invoiceId}`, headers },
        'GET /invoices (first page of 50)': { url: `${hostUrl}/api/v1/invoices`, headers },
        // Searches: a number one invoice holds, and two characters that about 5,000 hold.
        'GET /invoices?search= a number': { url: `${hostUrl}/api/v1/invoices?search=RE-2024-004321`, headers },
        'GET /invoices?search=42': { url: `${hostUrl}/api/v1/invoices?search=42`, headers },
      }
    }
    const onSqlite = cases(sqlite.info, sqlite.info.url)
    const onFirst = cases(first.info, first.info.url)
    const onSecond = cases(first.info, second.info.url)
    /** @type {Map<string, { sqlite: Load[], postgres: Load[], twoHosts: Load[] }>} */
    const results = new Map()
    for (const name of Object.keys(onSqlite)) {
      const rows = { sqlite: /** @type {Load[]} */ ([]), postgres: /** @type {Load[]} */ ([]), twoHosts: /** @type {Load[]} */ ([]) }
      for (let round = 0; round < rounds; round++) {
        const warmUpSeconds = round === 0 ? 2 : 0
        const key = /** @type {keyof typeof onSqlite} */ (name)
        rows.sqlite.push(await measure(`${name} SQLite`, sqlite, onSqlite[key], { seconds, warmUpSeconds }))
        rows.postgres.push(await measure(`${name} PostgreSQL`, first, onFirst[key], { seconds, warmUpSeconds }))
        if (warmUpSeconds) await loadAll([onFirst[key], onSecond[key]], warmUpSeconds)
        rows.twoHosts.push(await loadAll([onFirst[key], onSecond[key]], seconds))
        console.log(`  ${name}: round ${round + 1} of ${rounds}`)
      }
      results.set(name, rows)
    }
    console.log(`${rounds} interleaved rounds of ${seconds} s per case (medians), ${CONNECTIONS} connections per host; servers not pinned\n`)
    console.log(`${'case'.padEnd(34)}${'SQLite req/s'.padStart(13)}${'p99'.padStart(6)}${'PostgreSQL'.padStart(12)}${'×'.padStart(7)}${'p99'.padStart(6)}${'PG 2 hosts'.padStart(12)}${'×'.padStart(7)}${'p99'.padStart(6)}`)
    let failed = 0
    /** @type {number[]} */
    let writeRatios = []
    for (const [name, rows] of results) {
      const ratios = (/** @type {Load[]} */ loads) => loads.map((load, index) => load.rps / /** @type {Load} */ (rows.sqlite[index]).rps)
      const cell = (/** @type {Load[]} */ loads) => Math.round(median(loads.map((load) => load.rps))).toLocaleString('en')
      const p99 = (/** @type {Load[]} */ loads) => String(Math.round(median(loads.map((load) => load.p99))))
      console.log(`${name.padEnd(34)}${cell(rows.sqlite).padStart(13)}${p99(rows.sqlite).padStart(6)}${cell(rows.postgres).padStart(12)}${median(ratios(rows.postgres)).toFixed(2).padStart(7)}${p99(rows.postgres).padStart(6)}${cell(rows.twoHosts).padStart(12)}${median(ratios(rows.twoHosts)).toFixed(2).padStart(7)}${p99(rows.twoHosts).padStart(6)}`)
      failed += [...rows.sqlite, ...rows.postgres, ...rows.twoHosts].reduce((sum, load) => sum + load.failed, 0)
      if (name.startsWith('POST')) writeRatios = ratios(rows.twoHosts)
    }
    const met = median(writeRatios) >= 1
    console.log(`\ntwo PostgreSQL hosts / one SQLite host, writes: ${median(writeRatios).toFixed(2)} (rounds: ${writeRatios.map((ratio) => ratio.toFixed(2)).join(', ')}); target ≥ 1: ${met ? 'met' : 'MISSED'}`)
    if (failed > 0) console.error(`databases: ${failed} requests failed; the figures are not valid`)
    return { met, failed }
  } finally {
    for (const server of servers.reverse()) server.stop()
  }
}

// Alone: node bench/databases.mjs [seconds per case and round] [rounds]
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { met, failed } = await databasesBench(Number(process.env.BENCH_DATABASE_INVOICES ?? 100_000), Number(process.argv[2] ?? 3), Number(process.argv[3] ?? 5))
  if (!met || failed > 0) process.exitCode = 1
}
