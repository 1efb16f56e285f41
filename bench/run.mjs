// @ts-check
// npm run bench: requests per second, p99 latency and server CPU per request of the host, next
// to bare Koa handlers measured in the same run (a 2-core VM swings by tens of percent between
// runs, so only ratios within one run mean something).
//
// This driver runs in plain Node on purpose: a load generator inside a tsx-loaded process
// skewed the figures. The servers run from the TypeScript sources through tsx, each in its own
// process. Usage: npm run bench -- [seconds per case, default 10]
import { fork } from 'node:child_process'
import autocannon from 'autocannon'

const seconds = Number(process.argv[2] ?? 10)
const TARGET_READ_RATIO = 0.5

/** @param {string} file @param {string[]} args @param {Record<string, string>} env */
async function startServer(file, args = [], env = {}) {
  const child = fork(new URL(file, import.meta.url), args, {
    execArgv: ['--conditions=@invoicing/source', '--import', 'tsx'],
    env: { ...process.env, LOG_LEVEL: 'silent', ...env },
  })
  /** @type {any} */
  const info = await new Promise((resolve, reject) => {
    child.once('message', resolve)
    child.once('exit', (code) => reject(new Error(`${file} exited with ${code}`)))
  })
  /** @returns {Promise<number>} */
  const cpuMicros = () => new Promise((resolve) => {
    child.once('message', (message) => resolve(/** @type {any} */ (message).cpuMicros))
    child.send('cpu')
  })
  return { info, cpuMicros, stop: () => child.kill() }
}

/** @param {string} name @param {Awaited<ReturnType<typeof startServer>>} server @param {autocannon.Options} options */
async function measure(name, server, options) {
  await autocannon({ ...options, connections: 10, duration: 2 }) // warm-up, not counted
  const cpuBefore = await server.cpuMicros()
  const result = await autocannon({ ...options, connections: 10, duration: seconds })
  const cpu = (await server.cpuMicros()) - cpuBefore
  return { name, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, cpuPerRequest: cpu / result.requests.total, failed: result.non2xx + result.errors }
}

const host = await startServer('./servers/host.ts')
const auth = { authorization: `Bearer ${host.info.key}` }
const readUrl = `${host.info.url}/api/v1/customers/${host.info.customerId}`
const customerDocument = await (await fetch(readUrl, { headers: auth })).text()
const hello = await startServer('./servers/bare-koa.ts', ['hello'])
const sameDocument = await startServer('./servers/bare-koa.ts', ['customer'], { BENCH_CUSTOMER_DOCUMENT: customerDocument })
const readReference = await startServer('./servers/bare-koa.ts', ['customer-read'], {
  BENCH_CUSTOMER_DOCUMENT: customerDocument, BENCH_DATABASE: host.info.databaseFile, BENCH_CUSTOMER_ID: host.info.customerId, BENCH_COMPANY_ID: host.info.companyId,
})
const invoicesUrl = `${host.info.url}/api/v1/invoices`
const newInvoice = JSON.stringify({
  customerId: host.info.customerId,
  lines: [{ description: 'Beratung', quantity: 3, unitPrice: '95.50' }, { description: 'Fachbuch', unitPrice: '39.90', taxRate: 7 }],
})
const newCustomer = JSON.stringify({
  name: 'Müller & Söhne GmbH', email: 'rechnung@mueller.example', street: 'Hauptstraße 1', zipCode: '10115',
  city: 'Berlin', country: 'DE', vatId: 'DE123456789', paymentTermDays: 30, defaultLocale: 'de',
})

try {
  const results = [
    await measure('bare Koa, one-line JSON', hello, { url: `${hello.info.url}/` }),
    await measure('bare Koa, the same customer document', sameDocument, { url: `${sameDocument.info.url}/` }),
    await measure('  + 1 SQLite read + 4 headers (reference)', readReference, { url: `${readReference.info.url}/` }),
    await measure('GET /api/v1/customers/{id}', host, { url: readUrl, headers: auth }),
    await measure('POST /api/v1/customers', host, {
      url: `${host.info.url}/api/v1/customers`, method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: newCustomer,
    }),
  ]
  const [helloResult, documentResult, referenceResult, read, create] = /** @type {[typeof results[0], typeof results[0], typeof results[0], typeof results[0], typeof results[0]]} */ (results)
  console.log(`\n${seconds} s per case after 2 s warm-up, 10 connections; load generator and server share this machine\n`)
  console.log(`${'case'.padEnd(40)}${'req/s'.padStart(9)}${'p99 ms'.padStart(8)}${'CPU µs/req'.padStart(12)}${'failed'.padStart(8)}`)
  for (const r of results) {
    console.log(`${r.name.padEnd(40)}${Math.round(r.rps).toLocaleString('en').padStart(9)}${String(r.p99).padStart(8)}${r.cpuPerRequest.toFixed(0).padStart(12)}${String(r.failed).padStart(8)}`)
  }
  const percent = (/** @type {number} */ ratio) => `${(ratio * 100).toFixed(0)} %`
  const readRatio = read.rps / documentResult.rps
  console.log(`\nauthenticated read / bare Koa with the same document: ${percent(readRatio)} (target ${percent(TARGET_READ_RATIO)}: ${readRatio >= TARGET_READ_RATIO ? 'met' : 'MISSED'})`)
  console.log(`  (reference: bare Koa + SQLite read + headers / bare Koa with the same document: ${percent(referenceResult.rps / documentResult.rps)})`)
  console.log(`authenticated read / bare Koa one-line JSON:         ${percent(read.rps / helloResult.rps)}`)
  console.log(`create / bare Koa one-line JSON:                     ${percent(create.rps / helloResult.rps)}`)

  const invoiceResults = [
    await measure('GET /invoices (first page of 50)', host, { url: invoicesUrl, headers: auth }),
    await measure('GET /invoices?status=sent', host, { url: `${invoicesUrl}?status=sent`, headers: auth }),
    await measure('GET /invoices?customer_id=…', host, { url: `${invoicesUrl}?customer_id=${host.info.customerId}`, headers: auth }),
    await measure('GET /invoices?from=…&to=… (one month)', host, { url: `${invoicesUrl}?from=2024-06-01&to=2024-06-30`, headers: auth }),
    await measure('GET /invoices?search=<customer name>', host, { url: `${invoicesUrl}?search=${encodeURIComponent('kunde 7 müller')}`, headers: auth }),
    await measure('GET /invoices?search=<number>', host, { url: `${invoicesUrl}?search=RE-2024-0999`, headers: auth }),
    await measure('GET /invoices?offset=90000', host, { url: `${invoicesUrl}?offset=90000`, headers: auth }),
    await measure('POST /invoices (draft, 2 lines)', host, {
      url: invoicesUrl, method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: newInvoice,
    }),
  ]
  console.log(`\ninvoices: ${host.info.invoiceCount.toLocaleString('en')} in one company (seeded in ${host.info.seedSeconds.toFixed(1)} s)\n`)
  console.log(`${'case'.padEnd(40)}${'req/s'.padStart(9)}${'p50 ms'.padStart(8)}${'p99 ms'.padStart(8)}${'CPU µs/req'.padStart(12)}${'failed'.padStart(8)}`)
  for (const r of invoiceResults) {
    console.log(`${r.name.padEnd(40)}${Math.round(r.rps).toLocaleString('en').padStart(9)}${String(r.p50).padStart(8)}${String(r.p99).padStart(8)}${r.cpuPerRequest.toFixed(0).padStart(12)}${String(r.failed).padStart(8)}`)
  }
  results.push(...invoiceResults)

  const renders = await startServer('./servers/render.ts', [String(Math.max(2, Math.round(seconds / 2)))])
  console.log(`\ndocument renders in one process (no HTTP)\n`)
  console.log(`${'case'.padEnd(40)}${'per s'.padStart(9)}${'ms each'.padStart(9)}${'KiB'.padStart(8)}`)
  for (const r of /** @type {{ name: string, perSecond: number, bytes: number }[]} */ (renders.info.results)) {
    console.log(`${r.name.padEnd(40)}${r.perSecond.toFixed(0).padStart(9)}${(1000 / r.perSecond).toFixed(1).padStart(9)}${(r.bytes / 1024).toFixed(0).padStart(8)}`)
  }
  renders.stop()
  if (results.some((r) => r.failed > 0)) {
    console.error('\nsome requests failed: the figures above are not valid')
    process.exitCode = 1
  }
} finally {
  for (const server of [host, hello, sameDocument, readReference]) server.stop()
}
