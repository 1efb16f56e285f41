// @ts-check
// npm run bench: requests per second, latency and server CPU per request of the host, next to
// bare Koa handlers measured in the same run; then the invoice list with 100,000 invoices,
// document renders, reads while 200-page PDFs are drawn, the host's memory while it answers
// with large documents, the scheduler at scale, documents' (files') bytes in and out, exports,
// SQLite against PostgreSQL (one host, and two on one database), and the lists at 10k, 100k and
// 1M invoices in the database (bench/scale.mjs, which writes bench/results/). Each phase prints a
// line when it starts and one when it ends, with its counts and elapsed seconds.
//
// A 2-core VM changes speed by tens of percent from one minute to the next (other guests on
// the same hardware), so a figure means something only beside one taken at the same time:
// the read and its baselines are measured in interleaved rounds, each round gives a ratio,
// and the median ratio is the result.
//
// This driver runs in plain Node on purpose: a load generator inside a tsx-loaded process
// skewed the figures. The servers run from the TypeScript sources through tsx, each in its own
// process. Usage: npm run bench -- [seconds per case and round, default 3] [rounds, default 9]
import { databasesBench } from './databases.mjs'
import { exportsBench } from './exports.mjs'
import { filesBench } from './files.mjs'
import { measure, median, phase, placement, startServer } from './harness.mjs'
import { pdfUnderLoad } from './pdf-under-load.mjs'
import { measureResponseSizes, printResponseSizes } from './response-size.mjs'
import { scaleBench } from './scale.mjs'
import { schedulerAtScale } from './scheduler.mjs'

const seconds = Number(process.argv[2] ?? 3)
const rounds = Number(process.argv[3] ?? 9)
const TARGET_READ_RATIO = 0.5

const serverFile = (/** @type {string} */ name) => new URL(`./servers/${name}`, import.meta.url)
const host = await phase('start the host with 100,000 invoices and 100,000 quotes in one company', () => startServer(serverFile('host.ts')),
  (server) => `${server.info.invoiceCount.toLocaleString('en')} invoices seeded in ${server.info.seedSeconds.toFixed(1)} s`)
const auth = { authorization: `Bearer ${host.info.key}` }
const readUrl = `${host.info.url}/api/v1/customers/${host.info.customerId}`
const customerDocument = await (await fetch(readUrl, { headers: auth })).text()
const hello = await startServer(serverFile('bare-koa.ts'), ['hello'])
const sameDocument = await startServer(serverFile('bare-koa.ts'), ['customer'], { BENCH_CUSTOMER_DOCUMENT: customerDocument })
const readReference = await startServer(serverFile('bare-koa.ts'), ['customer-read'], {
  BENCH_CUSTOMER_DOCUMENT: customerDocument, BENCH_DATABASE: host.info.databaseFile, BENCH_CUSTOMER_ID: host.info.customerId, BENCH_COMPANY_ID: host.info.companyId,
})
const withoutRead = await startServer(serverFile('host-without-read.ts'))
const invoicesUrl = `${host.info.url}/api/v1/invoices`
const newInvoice = JSON.stringify({
  customerId: host.info.customerId,
  lines: [{ description: 'Beratung', quantity: 3, unitPrice: '95.50' }, { description: 'Fachbuch', unitPrice: '39.90', taxRate: 7 }],
})
const newCustomer = JSON.stringify({
  name: 'Müller & Söhne GmbH', email: 'rechnung@mueller.example', street: 'Hauptstraße 1', zipCode: '10115',
  city: 'Berlin', country: 'DE', vatId: 'DE123456789', paymentTermDays: 30, defaultLocale: 'de',
})

/** @typedef {import('./harness.mjs').Measurement} Measurement */
/** @param {number} value */
const thousands = (value) => Math.round(value).toLocaleString('en')
/** @param {number} ratio */
const percent = (ratio) => `${(ratio * 100).toFixed(0)} %`
/** @param {string} name @param {Measurement[]} rows */
const summary = (name, rows) => ({
  name,
  rps: median(rows.map((r) => r.rps)),
  p50: median(rows.map((r) => r.p50)),
  p99: median(rows.map((r) => r.p99)),
  cpuPerRequest: median(rows.map((r) => r.cpuPerRequest)),
  failed: rows.reduce((sum, r) => sum + r.failed, 0),
})

try {
  const readCases = [
    { name: 'bare Koa, one-line JSON', server: hello, options: { url: `${hello.info.url}/` } },
    { name: 'bare Koa, the same customer document', server: sameDocument, options: { url: `${sameDocument.info.url}/` } },
    { name: '  + 1 SQLite read + 4 headers (reference)', server: readReference, options: { url: `${readReference.info.url}/` } },
    { name: 'GET /api/v1/customers/{id}', server: host, options: { url: readUrl, headers: auth } },
    {
      name: '  the same, customer from memory', server: withoutRead,
      options: { url: `${withoutRead.info.url}/api/v1/customers/${withoutRead.info.customerId}`, headers: { authorization: `Bearer ${withoutRead.info.key}` } },
    },
  ]
  /** @type {Measurement[][]} one row per round, the cases in the order above */
  const byRound = []
  const create = await phase(`reads: ${rounds} interleaved rounds of ${readCases.length} cases, then POST /customers`, async () => {
    for (let round = 0; round < rounds; round++) {
      const started = performance.now()
      const row = []
      for (const { name, server, options } of readCases) row.push(await measure(name, server, options, { seconds, warmUpSeconds: round === 0 ? 2 : 0 }))
      byRound.push(row)
      console.log(`  round ${round + 1}/${rounds}: ${readCases.length} cases in ${((performance.now() - started) / 1000).toFixed(1)} s`)
    }
    return measure('POST /api/v1/customers', host, {
      url: `${host.info.url}/api/v1/customers`, method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: newCustomer,
    }, { seconds })
  })
  const results = [...readCases.map(({ name }, index) => summary(name, byRound.map((row) => /** @type {Measurement} */ (row[index])))), create]
  const ratiosOf = (/** @type {number} */ caseIndex, /** @type {number} */ baseIndex) =>
    byRound.map((row) => /** @type {Measurement} */ (row[caseIndex]).rps / /** @type {Measurement} */ (row[baseIndex]).rps)
  // The same comparison in server CPU per request, which the load generator's own limit cannot blur.
  const cpuRatiosOf = (/** @type {number} */ caseIndex, /** @type {number} */ baseIndex) =>
    byRound.map((row) => /** @type {Measurement} */ (row[baseIndex]).cpuPerRequest / /** @type {Measurement} */ (row[caseIndex]).cpuPerRequest)
  const ratioLine = (/** @type {number[]} */ ratios) =>
    `${percent(median(ratios))} (rounds: ${ratios.map((ratio) => (ratio * 100).toFixed(0)).join(', ')})`

  console.log(`\n${rounds} interleaved rounds of ${seconds} s per case (medians; the first round after a 2 s warm-up), 10 connections;`)
  console.log(`${placement}\n`)
  console.log(`${'case'.padEnd(40)}${'req/s'.padStart(9)}${'p99 ms'.padStart(8)}${'CPU µs/req'.padStart(12)}${'failed'.padStart(8)}`)
  for (const r of results) {
    console.log(`${r.name.padEnd(40)}${thousands(r.rps).padStart(9)}${String(r.p99).padStart(8)}${r.cpuPerRequest.toFixed(0).padStart(12)}${String(r.failed).padStart(8)}`)
  }
  const readRatios = ratiosOf(3, 1)
  const met = median(readRatios) >= TARGET_READ_RATIO
  console.log(`\nauthenticated read / bare Koa with the same document: ${ratioLine(readRatios)}; target ${percent(TARGET_READ_RATIO)}: ${met ? 'met' : 'MISSED'}`)
  console.log(`  the same in server CPU per request:                ${ratioLine(cpuRatiosOf(3, 1))}`)
  console.log(`  (reference: bare Koa + SQLite read + headers / bare Koa with the same document: ${ratioLine(ratiosOf(2, 1))})`)
  console.log(`  (the host's stack alone, customer from memory / bare Koa with the same document: ${ratioLine(ratiosOf(4, 1))})`)
  console.log(`authenticated read / bare Koa one-line JSON:         ${ratioLine(ratiosOf(3, 0))}`)
  console.log(`create / bare Koa one-line JSON:                     ${percent(create.rps / /** @type {Measurement} */ (results[0]).rps)}`)

  const invoiceResults = await phase('invoice and quote lists at 100,000 each', async () => [
    await measure('GET /invoices (first page of 50)', host, { url: invoicesUrl, headers: auth }, { seconds }),
    await measure('GET /invoices?status=sent', host, { url: `${invoicesUrl}?status=sent`, headers: auth }, { seconds }),
    await measure('GET /invoices?customer_id=…', host, { url: `${invoicesUrl}?customer_id=${host.info.customerId}`, headers: auth }, { seconds }),
    await measure('GET /invoices?from=…&to=… (one month)', host, { url: `${invoicesUrl}?from=2024-06-01&to=2024-06-30`, headers: auth }, { seconds }),
    await measure('GET /invoices?search=<customer name>', host, { url: `${invoicesUrl}?search=${encodeURIComponent('kunde 7 müller')}`, headers: auth }, { seconds }),
    await measure('GET /invoices?search=<number>', host, { url: `${invoicesUrl}?search=RE-2024-0999`, headers: auth }, { seconds }),
    await measure('GET /invoices?offset=90000', host, { url: `${invoicesUrl}?offset=90000`, headers: auth }, { seconds }),
    await measure('GET /quotes (first page of 50)', host, { url: `${host.info.url}/api/v1/quotes`, headers: auth }, { seconds }),
    await measure('GET /quotes?status=open', host, { url: `${host.info.url}/api/v1/quotes?status=open`, headers: auth }, { seconds }),
    // Latency without queueing: one connection, one request at a time.
    await measure('GET /invoices page 1, 1 connection', host, { url: invoicesUrl, headers: auth, connections: 1 }, { seconds }),
    await measure('GET /quotes page 1, 1 connection', host, { url: `${host.info.url}/api/v1/quotes`, headers: auth, connections: 1 }, { seconds }),
    await measure('POST /invoices (draft, 2 lines)', host, {
      url: invoicesUrl, method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: newInvoice,
    }, { seconds }),
  ], (rows) => `${rows.length} cases of ${seconds} s`)
  console.log(`\ninvoices: ${host.info.invoiceCount.toLocaleString('en')} in one company (seeded in ${host.info.seedSeconds.toFixed(1)} s)\n`)
  console.log(`${'case'.padEnd(40)}${'req/s'.padStart(9)}${'p50 ms'.padStart(8)}${'p99 ms'.padStart(8)}${'CPU µs/req'.padStart(12)}${'failed'.padStart(8)}`)
  for (const r of invoiceResults) {
    console.log(`${r.name.padEnd(40)}${Math.round(r.rps).toLocaleString('en').padStart(9)}${String(r.p50).padStart(8)}${String(r.p99).padStart(8)}${r.cpuPerRequest.toFixed(0).padStart(12)}${String(r.failed).padStart(8)}`)
  }
  results.push(...invoiceResults)
  const quotePage = /** @type {Measurement} */ (invoiceResults.find((r) => r.name === 'GET /quotes page 1, 1 connection'))
  const invoicePage = /** @type {Measurement} */ (invoiceResults.find((r) => r.name === 'GET /invoices page 1, 1 connection'))
  console.log(`\nquotes: ${host.info.quoteCount.toLocaleString('en')} in the same company; GET /quotes page 1 on one connection p99 ${quotePage.p99} ms (target < 20 ms: ${quotePage.p99 < 20 ? 'met' : 'MISSED'}),`)
  console.log(`  ${percent(quotePage.rps / invoicePage.rps)} of the requests per second of GET /invoices page 1 on one connection (the reference row, measured just before)`)

  const conversions = await phase('conversions of a 500-line order confirmation', () => startServer(serverFile('conversions.ts'), [String(Math.max(5, seconds * 3))]),
    (server) => `${server.info.results.length} steps, ${server.info.repetitions} times each`)
  const { lines, repetitions, results: steps } = /** @type {{ lines: number, repetitions: number, results: { name: string, p50: number, p99: number }[] }} */ (conversions.info)
  const reference = /** @type {{ p50: number }} */ (steps.find((step) => step.name === 'create'))
  console.log(`\nconversions of a ${lines}-line order confirmation on SQLite, ${repetitions} times each (no HTTP); target < 100 ms each\n`)
  console.log(`${'step'.padEnd(52)}${'p50 ms'.padStart(8)}${'p99 ms'.padStart(8)}${'× create'.padStart(10)}`)
  const stepNames = { create: 'create the confirmation as a draft (reference)', toDeliveryNote: 'convert it into a delivery note (all lines)', toInvoice: 'convert the note into an invoice, issued' }
  for (const step of steps) {
    const met = step.name === 'create' ? '' : step.p99 < 100 ? '  met' : '  MISSED'
    console.log(`${(stepNames[/** @type {keyof typeof stepNames} */ (step.name)] ?? step.name).padEnd(52)}${step.p50.toFixed(1).padStart(8)}${step.p99.toFixed(1).padStart(8)}${(step.p50 / reference.p50).toFixed(2).padStart(10)}${met}`)
  }
  conversions.stop()

  const renders = await phase('document renders', () => startServer(serverFile('render.ts'), [String(Math.max(2, Math.round(seconds / 2)))]),
    (server) => `${server.info.results.length} cases`)
  console.log(`\ndocument renders in one process (no HTTP)\n`)
  console.log(`${'case'.padEnd(40)}${'per s'.padStart(9)}${'ms each'.padStart(9)}${'KiB'.padStart(8)}`)
  for (const r of /** @type {{ name: string, perSecond: number, bytes: number }[]} */ (renders.info.results)) {
    console.log(`${r.name.padEnd(40)}${r.perSecond.toFixed(0).padStart(9)}${(1000 / r.perSecond).toFixed(1).padStart(9)}${(r.bytes / 1024).toFixed(0).padStart(8)}`)
  }
  renders.stop()
  await phase('reads while 191-page PDFs are drawn', () => pdfUnderLoad(Math.max(5, seconds * 2)))
  const sizes = await phase('large responses (100 invoices of 1,000 lines)', () => measureResponseSizes())
  if (!printResponseSizes(sizes)) console.error('the page of 100 large invoices grew the host by 100 MB or more')
  const schedules = Number(process.env.BENCH_SCHEDULES ?? 10_000)
  await phase(`the scheduler with ${schedules.toLocaleString('en')} schedules due`, () => schedulerAtScale(schedules))
  const files = await phase('documents\' bytes', () => filesBench())
  if (!files.met) console.error('documents\' bytes: a target was missed')
  if (!files.valid) process.exitCode = 1
  const exportCount = Number(process.env.BENCH_EXPORT_INVOICES ?? 100_000)
  const exports = await phase(`exports of ${exportCount.toLocaleString('en')} invoices`, () => exportsBench(exportCount))
  if (!exports.met) console.error('exports: a target was missed')
  const databaseCount = Number(process.env.BENCH_DATABASE_INVOICES ?? 100_000)
  const databases = await phase(`SQLite and PostgreSQL at ${databaseCount.toLocaleString('en')} invoices`, () => databasesBench(databaseCount, seconds))
  if (!databases.met) console.error('databases: a target was missed')
  if (databases.failed > 0) process.exitCode = 1
  // Shorter and fewer rounds than above: three sizes of sixteen cases at those settings would
  // take most of an hour.
  const scale = await phase('speed at scale (10k, 100k, 1M invoices in the database)', () => scaleBench(Math.min(seconds, 2), Math.min(rounds, 5)))
  if (!scale.met) console.error('speed at scale: a target was missed')
  if (!scale.valid) process.exitCode = 1
  if (results.some((r) => r.failed > 0)) {
    console.error('\nsome requests failed: the figures above are not valid')
    process.exitCode = 1
  }
} finally {
  for (const server of [host, hello, sameDocument, readReference, withoutRead]) server.stop()
}
