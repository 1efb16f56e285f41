// @ts-check
// Speed at scale: the lists' latency on one connection at 10,000, 100,000 and 1,000,000
// invoices in the database (the measured company holds up to 100,000 invoices and as many
// quotes; beyond that, other companies of 10,000 invoices each), beside bare Koa and bare Koa
// with a raw SQLite point read (the reference every host row is a ratio to), in interleaved
// rounds (medians of each round's p50 and p99). Before the rounds of a size, every case's
// answer is checked against a brute-force count, so a wrong answer cannot pass as fast.
// Writes bench/results/scale.md and bench/results/scale.svg.
//
// Alone: node bench/scale.mjs [seconds per case and round, default 2] [rounds, default 5]
//        [sizes, default 10000,100000,1000000]
import { mkdirSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { median, phase, placement, sequentialLatency, startServer } from './harness.mjs'
import { latencyChart, markdownReport, TARGETS } from './scale-report.mjs'

const SIZES = [10_000, 100_000, 1_000_000]
const DEEP_OFFSET = 90_000
const PAGE = 50
/** Finds the measured company's customer `Kunde "Stern" Sonder* NEAR(100%_) Müller`, literally. */
const SEARCHES = [
  { name: 'number (selective)', search: 'RE-2024-004321' },
  { name: 'customer name', search: 'kunde 7 müller' },
  { name: '1 character', search: 'Ü' },
  { name: '2 characters', search: '42' },
  { name: 'a year\'s numbers (oldest third)', search: 're-2024' },
  { name: '1,000 characters', search: 'Müller Kunde '.repeat(77).slice(0, 999) + 'x' },
  { name: 'only % and _', search: '%_' },
  { name: 'with "', search: '"stern"' },
  { name: 'with *', search: 'sonder*' },
  { name: 'with NEAR', search: 'NEAR(100' },
]

/** @typedef {{ name: string, url: string, auth: boolean, list?: 'invoices' | 'quotes' | 'customers', search?: string, offset?: number, note?: string, status?: number }} Case */

/**
 * @param {number} seconds @param {number} rounds @param {number[]} sizes
 * @returns {Promise<{ valid: boolean, met: boolean }>}
 */
export async function scaleBench(seconds = 2, rounds = 5, sizes = SIZES) {
  const host = await phase('scale: start the host', () => startServer(new URL('./servers/scale-host.ts', import.meta.url)))
  const headers = { authorization: `Bearer ${host.info.key}` }
  const api = `${host.info.url}/api/v1`
  const customerDocument = await (await fetch(`${api}/customers/${host.info.customerId}`, { headers })).text()
  const bareKoa = new URL('./servers/bare-koa.ts', import.meta.url)
  const hello = await startServer(bareKoa, ['hello'])
  const reference = await startServer(bareKoa, ['customer-read'], {
    BENCH_CUSTOMER_DOCUMENT: customerDocument, BENCH_DATABASE: host.info.databaseFile, BENCH_CUSTOMER_ID: host.info.customerId, BENCH_COMPANY_ID: host.info.companyId,
  })
  /** @type {any[]} */
  const results = []
  let valid = true
  try {
    for (const size of sizes) {
      const grown = await phase(`scale: seed to ${size.toLocaleString('en')} invoices in the database`, () => host.request({ grow: size }),
        (g) => `${g.invoices.toLocaleString('en')} invoices and ${g.quotes.toLocaleString('en')} quotes in the measured company, ${g.databaseInvoices.toLocaleString('en')} invoices in the database`)
      const offset = Math.min(DEEP_OFFSET, grown.invoices - PAGE)
      /** @type {Case[]} */
      const cases = [
        { name: 'bare Koa, one-line JSON', url: `${hello.info.url}/`, auth: false },
        { name: 'bare Koa + SQLite point read + 4 headers (reference)', url: `${reference.info.url}/`, auth: false },
        { name: 'GET /invoices page 1', url: `${api}/invoices`, auth: true, list: 'invoices', offset: 0 },
        {
          name: 'GET /invoices?offset=90000', url: `${api}/invoices?offset=${offset}`, auth: true, list: 'invoices', offset,
          ...(offset !== DEEP_OFFSET ? { note: `offset=${offset.toLocaleString('en')}, the last page` } : {}),
        },
        ...SEARCHES.map(({ name, search }) => ({ name: `GET /invoices?search= ${name}`, url: `${api}/invoices?search=${encodeURIComponent(search)}`, auth: true, list: /** @type {const} */ ('invoices'), search })),
        { name: 'GET /customers?search= name', url: `${api}/customers?search=${encodeURIComponent('müller')}`, auth: true, list: 'customers', search: 'müller' },
        { name: 'GET /quotes?search= number', url: `${api}/quotes?search=AN-2024-004321`, auth: true, list: 'quotes', search: 'AN-2024-004321' },
        { name: 'GET /quotes?search= customer name', url: `${api}/quotes?search=${encodeURIComponent('kunde 7 müller')}`, auth: true, list: 'quotes', search: 'kunde 7 müller' },
      ]
      await expectDocumentedRefusals(api, headers, cases)
      const wrong = await phase(`scale ${label(size)}: check every answer against a brute-force count`, () => checkAnswers(host, cases, headers, grown),
        (w) => `${cases.length} cases, ${w.size} wrong`)
      if (wrong.size > 0) valid = false
      /** @type {{ p50: number, p99: number, requests: number, failed: number }[][]} */
      const byRound = []
      await phase(`scale ${label(size)}: ${rounds} interleaved rounds of ${seconds} s per case, 1 connection`, async () => {
        for (let round = 0; round < rounds; round++) {
          const started = performance.now()
          const row = []
          for (const c of cases) row.push(await sequentialLatency(c.url, c.auth ? headers : {}, seconds, c.status))
          byRound.push(row)
          console.log(`  round ${round + 1}/${rounds}: ${cases.length} cases, ${row.reduce((sum, r) => sum + r.requests, 0).toLocaleString('en')} requests in ${((performance.now() - started) / 1000).toFixed(1)} s`)
        }
      })
      const referenceIndex = 1
      const rows = cases.map((c, index) => {
        const ofCase = byRound.map((row) => /** @type {{ p50: number, p99: number, requests: number, failed: number }} */ (row[index]))
        const ofReference = byRound.map((row) => /** @type {{ p50: number, p99: number }} */ (row[referenceIndex]))
        const failed = ofCase.reduce((sum, r) => sum + r.failed, 0)
        if (failed > 0) valid = false
        return {
          name: c.name, note: c.note, reference: index <= referenceIndex,
          p50: median(ofCase.map((r) => r.p50)), p99: median(ofCase.map((r) => r.p99)),
          ratioP50: median(ofCase.map((r, round) => r.p50 / /** @type {{ p50: number }} */ (ofReference[round]).p50)),
          ratioP99: median(ofCase.map((r, round) => r.p99 / /** @type {{ p99: number }} */ (ofReference[round]).p99)),
          requests: ofCase.reduce((sum, r) => sum + r.requests, 0), failed, wrong: wrong.get(c.name),
        }
      })
      results.push({ size, ...grown, rows })
      printSize(results.at(-1))
    }
  } finally {
    for (const server of [host, hello, reference]) server.stop()
  }
  const targets = TARGETS.map((target) => ({ ...target, outcome: target.check(results) }))
  console.log('\ntargets (p99 on one connection):')
  for (const t of targets) console.log(`  ${t.name}: ${t.outcome.text}`)
  const folder = new URL('./results/', import.meta.url)
  mkdirSync(folder, { recursive: true })
  const meta = { date: new Date().toISOString().slice(0, 16).replace('T', ' '), seconds, rounds, placement }
  writeFileSync(new URL('scale.md', folder), markdownReport(results, targets, meta))
  writeFileSync(new URL('scale.svg', folder), latencyChart(results))
  console.log(`\nwrote ${fileURLToPath(new URL('scale.md', folder))} and scale.svg`)
  if (!valid) console.error('scale: some answers were wrong or not 200: the figures are not valid')
  return { valid, met: targets.every((t) => t.outcome.met !== false) }
}

/** @param {number} size */
export const label = (size) => (size >= 1_000_000 ? `${size / 1_000_000}M` : `${size / 1000}k`)

/**
 * A search longer than the maximum the OpenAPI document gives for its list is answered with
 * 400 validation_failed, and that is the right answer to measure; a longer documented
 * maximum makes it a search again.
 * @param {string} api @param {Record<string, string>} headers @param {Case[]} cases
 */
async function expectDocumentedRefusals(api, headers, cases) {
  const document = /** @type {any} */ (await (await fetch(`${api}/openapi.json`, { headers })).json())
  for (const c of cases) {
    if (c.search === undefined || !c.list) continue
    const [, operations] = Object.entries(document.paths).find(([path]) => path.endsWith(`/${c.list}`)) ?? []
    const maxLength = /** @type {any[]} */ (operations?.get?.parameters ?? []).find((p) => p.name === 'search')?.schema?.maxLength
    if (maxLength !== undefined && c.search.length > maxLength) {
      c.status = 400
      c.note = `400 validation_failed: over the documented maximum of ${maxLength} characters`
    }
  }
}

/**
 * Asks each case once and compares its total and page with what the brute-force scan of the
 * database finds; returns the wrong ones with what was wrong.
 * @param {import('./harness.mjs').Server} host @param {Case[]} cases @param {Record<string, string>} headers
 * @param {{ invoices: number, quotes: number }} grown
 */
async function checkAnswers(host, cases, headers, grown) {
  /** @type {Map<string, string>} */
  const wrong = new Map()
  for (const c of cases) {
    const response = await fetch(c.url, { headers: c.auth ? headers : {} })
    const body = /** @type {any} */ (await response.json().catch(() => undefined))
    if (response.status !== (c.status ?? 200)) {
      wrong.set(c.name, `status ${response.status}`)
    } else if (c.status === 400) {
      if (body?.code !== 'validation_failed') wrong.set(c.name, `400 with code ${body?.code}, expected validation_failed`)
    } else if (c.list) {
      const total = c.search === undefined
        ? (c.list === 'invoices' ? grown.invoices : grown.quotes)
        : (await host.request({ expect: { list: c.list, search: c.search } })).total
      const offset = c.offset ?? 0
      const items = Math.max(0, Math.min(PAGE, total - offset))
      if (body?.pagination?.total !== total || body?.data?.length !== items) {
        wrong.set(c.name, `total ${body?.pagination?.total} and ${body?.data?.length} items, expected ${total} and ${items}`)
      }
    }
    if (wrong.has(c.name)) console.error(`  WRONG ANSWER ${c.name}: ${wrong.get(c.name)}`)
  }
  return wrong
}

/** @param {any} result */
function printSize(result) {
  console.log(`\n${result.invoices.toLocaleString('en')} invoices and ${result.quotes.toLocaleString('en')} quotes in the measured company, ${result.databaseInvoices.toLocaleString('en')} invoices in the database`)
  console.log(`${'case'.padEnd(56)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'× ref p50'.padStart(11)}${'× ref p99'.padStart(11)}${'failed'.padStart(8)}`)
  for (const r of result.rows) {
    console.log(`${r.name.padEnd(56)}${r.p50.toFixed(2).padStart(9)}${r.p99.toFixed(2).padStart(9)}${r.ratioP50.toFixed(1).padStart(11)}${r.ratioP99.toFixed(1).padStart(11)}${String(r.failed).padStart(8)}${r.wrong ? `  WRONG: ${r.wrong}` : ''}${r.note ? `  (${r.note})` : ''}`)
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const sizes = process.argv[4] ? process.argv[4].split(',').map(Number) : SIZES
  const { valid, met } = await scaleBench(Number(process.argv[2] ?? 2), Number(process.argv[3] ?? 5), sizes)
  if (!met) console.error('scale: a target was missed')
  if (!valid) process.exitCode = 1
}
